// The model interface between the semantics and the explorer (in the spirit of LTSmin's PINS).
//
// A state is a fixed-length vector of 32-bit slots. A transition is one node firing. The
// explorer knows nothing else about the program: it asks for the initial state, the enabled
// transitions of a state, and the successor of firing one. Each transition declares the slots
// it may read and write.
//
// The partial-order reduction (checker/reduced_model.h) needs more of the model's structure,
// which a dataflow graph has by construction and which the reduction relies on:
//   - each transition fires at most once in a run, and a static order (a DAG) says which
//     transitions always fire before which;
//   - only a racing partner can disable an enabled transition (each fires at most once, so a
//     transition that is ready, its inputs present, stays ready until it fires; a resource
//     such as a full queue may block it, and only ops on that resource change that);
//   - two transitions that touch a common slot are either ordered by the static order or
//     listed as racing partners of each other; transitions that are neither commute.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tfmc {

using Slot = std::uint32_t;
using TransitionId = std::uint32_t;

class StateModel {
 public:
  virtual ~StateModel() = default;

  virtual std::size_t slot_count() const = 0;
  virtual std::size_t transition_count() const = 0;

  virtual void initial_state(Slot* out) const = 0;

  // Appends the transitions enabled in `state`, in increasing id order, to `out`.
  virtual void enabled(const Slot* state, std::vector<TransitionId>& out) const = 0;

  // Fires enabled transition `t`: `out` holds a copy of `state` on entry and the successor on
  // return; only slots in writes(t) change. `out` may be `state` itself.
  virtual void fire(const Slot* state, TransitionId t, Slot* out) = 0;

  virtual bool is_enabled(const Slot* state, TransitionId t) const = 0;
  // Whether t's inputs are all present; a ready transition that is not enabled is blocked by
  // a resource, and only its racing partners can unblock it.
  virtual bool is_ready(const Slot* state, TransitionId t) const = 0;
  // Sets out[t] to 1 for each transition that has fired on the way to `state` (which is
  // determined by the state), else 0; `out` is resized to transition_count().
  virtual void fired(const Slot* state, std::vector<std::uint8_t>& out) const = 0;
  // The transitions that firing `t` rules out for the rest of the run (the other alternatives
  // of a nondeterministic node): they count as fired once `t` has fired.
  virtual std::span<const TransitionId> excluded_by(TransitionId t) const = 0;
  // The transitions that may become enabled when `t` fires (those consuming what it produces).
  virtual std::span<const TransitionId> successors(TransitionId t) const = 0;
  // The transitions whose order with `t` differs between runs and which touch a slot `t`
  // touches, at least one of the two writing it; increasing order.
  virtual std::span<const TransitionId> racing(TransitionId t) const = 0;
  // For a transition with racing partners: the transitions with racing partners that fire
  // before it in every run; increasing order.
  virtual std::span<const TransitionId> racy_ancestors(TransitionId t) const = 0;

  virtual std::span<const std::uint32_t> reads(TransitionId t) const = 0;
  virtual std::span<const std::uint32_t> writes(TransitionId t) const = 0;

  // The name a witness shows for `t`.
  virtual const std::string& transition_name(TransitionId t) const = 0;

  // The transitions that never fired in a run that fired `fired` (in order) and ended in a
  // final state: empty for a complete run, the blocked ones for a stuck run.
  virtual std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const = 0;

  // The transitions of this model's own underlying run when the explorer took `steps` from the
  // initial state: `steps` itself, except for a model whose steps fire several transitions
  // (the reduction's), which lists them all.
  virtual std::vector<TransitionId> run_of(std::span<const TransitionId> steps) const {
    return {steps.begin(), steps.end()};
  }

  // The slots whose contents form an outcome (named outputs, then variables), in that order.
  virtual std::span<const std::uint32_t> outcome_slots() const = 0;
};

}  // namespace tfmc
