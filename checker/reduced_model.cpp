#include "checker/reduced_model.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <queue>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

const char* reduction_name(Reduction r) {
  switch (r) {
    case Reduction::None:
      return "none";
    case Reduction::Eager:
      return "eager";
    case Reduction::Stubborn:
      return "stubborn";
  }
  return "?";
}

ReducedModel::ReducedModel(DependencyModel& base, Reduction level)
    : base_(base), level_(level), is_written_(base.slot_count(), 0) {
  TFMC_CHECK(level != Reduction::None, "ReducedModel needs a reduction level");
}

ReducedModel::ReducedModel(std::unique_ptr<DependencyModel> base, const ReducedModel& original)
    : owned_base_(std::move(base)),
      base_(*owned_base_),
      level_(original.level_),
      is_written_(original.is_written_.size(), 0) {}

std::unique_ptr<TransitionSystem> ReducedModel::fork() const {
  std::unique_ptr<DependencyModel> base = base_.fork_model();
  if (base == nullptr) return nullptr;
  return std::unique_ptr<TransitionSystem>(new ReducedModel(std::move(base), *this));
}

bool ReducedModel::eager(const Slot* s, TransitionId t,
                         const std::vector<std::uint8_t>& fired) const {
  if (base_.is_inert(s, t)) return true;
  // An alternative of t's own node that is not enabled while t is never will be: the node's
  // inputs, which decide it, stay as they are until the node fires.
  const auto siblings = base_.excluded_by(t);
  for (TransitionId p : base_.racing(t)) {
    if (fired[p] != 0) continue;
    const bool sibling = std::find(siblings.begin(), siblings.end(), p) != siblings.end();
    if (!sibling || base_.is_enabled(s, p)) return false;
  }
  return true;
}

void ReducedModel::advance(Slot* s, std::vector<std::uint8_t>& fired, TransitionId t,
                           std::vector<TransitionId>& log, bool interruptible) const {
  interrupted_ = false;
  // Candidates are enabled transitions that may have become eager: the transitions a firing
  // enables, and the racing partners of a firing (one unfired partner fewer). Transitions are
  // taken lowest id first, so that the eager order, and with it every witness, is fixed.
  std::priority_queue<TransitionId, std::vector<TransitionId>, std::greater<>> candidates;
  const auto fire = [&](TransitionId u) {
    base_.fire(s, u, s);
    fired[u] = 1;
    for (TransitionId v : base_.excluded_by(u)) fired[v] = 1;
    log.push_back(u);
    for (TransitionId v : base_.successors(u)) {
      if (fired[v] == 0 && base_.is_enabled(s, v)) candidates.push(v);
    }
    for (TransitionId v : base_.racing(u)) {
      if (fired[v] == 0 && base_.is_enabled(s, v)) candidates.push(v);
    }
  };
  if (t != kNoTransition) {
    fire(t);
  } else {
    work_.clear();
    base_.enabled(s, work_);
    for (TransitionId u : work_) candidates.push(u);
  }
  while (!candidates.empty()) {
    const TransitionId u = candidates.top();
    candidates.pop();
    if (fired[u] != 0 || !base_.is_enabled(s, u) || !eager(s, u, fired)) continue;
    // Asked before each firing, not each candidate: most candidates do not fire.
    if (interruptible && interrupt_ && interrupt_()) {
      interrupted_ = true;
      return;
    }
    fire(u);
  }
}

void ReducedModel::initial_state(Slot* out) const {
  base_.initial_state(out);
  std::vector<std::uint8_t> fired;
  base_.fired(out, fired);
  log_.clear();
  advance(out, fired, kNoTransition, log_, true);
  eager_firings_ += log_.size();
}

ReducedModel::Context& ReducedModel::context_of(const Slot* state) const {
  const std::size_t n = base_.slot_count();
  if (context_valid_ && std::equal(state, state + n, context_.state.begin())) return context_;
  context_.state.assign(state, state + n);
  base_.fired(state, context_.fired);
  context_.enabled_list.clear();
  base_.enabled(state, context_.enabled_list);
  context_.enabled.assign(base_.transition_count(), 0);
  for (TransitionId t : context_.enabled_list) context_.enabled[t] = 1;
  context_valid_ = true;
  return context_;
}

