#include "gpu_eval/cuda_batch_plan.h"

#include <compare>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

#include "gpu_eval/cpu_convolution.h"
#include "gpu_eval/cpu_reduction_ops.h"
#include "gpu_eval/cpu_reductions.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cuda {
namespace {

using cpu::Shape;

std::optional<DeviceCall> binary_call(BuiltinOp op, const Tensor& a, const Tensor& b) {
  // Bools: only Equal compares them; the CPU backend reports the type error otherwise.
  if (a.dtype != b.dtype || (a.dtype == DType::Bool && op != BuiltinOp::Equal)) {
    return std::nullopt;
  }
  // Float FloorMod stays on the CPU: it is the host's fmod, whose reading of subnormals under
  // denormals-are-zero (TensorFlow's: 5 mod 1e-40 is NaN, 1e-40 mod 1 is 1e-40) the device's
  // flushing fmodf does not reproduce.
  if (op == BuiltinOp::FloorMod && a.dtype == DType::F32) return std::nullopt;
  std::optional<cpu::Broadcast> plan = cpu::broadcast(a.shape, b.shape);
  if (!plan) return std::nullopt;
  DeviceCall call;
  call.kernel = DeviceKernel::Binary;
  call.operand_dtype = a.dtype;
  call.result_dtype = kernels::is_comparison(op) ? DType::Bool : a.dtype;
  call.result_shape = plan->shape;
  call.work = element_count(plan->shape);
  call.broadcast = std::move(*plan);
  return call;
}

// a x b x c in double first: a work only compares with a threshold, and must not overflow.
std::int64_t saturated_product(std::initializer_list<std::int64_t> factors) {
  double work = 1;
  for (std::int64_t f : factors) work *= static_cast<double>(f);
  return work >= 0x1p62 ? std::int64_t{1} << 62 : static_cast<std::int64_t>(work);
}

std::optional<DeviceCall> matmul_call(const OpAttrs& attrs, const Tensor& a, const Tensor& b) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool || a.shape.size() != 2 || b.shape.size() != 2) {
    return std::nullopt;
  }
  DeviceCall call;
  call.kernel = DeviceKernel::MatMul;
  call.operand_dtype = call.result_dtype = a.dtype;
  call.m = a.shape[attrs.transpose_a ? 1 : 0];
  call.k = a.shape[attrs.transpose_a ? 0 : 1];
  call.n = b.shape[attrs.transpose_b ? 0 : 1];
  if (b.shape[attrs.transpose_b ? 1 : 0] != call.k) return std::nullopt;
  call.result_shape = {call.m, call.n};
  if (!cpu::representable(call.result_shape)) return std::nullopt;
  call.work = saturated_product({call.m, call.k, call.n});
  return call;
}

// BatchMatMulV2 exactly where cpu::batch_matmul computes a tensor, with at most kMaxBatchRank
// batch dimensions: each slice is a product in MatMul's general order (cpu_batch_matmul.cpp),
// which the MatMul kernel sums, whatever the shape.
std::optional<DeviceCall> batch_matmul_call(const OpAttrs& attrs, const Tensor& x,
                                            const Tensor& y) {
  const std::size_t x_rank = x.shape.size();
  const std::size_t y_rank = y.shape.size();
  if (x.dtype != y.dtype || x.dtype == DType::Bool || x_rank < 2 || y_rank < 2) {
    return std::nullopt;
  }
  DeviceCall call;
  call.kernel = DeviceKernel::BatchMatMul;
  call.operand_dtype = call.result_dtype = x.dtype;
  call.adj_x = attrs.adj_x;
  call.adj_y = attrs.adj_y;
  call.m = x.shape[attrs.adj_x ? x_rank - 1 : x_rank - 2];
  call.k = x.shape[attrs.adj_x ? x_rank - 2 : x_rank - 1];
  call.n = y.shape[attrs.adj_y ? y_rank - 2 : y_rank - 1];
  if (y.shape[attrs.adj_y ? y_rank - 1 : y_rank - 2] != call.k) return std::nullopt;
  std::optional<cpu::Broadcast> batch = cpu::broadcast(Shape(x.shape.begin(), x.shape.end() - 2),
                                                       Shape(y.shape.begin(), y.shape.end() - 2));
  if (!batch || batch->shape.size() > kMaxBatchRank) return std::nullopt;
  call.result_shape = batch->shape;
  call.result_shape.push_back(call.m);
  call.result_shape.push_back(call.n);
  if (!cpu::representable(call.result_shape)) return std::nullopt;
  call.work = saturated_product({element_count(batch->shape), call.m, call.k, call.n});
  call.broadcast = std::move(*batch);
  return call;
}

