// One lane of Eigen's generic_pow, the packet algorithm of TensorFlow 2.21's CPU Pow kernel
// (AVX: 8 floats or 4 doubles a packet, no FMA), operation for operation, so that an element
// that TensorFlow computes in a whole packet gets TensorFlow's bits: log2 |x| in double-word
// arithmetic (Eigen's accurate_log2), times y, split into an integer n and a fraction r, 2^r
// by generic_exp2 (pexp of r ln 2 and a correction), scaled by 2^n; then C's special cases
// (zeros, infinities, NaN, negative bases, y = 0 or 1, x = 1) chosen as Eigen chooses them.
// Called under the CPU evaluator's flush-to-zero/denormals-are-zero mode (flush_denormals.h),
// as TensorFlow's kernels run.
#pragma once

namespace tfmc::eval::eigen {

float pow_packet(float x, float y);
double pow_packet(double x, double y);

}  // namespace tfmc::eval::eigen
