// The CPU backend's ops in TensorFlow's forms (cpu_evaluator.h states their error rules):
// those that take an axis, a shape or multiples as a tensor argument, MatMul's transposes,
// and the ops TensorFlow graphs need beyond the paper's set (Fill, Tile, Pack, Shape, Select,
// AddN, Range). Reductions over axes are in cpu_reductions.h.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The integers of an i32 or i64 tensor of rank at most `max_rank`: Error(type) for another
// dtype, Error(shape) for a higher rank.
std::variant<std::vector<std::int64_t>, ErrorKind> integers(const Tensor& t, std::size_t max_rank);

// `a` with its dimensions permuted: output dimension d is input dimension perm[d].
Tensor transpose(const Tensor& a, const std::vector<std::size_t>& perm);

// MatMul with either operand transposed first (rank 2 only), its inner products in
// TensorFlow's order for that shape and those transposes (inner_products.h).
EvalResult matmul_transposed(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b);

// AddN: one dtype and one shape for all, added in the order of TensorFlow's CPU kernel: left
// to right up to 9 terms; past that in groups of 8 (FORMAT.md, "Operations", AddN).
EvalResult add_n(std::span<const Tensor* const> args);

EvalResult fill(const Tensor& dims, const Tensor& value);
EvalResult tile(const Tensor& a, const Tensor& multiples);
// Stacks equal-shaped tensors along a new dimension `axis` (in [-rank-1, rank]).
EvalResult pack(std::span<const Tensor* const> args, std::int64_t axis);
// The 1-D shape of `a` in dtype `out_type` (i32 or i64).
EvalResult shape_of(const Tensor& a, DType out_type);
// TensorFlow's Select: `cond` bool, of t's shape, a scalar, or a vector as long as t's first
// dimension (choosing whole rows); t and e of one dtype and shape.
EvalResult select(const Tensor& cond, const Tensor& t, const Tensor& e);
// TensorFlow's Range: the 1-D tensor start, start + delta, ... up to limit (excluded), of the
// scalars' one numeric dtype, element i computed as start + i * delta. A zero delta, a start
// past the limit in delta's direction or a NaN is Error(arithmetic); a length whose bytes
// would not fit int64 is Error(shape).
EvalResult range(const Tensor& start, const Tensor& limit, const Tensor& delta);

}  // namespace tfmc::eval::cpu
