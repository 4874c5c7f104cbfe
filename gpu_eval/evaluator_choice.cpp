#include "gpu_eval/evaluator_choice.h"

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"

namespace tfmc::eval {

std::unique_ptr<Evaluator> make_evaluator(EvalBackend backend) {
  switch (backend) {
    case EvalBackend::Gpu:
      return std::make_unique<CudaEvaluator>();
    case EvalBackend::Auto:
      if (cuda::kBuilt) return std::make_unique<CudaEvaluator>(kAutoThresholds, false);
      break;
    case EvalBackend::Cpu:
      break;
  }
  return std::make_unique<CpuEvaluator>();
}

}  // namespace tfmc::eval
