// A convolution's sizes and the sum of one element of each of its three results (the forward
// output, the input's gradient, the filter's gradient), one definition for every backend: the
// CPU backend (cpu_convolution.cpp) calls these sums per element and a CUDA kernel calls them
// per thread, so both add the same products in the same order with the same roundings
// (FORMAT.md, "Convolutions as TensorFlow rounds them").
//
// Contract: sizes are in NHWC order; a filter is a grouped one, [kh, kw, group_in, out_c] (a
// depthwise filter read as grouped: cpu_convolution.h); the geometry has been checked by the
// CPU backend (every window fits, every index below lies inside its tensor).
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::conv {

using Index = std::int64_t;

// One spatial dimension of the window: the output size and where output 0's window starts.
struct Axis {
  Index in = 0, kernel = 0, stride = 1, dilation = 1, pad_before = 0, out = 0;
};

// A grouped convolution's sizes in NHWC order; the filter is [kh, kw, group_in, out_c].
struct Geometry {
  Index batch = 0, in_c = 0, group_in = 0, out_c = 0;
  Axis h, w;
  // How many consecutive input channels one partial sum of forward_sum takes (conv_order.h):
  // 0, or group_in and more, for one sum; set by the CPU backend's conv2d_geometry.
  Index forward_block = 0;
  TFMC_HOST_DEVICE Index groups() const { return in_c / group_in; }
  TFMC_HOST_DEVICE Index group_out() const { return out_c / groups(); }
  cpu::Shape input_shape() const { return {batch, h.in, w.in, in_c}; }
  cpu::Shape filter_shape() const { return {h.kernel, w.kernel, group_in, out_c}; }
  cpu::Shape output_shape() const { return {batch, h.out, w.out, out_c}; }
};

// The input row (or column) of output position o's window tap k, or -1 in the padding.
TFMC_HOST_DEVICE inline Index tap(const Axis& a, Index o, Index k) {
  const Index r = o * a.stride + k * a.dilation - a.pad_before;
  return r >= 0 && r < a.in ? r : -1;
}

// The output row (or column) whose window tap k reads input row r, or -1 where none does.
TFMC_HOST_DEVICE inline Index tapped_by(const Axis& a, Index r, Index k) {
  const Index t = r + a.pad_before - k * a.dilation;
  if (t < 0 || t % a.stride != 0 || t / a.stride >= a.out) return -1;
  return t / a.stride;
}

// Which of the three results a convolution kernel computes: Conv2D's output, or the gradient
// of its input (Conv2DBackpropInput) or of its filter (Conv2DBackpropFilter).
enum class Pass : std::uint8_t { Forward, InputGrad, FilterGrad };

// A sum of products from +0 in TensorFlow's rounding: f32 fused, f64 rounded per step.
template <class T>
TFMC_HOST_DEVICE T accumulate(T acc, T a, T b) {
  if constexpr (std::is_same_v<T, float>) return kernels::fused_add_product(acc, a, b);
  return kernels::add_product(acc, a, b);
}

// out[n, y, xo, o] of input x [batch, h.in, w.in, in_c] and filter f: the sum over (kh, kw,
// the group's input channels) in index order, the padding skipped, in blocks of
// g.forward_block input channels: each block's sum from +0, the blocks' sums added in order.
template <class T, class X, class F>
TFMC_HOST_DEVICE T forward_sum(const Geometry& g, const X& x, const F& f, Index n, Index y,
                               Index xo, Index o) {
  const Index first_c = o / g.group_out() * g.group_in;
  const Index block =
      g.forward_block > 0 && g.forward_block < g.group_in ? g.forward_block : g.group_in;
  T total{0};
  for (Index from = 0; from < g.group_in; from += block) {
    const Index to = from + block < g.group_in ? from + block : g.group_in;
    T acc{0};
    for (Index kh = 0; kh < g.h.kernel; ++kh) {
      const Index r = tap(g.h, y, kh);
      for (Index kw = 0; kw < g.w.kernel && r >= 0; ++kw) {
        const Index c = tap(g.w, xo, kw);
        if (c < 0) continue;
        const Index at = ((n * g.h.in + r) * g.w.in + c) * g.in_c + first_c;
        const Index tap_at = (kh * g.w.kernel + kw) * g.group_in * g.out_c + o;
        for (Index ci = from; ci < to; ++ci) {
          acc = accumulate<T>(acc, x[at + ci], f[tap_at + ci * g.out_c]);
        }
      }
    }
    total = from == 0 ? acc : kernels::add(total, acc);
  }
  return total;
}

// dx[n, r, c, ch] of filter f and output gradient e [batch, h.out, w.out, out_c]: the sum over
// (kh, kw, the group's output channels) in index order, the taps that read no output skipped.
template <class T, class F, class E>
TFMC_HOST_DEVICE T input_grad_sum(const Geometry& g, const F& f, const E& e, Index n, Index r,
                                  Index c, Index ch) {
  const Index first_o = ch / g.group_in * g.group_out();
  const Index ci = ch % g.group_in;
  T acc{0};
  for (Index kh = 0; kh < g.h.kernel; ++kh) {
    const Index y = tapped_by(g.h, r, kh);
    for (Index kw = 0; kw < g.w.kernel && y >= 0; ++kw) {
      const Index xo = tapped_by(g.w, c, kw);
      if (xo < 0) continue;
      const Index at = ((n * g.h.out + y) * g.w.out + xo) * g.out_c + first_o;
      const Index tap_at = ((kh * g.w.kernel + kw) * g.group_in + ci) * g.out_c + first_o;
      for (Index o = 0; o < g.group_out(); ++o) acc = accumulate<T>(acc, e[at + o], f[tap_at + o]);
    }
  }
  return acc;
}

// dw[kh, kw, ci, o] of input x and output gradient e: the sum over (n, y, x) in index order;
// f32 (oneDNN's order) sums each image's (y, x) from +0 and then adds the images' sums to +0 in
// order.
template <class T, class X, class E>
TFMC_HOST_DEVICE T filter_grad_sum(const Geometry& g, const X& x, const E& e, Index kh, Index kw,
                                   Index ci, Index o) {
  constexpr bool per_image = std::is_same_v<T, float>;
  const Index ch = o / g.group_out() * g.group_in + ci;
  T acc{0};
  for (Index n = 0; n < g.batch; ++n) {
    T image{0};
    T& sum = per_image ? image : acc;
    for (Index y = 0; y < g.h.out; ++y) {
      const Index r = tap(g.h, y, kh);
      for (Index xo = 0; xo < g.w.out && r >= 0; ++xo) {
        const Index c = tap(g.w, xo, kw);
        if (c < 0) continue;
        sum = accumulate<T>(sum, x[((n * g.h.in + r) * g.w.in + c) * g.in_c + ch],
                            e[((n * g.h.out + y) * g.w.out + xo) * g.out_c + o]);
      }
    }
    if (per_image) acc = kernels::add(acc, image);
  }
  return acc;
}

}  // namespace tfmc::eval::conv
