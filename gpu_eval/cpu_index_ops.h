// The CPU backend's ops that index with a tensor of integers or produce one, in TensorFlow's
// forms (FORMAT.md, "Operations"): GatherV2, OneHot and Where. Index arguments must be i32 or
// i64 (Error(type)); what TensorFlow's CPU kernel refuses (InvalidArgument, Unimplemented) is
// Error(shape), an index outside its dimension included.
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// params[..., indices[...], ...] along the scalar `axis` (negative from the end), the first
// `batch_dims` dimensions (negative: counted back from indices' rank) shared by params and
// indices: the result's shape is params.shape[:axis] + indices.shape[batch_dims:] +
// params.shape[axis+1:]. An index outside [0, params.shape[axis]) is Error(shape) unless the
// result has no elements.
EvalResult gather_v2(const Tensor& params, const Tensor& indices, const Tensor& axis,
                     std::int64_t batch_dims);
// indices' shape with a dimension of `depth` (a scalar >= 0) inserted at `axis` (-1: last, or
// 0 to indices' rank): on_value where the index equals the position along it, else off_value
// (two scalars of one dtype), so an index outside [0, depth) gives off_value everywhere.
EvalResult one_hot(const Tensor& indices, const Tensor& depth, const Tensor& on_value,
                   const Tensor& off_value, std::int64_t axis);
// The coordinates of a's true (bool) or non-zero (numbers; NaN is non-zero, -0 is zero)
// elements in row-major order: an i64 tensor [n, rank], for rank 1 to 8.
EvalResult where(const Tensor& a);

}  // namespace tfmc::eval::cpu
