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
// StridedSlice's arguments resolved against an input of shape `input`: it takes the
// elements starts[d] + k * strides[d] (k < sizes[d]) of each input dimension d, and its result
// has `shape` (sizes without the shrunk dimensions, with the new axes).
struct StridedSliceSpec {
  Shape starts;
  Shape strides;
  Shape sizes;
  Shape shape;
};
std::variant<StridedSliceSpec, ErrorKind> resolve_strided_slice(const Shape& input,
                                                                const Tensor& begin,
                                                                const Tensor& end,
                                                                const Tensor& strides,
                                                                const StridedSliceMasks& masks);

EvalResult strided_slice(const Tensor& a, const Tensor& begin, const Tensor& end,
                         const Tensor& strides, const StridedSliceMasks& masks);

}  // namespace tfmc::eval::cpu
