// TensorFlow's Einsum on the CPU backend, reduced as TensorFlow's CPU kernel reduces it
// (FORMAT.md, "BatchMatMul and Einsum as TensorFlow round them"), so that its sums run in
// TensorFlow's order:
// - Each label is numbered in order of first appearance (the operands left to right, then
//   the output) and typed: batch (in both operands and the output), free (in one operand and
//   the output), contracted (in both operands, not the output), reduced (in one operand only).
// - Each operand's reduced dimensions are summed as Sum sums those axes, in TensorFlow's order,
//   then the operand is transposed to its labels sorted by (type, number).
// - Two operands are then multiplied by BatchMatMulV2 as [batch..., free, contracted] times
//   the transpose of [batch..., free, contracted]: the contracted labels, flattened in their
//   numbers' order, are the inner dimension.
// - The result, labelled [batch..., free of the first, free of the second] (one operand: its
//   free labels), is transposed to the output's order.
// tfmc takes one or two operands, letters for labels, an explicit output (`->`), no ellipsis
// and no label twice in one operand (TensorFlow's diagonals).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval::cpu {

struct EinsumPlan {
  std::vector<std::vector<int>> operands;  // each dimension's label number
  std::vector<int> output;
  int labels = 0;
};

// The plan of a TensorFlow equation such as "abc,cde->abde", or why tfmc cannot take it.
std::variant<EinsumPlan, std::string> plan_einsum(std::string_view equation);

// The spellings of an equation: TensorFlow's ("abc,cde->abde") and tfmc's language's, a name
// with '.' for each ',' and '-' for "->" (abc.cde-abde). Each maps the other's characters
// back; other characters pass through, for plan_einsum to judge.
std::string equation_from_name(std::string_view name);
std::string equation_name(std::string_view equation);

// Einsum of `args` by `equation` (TensorFlow's syntax). Error(type) for mixed dtypes or a
// dtype other than f32 and f64 (TensorFlow's CPU kernel has no integer form); Error(shape)
// for an equation tfmc cannot take, a number of operands or a rank the equation does not
// name, or one label with two sizes.
EvalResult einsum(std::string_view equation, std::span<const Tensor* const> args);

}  // namespace tfmc::eval::cpu
