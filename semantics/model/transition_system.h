// What the explorer sees of a program: a next-state interface in the spirit of LTSmin's PINS.
//
// A state is a fixed-length vector of 32-bit slots. A transition is one node firing. The
// explorer knows nothing else about the program: it asks for the initial state, the enabled
// transitions of a state, and the successor of firing one, which it stores keyed by the slots
// that firing reports it changed. Outcomes read the outcome slots of final states and name
// the transitions of their witnesses. The structure that the partial-order reduction and the
// race analysis rely on besides is a separate interface (dependency_model.h), which the
// explorer never sees.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tfmc {

using Slot = std::uint32_t;
using TransitionId = std::uint32_t;

class TransitionSystem {
 public:
  virtual ~TransitionSystem() = default;

  virtual std::size_t slot_count() const = 0;
  virtual std::size_t transition_count() const = 0;

  virtual void initial_state(Slot* out) const = 0;

  // Appends the transitions enabled in `state`, in increasing id order, to `out`.
  virtual void enabled(const Slot* state, std::vector<TransitionId>& out) const = 0;

  // Whether no transition is enabled in `state` (`scratch`: space for enabled()'s list). A
  // reduction answers without choosing among the enabled transitions.
  virtual bool is_final(const Slot* state, std::vector<TransitionId>& scratch) const {
    scratch.clear();
    enabled(state, scratch);
    return scratch.empty();
  }

  // Fires enabled transition `t`: `out` holds a copy of `state` on entry and the successor on
  // return. Returns the slots this firing may have changed, each once: every other slot of
  // `out` is still `state`'s. A step that depends on the state (a reduction's chain of
  // firings, a symmetry's canonical form) answers for this firing alone, so the answer may be
  // the model's own scratch: it stays valid until the next fire() on this model object, and a
  // caller that needs it longer copies it. `out` may be `state` itself.
  virtual std::span<const std::uint32_t> fire(const Slot* state, TransitionId t, Slot* out) = 0;

  // An order of the slots for the explorer's keys (checker/key_layout.h) in which slots that
  // one transition writes lie together (semantics/model/key_order.h); empty: slot order.
  virtual std::vector<std::uint32_t> key_order() const { return {}; }

  // The name a witness shows for `t`.
  virtual const std::string& transition_name(TransitionId t) const = 0;

  // The slots whose contents form an outcome (named outputs, then variables), in that order.
  virtual std::span<const std::uint32_t> outcome_slots() const = 0;

  // The transitions that never fired in a run that fired `fired` (in order) and ended in a
  // final state: empty for a complete run, the blocked ones for a stuck run.
  virtual std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const = 0;

  // The transitions of this model's own underlying run when the explorer took `steps` from the
  // initial state: `steps` itself, except for a model whose steps fire several transitions
  // (the reduction's), which lists them all.
  virtual std::vector<TransitionId> run_of(std::span<const TransitionId> steps) const {
    return {steps.begin(), steps.end()};
  }

  // Batched evaluation (a device evaluates many tensor functions at once better than one by
  // one). When batches() is true the explorer, before firing a group of states' transitions,
  // announces each with prefetch and then calls flush_prefetch once: the evaluations those
  // firings need are made as one batch. Firing never depends on it: the successors, value ids
  // and outcomes are the same either way.
  virtual bool batches() const { return false; }
  virtual void prefetch(const Slot* /*state*/, TransitionId /*t*/) {}
  virtual void flush_prefetch() {}

  // Firings this model has made beyond the transitions the explorer fired (a reduction's
  // eager firings), so far. The explorer adds up what its models make during the levels it
  // keeps, so that a level it explores again is not counted twice.
  virtual std::uint64_t extra_firings() const { return 0; }

  // Limits on long steps. A model whose one step may fire many transitions (a reduction's
  // eager firings) asks `stop` between them, from the thread that fires, and ends the step
  // when it says true: interrupted() is then true, and the successor (or initial state) just
  // made is unfinished and must be dropped. Empty `stop`: never interrupted. A model whose
  // steps are single firings ignores it.
  virtual void set_interrupt(std::function<bool()> /*stop*/) {}
  virtual bool interrupted() const { return false; }

  // Multi-core exploration: another model of the same system, which a second thread may use
  // while this one is in use (everything shared is made safe for it, every scratch is its
  // own). Both give the same states and firings. nullptr: this model is explored by one
  // thread only. The fork must not outlive this model.
  virtual std::unique_ptr<TransitionSystem> fork() const { return nullptr; }
};

}  // namespace tfmc
