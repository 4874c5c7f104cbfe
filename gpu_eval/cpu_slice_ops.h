// The CPU backend's slices in TensorFlow's forms (FORMAT.md, "Operations"): Slice and
// StridedSlice. The index arguments must be i32 or i64 (Error(type)); arguments that
// TensorFlow's CPU kernel refuses (InvalidArgument) give Error(shape).
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The block of `size` elements from `begin` (both 1-D, one entry per dimension of a): each
// begin in [0, dim], each size in [0, dim - begin] or -1 for the rest of the dimension.
EvalResult slice(const Tensor& a, const Tensor& begin, const Tensor& size);

// TensorFlow's StridedSlice, its arguments checked and resolved as ValidateStridedSliceOp
// (tensorflow/core/util/strided_slice_op.cc) does: begin, end and strides 1-D of one length
// below 32; the masks' bit i applies to entry i (begin_mask, end_mask: take the whole range
// from that side; ellipsis_mask, at most one bit: as many full dimensions as the others leave;
// new_axis_mask: a new dimension of size 1; shrink_axis_mask: index begin and drop the
// dimension). Negative indices count from the end; out-of-range ones are clamped, except a
// shrunk one, which must lie inside its dimension with a positive stride. A zero stride is
// Error(shape).
EvalResult strided_slice(const Tensor& a, const Tensor& begin, const Tensor& end,
                         const Tensor& strides, const StridedSliceMasks& masks);

}  // namespace tfmc::eval::cpu