// Conv2D and DepthwiseConv2dNative exactly where cpu::conv2d computes a tensor, in NHWC: NCHW
// stays on the CPU, whose layout transposes the device does not repeat. Every output element
// is conv_geometry.h's forward_sum, the CPU backend's.
std::optional<DeviceCall> convolution_call(BuiltinOp op, const OpAttrs& attrs, const Tensor& input,
                                           const Tensor& filter) {
  if (attrs.channels_first) return std::nullopt;
  const cpu::FilterForm form =
      op == BuiltinOp::Conv2D ? cpu::FilterForm::Grouped : cpu::FilterForm::Depthwise;
  auto planned = cpu::conv2d_geometry(input, filter, attrs.window, false, form);
  auto* g = std::get_if<conv::Geometry>(&planned);
  if (g == nullptr) return std::nullopt;
  DeviceCall call;
  call.kernel = DeviceKernel::Convolution;
  call.operand_dtype = call.result_dtype = input.dtype;
  call.result_shape = g->output_shape();
  call.work =
      saturated_product({element_count(call.result_shape), g->h.kernel, g->w.kernel, g->group_in});
  call.geometry = *g;
  return call;
}

// Conv2DBackpropInput, Conv2DBackpropFilter and their depthwise forms exactly where the CPU
// backend computes a tensor, in NHWC as the forward convolution; each element is
// conv_geometry.h's input_grad_sum or filter_grad_sum, the CPU backend's.
std::optional<DeviceCall> convolution_grad_call(BuiltinOp op, const OpAttrs& attrs,
                                                std::span<const Tensor* const> args) {
  if (attrs.channels_first) return std::nullopt;
  const bool depthwise = op == BuiltinOp::DepthwiseConv2dNativeBackpropInput ||
                         op == BuiltinOp::DepthwiseConv2dNativeBackpropFilter;
  const cpu::FilterForm form = depthwise ? cpu::FilterForm::Depthwise : cpu::FilterForm::Grouped;
  const bool input_grad =
      op == BuiltinOp::Conv2DBackpropInput || op == BuiltinOp::DepthwiseConv2dNativeBackpropInput;
  auto planned = input_grad ? cpu::conv2d_backprop_input_plan(*args[0], *args[1], *args[2],
                                                              attrs.window, false, form)
                            : cpu::conv2d_backprop_filter_plan(*args[0], *args[1], *args[2],
                                                               attrs.window, false, form);
  auto* plan = std::get_if<cpu::BackpropPlan>(&planned);
  if (plan == nullptr) return std::nullopt;
  const conv::Geometry& g = plan->geometry;
  DeviceCall call;
  call.kernel =
      input_grad ? DeviceKernel::ConvolutionInputGrad : DeviceKernel::ConvolutionFilterGrad;
  call.operand_dtype = call.result_dtype = args[2]->dtype;
  call.result_shape = std::move(plan->result_shape);
  const std::int64_t elements = element_count(call.result_shape);
  call.work = input_grad ? saturated_product({elements, g.h.kernel, g.w.kernel, g.group_out()})
                         : saturated_product({elements, g.batch, g.h.out, g.w.out});
  call.geometry = g;
  return call;
}

// Sum, Mean and Prod of a non-empty f32 tensor where cpu::reduce_axes computes one, over
// axes that leave a shape TensorFlow reduces in place (reduction_order.h layout_of): a
// transposed reduction, and one that reduces nothing, stay on the CPU, as do other dtypes.
std::optional<DeviceCall> reduction_call(const OpAttrs& attrs,
                                         std::span<const Tensor* const> args) {
  const Tensor& a = *args[0];
  if (a.dtype != DType::F32 || a.size() == 0) return std::nullopt;
  auto axes = cpu::reduction_axes(args, attrs);
  if (std::holds_alternative<ErrorKind>(axes)) return std::nullopt;
  std::optional<cpu::ReducedAxes> reduced =
      cpu::reduced_axes(a.shape, std::get<0>(axes), attrs.keep_dims);
  if (!reduced) return std::nullopt;
  std::optional<order::Layout> layout =
      order::layout_of(order::merge_dimensions(a.shape, reduced->reduced));
  if (!layout) return std::nullopt;
  DeviceCall call;
  call.kernel = DeviceKernel::Reduction;
  call.operand_dtype = call.result_dtype = DType::F32;
  call.result_shape = std::move(reduced->shape);
  call.reduction = *layout;
  call.work = a.size();
  return call;
}

