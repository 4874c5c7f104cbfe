// The CPU backend's ops that rearrange a tensor's elements without computing on them, in
// TensorFlow's forms (FORMAT.md, "Operations"): Squeeze, ExpandDims, Transpose, BroadcastTo,
// and the ops that describe a shape (ShapeN, Size, Rank). Each gives Error(type) for an index
// argument that is not i32 or i64 and Error(shape) where TensorFlow's CPU kernel refuses the
// arguments (InvalidArgument). The slicing and padding ops build on strided_copy.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The tensor of `shape` whose element at index k is element `start + sum_d k[d] * steps[d]` of
// `a` (row-major). Steps may be negative (reversed) or zero (repeated); the caller keeps every
// element it reads inside `a`.
Tensor strided_copy(const Tensor& a, const Shape& shape, std::int64_t start, const Shape& steps);

// The row-major strides of `shape`, in elements.
Shape row_major_strides(const Shape& shape);

// Without the dimensions `dims` (each in [-rank, rank), each of size 1; repeats allowed), or
// without every dimension of size 1 when `dims` is empty.
EvalResult squeeze(const Tensor& a, const std::vector<std::int64_t>& dims);
// With a new dimension of size 1 at the one value of `axis` (any shape of one element, in
// [-rank-1, rank], negative counted from the end).
EvalResult expand_dims(const Tensor& a, const Tensor& axis);
// Output dimension d is input dimension perm[d]; perm is 1-D, of a's rank, a permutation once
// each value is taken as a 32-bit integer (as TensorFlow narrows it) and a negative one has the
// rank added.
EvalResult transpose_by(const Tensor& a, const Tensor& perm);
// `a` repeated to the 1-D `shape` (no negative dimension, rank at least a's): a's dimensions
// align at the last, each equal to the target's or 1.
EvalResult broadcast_to(const Tensor& a, const Tensor& shape);
// The 1-D shape of each argument, in `out_type` (i32 or i64).
EvalResult shape_n(std::span<const Tensor* const> args, DType out_type);
// The element count as a scalar of `out_type`; a count beyond i32 in i32 is Error(shape).
EvalResult size_of(const Tensor& a, DType out_type);
// The rank as an i32 scalar.
EvalResult rank_of(const Tensor& a);

}  // namespace tfmc::eval::cpu
