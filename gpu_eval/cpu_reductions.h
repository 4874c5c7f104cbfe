// The CPU backend's reductions: Sum, Prod and Mean over axes, and BiasAddGrad, with TensorFlow's
// CPU kernels' order of operations (FORMAT.md, "Arithmetic on concrete tensors"), so that float
// results carry TensorFlow's bits, not those of an index-order loop.
//
// TensorFlow first merges adjacent dimensions that are both reduced or both kept (size-1
// dimensions join either), then reduces with Eigen, which splits each run of reduced terms
// into 8 f32 (4 f64) lanes, four packets at a time, and adds the lanes pairwise at the end;
// columns are reduced lane-wise in four interleaved accumulators. reduction_order.h holds
// that order; these functions apply it to tensors.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

enum class Reduction { Sum, Prod, Mean };

// `reduction` over `axes` (negative counted from the end; a duplicate or out-of-range axis is
// Error(shape)); all of them when nullopt. Bool is Error(type). keep_dims keeps the reduced
// dimensions with size 1. An empty reduction gives 0 (Sum), 1 (Prod), NaN (float Mean) or 0
// (integer Mean); a Mean divides the Sum by the number of terms, integers summed in i64 and
// divided truncating toward zero.
EvalResult reduce_axes(const Tensor& a, const std::optional<std::vector<std::int64_t>>& axes,
                       bool keep_dims, Reduction reduction);

// The axes of Sum(x) {axis} or Sum(x, axes) (Mean's and Prod's forms are the same): the axis
// attribute, or the values of the second argument (a scalar or vector of integers, else its
// error); nullopt for every axis.
std::variant<std::optional<std::vector<std::int64_t>>, ErrorKind> reduction_axes(
    std::span<const Tensor* const> args, const OpAttrs& attrs);

// Which dimensions of `shape` a reduction over `axes` (as reduce_axes reads them) reduces, and
// its result's shape; nullopt where reduce_axes gives Error(shape).
struct ReducedAxes {
  std::vector<bool> reduced;
  Shape shape;
};
std::optional<ReducedAxes> reduced_axes(const Shape& shape,
                                        const std::optional<std::vector<std::int64_t>>& axes,
                                        bool keep_dims);

// TensorFlow's BiasAddGrad: the sum over every dimension but the channel one, the last (NHWC)
// or, with `channels_first` (NCHW) and rank 3 or more, dimension 1; a rank below 2 is
// Error(shape), bool Error(type). In TensorFlow's order with one intra-op thread: NHWC sums
// each channel's terms one by one from +0; NCHW sums each image's block of the channel (the
// dimensions after it) as one run (reduction_order.h) and adds the blocks one by one from +0.
// Where only one term or block per channel exists the values pass through unchanged.
EvalResult bias_add_grad(const Tensor& x, bool channels_first);

}  // namespace tfmc::eval::cpu
