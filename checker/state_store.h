// Exact state storage: a chunked arena of fixed-length slot vectors plus an open-addressing
// hash table of state indices, keyed by XXH3 of the state's 32-bit slots. find_or_insert
// answers in one call whether a state is new; load() copies a stored state out, since it may
// be held in 16-bit slots. Each state also keeps its parent and the transition that reached it
// (witnesses).
//
// Memory per state: 2 bytes per slot while every slot value stored so far is below 2^16 (the
// usual case: slots hold EMPTY, GO and ids of the few distinct values of a run), else 4; plus
// 8 bytes of parent link (kept in the arena record), plus 8 bytes per table entry at a load
// factor between 0.35 and 0.7. The first value of 2^16 or more lays the arena out again with
// 4-byte slots, once. Hashes are always of the full 32-bit slots, so the table is unaffected.
// Arena chunks of about 32 MiB are mapped lazily, so the last one costs only its touched pages.
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

  // Copies stored state i into `out` (slot_count() slots).
  void load(StateIndex i, Slot* out) const;
  StateIndex parent(StateIndex i) const { return link(i, 0); }
  TransitionId via(StateIndex i) const { return link(i, 1); }

  // Whether slots are stored in 16 bits (every slot value seen so far fits).
  bool narrow() const { return width_ == 2; }

  std::size_t size() const { return size_; }
  std::size_t slot_count() const { return slots_; }
  // Bytes of the arena chunks (as far as touched), parent links and hash table.
  std::size_t bytes() const;
  // The raw slot bytes of the stored states (size() * slots * 4).
  std::size_t raw_bytes() const { return size_ * slots_ * sizeof(Slot); }

 private:
  // The stored form of `state` (its slots in width_ bytes each), valid until the next call;
  // nullptr when the store is narrow and some slot value does not fit in 16 bits.
  const unsigned char* encode(const Slot* state) const;
  bool equal(StateIndex i, const unsigned char* key) const;
  void grow();
  void set_width(std::size_t width);
  void widen();  // from 2- to 4-byte slots, copying every stored state  // lays the arena out anew
                 // for 2- or 4-byte slots
  void write_record(StateIndex i, const unsigned char* key, StateIndex parent, TransitionId via);

  // Arena record of state i: its parent and the transition from it (two 32-bit words), then
  // its slots in width_ bytes each.
  unsigned char* record(StateIndex i) const {
    return static_cast<unsigned char*>(chunks_[i >> chunk_shift_].data()) +
           (i & chunk_mask_) * record_bytes_;
  }
  std::uint32_t link(StateIndex i, int k) const;

  std::size_t slots_;
  mutable std::vector<unsigned char> encoded_;  // encode()'s buffer for 16-bit slots
  std::size_t width_ = 0;         // bytes per stored slot: 2 while every value fits, else 4
  std::size_t record_bytes_ = 0;  // 8 + slots_ * width_, rounded up to 4
  unsigned chunk_shift_ = 0;      // 2^chunk_shift_ states per arena chunk, about 32 MiB
  std::uint32_t chunk_mask_ = 0;
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
