// The CPU backend's convolutions in TensorFlow's forms (FORMAT.md, "Operations" and
// "Convolutions as TensorFlow rounds them"): Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter
// and the depthwise forms, computed as grouped convolutions.
//
// Contract: tensors are rank 4 in the window's data format (NHWC, or NCHW with
// channels_first); a filter is [height, width, in_channels / groups, out_channels] (depthwise:
// [height, width, in_channels, multiplier]). Inputs and filters of f32 or f64, one dtype for
// all (Error(type) otherwise); input_sizes and filter_sizes are i32 or i64 vectors of 4
// (Error(type), Error(shape)). Every shape TensorFlow's CPU kernel refuses is Error(shape): a
// rank other than 4, a filter without elements, channels that do not divide into groups, a
// window larger than the padded input, an out_backprop whose shape is not the forward
// output's, strides or dilations other than 1 in the batch or channel dimension. Each output
// sums its products in one fixed order from +0, f32 fused, and skips the padding.
#pragma once

#include "gpu_eval/conv_geometry.h"
#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// Whether the filter is a grouped convolution's or a depthwise one's.
enum class FilterForm : std::uint8_t { Grouped, Depthwise };

// The geometry conv2d computes with (NHWC sizes, the filter read as grouped), or the error
// it gives: the CUDA backend's Conv2D (cuda_batch_plan.h) runs exactly the calls this accepts.
std::variant<conv::Geometry, ErrorKind> conv2d_geometry(const Tensor& input, const Tensor& filter,
                                                        const ConvWindow& window,
                                                        bool channels_first, FilterForm form);

// The geometry a backprop computes with (NHWC sizes, the filter read as grouped) and its
// result's shape (the sizes argument's), or the error it gives: the CUDA backend's backprops
// (cuda_batch_plan.h) run exactly the calls these accept.
struct BackpropPlan {
  conv::Geometry geometry;
  Shape result_shape;
};
std::variant<BackpropPlan, ErrorKind> conv2d_backprop_input_plan(
    const Tensor& input_sizes, const Tensor& filter, const Tensor& out_backprop,
    const ConvWindow& window, bool channels_first, FilterForm form);
std::variant<BackpropPlan, ErrorKind> conv2d_backprop_filter_plan(
    const Tensor& input, const Tensor& filter_sizes, const Tensor& out_backprop,
    const ConvWindow& window, bool channels_first, FilterForm form);

EvalResult conv2d(const Tensor& input, const Tensor& filter, const ConvWindow& window,
                  bool channels_first, FilterForm form);
EvalResult conv2d_backprop_input(const Tensor& input_sizes, const Tensor& filter,
                                 const Tensor& out_backprop, const ConvWindow& window,
                                 bool channels_first, FilterForm form);
EvalResult conv2d_backprop_filter(const Tensor& input, const Tensor& filter_sizes,
                                  const Tensor& out_backprop, const ConvWindow& window,
                                  bool channels_first, FilterForm form);

}  // namespace tfmc::eval::cpu
