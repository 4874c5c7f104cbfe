// The CUDA backend: the Evaluator that runs the element-wise ops (Add, Sub, Mul, Div, Maximum,
// Minimum, Equal, Less, Greater with broadcasting; Neg, Relu, Cast), MatMul (and its
// transposes), BatchMatMulV2, Conv2D and DepthwiseConv2dNative (NHWC), Concat and Split (by
// attribute) on a CUDA device (cuda_device.h), with the same bits as the CPU backend.
//
// With `batches` it asks for batches (evaluator.h prefers_batches) where a device exists: a
// batch's calls of one op, attributes and operand shapes run as one launch, their distinct
// operands copied in once and their results copied out once (cuda_batch_plan.h). A single call
// is a batch of one. It starts the CUDA runtime (cuda_device.h available()) only when a call
// first reaches its threshold, so that a program of small tensors never pays for it.
//
// It sends a call to the device only when the CPU backend would compute a tensor for it (the
// dtypes and shapes check out, as cpu_evaluator.h states them) and its launch group's work
// reaches the family's threshold (DeviceThresholds); every other call, every error case, every
// call with an f64 operand and float FloorMod (whose subnormal cases the device does not round
// as the CPU does: cuda_batch_plan.cpp), NCHW convolutions, the ops it does not cover (ConcatV2 and
// the other TensorFlow-form ops among them) and any call the device fails go to the CPU backend, so
// results never depend on where they were computed. Counts say where each call ran. Calls from
// several threads take the device one at a time.
#pragma once

#include <atomic>
#include <cstdint>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/evaluator.h"

namespace tfmc::eval {

class CudaEvaluator : public Evaluator {
 public:
  explicit CudaEvaluator(cuda::DeviceThresholds thresholds = {}, bool batches = true)
      : thresholds_(thresholds), batches_(batches) {}

  EvalResult evaluate(BuiltinOp op, const OpAttrs& attrs,
                      std::span<const Tensor* const> args) override;
  std::vector<EvalResult> evaluate_batch(std::span<const EvalRequest> requests) override;
  bool prefers_batches() const override;

  std::uint64_t device_calls() const { return device_calls_.load(); }
  std::uint64_t cpu_calls() const { return cpu_calls_.load(); }
  // Kernel launches of batch groups (a Concat or Split on the device is not one).
  std::uint64_t launches() const { return launches_.load(); }

 private:
  // The group's results in its order, or nullopt when the device failed.
  std::optional<std::vector<EvalResult>> run_group(const cuda::BatchGroup& group);
  // A Concat or Split on the device, or nullopt when the device failed.
  std::optional<EvalResult> run_copy(const cuda::DeviceCall& call, BuiltinOp op,
                                     std::span<const Tensor* const> args);

  cuda::DeviceThresholds thresholds_;
  bool batches_;
  CpuEvaluator cpu_;
  std::atomic<std::uint64_t> device_calls_{0};
  std::atomic<std::uint64_t> cpu_calls_{0};
  std::atomic<std::uint64_t> launches_{0};
};

}  // namespace tfmc::eval
