// The CUDA backend's device side, behind a plain C++ interface (no CUDA types), so that the
// rest of tfmc compiles without nvcc. Each call copies its operands to the device, runs one
// kernel whose per-element arithmetic is the shared body of element_kernels.h or
// inner_products.h (compiled with --fmad=false, no atomics in float arithmetic, each inner
// product in TensorFlow's order by one thread), and copies the results back: the bytes are
// those the CPU backend computes. Calls from several threads take the device one at a time;
// the batched kernels reuse one pinned host buffer and one device buffer, grown as needed.
//
// Operands and results are row-major element bytes of the dtype given; the caller has checked
// dtypes and shapes as the CPU backend does (cuda_evaluator.h) and sized `out`. Every call
// returns false when the device failed (no device, out of memory, a launch error); a fault (an
// integer division by zero, a float to integer cast out of range) makes that call's whole
// result Error(arithmetic).
//
// In a build without nvcc (cuda_absent.cpp) available() is false and every call returns false.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gpu_eval/conv_geometry.h"
#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/evaluator.h"
#include "gpu_eval/reduction_order.h"

namespace tfmc::eval::cuda {

// Whether this build has the device side (nvcc was found): TFMC_HAVE_CUDA, gpu_eval's
// CMakeLists.txt.
#ifdef TFMC_HAVE_CUDA
inline constexpr bool kBuilt = true;
#else
inline constexpr bool kBuilt = false;
#endif

// Whether a CUDA device can run kernels here: asked once, at the cost of starting the CUDA
// driver and runtime (0.25 to 0.35 s on an H200 machine, measured with `tfmc check` on a
// three-node program), which is why --eval auto asks only when a call first needs the device.
bool available();

// The device's name, or why there is none.
std::string describe();

// Where the last batched call's time went, in seconds, each phase timed on the host between
// synchronous steps: packing its operands into the pinned buffer, the copy to the device, the
// kernel, the copy back, and unpacking into the result tensors. For benchmarks
// (tools/bench/matmul_bench.cpp), which compare the copies' share with the bus's speed; all zero
// before the first batched call and in a build without nvcc.
struct BatchPhases {
  double pack = 0;
  double upload = 0;
  double compute = 0;
  double download = 0;
  double unpack = 0;
  std::size_t upload_bytes = 0;
  std::size_t download_bytes = 0;
};
BatchPhases last_batch_phases();

// The operands of one launch of a batch group (cuda_batch_plan.h): each distinct tensor once,
// and per call its operands' indexes (`second` empty for a unary op).
struct BatchOperands {
  std::span<const Tensor* const> tensors;
  std::span<const std::int32_t> first;
  std::span<const std::int32_t> second;
};

// The batched kernels: call i of the group computes outs[i] (its dtype and shape set by the
// caller, its bytes made here) from its operands, and sets faults[i] when one of its elements
// faulted. All the group's operands go to the device in one copy, its results come back in one,
// with one kernel launch between.
//
// Add, Sub, Mul, Div, Maximum, Minimum (result in `dtype`), Equal, Less, Greater (bool result)
// of a and b under `plan` (cpu::broadcast).
bool binary_batch(BuiltinOp op, DType dtype, const cpu::Broadcast& plan, const BatchOperands& in,
                  std::span<Tensor> outs, std::span<std::uint8_t> faults);

// Neg, Relu (result in the operand's dtype) and Cast to outs' dtype, element by element.
bool unary_batch(BuiltinOp op, const BatchOperands& in, std::span<Tensor> outs,
                 std::span<std::uint8_t> faults);

// out (m x n) = a times b, each element kernels::inner_product's sum in TensorFlow's order
// for this product: a is m x k (k x m, read transposed, with transpose_a) and b is k x n
// (n x k with transpose_b), as MatMul's attributes say. Never faults.
bool matmul_batch(const BatchOperands& in, std::int64_t m, std::int64_t k, std::int64_t n,
                  bool transpose_a, bool transpose_b, std::span<Tensor> outs);

// The most batch dimensions batch_matmul_batch takes (a kernel argument holds them).
inline constexpr std::size_t kMaxBatchRank = 8;

// BatchMatMulV2: outs[i] ([batch..., m, n]) holds, per slice of the broadcast batch dimensions
// (`batch`: cpu::broadcast of x's and y's batch shapes, at most kMaxBatchRank of them), that
// slice's x matrix (m x k, or k x m read transposed with adj_x) times its y matrix (k x n, or
// n x k with adj_y), each element summed in MatMul's general order (inner_products.h: f32
// fused in index order from +0, as cpu_batch_matmul.h states). Never faults.
bool batch_matmul_batch(const BatchOperands& in, const cpu::Broadcast& batch, std::int64_t m,
                        std::int64_t k, std::int64_t n, bool adj_x, bool adj_y,
                        std::span<Tensor> outs);

// One result of the f32 NHWC convolution of geometry `g` (the depthwise forms read as grouped),
// by `pass`: Forward, Conv2D's output from the input (first operand) and the filter (second),
// each element conv_geometry.h's forward_sum; InputGrad, Conv2DBackpropInput's from the filter
// and the output's gradient, each input_grad_sum; FilterGrad, Conv2DBackpropFilter's from the
// input and the output's gradient, each filter_grad_sum. Never faults.
bool convolution_batch(conv::Pass pass, const BatchOperands& in, const conv::Geometry& g,
                       std::span<Tensor> outs);

// Sum, Mean, Prod or BiasAddGrad (`op`: a sum) of an f32 operand laid out as `layout`
// (reduction_order.h): each element of outs[i] is reduction_order.h's reduce_element in
// TensorFlow's order, the CPU backend's, a Mean's sum then divided by the number of terms.
// Never faults.
bool reduction_batch(BuiltinOp op, const order::Layout& layout, const BatchOperands& in,
                     std::span<Tensor> outs);

// Max and Min, whose value does not depend on the order of their terms but for which of two
// equal values they keep, as the CPU backend folds them (cpu_reduction_ops.h): result element o,
// row-major over the kept dimensions, folds its `terms` terms from the identity in row-major
// order of the reduced dimensions. The dimensions are the merged ones (reduction_order.h's
// merge_dimensions), each with its stride in the operand.
struct FoldPlan {
  int kept = 0;
  int reduced = 0;
  std::int64_t kept_dims[kMaxBatchRank] = {};
  std::int64_t kept_strides[kMaxBatchRank] = {};
  std::int64_t reduced_dims[kMaxBatchRank] = {};
  std::int64_t reduced_strides[kMaxBatchRank] = {};
  std::int64_t results = 1;
  std::int64_t terms = 1;
};

// Max (`maximum`) or Min of f32, i32 or i64 operands under `plan`: each element of outs[i] is
// kernels::max_min_step folded from -inf (+inf; an integer's lowest or highest) over its
// terms. Never faults.
bool max_min_batch(bool maximum, DType dtype, const FoldPlan& plan, const BatchOperands& in,
                   std::span<Tensor> outs);

// Concat of `args` into `out`, and Split of `a` into `outs`, by the CPU backend's block plan
// (cpu_shape_ops.h): bytes moved, nothing computed.
bool concat(const cpu::BlockPlan& plan, std::span<const Tensor* const> args, Tensor& out);
bool split(const cpu::BlockPlan& plan, const Tensor& a, std::vector<Tensor>& outs);

}  // namespace tfmc::eval::cuda
