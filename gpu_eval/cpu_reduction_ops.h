// The CPU backend's order-free reductions in TensorFlow's forms: Max, Min, All and Any over
// the axes of a tensor argument, and ArgMax, ArgMin along one axis. Their values do not
// depend on the order of the terms except for which of two equal values is kept, whose
// choice below is TensorFlow's scalar loop's (FORMAT.md, "Operations").
#pragma once

#include <variant>

#include "gpu_eval/cpu_reductions.h"
#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// Which dimensions of `a` Max, Min, All and Any reduce over `axes` (read as below) and their
// result's shape, or the error they give for the axes: the CUDA backend's Max and Min
// (cuda_batch_plan.h) run exactly the calls this accepts.
std::variant<ReducedAxes, ErrorKind> reduced_by(const Tensor& a, const Tensor& axes,
                                                bool keep_dims);

// Max (`maximum`) or Min over the axes of `axes`, an i32 or i64 tensor of any rank
// (Error(type) otherwise) whose elements are the axes, negative from the end; a duplicate
// or out-of-range axis is Error(shape); none reduces nothing. keep_dims keeps the reduced
// dimensions with size 1. Numbers only (a bool `a` is Error(type)). NaN wins; of two equal
// values the later one in row-major order of the reduced indices is kept (so Max of -0 then
// +0 is +0); a subnormal term counts as the zero of its sign, and is that zero where it is kept
// (kernels::max_min_step); nothing to reduce (every reduced dimension of size 1) copies `a`,
// subnormals and all; an empty reduction is the identity: -inf or +inf for floats, the
// dtype's lowest or highest for integers.
EvalResult max_min(const Tensor& a, const Tensor& axes, bool keep_dims, bool maximum);

// All (`all`) or Any of a bool tensor (Error(type) otherwise) over `axes`, as for max_min;
// an empty reduction is true for All, false for Any.
EvalResult all_any(const Tensor& a, const Tensor& axes, bool keep_dims, bool all);

// ArgMax (`maximum`) or ArgMin of `a` (any dtype) along the axis of `axis`, an i32 or i64
// scalar (Error(type) otherwise, Error(shape) for a higher rank), in dtype `index` (I32 or
// I64). An axis outside the rank (a scalar has none) or of length 0 is Error(shape). As
// TensorFlow's reducer computes it: the best starts as index 0 with the dtype's lowest
// (highest) finite value and moves to each later element strictly greater (less), so ties
// keep the first, NaN never wins, and a first element that nothing beats is index 0 even where
// it is -inf (+inf) below the finite lowest.
EvalResult arg_max_min(const Tensor& a, const Tensor& axis, DType index, bool maximum);

}  // namespace tfmc::eval::cpu
