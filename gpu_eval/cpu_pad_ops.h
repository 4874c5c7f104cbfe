// The CPU backend's padding ops in TensorFlow's forms (FORMAT.md, "Operations"): Pad, PadV2
// and MirrorPad. `paddings` is an i32 or i64 matrix [rank, 2] (Error(type) for another dtype)
// of non-negative (before, after) counts per dimension; anything TensorFlow's CPU kernel
// refuses, including the ranks it does not implement, is Error(shape).
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// Pad (value nullptr: zero, or false) and PadV2 (value: a scalar of a's dtype); rank at most 8.
EvalResult pad(const Tensor& a, const Tensor& paddings, const Tensor* value);
// MirrorPad: the padding mirrors a's elements at each edge, with the edge element (SYMMETRIC,
// each padding at most the dimension) or without it (REFLECT, each below the dimension); rank
// at most 5.
EvalResult mirror_pad(const Tensor& a, const Tensor& paddings, bool symmetric);

}  // namespace tfmc::eval::cpu
