// Exhaustive breadth-first exploration of a TransitionSystem with exact state storage.
//
// Every reachable state is stored once (StateStore); final states (no enabled transition) are
// collected; witnesses are rebuilt from parent links, so each is a shortest firing sequence to
// its state. Limits (stored states, seconds, resident memory) stop exploration cleanly: the
// result is then marked incomplete with the reason, and holds what was found so far. A run
// never claims completeness it does not have.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "checker/state_store.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

struct Limits {
  std::uint64_t max_states = 0;        // 0: none; else store at most this many states
  double max_seconds = 0;              // 0: none
  std::uint64_t max_memory_bytes = 0;  // 0: none; resident set size of the process
};

struct Progress {
  std::uint64_t states;
  std::uint64_t transitions;
  std::uint64_t queued;
  double seconds;
};

struct Exploration {
  bool complete = true;
  std::string stop_reason;  // empty when complete: "max-states", "max-seconds", "max-memory"
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::vector<StateIndex> finals;  // distinct final states, in discovery order
  double seconds = 0;
  std::size_t store_bytes = 0;  // arena + links + table
  std::size_t raw_bytes = 0;    // stored states * slots * 4
  std::size_t slots = 0;        // slots per state
};

class Explorer {
 public:
  Explorer(TransitionSystem& model, Limits limits);

  // Called about every second of exploration (for progress reports on long runs).
  void on_progress(std::function<void(const Progress&)> callback) {
    progress_ = std::move(callback);
  }

  Exploration run();

  // The transitions from the initial state to stored state `i`.
  std::vector<TransitionId> witness(StateIndex i) const;
  std::vector<Slot> state(StateIndex i) const;

 private:
  // Successors are looked up a group at a time: consecutive queued states are expanded until
  // they have at least kGroupSuccessors successors, whose table entries and stored states are
  // then prefetched in passes over the whole group, so that each cache miss has the time of
  // many others' work to complete before the lookup that needs it. A model that batches its
  // evaluations gets groups of kBatchGroupSuccessors: one batch per group, and a device gains
  // from large batches more than the lookups lose.
  static constexpr std::size_t kGroupSuccessors = 32;
  static constexpr std::size_t kBatchGroupSuccessors = 1024;
  static constexpr std::size_t kMaxAnnounced = 4 * kBatchGroupSuccessors;  // per batch
  struct Group {
    // The enabled transitions of the group's states, one state after the other: those of
    // its g-th state from first[g] to first[g + 1]. Successor j is reached by enabled[j]; its
    // key is at keys[j * key_bytes], its hash is hashes[j].
    std::vector<TransitionId> enabled;
    std::vector<std::size_t> first;
    std::vector<unsigned char> keys;
    std::size_t key_bytes = 0;
    std::vector<std::uint64_t> hashes;
    std::vector<Slot> current;  // the state being expanded
    std::vector<Slot> next;     // its successor, while its key is made
  };
  // Makes the group of queued states that starts at `from`: the keys and hashes of their
  // successors, prefetched for lookup. Returns the end of the group (its last state + 1).
  StateIndex expand_group(StateIndex from, Group& g);
  // For a model that batches evaluations: announces the transitions of the states that the
  // group starting at `from` will expand (the same states: the group stops at the same count
  // of successors) and has the model evaluate them as one batch.
  void announce_group(StateIndex from, Group& g);

  TransitionSystem& model_;
  std::size_t group_successors_;  // kGroupSuccessors, or kBatchGroupSuccessors
  Limits limits_;
  StateStore store_;
  std::function<void(const Progress&)> progress_;
};

// Resident set size of this process in bytes (0 where unknown).
std::size_t resident_bytes();

}  // namespace tfmc::check
