// The CPU backend's ops that TensorFlow's gradients of broadcasting, transposing, gathering,
// concatenating and slicing use, as TensorFlow's CPU kernels compute them (FORMAT.md,
// "Operations"): BroadcastGradientArgs, InvertPermutation, UnsortedSegmentSum,
// StridedSliceGrad and ConcatOffset. Their index and shape arguments must be i32 or i64
// (Error(type), before any shape error); whatever TensorFlow's kernel refuses as
// InvalidArgument is Error(shape).
#pragma once

#include <span>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The dimensions that the gradients of x and y of a broadcasting op sum over, given the 1-D
// shapes s0 and s1 (one dtype, which the results keep): aligned at their last dimension and
// extended with 1s, a dimension goes to r0 where s0's is 1 and to r1 where s1's is 1, in
// increasing order. Two equal shapes give empty results (TensorFlow's fast path), whatever
// their 1s. Shapes that do not broadcast are Error(shape).
EvalResult broadcast_gradient_args(const Tensor& s0, const Tensor& s1);

// The inverse of the 1-D permutation x: y[x[i]] = i. A value outside [0, n) or repeated is
// Error(shape).
EvalResult invert_permutation(const Tensor& x);

// TensorFlow's UnsortedSegmentSum: the output has num_segments rows (a scalar, not negative)
// of data's shape past segment_ids' (which must begin data's shape); row j is the sum of the
// data rows whose id is j, added in their order onto +0 (so a lone -0 sums to +0), as
// TensorFlow's CPU kernel does. A negative id drops its row; an id >= num_segments is
// Error(shape), unless data has no element (TensorFlow's kernel then checks nothing). Integer
// sums wrap; bool data is Error(type).
EvalResult unsorted_segment_sum(const Tensor& data, const Tensor& segment_ids,
                                const Tensor& num_segments);

// TensorFlow's StridedSliceGrad: a zero tensor of the 1-D `shape` (no negative dimension) in
// dy's dtype, with dy written where StridedSlice(x, begin, end, strides) of an x of that
// shape reads; dy must have that slice's shape.
EvalResult strided_slice_grad(const Tensor& shape, const Tensor& begin, const Tensor& end,
                              const Tensor& strides, const Tensor& dy,
                              const StridedSliceMasks& masks);

// TensorFlow's ConcatOffset(concat_dim, shapes...): for each 1-D shape (one dtype, one length,
// equal but along concat_dim, which counts from the end when negative), its offset in the
// concatenation: zero but along concat_dim, where it is the sum of the shapes before it.
EvalResult concat_offset(const Tensor& concat_dim, std::span<const Tensor* const> shapes);

}  // namespace tfmc::eval::cpu
