// MatMul's inner products in the orders and roundings of TensorFlow's CPU MatMul (FORMAT.md,
// "MatMul as TensorFlow rounds it"), one definition for every backend: the CPU evaluator
// calls them per output element or repeats their step in its blocked loop, a CUDA kernel
// calls them per thread, so both give the same bits.
//
// TensorFlow 2.21's f32 MatMul runs oneDNN's JIT kernels, which fuse each multiply-add, in one
// of two shapes of sum, measured with tools/tf/matmul_order.py for k up to 384:
// - Fused: the products added one by one in index order to an accumulator that starts at +0,
//   each multiply-add rounded once (a general product, and every product with transpose_a).
// - Eight lanes: a matrix times a vector (n = 1, m >= 2, no transposes) and a row vector times
//   a transposed matrix (m = 1, transpose_b only) take dot products along k in 8 lanes (lane
//   l holds the terms k = l mod 8), fused, over the largest multiple of 16 terms; then one
//   more whole group of 8 in lanes of its own; each group of lanes reduced as
//   ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7)); then the remaining terms' products in
//   a group of 4, reduced as (p0 + p1) + (p2 + p3), a pair, p0 + p1, and a last single
//   product; these partial sums added left to right to +0.
// - Packet pairs: a product with transpose_b alone and 2 to 15 rows takes each dot product
//   along k in packets of 8 terms (the last one padded with zeros), packet q fused lane by lane
//   into accumulator q mod 2 (both start at +0); the two accumulators added lane by lane, and
//   the 8 lanes reduced as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)). Measured for k up
//   to 500 with any n: the sum is never split into blocks.
// Every other dtype (TensorFlow's f64 MatMul is Eigen's, unfused) adds its products unfused,
// in index order from +0; integers wrap, so their order cannot matter.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::kernels {

enum class InnerProductOrder : std::uint8_t { Sequential, Fused, EightLanes, PacketPairs };

// The order of TensorFlow's CPU MatMul for an m x k times k x n product of `dtype` with these
// transposes.
TFMC_HOST_DEVICE inline InnerProductOrder tensorflow_inner_product_order(
    DType dtype, std::int64_t m, std::int64_t n, bool transpose_a, bool transpose_b) {
  if (dtype != DType::F32) return InnerProductOrder::Sequential;
  const bool matrix_vector = !transpose_a && !transpose_b && n == 1 && m >= 2;
  const bool vector_transposed = !transpose_a && transpose_b && m == 1;
  if (matrix_vector || vector_transposed) return InnerProductOrder::EightLanes;
  const bool few_rows_transposed = !transpose_a && transpose_b && m >= 2 && m <= 15;
  return few_rows_transposed ? InnerProductOrder::PacketPairs : InnerProductOrder::Fused;
}

// acc + a * b with one rounding, the step of a Fused sum (floats only).
template <class T>
TFMC_HOST_DEVICE T fused_add_product(T acc, T a, T b) {
  static_assert(std::is_floating_point_v<T>);
#ifdef __CUDACC__
  return fma(a, b, acc);  // CUDA's host and device overloads
#else
  return std::fma(a, b, acc);
#endif
}

// acc + a * b rounded twice (wrapping for integers), the step of a Sequential sum.
template <class T>
TFMC_HOST_DEVICE T add_product(T acc, T a, T b) {
  return add(acc, mul<T>(a, b));
}

// Eight lanes of partial sums, reduced as TensorFlow's kernel reduces them.
template <class T>
TFMC_HOST_DEVICE T reduce_eight_lanes(const T (&l)[8]) {
  return add(add(add(l[0], l[1]), add(l[4], l[5])), add(add(l[2], l[3]), add(l[6], l[7])));
}

// The inner product of x(k) = a[a_base + k * a_stride] and y(k) = b[b_base + k * b_stride],
// k = 0 .. count-1, in `order` (see the header comment); empty is +0. Integers always take
// the Sequential order, which wraps as any other order would.
template <class T, class A, class B>
TFMC_HOST_DEVICE T inner_product(InnerProductOrder order, const A& a, std::int64_t a_base,
                                 std::int64_t a_stride, const B& b, std::int64_t b_base,
                                 std::int64_t b_stride, std::int64_t count) {
  const auto x = [&](std::int64_t k) -> T { return a[a_base + k * a_stride]; };
  const auto y = [&](std::int64_t k) -> T { return b[b_base + k * b_stride]; };
  const auto product = [&](std::int64_t k) { return mul<T>(x(k), y(k)); };
  T acc{0};
  if constexpr (!std::is_floating_point_v<T>) order = InnerProductOrder::Sequential;
  if (order == InnerProductOrder::Sequential) {
    for (std::int64_t k = 0; k < count; ++k) acc = add(acc, product(k));
    return acc;
  }
  if constexpr (std::is_floating_point_v<T>) {
    const auto fused = [&](T sum, std::int64_t k) { return fused_add_product<T>(sum, x(k), y(k)); };
    if (order == InnerProductOrder::Fused) {
      for (std::int64_t k = 0; k < count; ++k) acc = fused(acc, k);
      return acc;
    }
    if (order == InnerProductOrder::PacketPairs) {
      T lanes[2][8] = {};
      for (std::int64_t k = 0; k < count; ++k) {
        T& lane = lanes[(k / 8) % 2][k % 8];
        lane = fused(lane, k);
      }
      T l[8];
      for (int i = 0; i < 8; ++i) l[i] = add(lanes[0][i], lanes[1][i]);
      return add(add(add(l[0], l[4]), add(l[2], l[6])), add(add(l[1], l[5]), add(l[3], l[7])));
    }
    // EightLanes: the partial sums added left to right to +0 as they complete.
    const auto add_part = [&](T part) { acc = add(acc, part); };
    std::int64_t k = 0;
    if (count >= 16) {
      T lanes[8] = {};
      for (; k < count / 16 * 16; ++k) lanes[k % 8] = fused(lanes[k % 8], k);
      add_part(reduce_eight_lanes(lanes));
    }
    if (count - k >= 8) {
      T lanes[8] = {};
      for (int l = 0; l < 8; ++l, ++k) lanes[l] = fused(T{0}, k);
      add_part(reduce_eight_lanes(lanes));
    }
    if (count - k >= 4) {
      add_part(add(add(product(k), product(k + 1)), add(product(k + 2), product(k + 3))));
      k += 4;
    }
    if (count - k >= 2) {
      add_part(add(product(k), product(k + 1)));
      k += 2;
    }
    if (count - k == 1) add_part(product(k));
  }
  return acc;
}

}  // namespace tfmc::eval::kernels
