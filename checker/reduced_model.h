// Partial-order reduction as a TransitionSystem over a DependencyModel: the explorer runs
// unchanged over it.
//
// Levels (--reduction):
//   none      no wrapper: every interleaving is explored.
//   eager     a transition none of whose racing partners is still unfired fires at once: after
//             every step (and from the initial state) such transitions fire one at a time until
//             none is enabled, and only the states reached then are stored. Functions, Var and
//             Copy nodes have no racing partners, and neither has an access that every
//             conflicting access is ordered with, so a race-free program is explored along a
//             single run. An inert transition (a node with a DEAD input, which does not run)
//             fires at once too, and so does an alternative whose siblings are all disabled.
//   stubborn  eager, and in a state with several enabled transitions only a stubborn set of
//             them is explored: start from one enabled transition; add the unfired racing
//             partners of every member that is enabled or ready but blocked; for every other
//             member, one ready racing transition that fires before it (unless one is a member
//             already; if there is none, the member can never fire); take the smallest set
//             over all starting transitions, and explore its enabled members.
//
// Why the final states (the outcomes) are exactly those of the full exploration, given the
// conditions dependency_model.h lists (fire at most once, a static order, no disabling, every
// conflict between unordered transitions listed as a race):
//   - A transition t with no unfired racing partner commutes with everything that can fire
//     before it: its ancestors have fired, its descendants cannot fire before it, and the rest
//     touch no slot of t's. Since t stays enabled, every run from the state to a final state
//     fires t and can fire it first, with the same result. So {t} is a persistent set, and the
//     intermediate states of an eager chain, each with one successor, are not final. An inert
//     t touches no slot of a racing partner either; a sibling alternative that is disabled
//     while t is enabled stays so (the inputs that decide it stay until the node fires), and
//     firing t rules it out.
//   - A stubborn set S is persistent: a run that fires only transitions outside S fires no
//     racing partner of an enabled member (they are all in S), so it neither disables nor
//     changes the effect of one; and it cannot fire a disabled member: a blocked one waits for
//     a racing partner (all in S), a member that is not ready for an ancestor in S. Ancestors
//     have fired and descendants wait.
//   - The state graph is acyclic (a transition fires once), so no cycle proviso is needed, and
//     final states are all this checker observes (not the order of steps in between).
// A model that breaks a condition (a blocking op that disables, a transition that may fire
// twice) must declare the extra dependencies through racing(), or run with --reduction none.
// The graph model's Switches on one symbolic value share a slot without racing (the run's
// assumptions, semantics/model/assumptions.h): the first to fire decides the others' way,
// disabling their other alternative. The arguments above still hold for the alternative that
// agrees with the run at hand: every run to a final state fires each such Switch the way the
// final state assumes, that alternative is enabled from the start of the run, and recording an
// assumption commutes with recording any other, so it can fire first with the same result.
//
// A witness of the reduced exploration lists only the chosen steps; run_of() replays the eager
// firings between them, deterministically, to give the complete firing sequence.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "semantics/model/dependency_model.h"

namespace tfmc::check {

enum class Reduction : std::uint8_t { None, Eager, Stubborn };

inline constexpr TransitionId kNoTransition = 0xffffffffu;

// "none", "eager", "stubborn": the level's name, as reports print it.
const char* reduction_name(Reduction r);

class ReducedModel : public TransitionSystem {
 public:
  // `level` is Eager or Stubborn; `base` must outlive this model.
  ReducedModel(DependencyModel& base, Reduction level);
  ReducedModel(const ReducedModel&) = delete;
  ReducedModel& operator=(const ReducedModel&) = delete;

