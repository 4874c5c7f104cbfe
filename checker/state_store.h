// Exact state storage: a chunked arena of fixed-length state records plus an open-addressing
// hash table of state indices. find_or_insert answers in one call whether a state is new;
// load() copies a stored state out. Each state also keeps its parent and the transition that
// reached it (witnesses).
//
// Keys. A state is stored as its key: every slot packed in the same number of bits, 4, 8, 16
// or 32, the fewest that hold every slot value stored so far (slots hold EMPTY, GO and ids of
// the few distinct values of a run, so 4 or 8 bits is the usual case). The table is keyed by
// XXH3 of the key, so a short key is also cheap to hash and to compare. A value that does not
// fit lays the arena out again with wider keys and rebuilds the table: at most three times in
// a run, each time in O(states stored).
//
// Memory per state: the key (slots x bits / 8, rounded up to a byte) plus 8 bytes of parent
// link (the arena record, unaligned: its words are read with memcpy), plus 8 bytes per table
// entry at a load factor between 0.35 and 0.7. Arena chunks of about 32 MiB are mapped lazily, so
// the last one costs only its touched pages. The table, which every lookup touches at random, asks
// for transparent huge pages.
//
// Two ways in. The whole-state calls (hash, contains, find_or_insert of a Slot*) encode the
// state on each call and widen the store when needed. The key calls (encode, set_slot,
// stored_key, hash_key, prefetch_*, find_or_insert_key) let the explorer make each
// successor's key once, from its parent's, and overlap the cache misses of many lookups.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "checker/mapped_region.h"
#include "semantics/model/transition_system.h"

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

  // --- Keys: the stored form of a state at the store's current width. ---

  // Bytes of one key (changes when the store widens).
  std::size_t key_bytes() const { return key_bytes_; }
  // Writes the key of `state` to `key` (key_bytes() bytes). False when some slot value does
  // not fit the current width: then widen_for(state) and encode again.
  bool encode(const Slot* state, unsigned char* key) const;
  // Sets slot `k` of `key` to `value`; false (and `key` unchanged) when the value does not fit
  // the current width. For deriving a successor's key from its parent's.
  bool set_slot(unsigned char* key, std::size_t k, Slot value) const;
  // The key of stored state i (in the arena; valid until the store widens).
  const unsigned char* stored_key(StateIndex i) const { return record(i) + 8; }
  // Widens the keys so that every slot of `state` fits (nothing when they already do): the
  // arena is laid out again and the table rebuilt. Keys encoded before are no longer valid.
  void widen_for(const Slot* state);
  // XXH3 of a key: the key of the table.
  std::uint64_t hash_key(const unsigned char* key) const;
  // Finds the state with `key` (whose hash is `h`) or stores it with the given parent link.
  Insert find_or_insert_key(const unsigned char* key, std::uint64_t h, StateIndex parent,
                            TransitionId via);
  // Whether the state with `key` (whose hash is `h`) is stored, without inserting it.
  bool contains_key(const unsigned char* key, std::uint64_t h) const;

  // Lookups in a large store are dominated by two cache misses: the table entry, then the
  // stored state it points to. The explorer looks up a group of successors in three passes,
  // prefetch_entry for all, then prefetch_state for all, then find_or_insert_key, so that the
  // misses of the group overlap instead of following one another.
  void prefetch_entry(std::uint64_t h) const { __builtin_prefetch(&entries_[position(h >> 32)]); }
  void prefetch_state(std::uint64_t h) const;

  // --- Whole states (each call encodes `state`, widening the store where find_or_insert
  // needs it). ---

  // The hash of `state`'s key, valid until the store widens. A state that does not fit the
  // current width is not stored: any value is returned, contains() says false for it, and
  // find_or_insert widens the store and hashes it again.
  std::uint64_t hash(const Slot* state) const;
  Insert find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent, TransitionId via);
  Insert find_or_insert(const Slot* state, StateIndex parent, TransitionId via) {
    return find_or_insert(state, hash(state), parent, via);
  }
  bool contains(const Slot* state, std::uint64_t h) const;

  // --- Stored states. ---

  // Copies stored state i into `out` (slot_count() slots).
  void load(StateIndex i, Slot* out) const;
  StateIndex parent(StateIndex i) const { return link(i, 0); }
  TransitionId via(StateIndex i) const { return link(i, 1); }

  // Whether slots are stored in 16 bits or fewer (every slot value seen so far fits).
  bool narrow() const { return bits_ <= 16; }

  std::size_t size() const { return size_; }
  std::size_t slot_count() const { return slots_; }
  // Bytes of the arena chunks (as far as touched), parent links and hash table.
  std::size_t bytes() const;
  // The raw slot bytes of the stored states (size() * slots * 4).
  std::size_t raw_bytes() const { return size_ * slots_ * sizeof(Slot); }

 private:
  bool equal(StateIndex i, const unsigned char* key) const;
  void grow();
  // Sets the key width and the arena geometry that follows from it (record size, chunk size).
  void set_bits(unsigned bits);
  void write_record(StateIndex i, const unsigned char* key, StateIndex parent, TransitionId via);
  // Stores entry `e` (tag and index + 1) at the first free position from its tag's own.
  void place(std::uint64_t e);

  // Arena record of state i: its parent and the transition from it (two 32-bit words), then
  // its key.
  unsigned char* record(StateIndex i) const {
    return static_cast<unsigned char*>(chunks_[i >> chunk_shift_].data()) +
           (i & chunk_mask_) * record_bytes_;
  }
  std::uint32_t link(StateIndex i, int k) const;

  std::size_t slots_;
  mutable std::vector<unsigned char> scratch_;  // the key of the whole-state forms
  unsigned bits_ = 0;                           // bits per stored slot: 4, 8, 16 or 32
  std::size_t key_bytes_ = 0;                   // (slots_ * bits_ + 7) / 8
  std::size_t record_bytes_ = 0;                // 8 + key_bytes_
  unsigned chunk_shift_ = 0;  // 2^chunk_shift_ states per arena chunk, about 32 MiB
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

inline bool StateStore::set_slot(unsigned char* key, std::size_t k, Slot value) const {
  switch (bits_) {
    case 4: {
      if (value > 0xf) return false;
      const unsigned shift = (k & 1) * 4;
      key[k / 2] = static_cast<unsigned char>((key[k / 2] & ~(0xfu << shift)) | (value << shift));
      return true;
    }
    case 8:
      if (value > 0xff) return false;
      key[k] = static_cast<unsigned char>(value);
      return true;
    case 16: {
      if (value > 0xffff) return false;
      const auto narrow = static_cast<std::uint16_t>(value);
      std::memcpy(key + 2 * k, &narrow, 2);
      return true;
    }
    default:
      std::memcpy(key + 4 * k, &value, 4);
      return true;
  }
}

}  // namespace tfmc::check
