// The CPU kernels of the sparse updates of variables: the Scatter*Step rows of builtin_ops.def
// that the scatter TFMC_UPDATE_OP rows name. Each computes the variable's new value as
// TensorFlow's CPU kernel leaves it (tensorflow/core/kernels/scatter_functor.h): one row at a time
// in the order of the indices, so duplicate indices apply one after the other (Add accumulates into
// the row in index order, Update keeps the last row). TensorFlow runs them so for fewer than 1024
// indices; with more it may spread them over threads, and the order among duplicates then varies
// from run to run (FORMAT.md, "Operations").
//
// Contract: the first argument is the variable's value (rank >= 1), the rest TensorFlow's
// inputs in its order. Indices are i32 or i64 (else Error(type)), each in [0, var.shape[0])
// (else Error(shape), as TensorFlow's kernels refuse it); the other tensors have the
// variable's dtype (else Error(type)).
#pragma once

#include <optional>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

enum class ScatterOp { Add, Sub, Mul, Div, Min, Max, Update };

// The ScatterOp of a Scatter*Step op, nullopt for another op.
constexpr std::optional<ScatterOp> scatter_step(BuiltinOp op) {
  switch (op) {
    case BuiltinOp::ScatterAddStep:
      return ScatterOp::Add;
    case BuiltinOp::ScatterSubStep:
      return ScatterOp::Sub;
    case BuiltinOp::ScatterMulStep:
      return ScatterOp::Mul;
    case BuiltinOp::ScatterDivStep:
      return ScatterOp::Div;
    case BuiltinOp::ScatterMinStep:
      return ScatterOp::Min;
    case BuiltinOp::ScatterMaxStep:
      return ScatterOp::Max;
    case BuiltinOp::ScatterUpdateStep:
      return ScatterOp::Update;
    default:
      return std::nullopt;
  }
}

// The ScatterOp of a ScatterNd*Step op, nullopt for another op.
constexpr std::optional<ScatterOp> scatter_nd_step(BuiltinOp op) {
  switch (op) {
    case BuiltinOp::ScatterNdAddStep:
      return ScatterOp::Add;
    case BuiltinOp::ScatterNdSubStep:
      return ScatterOp::Sub;
    case BuiltinOp::ScatterNdMinStep:
      return ScatterOp::Min;
    case BuiltinOp::ScatterNdMaxStep:
      return ScatterOp::Max;
    case BuiltinOp::ScatterNdUpdateStep:
      return ScatterOp::Update;
    default:
      return std::nullopt;
  }
}

// TensorFlow's Scatter* and ResourceScatter*: row indices[i] of var combined with row i of
// updates, whose shape is indices.shape + var.shape[1:], or with every element of a scalar
// updates. Min and Max keep the variable's element unless the update's is smaller (larger),
// so a NaN already there stays and a NaN update is ignored. Integers wrap; Div with a zero
// (either sign) anywhere in updates is Error(arithmetic), as TensorFlow refuses it ("updates
// must not contain 0") for every dtype. With no indices the variable is unchanged, whatever
// updates' shape. Bool variables take Update only (else Error(type)).
EvalResult scatter(ScatterOp op, const Tensor& var, const Tensor& indices, const Tensor& updates);

// TensorFlow's ScatterNd* and ResourceScatterNd* (Add, Sub, Min, Max, Update): indices of
// shape [..., K], 1 <= K <= rank(var), each of its K-tuples the position of a slice
// var[i0, ..., iK-1] combined with the matching slice of updates, whose shape is
// indices.shape[:-1] + var.shape[K:] (no scalar form); the slices in index order, as
// scatter() does rows. A tuple outside var's shape is Error(shape); no tuples leave var as it
// is.
EvalResult scatter_nd(ScatterOp op, const Tensor& var, const Tensor& indices,
                      const Tensor& updates);

}  // namespace tfmc::eval::cpu