// BiasAddGrad of f32 with its channels last (NHWC, or rank 2 in either format) and at least
// two terms a channel: cpu::bias_add_grad adds each channel's terms one by one from +0, which
// is the Planes layout {terms, channels, 1}. A single term passes through unchanged there (-0
// stays -0), so it stays on the CPU, as do NCHW and the other dtypes.
std::optional<DeviceCall> bias_add_grad_call(const OpAttrs& attrs, const Tensor& x) {
  const std::size_t rank = x.shape.size();
  if (x.dtype != DType::F32 || rank < 2 || (attrs.channels_first && rank > 2)) {
    return std::nullopt;
  }
  const std::int64_t channels = x.shape.back();
  if (channels == 0 || x.size() / channels < 2) return std::nullopt;
  DeviceCall call;
  call.kernel = DeviceKernel::Reduction;
  call.operand_dtype = call.result_dtype = DType::F32;
  call.result_shape = {channels};
  call.reduction = order::Layout{order::Layout::Form::Planes, {x.size() / channels, channels, 1}};
  call.work = x.size();
  return call;
}

// Max and Min of a non-empty f32, i32 or i64 tensor where cpu::max_min computes one, with at
// most kMaxBatchRank merged kept and reduced dimensions each and something to reduce: any
// axes, transposed or not.
std::optional<DeviceCall> max_min_call(const OpAttrs& attrs, const Tensor& a, const Tensor& axes) {
  if ((a.dtype != DType::F32 && a.dtype != DType::I32 && a.dtype != DType::I64) || a.size() == 0) {
    return std::nullopt;
  }
  auto by = cpu::reduced_by(a, axes, attrs.keep_dims);
  auto* reduced = std::get_if<cpu::ReducedAxes>(&by);
  if (reduced == nullptr) return std::nullopt;
  const order::MergedShape m = order::merge_dimensions(a.shape, reduced->reduced);
  FoldPlan plan;
  plan.terms = m.reduced_terms();
  if (plan.terms == 1) return std::nullopt;  // nothing to reduce: the CPU copies
  plan.results = a.size() / plan.terms;
  std::vector<std::int64_t> strides(m.dims.size(), 1);  // row-major, of the merged shape
  for (std::size_t d = m.dims.size() - 1; d-- > 0;) strides[d] = strides[d + 1] * m.dims[d + 1];
  for (std::size_t d = 0; d < m.dims.size(); ++d) {
    int& count = m.reduced[d] ? plan.reduced : plan.kept;
    if (count == static_cast<int>(kMaxBatchRank)) return std::nullopt;
    (m.reduced[d] ? plan.reduced_dims : plan.kept_dims)[count] = m.dims[d];
    (m.reduced[d] ? plan.reduced_strides : plan.kept_strides)[count] = strides[d];
    ++count;
  }
  DeviceCall call;
  call.kernel = DeviceKernel::MaxMin;
  call.operand_dtype = call.result_dtype = a.dtype;
  call.result_shape = std::move(reduced->shape);
  call.fold = plan;
  call.work = a.size();
  return call;
}

// A Concat or Split: its work is the elements its results hold (Concat's one, Split's all).
std::optional<DeviceCall> copy_call(DeviceKernel kernel,
                                    const std::variant<cpu::BlockPlan, ErrorKind>& plan,
                                    DType dtype) {
  const auto* p = std::get_if<cpu::BlockPlan>(&plan);
  if (p == nullptr) return std::nullopt;
  DeviceCall call;
  call.kernel = kernel;
  call.operand_dtype = call.result_dtype = dtype;
  call.blocks = *p;
  for (const Shape& shape : p->shapes) call.work += element_count(shape);
  return call;
}

// Calls that may share a launch: one op, the same attributes that reach the kernel, the same
// operand dtypes and shapes, and the same result shape and reduction layout (which a
// reduction's axes argument sets by its values).
struct LaunchKey {
  BuiltinOp op;
  DType to;
  bool transpose_a;
  bool transpose_b;
  bool adj_x;
  bool adj_y;
  bool channels_first;
  ConvPadding padding;
  std::vector<std::int64_t> strides;
  std::vector<std::int64_t> dilations;
  std::vector<std::int64_t> explicit_paddings;
  std::vector<DType> dtypes;
  std::vector<Shape> shapes;
  Shape result_shape;
  std::vector<std::int64_t> reduction;

  auto operator<=>(const LaunchKey&) const = default;
};

