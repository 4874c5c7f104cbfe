// Symmetry reduction as a TransitionSystem over another (FORMAT.md, "Symmetry reduction"): the
// explorer runs unchanged over it, and stores, expands and sends between ranks only canonical
// states (replica_symmetry.h), so each orbit of states is explored once.
//
// Its states are the inner model's in canonical form: the initial state and every successor
// are canonicalized after the inner model makes them, and a canonical state is expanded by
// the inner model as it is. Why the final states found are, up to the permutations, exactly
// the inner model's:
//   - The symmetry maps the inner model onto itself, so the canonical form of a reachable
//     state is a reachable state with the same futures up to that permutation: the final
//     states reachable from it are the permuted final states reachable from the original.
//   - A reduction (checker/reduced_model.h) guarantees, for every state it expands, that the
//     final states reachable through its chosen steps are all the final states reachable from
//     that state; that holds for the canonical states as for any other, since the guarantee is
//     per state and the state graph is acyclic (no cycle proviso, which is where symmetry and
//     partial-order reduction otherwise interfere). Stubborn sets are computed on the state
//     expanded, which is a real reachable state.
//   - By induction on the depth, from the end: the orbits of the final states found from a
//     stored state are the orbits of every final state reachable from it.
// Witnesses. The explorer's steps lead through canonical states; run_of() turns them into a
// firing sequence of the inner model that reaches the stored final state itself: it replays
// the steps on the real states (each step permuted back to the real state's frame), then
// permutes the complete run onto the canonical final state, which is a run from the initial
// state since the symmetry fixes it. outcome_orbits.h lists the other members of the orbit.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "checker/symmetry/replica_symmetry.h"

namespace tfmc::check {

class SymmetricModel : public TransitionSystem {
 public:
  // `inner` and `symmetry` must outlive this model; `symmetry` must be one of `inner`.
  SymmetricModel(TransitionSystem& inner, const ReplicaSymmetry& symmetry);

  std::size_t slot_count() const override { return inner_.slot_count(); }
  std::size_t transition_count() const override { return inner_.transition_count(); }
  void initial_state(Slot* out) const override;
  void enabled(const Slot* state, std::vector<TransitionId>& out) const override {
    inner_.enabled(state, out);
  }
  bool is_final(const Slot* state, std::vector<TransitionId>& scratch) const override {
    return inner_.is_final(state, scratch);
  }
  // The inner model's successor, canonicalized. Canonicalizing may move any replica's slots:
  // returns those in which the successor differs from `state` (found by comparing them, which
  // is cheaper than the store folding every word of the key again), every slot when `out` is
  // `state`.
  std::span<const std::uint32_t> fire(const Slot* state, TransitionId t, Slot* out) override;
  std::vector<std::uint32_t> key_order() const override { return inner_.key_order(); }
  const std::string& transition_name(TransitionId t) const override {
    return inner_.transition_name(t);
  }
  std::span<const std::uint32_t> outcome_slots() const override { return inner_.outcome_slots(); }
  std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const override {
    return inner_.unfired(fired);
  }
  // The inner model's complete run to the canonical state that `steps` reach.
  std::vector<TransitionId> run_of(std::span<const TransitionId> steps) const override;
  bool batches() const override { return inner_.batches(); }
  void prefetch(const Slot* state, TransitionId t) override { inner_.prefetch(state, t); }
  void flush_prefetch() override { inner_.flush_prefetch(); }
  std::uint64_t extra_firings() const override { return inner_.extra_firings(); }
  void set_interrupt(std::function<bool()> stop) override { inner_.set_interrupt(std::move(stop)); }
  bool interrupted() const override { return inner_.interrupted(); }
  // The symmetry over a fork of the inner model (nullptr when the inner model does not fork).
  std::unique_ptr<TransitionSystem> fork() const override;

 private:
  SymmetricModel(std::unique_ptr<TransitionSystem> inner, const ReplicaSymmetry& symmetry);

  std::unique_ptr<TransitionSystem> owned_inner_;  // a fork's own inner model
  TransitionSystem& inner_;
  const ReplicaSymmetry& symmetry_;
  std::vector<std::uint32_t> all_slots_;  // 0 .. slot_count() - 1
  std::vector<std::uint32_t> written_;    // the slots the last fire() changed
  mutable ReplicaSymmetry::Scratch scratch_;
};

}  // namespace tfmc::check
