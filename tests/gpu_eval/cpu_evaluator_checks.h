// Helpers of the CPU evaluator tests (cpu_evaluator_test.cpp, cpu_evaluator_shape_test.cpp):
// an op evaluated on literal arguments, its results printed canonically, and op attributes.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/values/tensor_text.h"
#include "support/literals.h"

namespace cpu_evaluator_checks {

using tfmc::eval::BuiltinOp;
using tfmc::eval::CpuEvaluator;
using tfmc::eval::DType;
using tfmc::eval::ErrorKind;
using tfmc::eval::EvalResult;
using tfmc::eval::OpAttrs;
using tfmc::eval::Tensor;

using tfmc::test::literal;

// Evaluates `op` on literal arguments; the results are printed canonically and joined with
// " | ", an error as `Error(kind)`.
inline std::string run(BuiltinOp op, const std::vector<std::string_view>& args,
                       const OpAttrs& attrs = {}) {
  std::vector<Tensor> tensors;
  for (std::string_view a : args) tensors.push_back(literal(a));
  std::vector<const Tensor*> pointers;
  for (const Tensor& t : tensors) pointers.push_back(&t);
  CpuEvaluator evaluator;
  const EvalResult result = evaluator.evaluate(op, attrs, pointers);
  if (const ErrorKind* e = std::get_if<ErrorKind>(&result)) {
    return "Error(" + std::string(tfmc::eval::error_kind_name(*e)) + ")";
  }
  std::string out;
  for (const Tensor& t : std::get<std::vector<Tensor>>(result)) {
    if (!out.empty()) out += " | ";
    out += tfmc::sem::format_tensor(t);
  }
  return out;
}

inline OpAttrs axis(std::int64_t a) {
  OpAttrs attrs;
  attrs.axis = a;
  return attrs;
}

inline OpAttrs split(std::int64_t num, std::optional<std::int64_t> a = std::nullopt) {
  OpAttrs attrs;
  attrs.num = num;
  attrs.axis = a;
  return attrs;
}

inline OpAttrs cast_to(DType t) {
  OpAttrs attrs;
  attrs.to = t;
  return attrs;
}

inline OpAttrs reshape_to(std::vector<std::int64_t> shape) {
  OpAttrs attrs;
  attrs.shape = std::move(shape);
  return attrs;
}

}  // namespace cpu_evaluator_checks