LaunchKey launch_key(const EvalRequest& r, const DeviceCall& call) {
  const ConvWindow& w = r.attrs.window;
  LaunchKey key{r.op,
                r.attrs.to,
                r.attrs.transpose_a,
                r.attrs.transpose_b,
                r.attrs.adj_x,
                r.attrs.adj_y,
                r.attrs.channels_first,
                w.padding,
                w.strides,
                w.dilations,
                w.explicit_paddings,
                {},
                {},
                call.result_shape,
                {}};
  for (const Tensor* t : r.args) {
    key.dtypes.push_back(t->dtype);
    key.shapes.push_back(t->shape);
  }
  if (call.kernel == DeviceKernel::Reduction) {
    const order::Layout& l = call.reduction;
    key.reduction = {static_cast<std::int64_t>(l.form), l.dims[0], l.dims[1], l.dims[2]};
  }
  if (call.kernel == DeviceKernel::MaxMin) {
    // The sizes and the strides: [3, 3] over axis 0 and over axis 1 differ only in strides.
    const FoldPlan& f = call.fold;
    for (const auto& [dims, strides, count] :
         {std::tuple(f.reduced_dims, f.reduced_strides, f.reduced),
          std::tuple(f.kept_dims, f.kept_strides, f.kept)}) {
      key.reduction.insert(key.reduction.end(), dims, dims + count);
      key.reduction.insert(key.reduction.end(), strides, strides + count);
      key.reduction.push_back(-1);  // the end of one list
    }
  }
  return key;
}

// The arguments a call uploads: all but a reduction's axes and a backprop's sizes.
std::vector<const Tensor*> uploaded(const DeviceCall& call, const EvalRequest& r) {
  switch (call.kernel) {
    case DeviceKernel::Reduction:
    case DeviceKernel::MaxMin:
      return {r.args[0]};
    case DeviceKernel::ConvolutionInputGrad:
      return {r.args[1], r.args[2]};
    case DeviceKernel::ConvolutionFilterGrad:
      return {r.args[0], r.args[2]};
    default:
      return r.args;
  }
}

// Adds request `index` to `group`, its operands each entered once.
void add_item(BatchGroup& group, std::unordered_map<const Tensor*, std::int32_t>& seen,
              std::size_t index, const EvalRequest& r) {
  const auto operand = [&](const Tensor* t) {
    const auto [it, added] = seen.emplace(t, static_cast<std::int32_t>(group.operands.size()));
    if (added) group.operands.push_back(t);
    return it->second;
  };
  const std::vector<const Tensor*> args = uploaded(group.call, r);
  group.requests.push_back(index);
  group.first.push_back(operand(args[0]));
  if (args.size() == 2) group.second.push_back(operand(args[1]));
}

// The device memory a call adds to a group, its result and its operands counted in full.
std::size_t item_bytes(const DeviceCall& call, const EvalRequest& r) {
  std::size_t bytes =
      static_cast<std::size_t>(element_count(call.result_shape)) * dtype_size(call.result_dtype);
  for (const Tensor* t : uploaded(call, r)) bytes += t->bytes.size();
  return bytes;
}

}  // namespace

std::int64_t DeviceThresholds::of(const DeviceCall& call) const {
  switch (call.kernel) {
    case DeviceKernel::Binary:
      return binary;
    case DeviceKernel::Unary:
      return unary;
    case DeviceKernel::MatMul:
      return matmul;
    case DeviceKernel::Concat:
    case DeviceKernel::Split:
      return copy;
    case DeviceKernel::BatchMatMul:
      return batch_matmul;
    case DeviceKernel::Convolution:
      return convolution;
    case DeviceKernel::ConvolutionInputGrad:
      return convolution_input_grad;
    case DeviceKernel::ConvolutionFilterGrad:
      return convolution_filter_grad;
    case DeviceKernel::Reduction:
      return call.reduction.form == order::Layout::Form::Rows ? reduction_rows : reduction_columns;
    case DeviceKernel::MaxMin:
      return max_min;
  }
  return copy;
}

