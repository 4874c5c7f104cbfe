#include "semantics/values/function.h"

// Inline XXH3 so the hot hashing calls are not out-of-line calls into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>

#include "semantics/errors/invariant.h"
#include "semantics/values/tensor_list.h"

namespace tfmc::sem {

Function plain_function(FunctionKind kind, std::string head, int outputs) {
  Function f;
  f.kind = kind;
  f.head = std::move(head);
  f.outputs = outputs;
  return f;
}

FunctionId FunctionTable::add(Function f) {
  for (std::size_t i = 0; i < functions_.size(); ++i) {
    if (functions_[i] == f) return static_cast<FunctionId>(i);
  }
  functions_.push_back(std::move(f));
  return static_cast<FunctionId>(functions_.size() - 1);
}

std::size_t FunctionApplier::KeyHash::operator()(const std::vector<std::uint32_t>& k) const {
  return XXH3_64bits(k.data(), k.size() * sizeof(std::uint32_t));
}

FunctionApplier::FunctionApplier(const FunctionTable& table, ValueStore& values,
                                 eval::Evaluator& evaluator)
    : table_(table),
      values_(values),
      evaluator_(evaluator),
      memo_(std::make_shared<SharedMemo>()) {}

bool FunctionApplier::recall(std::size_t hash, ValueId* results) {
  const Recent& recent = recent_[hash % kRecent];
  if (recent.hash == hash && recent.key == key_) {
    std::copy(recent.results.begin(), recent.results.end(), results);
    return true;
  }
  {
    SharedMemo::Shard& shard = memo_->shard_of(hash);
    const std::lock_guard<std::mutex> hold(shard.lock);
    const auto it = shard.map.find(key_);
    if (it == shard.map.end()) return false;
    std::copy(it->second.begin(), it->second.end(), results);
  }
  remember(hash, results, table_.get(key_[0]).outputs);
  return true;
}

void FunctionApplier::remember(std::size_t hash, const ValueId* results, int outputs) {
  Recent& recent = recent_[hash % kRecent];
  recent.hash = hash;
  recent.key = key_;
  recent.results.assign(results, results + outputs);
}

void FunctionApplier::apply(FunctionId id, std::span<const ValueId> args, ValueId* results) {
  const Function& f = table_.get(id);
  if (f.kind != FunctionKind::Builtin && f.kind != FunctionKind::Uninterpreted &&
      f.kind != FunctionKind::TensorList) {
    compute(f, args, results);  // pass-through kinds cost less than a memo lookup
    return;
  }
  key_.assign(1, id);
  key_.insert(key_.end(), args.begin(), args.end());
  const std::size_t hash = KeyHash()(key_);
  if (recall(hash, results)) return;
  // Computed without the lock: another thread may compute the same call meanwhile, and both
  // get the same ids (values are interned by content); the first to store it counts it.
  const bool evaluated = compute(f, args, results);
  {
    SharedMemo::Shard& shard = memo_->shard_of(hash);
    const std::lock_guard<std::mutex> hold(shard.lock);
    const bool stored =
        shard.map.emplace(key_, std::vector<ValueId>(results, results + f.outputs)).second;
    if (stored && evaluated) memo_->evaluations.fetch_add(1, std::memory_order_relaxed);
  }
  remember(hash, results, f.outputs);
}

void FunctionApplier::prefetch(FunctionId id, std::span<const ValueId> args) {
  const Function& f = table_.get(id);
  if (f.kind != FunctionKind::Builtin) return;
  for (ValueId a : args) {
    if (!values_.is_concrete(a)) return;  // symbols, terms, errors and sentinels: no evaluation
  }
  key_.assign(1, id);
  key_.insert(key_.end(), args.begin(), args.end());
  std::vector<ValueId> ignored(f.outputs);
  if (recall(KeyHash()(key_), ignored.data()) || flushed_.count(key_) > 0 ||
      !pending_keys_.insert(key_).second) {
    return;
  }
  pending_.push_back(key_);
}

void FunctionApplier::flush() {
  if (pending_.empty()) return;
  std::vector<eval::EvalRequest> requests;
  requests.reserve(pending_.size());
  for (const std::vector<std::uint32_t>& key : pending_) {
    const Function& f = table_.get(key[0]);
    eval::EvalRequest r{f.op, f.attrs, {}};
    for (std::size_t k = 1; k < key.size(); ++k) r.args.push_back(&values_.get(key[k]).tensor);
    requests.push_back(std::move(r));
  }
  std::vector<eval::EvalResult> results = evaluator_.evaluate_batch(requests);
  TFMC_CHECK(results.size() == pending_.size(), "evaluator batch size");
  // Results of an earlier batch that no firing took (none, when every prefetched call is
  // fired, as the explorer does) are dropped rather than kept for the whole run.
  flushed_.clear();
  for (std::size_t k = 0; k < pending_.size(); ++k) {
    flushed_.emplace(std::move(pending_[k]), std::move(results[k]));
  }
  pending_.clear();
  pending_keys_.clear();
  ++batches_run_;
}

bool FunctionApplier::compute(const Function& f, std::span<const ValueId> args, ValueId* results) {
  switch (f.kind) {
    case FunctionKind::Const:
      results[0] = f.constant;
      return false;
    case FunctionKind::Identity:
    case FunctionKind::Copy:
      // Output j passes argument j (IdentityN), or the one argument (Identity, Copy).
      for (int j = 0; j < f.outputs; ++j) {
        results[j] = args[std::min(static_cast<std::size_t>(j), args.size() - 1)];
      }
      return false;
    case FunctionKind::Snd:
      results[0] = args[1];
      return false;
    case FunctionKind::GradientStep: {
      ValueId product = kEmpty;
      apply(f.parts[0], args.subspan(1, 2), &product);
      const ValueId difference_args[2] = {args[0], product};
      apply(f.parts[1], difference_args, results);
      return false;
    }
    case FunctionKind::Builtin:
    case FunctionKind::Uninterpreted:
    case FunctionKind::TensorList:
      break;
  }
  for (ValueId a : args) {
    if (values_.is_error(a)) {
      std::fill(results, results + f.outputs, a);
      return false;
    }
  }
  // AddN and ZerosLike of a list compute on lists, as TensorFlow's variant ops do.
  const bool list_arithmetic =
      f.kind == FunctionKind::Builtin && computes_on_lists(f.op) &&
      std::any_of(args.begin(), args.end(), [&](ValueId a) { return is_tensor_list(values_, a); });
  bool symbolic = f.kind == FunctionKind::Uninterpreted;
  for (ValueId a : args) {
    // A TensorList op computes on lists (Sequences) as on tensors.
    const bool list = (f.kind == FunctionKind::TensorList || list_arithmetic) &&
                      values_.get(a).kind == ValueKind::Sequence;
    symbolic = symbolic || !(values_.is_concrete(a) || list);
  }
  if (symbolic) {
    const std::vector<ValueId> term_args(args.begin(), args.end());
    for (int j = 0; j < f.outputs; ++j) {
      results[j] = values_.term(f.head, f.outputs > 1 ? j : -1, term_args);
    }
    return false;
  }
  if (f.kind == FunctionKind::TensorList) {
    apply_tensor_list_op(std::string_view(f.head).substr(0, f.head.find('{')), f.attrs, args,
                         values_, results);
    return false;
  }
  if (list_arithmetic) {
    apply_list_arithmetic(f.op, args, values_, evaluator_, results);
    return true;
  }
  eval::EvalResult r = eval::ErrorKind::Shape;
  if (const auto it = flushed_.find(key_); it != flushed_.end()) {  // the batch computed it
    r = std::move(it->second);
    flushed_.erase(it);
  } else {
    std::vector<const eval::Tensor*> tensors;
    tensors.reserve(args.size());
    for (ValueId a : args) tensors.push_back(&values_.get(a).tensor);
    r = evaluator_.evaluate(f.op, f.attrs, tensors);
  }
  if (const auto* e = std::get_if<eval::ErrorKind>(&r)) {
    std::fill(results, results + f.outputs, values_.error(*e));
    return true;
  }
  auto& outs = std::get<std::vector<eval::Tensor>>(r);
  TFMC_CHECK(static_cast<int>(outs.size()) == f.outputs, "evaluator output count");
  for (int j = 0; j < f.outputs; ++j) results[j] = values_.tensor(std::move(outs[j]));
  return true;
}

}  // namespace tfmc::sem
