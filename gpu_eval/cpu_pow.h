// TensorFlow's Pow on the CPU, one element at a time, and which elements of a result
// TensorFlow 2.21's float kernels compute in whole SIMD packets, measured with
// tools/tf/make_pow_cases.py. Its Eigen kernel evaluates a float element either in a packet
// (8 f32 or 4 f64), by Eigen's generic_pow (eigen_pow.h), or in scalar code, by std::pow
// (glibc's powf and pow); the two round differently, so an element's bits depend on where it
// falls:
//   - equal shapes, a scalar (rank 0) operand, and shapes that collapse (as TensorFlow's
//     BCast merges dimensions) to one dimension: the result is one run of elements;
//   - other broadcasts: Eigen's tiled executor cuts the collapsed result into blocks of at
//     most T elements, skewed to the inner dimensions, where T follows from Eigen's cost
//     model (f32: 11,851 for two broadcast operands, as every two-dimension case has, 20,000
//     for one; f64: 5,925 and 10,000); each block's rows, merged where they are contiguous,
//     are runs;
// and in every run, the elements before the last multiple of the packet size are in packets,
// the rest not. Integers (i32, i64) have no packet form: they multiply by repeated squaring,
// wrapping in two's complement; a negative exponent is TensorFlow's "Integers to negative
// integer powers are not allowed", reported through `negative_exponent`.
#pragma once

#include <cstdint>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// For each element of the broadcast of shapes x and y (row-major), whether TensorFlow's Pow
// of `dtype` computes it in a whole packet. Empty when the shapes do not broadcast.
std::vector<bool> pow_packet_elements(const Shape& x, const Shape& y, DType dtype);

// x^y as TensorFlow computes one element; `in_packet` matters to floats only.
float pow_element(float x, float y, bool in_packet, bool& negative_exponent);
double pow_element(double x, double y, bool in_packet, bool& negative_exponent);
std::int32_t pow_element(std::int32_t x, std::int32_t y, bool in_packet, bool& negative_exponent);
std::int64_t pow_element(std::int64_t x, std::int64_t y, bool in_packet, bool& negative_exponent);

}  // namespace tfmc::eval::cpu