  // The states are the base model's and a step is named by its first transition, a base
  // transition: their counts, names, outcome slots and blocked transitions are the base's.
  std::size_t slot_count() const override { return base_.slot_count(); }
  std::size_t transition_count() const override { return base_.transition_count(); }
  void initial_state(Slot* out) const override;
  // A stubborn set (Stubborn) or all (Eager) of the transitions enabled in `state`.
  void enabled(const Slot* state, std::vector<TransitionId>& out) const override;
  // Final exactly when the base model has no enabled transition: no stubborn set is made.
  bool is_final(const Slot* state, std::vector<TransitionId>&) const override {
    return context_of(state).enabled_list.empty();
  }
  // Fires `t`, then every transition that has become eager, until none is enabled. Returns
  // the slots the chain's transitions write (the base model's writes() of each, each slot
  // once), which differ from state to state. Every slot would do, but made the store fold
  // every word of the key again for each successor, which dominated the time of wide states.
  std::span<const std::uint32_t> fire(const Slot* state, TransitionId t, Slot* out) override;
  // The first firing of each step is the base model's, so its evaluation can join a batch; the
  // eager firings after it evaluate as they come.
  bool batches() const override { return base_.batches(); }
  void prefetch(const Slot* state, TransitionId t) override { base_.prefetch(state, t); }
  void flush_prefetch() override { base_.flush_prefetch(); }
  std::vector<std::uint32_t> key_order() const override { return base_.key_order(); }
  const std::string& transition_name(TransitionId t) const override {
    return base_.transition_name(t);
  }
  std::span<const std::uint32_t> outcome_slots() const override { return base_.outcome_slots(); }
  std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const override {
    return base_.unfired(fired);
  }
  std::vector<TransitionId> run_of(std::span<const TransitionId> steps) const override;
  // A reduction of a fork of the base model (nullptr when the base does not fork).
  std::unique_ptr<TransitionSystem> fork() const override;

  // Asked between the eager firings of fire() and initial_state() (not of run_of(), which
  // replays a finished step).
  void set_interrupt(std::function<bool()> stop) override { interrupt_ = std::move(stop); }
  bool interrupted() const override { return interrupted_; }

  // Transitions this model has fired eagerly so far (not counted as explored transitions).
  std::uint64_t extra_firings() const override { return eager_firings_; }

 private:
  // What is known of one state: which transitions fired before it, which are enabled.
  struct Context {
    std::vector<Slot> state;
    std::vector<std::uint8_t> fired;
    std::vector<std::uint8_t> enabled;
    std::vector<TransitionId> enabled_list;
  };
  // The context of `state`, computed anew unless it is the state of the last call.
  Context& context_of(const Slot* state) const;
  bool eager(const Slot* s, TransitionId t, const std::vector<std::uint8_t>& fired) const;
  // Fires `t` in `s` (in place; kNoTransition: nothing), then eager transitions until none is
  // enabled, or, when `interruptible`, until the interrupt says stop (interrupted_ then set).
  // `fired` describes `s` and is kept up to date (a firing also marks what it excludes);
  // every firing is appended to `log`.
  void advance(Slot* s, std::vector<std::uint8_t>& fired, TransitionId t,
               std::vector<TransitionId>& log, bool interruptible) const;
  void stubborn_set(const Context& c, std::vector<TransitionId>& out) const;

  ReducedModel(std::unique_ptr<DependencyModel> base, const ReducedModel& original);

  std::unique_ptr<DependencyModel> owned_base_;  // a fork's own base model
  DependencyModel& base_;
  Reduction level_;
  // The slots written by the last fire(), each once.
  std::vector<std::uint32_t> written_;
  std::vector<std::uint8_t> is_written_;  // by slot: in written_
  mutable Context context_;
  mutable bool context_valid_ = false;
  mutable std::uint64_t eager_firings_ = 0;
  std::function<bool()> interrupt_;
  mutable bool interrupted_ = false;  // the last fire() or initial_state() was cut short
  // Scratch of advance() and stubborn_set(), kept to avoid allocations per call.
  mutable std::vector<TransitionId> work_;
  mutable std::vector<TransitionId> log_;
  mutable std::vector<TransitionId> members_;
  mutable std::vector<std::uint32_t> member_;  // stubborn_set: member_[t] == stamp_ when in S
  mutable std::uint32_t stamp_ = 0;
};

}  // namespace tfmc::check