std::optional<DeviceCall> device_call(BuiltinOp op, const OpAttrs& attrs,
                                      std::span<const Tensor* const> args) {
  // f64 stays on the CPU: the device flushes f32 subnormals as TensorFlow's CPU kernels do
  // (--ftz=true), but never f64 ones (flush_denormals.h).
  for (const Tensor* t : args) {
    if (t->dtype == DType::F64) return std::nullopt;
  }
  if ((kernels::is_arithmetic(op) || kernels::is_comparison(op)) && args.size() == 2) {
    return binary_call(op, *args[0], *args[1]);
  }
  if ((op == BuiltinOp::Neg || op == BuiltinOp::Relu || op == BuiltinOp::Cast) &&
      args.size() == 1) {
    const Tensor& a = *args[0];
    if (op != BuiltinOp::Cast && a.dtype == DType::Bool) return std::nullopt;
    DeviceCall call;
    call.kernel = DeviceKernel::Unary;
    call.operand_dtype = a.dtype;
    call.result_dtype = op == BuiltinOp::Cast ? attrs.to : a.dtype;
    call.result_shape = a.shape;
    call.work = a.size();
    return call;
  }
  if (op == BuiltinOp::MatMul && args.size() == 2) return matmul_call(attrs, *args[0], *args[1]);
  if (op == BuiltinOp::BatchMatMulV2 && args.size() == 2) {
    return batch_matmul_call(attrs, *args[0], *args[1]);
  }
  if ((op == BuiltinOp::Conv2D || op == BuiltinOp::DepthwiseConv2dNative) && args.size() == 2) {
    return convolution_call(op, attrs, *args[0], *args[1]);
  }
  if ((op == BuiltinOp::Conv2DBackpropInput || op == BuiltinOp::Conv2DBackpropFilter ||
       op == BuiltinOp::DepthwiseConv2dNativeBackpropInput ||
       op == BuiltinOp::DepthwiseConv2dNativeBackpropFilter) &&
      args.size() == 3) {
    return convolution_grad_call(op, attrs, args);
  }
  if ((op == BuiltinOp::Sum || op == BuiltinOp::Mean || op == BuiltinOp::Prod) &&
      (args.size() == 1 || args.size() == 2)) {
    return reduction_call(attrs, args);
  }
  if ((op == BuiltinOp::Max || op == BuiltinOp::Min) && args.size() == 2) {
    return max_min_call(attrs, *args[0], *args[1]);
  }
  if (op == BuiltinOp::BiasAddGrad && args.size() == 1) return bias_add_grad_call(attrs, *args[0]);
  if (op == BuiltinOp::Concat && args.size() >= 2) {
    return copy_call(DeviceKernel::Concat, cpu::plan_concat(args, attrs.axis), args[0]->dtype);
  }
  if (op == BuiltinOp::Split && args.size() == 1) {
    return copy_call(DeviceKernel::Split, cpu::plan_split(*args[0], attrs), args[0]->dtype);
  }
  return std::nullopt;
}

BatchPlan plan_batch(std::span<const EvalRequest> requests, const DeviceThresholds& thresholds,
                     const GroupLimits& limits) {
  BatchPlan plan;
  // The calls of each launch key with their forms, keys in first-seen order.
  std::map<LaunchKey, std::size_t> key_index;
  std::vector<std::vector<std::size_t>> members;
  std::vector<DeviceCall> forms;
  std::vector<std::int64_t> work;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const EvalRequest& r = requests[i];
    std::optional<DeviceCall> call = device_call(r.op, r.attrs, r.args);
    if (!call) {
      plan.cpu.push_back(i);
      continue;
    }
    if (call->kernel == DeviceKernel::Concat || call->kernel == DeviceKernel::Split) {
      if (call->work >= thresholds.copy) {
        plan.copies.push_back({i, std::move(*call)});
      } else {
        plan.cpu.push_back(i);
      }
      continue;
    }
    const auto [it, added] = key_index.emplace(launch_key(r, *call), forms.size());
    if (added) {
      members.emplace_back();
      work.push_back(0);
      forms.push_back(std::move(*call));
    }
    members[it->second].push_back(i);
    // Saturating: a sum of works only compares with a threshold.
    constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max();
    work[it->second] = work[it->second] > most - call->work ? most : work[it->second] + call->work;
  }
  for (std::size_t g = 0; g < forms.size(); ++g) {
    if (work[g] < thresholds.of(forms[g])) {
      plan.cpu.insert(plan.cpu.end(), members[g].begin(), members[g].end());
      continue;
    }
    std::unordered_map<const Tensor*, std::int32_t> seen;
    std::size_t bytes = 0;
    bool open = false;  // whether plan.groups.back() is one of this key's
    for (std::size_t i : members[g]) {
      const std::size_t more = item_bytes(forms[g], requests[i]);
      if (!open || plan.groups.back().requests.size() >= limits.items ||
          bytes + more > limits.bytes) {
        plan.groups.push_back({forms[g],
                               requests[i].op,
                               requests[i].attrs.transpose_a,
                               requests[i].attrs.transpose_b,
                               {},
                               {},
                               {},
                               {}});
        seen.clear();
        bytes = 0;
        open = true;
      }
      add_item(plan.groups.back(), seen, i, requests[i]);
      bytes += more;
    }
  }
  return plan;
}

}  // namespace tfmc::eval::cuda
