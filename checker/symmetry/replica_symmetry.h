// The symmetry of interchangeable replicas (FORMAT.md, "Symmetry reduction"): executions of one
// program that share resources by name and are otherwise copies of each other, so that a state
// and the state with two replicas' parts swapped have the same futures up to the replicas'
// names.
//
// A state's slots fall into the replicas' local parts (the slots of a replica's edges: values
// in transit, which also say which of its nodes fired) and the shared part (variables, queues,
// mutexes, the edges of nodes of no replica, the run's assumptions). Replicas come in classes:
// within a class, local part m of every replica is the same slot of its own copy, and local
// transition m is the same node firing (the same alternative) in its own copy. A permutation
// moves each replica's part to another replica of its class and leaves the shared part as it
// is; whoever builds a ReplicaSymmetry vouches that every such permutation maps the transition
// system onto itself (the initial state to itself, a firing to the permuted firing).
//
// The canonical form of a state sorts the replicas of each class by their local parts (the
// order of the parts' slot words, compared lexicographically), so the states of one orbit have
// one canonical form.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "semantics/model/transition_system.h"

namespace tfmc::check {

// A permutation of the replicas: replica r's part moves to replica image[r] (of r's class).
using ReplicaPermutation = std::vector<std::uint32_t>;

class ReplicaSymmetry {
 public:
  // One replica: its local slots and its local transitions, in the order that its class's
  // replicas share.
  struct Replica {
    std::vector<std::uint32_t> slots;
    std::vector<TransitionId> transitions;
  };
  // `classes` of at least two replicas each, whose lists have equal lengths within a class;
  // no slot or transition in two replicas. `slot_count` and `transition_count`: the system's.
  ReplicaSymmetry(std::vector<std::vector<Replica>> classes, std::size_t slot_count,
                  std::size_t transition_count);

  std::size_t slot_count() const { return slot_count_; }
  std::size_t replica_count() const { return replicas_.size(); }
  // The sizes of the classes, in order.
  std::vector<std::size_t> class_sizes() const;

  // canonicalize()'s working space, the caller's, reused between calls.
  struct Scratch {
    std::vector<Slot> parts;
    std::vector<std::uint32_t> order;
  };
  // Puts `state` into canonical form, in place; `image` (may be null) receives the
  // permutation that was applied.
  void canonicalize(Slot* state, ReplicaPermutation* image, Scratch& scratch) const;

  // `in` with permutation `image` applied, into `out` (a different array).
  void permute_state(const Slot* in, const ReplicaPermutation& image, Slot* out) const;
  TransitionId permute(TransitionId t, const ReplicaPermutation& image) const;
  ReplicaPermutation inverse(const ReplicaPermutation& image) const;
  ReplicaPermutation identity() const;

  // Calls `visit` with one permutation of the group (each class's replicas permuted among
  // themselves, the classes independently) for each distinct image of the pair (`state`,
  // the transitions `marked`): permutations that differ only by swapping replicas whose local
  // parts in `state` and marked local transitions are equal give one image, and only one of
  // them is visited. So a state whose replicas are all alike is visited once, not K! times.
  void for_each_image(const Slot* state, std::span<const TransitionId> marked,
                      const std::function<void(const ReplicaPermutation&)>& visit) const;

  // How many states the orbit of canonical state `state` holds: per class, the replicas'
  // arrangements that give different states (the multinomial of its equal local parts).
  std::uint64_t orbit_size(const Slot* state) const;

 private:
  struct Class {
    std::uint32_t first;  // its replicas are replicas_[first, first + size)
    std::uint32_t size;
  };
  static constexpr std::uint32_t kShared = 0xffffffffu;
  // Where a slot or transition lies: its replica and its local index, or kShared.
  struct Place {
    std::uint32_t replica = kShared;
    std::uint32_t local = 0;
  };
  // Whether replica a's local part in `state` orders before replica b's.
  bool part_less(const Slot* state, std::uint32_t a, std::uint32_t b) const;

  std::size_t slot_count_;
  std::vector<Replica> replicas_;
  std::vector<Class> classes_;
  std::vector<Place> transition_place_;
};

}  // namespace tfmc::check
