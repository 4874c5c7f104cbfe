// How the CUDA backend (cuda_evaluator.h) divides a batch of calls between the device and the
// CPU, in plain C++ (no CUDA), so that the division is tested where there is no device.
//
// device_call says whether the device takes one call and how: the checks are the CPU backend's
// (cpu_evaluator.h), so that a call the device takes is one the CPU backend would compute a
// tensor for; every error case, every f64 operand, float FloorMod and every op without a device
// kernel is left to the CPU (cuda_evaluator.h says why).
//
// plan_batch groups the calls of the batched kernels (element-wise binary, element-wise unary,
// MatMul, BatchMatMulV2, Conv2D and DepthwiseConv2dNative and their backprops, the f32 reductions
// Sum, Mean and Prod whose merged shape TensorFlow reduces in place: reduction_order.h's
// layout_of, f32 BiasAddGrad with its channels last, and Max and Min) by launch: calls of one op
// with the same attributes, operand dtypes and shapes share one kernel launch, their distinct
// operand tensors uploaded once. A group goes to the device when its work (below) reaches the
// family's threshold, so many small calls of one shape can go together where one alone would not.
// No call of a batch needs another's result (the explorer batches calls whose arguments exist
// already: function.h), so the groups are independent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "gpu_eval/conv_geometry.h"
#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/evaluator.h"
#include "gpu_eval/reduction_order.h"

namespace tfmc::eval::cuda {

// The device kernel families: the batched ones, and the byte copies run one call at a time.
// Convolution is the forward Conv2D, ConvolutionInputGrad Conv2DBackpropInput and
// ConvolutionFilterGrad Conv2DBackpropFilter, the depthwise forms included, in NHWC; Reduction
// is Sum, Mean, Prod and BiasAddGrad; MaxMin is Max and Min.
enum class DeviceKernel : std::uint8_t {
  Binary,
  Unary,
  MatMul,
  Concat,
  Split,
  BatchMatMul,
  Convolution,
  ConvolutionInputGrad,
  ConvolutionFilterGrad,
  Reduction,
  MaxMin
};

struct DeviceCall;

// The least work of a group (or a copy) that goes to the device, per family. The work of a call
// is its result's element count, except MatMul's (m x k x n multiply-adds), BatchMatMul's (the
// slices times m x k x n) and Convolution's (the result's elements times the filter's
// height x width x input channels per group, the padding's products counted),
// ConvolutionInputGrad's (the input's elements times the filter's height x width x output
// channels per group), ConvolutionFilterGrad's (the filter's elements times the batch x the
// output's height x width) and Reduction's and MaxMin's (the operand's elements). --eval gpu uses
// all zeros (every call the device takes); --eval auto the measured figures (evaluator_choice.h).
struct DeviceThresholds {
  std::int64_t binary = 0;
  std::int64_t unary = 0;
  std::int64_t matmul = 0;
  std::int64_t copy = 0;  // Concat and Split
  std::int64_t batch_matmul = 0;
  std::int64_t convolution = 0;
  std::int64_t convolution_input_grad = 0;
  std::int64_t convolution_filter_grad = 0;
  std::int64_t reduction_rows = 0;     // a Rows layout: a warp per result element
  std::int64_t reduction_columns = 0;  // Columns and Planes: a thread per result element
  std::int64_t max_min = 0;

  // The threshold of the call's family (a reduction's by its layout's form).
  std::int64_t of(const DeviceCall& call) const;
};

// One call as the device would run it.
struct DeviceCall {
  DeviceKernel kernel = DeviceKernel::Binary;
  DType operand_dtype = DType::F32;
  DType result_dtype = DType::F32;
  cpu::Shape result_shape;            // every batched kernel
  cpu::Broadcast broadcast;           // Binary; BatchMatMul: of the batch dimensions
  std::int64_t m = 0, k = 0, n = 0;   // MatMul, BatchMatMul: an m x k times k x n product
  bool adj_x = false, adj_y = false;  // BatchMatMul
  conv::Geometry geometry;            // the convolutions
  order::Layout reduction;            // Reduction
  FoldPlan fold;                      // MaxMin
  cpu::BlockPlan blocks;              // Concat, Split
  std::int64_t work = 0;
};

// How the device runs op(args), or nullopt when the call is the CPU's.
std::optional<DeviceCall> device_call(BuiltinOp op, const OpAttrs& attrs,
                                      std::span<const Tensor* const> args);

// One launch: `requests` (indexes into the batch, in batch order) run as `call` says (their
// common form); item i reads operands[first[i]] and, for the kernels of two operands,
// operands[second[i]]: the arguments that carry no sizes (cuda_device.h's operands; a
// reduction's axes and a backprop's sizes argument are in the call's form, never uploaded).
struct BatchGroup {
  DeviceCall call;
  BuiltinOp op = BuiltinOp::Add;
  bool transpose_a = false;
  bool transpose_b = false;
  std::vector<std::size_t> requests;
  std::vector<const Tensor*> operands;  // each distinct tensor once, in first use order
  std::vector<std::int32_t> first;
  std::vector<std::int32_t> second;
};

// Where each call of a batch runs: `groups` on the device in launches, `copies` (Concat and Split
// at or above their threshold) on the device one by one, `cpu` on the CPU backend. Every
// request index is in exactly one of them. A group holds at most `limits.items` calls and, past
// its first call, at most `limits.bytes` of operands and results (each call's counted in
// full); a larger launch group splits into several, in batch order.
struct DeviceCopy {
  std::size_t request = 0;
  DeviceCall call;
};
struct BatchPlan {
  std::vector<BatchGroup> groups;
  std::vector<DeviceCopy> copies;
  std::vector<std::size_t> cpu;
};
struct GroupLimits {
  std::size_t items = 65535;  // a CUDA grid's y and z extent
  std::size_t bytes = std::size_t{1} << 30;
};

BatchPlan plan_batch(std::span<const EvalRequest> requests, const DeviceThresholds& thresholds,
                     const GroupLimits& limits = {});

}  // namespace tfmc::eval::cuda
