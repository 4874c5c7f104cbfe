// Exact state storage: a chunked arena of fixed-length slot vectors plus an open-addressing
// hash table of state indices, keyed by XXH3 of the state's bytes. find_or_insert answers in
// one call whether a state is new; a stored state never moves, so pointers into the arena stay
// valid. Each state also keeps its parent and the transition that reached it (witnesses).
//
// Memory per state: slot bytes, plus 8 bytes of parent link (kept in the arena record), plus
// 8 bytes per table entry at a load factor between 0.35 and 0.7. Arena chunks of about 32 MiB
// are mapped lazily, so the last one costs only its touched pages.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/mapped_region.h"
#include "semantics/state_model.h"

namespace tfmc::check {

using StateIndex = std::uint32_t;
inline constexpr StateIndex kNoState = 0xffffffffu;

class StateStore {
 public:
  explicit StateStore(std::size_t slots_per_state);

  struct Insert {
    StateIndex index;
    bool inserted;
  };
  // XXH3 of the state's bytes: the key of the table.
  std::uint64_t hash(const Slot* state) const;

  // Finds `state` (whose hash is `h`) or stores it with the given parent link.
  Insert find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent, TransitionId via);
  Insert find_or_insert(const Slot* state, StateIndex parent, TransitionId via) {
    return find_or_insert(state, hash(state), parent, via);
  }

  // Whether `state` (whose hash is `h`) is stored, without inserting it.
  bool contains(const Slot* state, std::uint64_t h) const;

  // Lookups in a large store are dominated by two cache misses: the table entry, then the
  // stored state it points to. The explorer looks up a batch of successors in three passes,
  // prefetch_entry for all, then prefetch_state for all, then find_or_insert, so that the
  // misses of the batch overlap instead of following one another.
  void prefetch_entry(std::uint64_t h) const { __builtin_prefetch(&entries_[position(h >> 32)]); }
  void prefetch_state(std::uint64_t h) const;

  const Slot* state(StateIndex i) const { return record(i); }
  StateIndex parent(StateIndex i) const { return record(i)[slots_]; }
  TransitionId via(StateIndex i) const { return record(i)[slots_ + 1]; }

  std::size_t size() const { return size_; }
  // Bytes of the arena chunks (as far as touched), parent links and hash table.
  std::size_t bytes() const;
  // The raw slot bytes of the stored states (size() * slots * 4).
  std::size_t raw_bytes() const { return size_ * slots_ * sizeof(Slot); }

 private:
  bool equal(StateIndex i, const Slot* state) const;
  void grow();

  // Arena record of state i: its slots, then its parent and the transition from the parent.
  Slot* record(StateIndex i) const {
    return static_cast<Slot*>(chunks_[i >> chunk_shift_].data()) + (i & chunk_mask_) * record_;
  }

  std::size_t slots_;
  std::size_t record_;    // slots_ + 2
  unsigned chunk_shift_;  // 2^chunk_shift_ states per arena chunk, about 32 MiB
  std::uint32_t chunk_mask_;
  std::size_t size_ = 0;
  std::vector<MappedRegion> chunks_;
  // The table position of a state whose top 32 hash bits are `tag`: the top log2(table size)
  // bits of its hash, so that growing the table needs only the tags.
  std::uint64_t position(std::uint64_t tag) const { return tag >> tag_shift_; }

  // Entry: high 32 bits = the top 32 hash bits (the tag), low 32 bits = state index + 1
  // (0 = empty).
  MappedRegion table_;
  std::uint64_t* entries_ = nullptr;  // table_'s entries
  std::uint64_t mask_ = 0;
  unsigned tag_shift_ = 0;  // 32 - log2(table size)
};

}  // namespace tfmc::check
