// Eigen's scalar forms of the element functions TensorFlow's optimizer kernels
// (training_ops.cc) apply, as the CPU kernels of the dense and sparse steps
// (cpu_optimizer_ops.h, cpu_sparse_optimizer_ops.h) compute one element: rsqrt is 1 / sqrt, each
// rounded; sign is -1, 0 or 1; cwiseMax(a, b) and std::max(a, b) are (a < b ? b : a),
// cwiseMin(a, b) and std::min(a, b) are (b < a ? b : a), so that a NaN or a signed zero picks
// the operand TensorFlow's does.
#pragma once

#include <cmath>

namespace tfmc::eval::cpu::eigen_scalar {

template <class T>
T rsqrt(T x) {
  return T(1) / std::sqrt(x);
}
template <class T>
T sign(T x) {
  return x == T(0) ? T(0) : (x < T(0) ? T(-1) : T(1));
}
template <class T>
T max_of(T a, T b) {
  return a < b ? b : a;
}
template <class T>
T min_of(T a, T b) {
  return b < a ? b : a;
}

}  // namespace tfmc::eval::cpu::eigen_scalar
