// The structure of a transition system that the partial-order reduction
// (checker/reduced_model.h) and the race analysis (checker/commutation.h) need beside its
// next-state interface, as LTSmin's PINS keeps its dependency matrices beside the next-state
// function. The explorer sees only transition_system.h; the reduction, which fires the
// transitions of a DependencyModel itself, is explored as a plain TransitionSystem.
//
// Each transition declares the slots it may read (reads()) and write (writes()) in any state.
// A dataflow graph has the structure below by construction, and the reduction relies on it:
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
#include <vector>

#include "semantics/model/transition_system.h"

namespace tfmc {

class DependencyModel : public TransitionSystem {
 public:
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
  // The slots firing `t` may read.
  virtual std::span<const std::uint32_t> reads(TransitionId t) const = 0;
  // The slots firing `t` may write, in any state, each once: those fire() returns for `t` are
  // among them.
  virtual std::span<const std::uint32_t> writes(TransitionId t) const = 0;
  // Whether t, enabled in `state`, touches only its own incoming and outgoing edges when it
  // fires there (a node that does not run, such as one with a DEAD input): it then commutes
  // with every other transition, racing partners included.
  virtual bool is_inert(const Slot* state, TransitionId t) const = 0;

  // Slots that one transition writes together (semantics/model/key_order.h).
  std::vector<std::uint32_t> key_order() const override;

  // fork(), as a DependencyModel (the reduction forks its base model with it).
  virtual std::unique_ptr<DependencyModel> fork_model() const { return nullptr; }
  std::unique_ptr<TransitionSystem> fork() const final { return fork_model(); }
};

}  // namespace tfmc
