// The CPU kernels of the optimizers' steps (the Step rows of builtin_ops.def that the
// TFMC_UPDATE_OP rows name): one step of TensorFlow's Apply* kernel on the variables' values,
// computed as tensorflow/core/kernels/training_ops.cc computes it on the CPU, each element with
// the same float operations in the same order, so that the bits are TensorFlow's
// (FORMAT.md, "Operations", lists where they cannot be).
//
// Contract: the arguments are the variables' values, then TensorFlow's other inputs in its
// order. All must have one dtype, f32 or f64, but AdagradDA's global_step, an i64 (else
// Error(type)); the gradient has the first variable's shape, as does every other variable, and
// each hyperparameter is a scalar (else Error(shape)), as TensorFlow's kernels require. The results
// are the variables' new values, in order.
#pragma once

#include <span>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval::cpu {

// Whether `op` is an optimizer's step.
constexpr bool is_optimizer_step(BuiltinOp op) {
  switch (op) {
    case BuiltinOp::MomentumStep:
    case BuiltinOp::AdamStep:
    case BuiltinOp::AdamWithAmsgradStep:
    case BuiltinOp::AdaMaxStep:
    case BuiltinOp::AdagradStep:
    case BuiltinOp::AdagradV2Step:
    case BuiltinOp::AdadeltaStep:
    case BuiltinOp::RMSPropStep:
    case BuiltinOp::CenteredRMSPropStep:
    case BuiltinOp::FtrlStep:
    case BuiltinOp::FtrlV2Step:
    case BuiltinOp::ProximalGradientDescentStep:
    case BuiltinOp::ProximalAdagradStep:
    case BuiltinOp::KerasMomentumStep:
    case BuiltinOp::AdagradDAStep:
    case BuiltinOp::AddSignStep:
    case BuiltinOp::PowerSignStep:
      return true;
    default:
      return false;
  }
}

// One step of optimizer `op` (is_optimizer_step) with as many arguments as its row says.
EvalResult optimizer_step(BuiltinOp op, std::span<const Tensor* const> args, const OpAttrs& attrs);

}  // namespace tfmc::eval::cpu
