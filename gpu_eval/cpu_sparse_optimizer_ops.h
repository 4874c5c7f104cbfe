// The CPU kernels of the sparse optimizers' steps (the Sparse*Step rows of builtin_ops.def that
// the SparseApply* TFMC_UPDATE_OP rows name): one step of TensorFlow's SparseApply* kernel
// (tensorflow/core/kernels/training_ops.cc), which updates the rows `indices` of the variable
// and of its slots, one index after the other in the order of `indices`, so that a duplicate
// index updates its row again from the values the earlier one left. TensorFlow computes a row
// of more than one element with Eigen expressions over the row, and a variable of one element
// per row with scalar C++ whose rounding differs (its "inner_dim == 1" branch); each step
// below computes what the branch computes, with the same float operations in the same order,
// so that the bits are TensorFlow's (FORMAT.md, "Operations", lists where they cannot be).
// Where a row's expression is that of the dense step, the row is computed by the dense step
// itself (cpu_optimizer_ops.h).
//
// Contract: the arguments are the variables' values, then TensorFlow's other inputs in its
// order, `indices` right after `grad`. The variables and the hyperparameters have one dtype,
// f32 or f64, and indices i32 or i64 (else Error(type)); AdagradDA's global_step is an i64
// scalar (else Error(type)). The variable has rank >= 1, each slot its shape, indices rank 1,
// grad the shape indices.shape + var.shape[1:], each hyperparameter is a scalar, and each
// index is in [0, var.shape[0]) (else Error(shape)). The kernels that refuse a variable of
// zero-element rows (all but Adadelta, Momentum, KerasMomentum, RMSProp and CenteredRMSProp)
// and the hyperparameter values TensorFlow refuses (ProximalAdagrad: lr > 0, l1 >= 0, l2 >= 0;
// Ftrl: lr > 0, l1 >= 0, l2 >= 0, l2_shrinkage >= 0, lr_power <= 0) give Error(shape) and
// Error(arithmetic). The results are the variables' new values, in order.
#pragma once

#include <span>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval::cpu {

// Whether `op` is a sparse optimizer's step.
constexpr bool is_sparse_optimizer_step(BuiltinOp op) {
  switch (op) {
    case BuiltinOp::SparseAdagradStep:
    case BuiltinOp::SparseAdagradV2Step:
    case BuiltinOp::SparseAdagradDAStep:
    case BuiltinOp::SparseAdadeltaStep:
    case BuiltinOp::SparseMomentumStep:
    case BuiltinOp::SparseKerasMomentumStep:
    case BuiltinOp::SparseRMSPropStep:
    case BuiltinOp::SparseCenteredRMSPropStep:
    case BuiltinOp::SparseFtrlStep:
    case BuiltinOp::SparseFtrlV2Step:
    case BuiltinOp::SparseProximalAdagradStep:
    case BuiltinOp::SparseProximalGradientDescentStep:
      return true;
    default:
      return false;
  }
}

// One step of sparse optimizer `op` (is_sparse_optimizer_step) with as many arguments as its
// row says.
EvalResult sparse_optimizer_step(BuiltinOp op, std::span<const Tensor* const> args,
                                 const OpAttrs& attrs);

}  // namespace tfmc::eval::cpu