void ReducedModel::enabled(const Slot* state, std::vector<TransitionId>& out) const {
  const Context& c = context_of(state);
  if (level_ == Reduction::Stubborn && c.enabled_list.size() > 1) {
    stubborn_set(c, out);
  } else {
    out.insert(out.end(), c.enabled_list.begin(), c.enabled_list.end());
  }
}

std::span<const std::uint32_t> ReducedModel::fire(const Slot* state, TransitionId t, Slot* out) {
  // `fired` of the context is updated in place and restored afterwards, rather than copied
  // for every successor.
  Context& c = context_of(state);
  log_.clear();
  advance(out, c.fired, t, log_, true);
  for (TransitionId u : log_) {
    c.fired[u] = 0;
    for (TransitionId v : base_.excluded_by(u)) c.fired[v] = 0;
  }
  eager_firings_ += log_.size() - 1;
  for (const std::uint32_t slot : written_) is_written_[slot] = 0;
  written_.clear();
  for (TransitionId u : log_) {
    for (const std::uint32_t slot : base_.writes(u)) {
      if (is_written_[slot] == 0) {
        is_written_[slot] = 1;
        written_.push_back(slot);
      }
    }
  }
  return written_;
}

std::vector<TransitionId> ReducedModel::run_of(std::span<const TransitionId> steps) const {
  std::vector<Slot> s(base_.slot_count());
  base_.initial_state(s.data());
  std::vector<std::uint8_t> fired;
  base_.fired(s.data(), fired);
  std::vector<TransitionId> run;
  advance(s.data(), fired, kNoTransition, run, false);
  for (TransitionId t : steps) advance(s.data(), fired, t, run, false);
  return run;
}

void ReducedModel::stubborn_set(const Context& c, std::vector<TransitionId>& out) const {
  member_.resize(base_.transition_count(), 0);
  std::vector<TransitionId> best;
  for (TransitionId start : c.enabled_list) {
    // Alternatives of one node give the same set (each pulls in the others): try the first.
    const auto siblings = base_.excluded_by(start);
    if (std::any_of(siblings.begin(), siblings.end(), [&](TransitionId v) { return v < start; })) {
      continue;
    }
    ++stamp_;
    members_.clear();  // the enabled members
    work_.assign(1, start);
    member_[start] = stamp_;
    const auto add = [&](TransitionId u) {
      member_[u] = stamp_;
      work_.push_back(u);
    };
    const auto worse = [&] { return !best.empty() && members_.size() >= best.size(); };
    while (!work_.empty() && !worse()) {
      const TransitionId b = work_.back();
      work_.pop_back();
      const bool enabled = c.enabled[b] != 0;
      if (enabled) members_.push_back(b);
      if (enabled || base_.is_ready(c.state.data(), b)) {
        for (TransitionId u : base_.racing(b)) {
          if (c.fired[u] == 0 && member_[u] != stamp_) add(u);
        }
        continue;
      }
      // b waits for its inputs: some member must fire before it. Every ready transition
      // upstream of it races (a stored state has no eager transition left), so its racing
      // ancestors hold them all; with none ready, b waits for a node that never fires.
      const auto ancestors = base_.racy_ancestors(b);
      const bool covered = std::any_of(ancestors.begin(), ancestors.end(), [&](TransitionId u) {
        return member_[u] == stamp_ && c.fired[u] == 0;
      });
      if (covered) continue;
      const auto first_ready = std::find_if(
          ancestors.begin(), ancestors.end(),
          [&](TransitionId u) { return c.fired[u] == 0 && base_.is_ready(c.state.data(), u); });
      if (first_ready != ancestors.end()) add(*first_ready);
    }
    if (work_.empty() && !worse()) best = members_;
    if (best.size() == 1) break;
  }
  std::sort(best.begin(), best.end());
  out.insert(out.end(), best.begin(), best.end());
}

}  // namespace tfmc::check
