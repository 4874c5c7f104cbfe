// The CUDA backend: the Evaluator that runs the element-wise ops (Add, Sub, Mul, Div, Maximum,
// Minimum, Equal, Less, Greater with broadcasting; Neg, Relu, Cast), MatMul (and its
// transposes), Concat and Split (by attribute) on a CUDA device
// (cuda_device.h), with the same bits as the CPU backend. Each call runs on its own (copies in,
// one kernel, copies out); it does not ask for batches (evaluator.h prefers_batches) until a
// kernel serves a whole batch.
//
// It sends a call to the device only when the CPU backend would compute a tensor for it (the
// dtypes and shapes check out, as cpu_evaluator.h states them) and the result has at least
// `min_elements` elements; every other call, every error case, every call with an f64
// operand and float FloorMod (whose subnormal cases the device does not round as the CPU does:
// cuda_evaluator.cpp), the ops it does not cover (ConcatV2 and the other TensorFlow-form ops
// among them) and any call the device fails go to
// the CPU backend, so results never depend on where they were computed. Counts say where each
// call ran. Calls from several threads take the device one at a time.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/evaluator.h"

namespace tfmc::eval {

class CudaEvaluator : public Evaluator {
 public:
  explicit CudaEvaluator(std::int64_t min_elements = 0) : min_elements_(min_elements) {}

  EvalResult evaluate(BuiltinOp op, const OpAttrs& attrs,
                      std::span<const Tensor* const> args) override;

  std::uint64_t device_calls() const { return device_calls_.load(); }
  std::uint64_t cpu_calls() const { return cpu_calls_.load(); }

 private:
  // The device's result, or nullopt when the call is not one the device takes (or it failed).
  std::optional<EvalResult> on_device(BuiltinOp op, const OpAttrs& attrs,
                                      std::span<const Tensor* const> args) const;

  std::int64_t min_elements_;
  CpuEvaluator cpu_;
  mutable std::mutex device_;  // held through each device call
  std::atomic<std::uint64_t> device_calls_{0};
  std::atomic<std::uint64_t> cpu_calls_{0};
};

}  // namespace tfmc::eval
