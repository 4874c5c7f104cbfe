// cuda_device.h in a build without nvcc: there is no device, and nothing runs on one.
#include "gpu_eval/cuda_device.h"

namespace tfmc::eval::cuda {

bool available() { return false; }

std::string describe() { return "no CUDA device: tfmc was built without nvcc"; }

bool binary(BuiltinOp, DType, const cpu::Broadcast&, const Tensor&, const Tensor&, Tensor&, bool&) {
  return false;
}

bool unary(BuiltinOp, const Tensor&, Tensor&, bool&) { return false; }

bool matmul(const Tensor&, const Tensor&, std::int64_t, std::int64_t, std::int64_t, bool, bool,
            Tensor&) {
  return false;
}

bool concat(const cpu::BlockPlan&, std::span<const Tensor* const>, Tensor&) { return false; }

bool split(const cpu::BlockPlan&, const Tensor&, std::vector<Tensor>&) { return false; }

}  // namespace tfmc::eval::cuda
