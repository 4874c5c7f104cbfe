// Tensor functions as the semantics applies them (MAPL section 3.1: f in Tensors^k ->
// Tensors^l), with the rules of FORMAT.md, "How functions and assignments compute", layered over
// the numeric evaluator:
//   1. Identity and Copy pass any value (errors too) through unchanged; Const ignores inputs;
//      Snd (Write's function) returns its second argument.
//   2. Otherwise an error argument is returned on every output: the first one in argument
//      order (errors propagate before any term is built).
//   3. Uninterpreted functions, and built-ins with a symbolic argument, build terms
//      `Head(args)`, or `Head.j(args)` for output j of a function with several outputs.
//   4. Built-ins on concrete tensors are evaluated by an eval::Evaluator; AddN and ZerosLike
//      with a TensorList argument compute on lists (tensor_list.h), adding elements by it.
// Results are memoized on (function id, argument ids): no evaluation is done twice in a run.
// Copies of an applier (one per exploring thread: fork) share one memo, locked by shards, and
// may apply at the same time; each keeps its own batch and scratch. The evaluator must then
// take calls from several threads at once (evaluator.h).
// For an evaluator that prefers batches (a device), the calls a group of firings will make can
// be announced first (prefetch) and evaluated as one batch (flush); apply then takes the
// batch's results instead of evaluating, and interns them as it always does, so value ids and
// everything else are the same as without the batch.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
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
// TensorList is an op on TensorLists (tensor_list.h), named by its head.
enum class FunctionKind : std::uint8_t {
  Builtin,
  Uninterpreted,
  Identity,
  Copy,
  Const,
  Snd,
  GradientStep,
  TensorList
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

// A function of `kind` that needs no op, attributes or parts (Copy, Snd, an uninterpreted
// function without attributes ...): its term head and its number of outputs.
Function plain_function(FunctionKind kind, std::string head, int outputs = 1);

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

  // Distinct calls evaluated by the evaluator, by this applier and every copy of it.
  std::uint64_t evaluations() const { return memo_->evaluations.load(); }

 private:
  // Computes f(args) into `results`; true when the evaluator was asked (a built-in on
  // concrete arguments).
  bool compute(const Function& f, std::span<const ValueId> args, ValueId* results);

  struct KeyHash {
    std::size_t operator()(const std::vector<std::uint32_t>& k) const;
  };
  using Memo = std::unordered_map<std::vector<std::uint32_t>, std::vector<ValueId>, KeyHash>;
  // The memo that copies share, in shards each under its own lock: a call looks in one shard,
  // so threads applying different calls rarely wait for each other.
  struct SharedMemo {
    static constexpr std::size_t kShards = 64;
    struct Shard {
      std::mutex lock;
      Memo map;
    };
    std::array<Shard, kShards> shards;
    std::atomic<std::uint64_t> evaluations{0};
    Shard& shard_of(std::size_t hash) { return shards[hash >> 58]; }
  };
  // Whether the memo holds key_; copies its results to `results` when it does.
  bool recall(std::size_t hash, ValueId* results);
  // Keeps key_ and its results among the recent calls.
  void remember(std::size_t hash, const ValueId* results, int outputs);

  const FunctionTable& table_;
  ValueStore& values_;
  eval::Evaluator& evaluator_;
  std::shared_ptr<SharedMemo> memo_;
  // The calls this applier made recently, by hash (the last one of each hash kept): most
  // calls repeat a few, and these answer them without a lock that other threads take too.
  struct Recent {
    std::size_t hash = 0;
    std::vector<std::uint32_t> key;  // empty: none
    std::vector<ValueId> results;
  };
  static constexpr std::size_t kRecent = 1024;
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
  // Prefetched calls: their keys, in order and as a set, until flush; then their results
  // until applied.
  std::vector<std::vector<std::uint32_t>> pending_;
  std::unordered_set<std::vector<std::uint32_t>, KeyHash> pending_keys_;
  std::unordered_map<std::vector<std::uint32_t>, eval::EvalResult, KeyHash> flushed_;
  std::uint64_t batches_run_ = 0;
  std::vector<std::uint32_t> key_;  // reused lookup key, avoids an allocation per call
};

}  // namespace tfmc::sem
