// The CPU backend's stateless random ops: TensorFlow's StatelessRandom* kernels, bit for bit
// (FORMAT.md, "Stateless random ops"). A tensor of random numbers is a pure function of its
// shape and of a Philox key and counter (philox.h), given as TensorFlow's V2 ops give them, or
// made from a seed as its V1 ops and StatelessRandomGetKeyCounter make them.
//
// TensorFlow's uint64 key and counter tensors are i64 tensors here, with the same bits.
// Errors: an argument of another dtype is Error(type); a shape that is not a 1-D i32/i64
// tensor of non-negative sizes, a seed not of shape [2], a key not of shape [1], a counter of
// fewer than 2 elements or not 1-D, a non-scalar algorithm or bound, or a result of more than
// kMaxRandomElements elements is Error(shape); an algorithm other than Philox (1) or
// auto-select (3), or a minval not below maxval, is Error(arithmetic) (TensorFlow's kernel
// refuses them), except for a result of no elements, which TensorFlow draws without looking at
// them or at the bounds' shapes.
#pragma once

#include <cstdint>
#include <span>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The largest random tensor: the bound on a literal's elements (2^24), so that a shape argument
// computed at run time cannot ask for gigabytes.
inline constexpr std::int64_t kMaxRandomElements = std::int64_t{1} << 24;

// StatelessRandomGetKeyCounter(seed): the key (i64[1]) and counter (i64[2]) of a seed, an i32
// or i64 tensor of shape [2]; with_alg adds the algorithm, Philox (the i32 scalar 1), as
// StatelessRandomGetKeyCounterAlg does.
EvalResult random_key_counter(const Tensor& seed, bool with_alg);

// The ops that draw numbers: the V2 forms take shape, key, counter and alg, the V1 forms shape
// and seed; the Int forms then minval and maxval.
constexpr bool is_stateless_random(BuiltinOp op) {
  switch (op) {
    case BuiltinOp::StatelessRandomUniformV2:
    case BuiltinOp::StatelessRandomNormalV2:
    case BuiltinOp::StatelessTruncatedNormalV2:
    case BuiltinOp::StatelessRandomUniformIntV2:
    case BuiltinOp::StatelessRandomUniformFullIntV2:
    case BuiltinOp::StatelessRandomUniform:
    case BuiltinOp::StatelessRandomNormal:
    case BuiltinOp::StatelessTruncatedNormal:
    case BuiltinOp::StatelessRandomUniformInt:
    case BuiltinOp::StatelessRandomUniformFullInt:
      return true;
    default:
      return false;
  }
}

// One of those ops. `dtype` is the result's: f32 or f64 for uniform, normal and truncated
// normal numbers, i32 or i64 for the FullInt forms; the Int forms take minval's.
EvalResult stateless_random(BuiltinOp op, DType dtype, std::span<const Tensor* const> args);

}  // namespace tfmc::eval::cpu
