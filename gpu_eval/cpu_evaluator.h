// The CPU reference backend of the Evaluator interface (gpu_eval/evaluator.h).
//
// Evaluates every BuiltinOp on concrete tensors, one element at a time, through the shared
// per-element bodies of gpu_eval/element_kernels.h; its results are the bits every other
// backend must reproduce. Checks run in a fixed order: Error(type) (operand dtypes differ, or
// a bool operand where numbers are needed), then Error(shape), then Error(arithmetic) (an
// integer division by zero, or a float to integer Cast of NaN, an infinity or an out-of-range
// value, anywhere in the computed result). A result shape whose non-zero dimensions multiply
// past int64 (only reachable through zero-element tensors with huge dimensions) is
// Error(shape) too, so every tensor's dimension products stay representable.
//
// Preconditions (established by the semantics layer): `args` holds non-null tensors
// satisfying the Tensor contract, as many as the op's row of builtin_ops.def allows, and
// `attrs.num >= 1`. A violated arity throws std::invalid_argument.
#pragma once

#include <span>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval {

class CpuEvaluator : public Evaluator {
 public:
  EvalResult evaluate(BuiltinOp op, const OpAttrs& attrs,
                      std::span<const Tensor* const> args) override;
};

}  // namespace tfmc::eval
