// Per-element bodies of TensorFlow's element-wise ops beyond the paper's set (Relu6,
// Relu6Grad, SquaredDifference, Sign, Round, Reciprocal), each as TensorFlow's CPU functor
// computes it on one element, so that the bits are TensorFlow's (FORMAT.md, "Arithmetic on
// concrete tensors"). Host and device code, like element_kernels.h, whose integer and float
// rules hold here too.
#pragma once

#include <cmath>
#include <type_traits>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::kernels {

// min(max(x, 0), 6) with std::max and std::min, whose first argument wins a tie: NaN stays
// NaN (no comparison with it holds) and -0 stays -0.
template <class T>
TFMC_HOST_DEVICE T relu6(T x) {
  const T low = x < T{0} ? T{0} : x;
  return T{6} < low ? T{6} : low;
}

// g * ((f > 0) & (f < 6)) as a number: a multiplication, so a negative g outside the
// interval (or at a NaN f) gives -0.
template <class T>
TFMC_HOST_DEVICE T relu6_grad(T g, T f) {
  return mul(g, f > T{0} && f < T{6} ? T{1} : T{0});
}

// (x - y)^2 as one difference squared, each rounded once; integers wrap.
template <class T>
TFMC_HOST_DEVICE T squared_difference(T x, T y) {
  const T d = sub(x, y);
  return mul(d, d);
}

// -1, 0 or 1 as the sign of x; every zero gives +0 and NaN stays NaN.
template <class T>
TFMC_HOST_DEVICE T sign(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return x;
  }
  return static_cast<T>((T{0} < x) - (x < T{0}));
}

// Round half to even: nearbyint in the default rounding mode rounds halves to even and keeps
// the sign of a zero result (-0.5 gives -0). TensorFlow's CPU kernel of Round on an integer
// tensor gives 0 for every element (measured on TensorFlow 2.21), and so does this.
template <class T>
TFMC_HOST_DEVICE T round_half_even(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::nearbyint(x);
  } else {
    return T{0};
  }
}

// 1 / x, correctly rounded (floats only: TensorFlow has no integer CPU kernel).
template <class T>
TFMC_HOST_DEVICE T reciprocal(T x) {
  return T{1} / x;
}

}  // namespace tfmc::eval::kernels
