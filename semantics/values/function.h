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
// For an evaluator that prefers batches (a device), the calls a group of firings will make can
// be announced first (prefetch) and evaluated as one batch (flush); apply then takes the
// batch's results instead of evaluating, and interns them as it always does, so value ids and
// everything else are the same as without the batch.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
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

  // Whether prefetch pays: the evaluator prefers batches.
  bool batches() const { return evaluator_.prefers_batches(); }
  // Notes that apply(id, args) is coming: a built-in evaluation on concrete, error-free
  // arguments that neither the memo nor an earlier prefetch holds joins the next batch.
  void prefetch(FunctionId id, std::span<const ValueId> args);
  // Evaluates the noted calls as one batch.
  void flush();
  std::uint64_t batches_run() const { return batches_run_; }

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
  // Prefetched calls: their keys, in order and as a set, until flush; then their results
  // until applied.
  std::vector<std::vector<std::uint32_t>> pending_;
  std::unordered_set<std::vector<std::uint32_t>, KeyHash> pending_keys_;
  std::unordered_map<std::vector<std::uint32_t>, eval::EvalResult, KeyHash> flushed_;
  std::uint64_t batches_run_ = 0;
  std::vector<std::uint32_t> key_;  // reused lookup key, avoids an allocation per call
  std::uint64_t evaluations_ = 0;
};

}  // namespace tfmc::sem
