// cuda_device.h in a build without nvcc: there is no device, and nothing runs on one.
#include "gpu_eval/cuda_device.h"

namespace tfmc::eval::cuda {

bool available() { return false; }

std::string describe() { return "no CUDA device: tfmc was built without nvcc"; }

BatchPhases last_batch_phases() { return {}; }

bool binary_batch(BuiltinOp, DType, const cpu::Broadcast&, const BatchOperands&, std::span<Tensor>,
                  std::span<std::uint8_t>) {
  return false;
}

bool unary_batch(BuiltinOp, const BatchOperands&, std::span<Tensor>, std::span<std::uint8_t>) {
  return false;
}

bool matmul_batch(const BatchOperands&, std::int64_t, std::int64_t, std::int64_t, bool, bool,
                  std::span<Tensor>) {
  return false;
}

bool batch_matmul_batch(const BatchOperands&, const cpu::Broadcast&, std::int64_t, std::int64_t,
                        std::int64_t, bool, bool, std::span<Tensor>) {
  return false;
}

bool convolution_batch(conv::Pass, const BatchOperands&, const conv::Geometry&, std::span<Tensor>) {
  return false;
}

bool reduction_batch(BuiltinOp, const order::Layout&, const BatchOperands&, std::span<Tensor>) {
  return false;
}

bool max_min_batch(bool, DType, const FoldPlan&, const BatchOperands&, std::span<Tensor>) {
  return false;
}

bool concat(const cpu::BlockPlan&, std::span<const Tensor* const>, Tensor&) { return false; }

bool split(const cpu::BlockPlan&, const Tensor&, std::vector<Tensor>&) { return false; }

}  // namespace tfmc::eval::cuda
