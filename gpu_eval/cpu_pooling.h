// The CPU backend's pooling ops in TensorFlow's forms and with its CPU kernels' roundings
// (FORMAT.md, "Pooling as TensorFlow computes it"): MaxPool, MaxPoolGrad, AvgPool and
// AvgPoolGrad over the height and width of NHWC tensors, measured against TensorFlow 2.21 by
// tools/tf/make_pool_cases.py.
//
// A window is `ksize` elements tall and wide and moves by `strides`; with VALID padding the
// windows lie inside the input (a window larger than the input is Error(shape), where
// TensorFlow refuses it or crashes), with SAME padding there are ceil(size / stride) of them,
// centred as TensorFlow pads (the smaller half of the padding before), and each covers only
// the input's elements. Every tensor argument must have rank 4 and the shapes TensorFlow's
// kernel requires (Error(shape) otherwise); MaxPool and MaxPoolGrad take any numeric dtype,
// AvgPool and AvgPoolGrad f32 and f64 (Error(type) otherwise). Each op takes its window as
// `pooling` gives it, an error included, so that a type error comes before a shape error.
#pragma once

#include <cstdint>
#include <span>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The window and strides along height and width, and the padding.
struct Pooling {
  std::int64_t window[2];
  std::int64_t stride[2];
  bool same;
};

using PoolingOrError = std::variant<Pooling, ErrorKind>;

// The pooling of TensorFlow's 4-entry ksize and strides: Error(shape) unless each has 4
// entries in [1, 2^31 - 1] whose batch and depth entries are 1 (TensorFlow pools over the
// batch not at all, and tfmc not over the depth).
PoolingOrError pooling(std::span<const std::int64_t> ksize, std::span<const std::int64_t> strides,
                       bool same);
// The same of MaxPoolV2's arguments, i32 vectors (Error(type) for another dtype).
PoolingOrError pooling(const Tensor& ksize, const Tensor& strides, bool same);

// Each window's largest element, starting from the dtype's lowest finite value: an element
// replaces the current one only when greater, so NaN never wins (a window of NaNs or of -inf
// gives the lowest finite value) and of equal elements (+0 and -0) the first stays.
EvalResult max_pool(const Tensor& x, const PoolingOrError& p);
// The gradient of x: each dy element goes to its window's first element unless a later one in
// row-major order is greater (so a NaN first element keeps it), and the gradients reaching one
// element are added from +0 in dy's row-major order. y is MaxPool's result, only its shape read.
EvalResult max_pool_grad(const Tensor& x, const Tensor& y, const Tensor& dy,
                         const PoolingOrError& p);
// Each window's elements added from +0 in row-major order, divided by their count.
EvalResult avg_pool(const Tensor& x, const PoolingOrError& p);
// The gradient of AvgPool for an input of `shape` (an i32 or i64 vector of 4 non-negative
// sizes): f32 as TensorFlow's oneDNN kernel, each element adding dy / count of each window
// holding it from +0, windows by rows ascending and, within a row, by blocks of 12 columns
// ascending, each block's columns descending (oneDNN's blocks, up to 32 channels); f64
// as its Eigen kernel, each window adding dy * (1 / count) to its elements from +0 in
// row-major order of windows, where a window that starts in the padding and is larger than the
// input spans the whole input (TensorFlow's GetBroadcastSize), not the forward pass's window.
EvalResult avg_pool_grad(const Tensor& shape, const Tensor& dy, const PoolingOrError& p);

}  // namespace tfmc::eval::cpu
