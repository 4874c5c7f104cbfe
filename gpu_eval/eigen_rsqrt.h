// 1 / sqrt(x) as TensorFlow 2.21's Eigen computes the f32 elements of whole 8-float packets
// (AVX, EIGEN_FAST_MATH): the processor's approximate reciprocal square root (vrsqrtps, about
// 12 bits), refined by one Newton-Raphson step (generic_rsqrt_newton_step), whose
// multiply-adds TensorFlow's build rounds twice (no FMA). The approximation is the
// processor's own: it differs between processor makers (Intel's and AMD's tables are not the
// same), and so does TensorFlow's result, by up to 1 ulp. tfmc asks its own processor, so on
// the processor TensorFlow runs on it gives TensorFlow's bits.
#pragma once

namespace tfmc::eval::eigen {

// The processor's approximation of 1 / sqrt(x) (x86-64: rsqrtss, the scalar form of the
// vrsqrtps that Eigen calls; elsewhere, where TensorFlow's Eigen has another packet path,
// 1 / sqrt(x) rounded twice). Call it under the evaluator's flush-to-zero/denormals-are-zero
// mode, as TensorFlow's kernels run.
float rsqrt_approximation(float x);

// One step of Eigen's generic_rsqrt_newton_step from the approximation y of 1 / sqrt(x):
//   h = (x * y) * y - 1,  y' = (y * -0.5) * h + y,  each operation rounded;
// y itself where y' is NaN (x is 0, inf, negative or NaN: y is then inf, 0 or NaN).
float rsqrt_newton_step(float x, float y);

// rsqrt_newton_step(x, rsqrt_approximation(x)): an element of a whole packet.
float rsqrt_packet(float x);

}  // namespace tfmc::eval::eigen
