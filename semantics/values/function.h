// Tensor functions as the semantics applies them (MAPL section 3.1: f in Tensors^k ->
// Tensors^l), with the FORMAT.md section 3 rules layered over the numeric evaluator:
//   1. Identity and Copy pass any value (errors too) through unchanged; Const ignores inputs;
//      Snd (Write's function) returns its second argument.
//   2. Otherwise an error argument is returned on every output: the first one in argument
//      order (errors propagate before any term is built).
//   3. Uninterpreted functions, and built-ins with a symbolic argument, build terms
//      `Head(args)`, or `Head.j(args)` for output j of a function with several outputs.
//   4. Built-ins on concrete tensors are evaluated by an eval::Evaluator.
// Results are memoized on (function id, argument ids): no evaluation is done twice in a run.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpu_eval/evaluator.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// GradientStep (ApplyGradientDescent's f) computes Sub(x, Mul(alpha, delta)) from (x, alpha,
// delta) through its two parts, so that its terms and errors are those of Mul and Sub.
enum class FunctionKind : std::uint8_t {
  Builtin,
  Uninterpreted,
  Identity,
  Copy,
  Const,
  Snd,
  GradientStep
};

struct Function {
  FunctionKind kind = FunctionKind::Builtin;
  eval::BuiltinOp op{};  // Builtin
  eval::OpAttrs attrs;   // Builtin
  std::string head;      // term head with non-default attributes, e.g. "Cast{to=i32}"
  int outputs = 1;
  ValueId constant = kEmpty;         // Const
  std::vector<std::uint32_t> parts;  // GradientStep: the FunctionIds of Mul and Sub

  friend bool operator==(const Function&, const Function&) = default;
};

using FunctionId = std::uint32_t;

// The functions of one program, each distinct (kind, op, attributes) once.
class FunctionTable {
 public:
  FunctionId add(Function f);
  const Function& get(FunctionId id) const { return functions_[id]; }
  std::size_t size() const { return functions_.size(); }

 private:
  std::vector<Function> functions_;
};

class FunctionApplier {
 public:
  FunctionApplier(const FunctionTable& table, ValueStore& values, eval::Evaluator& evaluator);

  // Writes get(id).outputs result ids to `results`.
  void apply(FunctionId id, std::span<const ValueId> args, ValueId* results);

  std::uint64_t evaluations() const { return evaluations_; }

 private:
  void compute(const Function& f, std::span<const ValueId> args, ValueId* results);

  struct KeyHash {
    std::size_t operator()(const std::vector<std::uint32_t>& k) const;
  };

  const FunctionTable& table_;
  ValueStore& values_;
  eval::Evaluator& evaluator_;
  std::unordered_map<std::vector<std::uint32_t>, std::vector<ValueId>, KeyHash> memo_;
  std::vector<std::uint32_t> key_;  // reused lookup key, avoids an allocation per call
  std::uint64_t evaluations_ = 0;
};

}  // namespace tfmc::sem
