// Exact state storage for a breadth-first exploration by one thread or many: fixed-length
// keys in a chunked arena, parent links beside them, and an open-addressing hash table of
// state indices. Every state is stored exactly (never a fingerprint); the arena, in index
// order, is the exploration's queue.
//
// Keys. A state is stored as its key: every slot packed in the same number of bits, 4, 8, 16
// or 32, the fewest that hold every slot value stored so far (slots hold EMPTY, GO and ids of
// the few distinct values of a run, so 4 or 8 bits is the usual case). The table is keyed by
// XXH3 of the key, so a short key is also cheap to hash and to compare. A value that does not
// fit means widening: the arena laid out again with wider keys and the table rebuilt, at most
// three times in a run, each time in O(states stored), between levels.
//
// Levels. States are added a level at a time (open_level .. close_level): the successors of
// the states of one level are inserted, from any number of threads at once (insert is
// lockless: a CAS claims an empty table entry, the key is written, then the entry is
// published), and get indices from size() on. Each new state keeps the least parent link
// (parent index, transition) among those that reached it in the level, which is the link a
// one-thread exploration records (it meets the states of a level in that order). Inserted by
// several threads, the new states' indices follow the order of insertion, which varies from
// run to run: a provisional level is renumbered when it closes (commit_range), into the
// order of the least links, which is the order of one thread. The numbering, the links, and
// with them every witness and every report, are then the same for every thread count.
//
// Memory per state: the key (slots x bits / 8, rounded up to a byte), 8 bytes of parent link,
// and 8 bytes per table entry at a load factor between 0.35 and 0.7. While a level is open
// the table may fill to 0.85 (open_level's cap says when to stop); a provisional level's
// states are staged apart until it closes (their keys and links once more). Arena chunks and
// staging are mapped lazily (chunked_records.h); the table, which every lookup touches at
// random, asks for transparent huge pages.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "checker/chunked_records.h"
#include "checker/mapped_region.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

using StateIndex = std::uint32_t;
inline constexpr StateIndex kNoState = 0xffffffffu;
// At most this many states: an entry's 32-bit reference keeps one bit for "provisional".
inline constexpr std::uint64_t kMaxStates = (std::uint64_t{1} << 31) - 2;

// A parent link: (parent index << 32) | transition. Links order as one thread meets them.
using Link = std::uint64_t;
inline Link make_link(StateIndex parent, TransitionId via) {
  return (std::uint64_t{parent} << 32) | via;
}

class StateStore {
 public:
  explicit StateStore(std::size_t slots_per_state);

  // --- Keys: the stored form of a state at the store's current width. ---

  // Bytes of one key (changes when the store widens).
  std::size_t key_bytes() const { return key_bytes_; }
  // Writes the key of `state` to `key` (key_bytes() bytes). False when some slot value does
  // not fit the current width.
  bool encode(const Slot* state, unsigned char* key) const;
  // Sets slot `k` of `key` to `value`; false (and `key` unchanged) when the value does not fit
  // the current width. For deriving a successor's key from its parent's.
  bool set_slot(unsigned char* key, std::size_t k, Slot value) const;
  // The key of stored state i (valid until the store widens).
  const unsigned char* stored_key(StateIndex i) const { return keys_->at(i); }
  // XXH3 of a key: the key of the table.
  std::uint64_t hash_key(const unsigned char* key) const;
  // Widens the keys so that the values whose bits are all in `any` fit (nothing when they
  // do already): the arena is laid out again and the table rebuilt. With no level open.
  void widen_for(Slot any);

  // Lookups in a large store are dominated by two cache misses: the table entry, then the
  // stored state it points to. The explorer looks up a group of successors in three passes,
  // prefetch_entry for all, then prefetch_state for all, then insert, so that the misses of
  // the group overlap instead of following one another.
  void prefetch_entry(std::uint64_t h) const { __builtin_prefetch(&entries_[position(h >> 32)]); }
  void prefetch_state(std::uint64_t h) const;

  // --- Levels. ---

  // Opens a level: states inserted from now on get indices from size() on. Not `provisional`:
  // by one thread, which may grow the table (reserve) while the level is open. `provisional`:
  // by several threads, so that the level is renumbered when it closes, and the table stays
  // as it is; its states are staged apart, named by provisional numbers 0, 1, ... in the
  // order of insertion, until commit_range gives them their indices. `cap`: over_cap() says
  // when the level holds this many new states, or fewer where the table would otherwise pass
  // 0.85 when each of `inserters` threads takes one more batch of numbers after it sees
  // over_cap().
  void open_level(bool provisional, std::uint64_t cap, unsigned inserters);
  enum class Found : std::uint8_t { Stored, New, Lowered };
  // A thread's provisional numbers: it takes kNumberBatch at a time, so that threads do not
  // contend for one counter per state (a provisional level may leave numbers unused).
  struct Numbers {
    std::uint64_t next = 0, end = 0;
  };
  static constexpr std::uint64_t kNumberBatch = 64;
  struct LevelInsert {
    StateIndex index;    // the provisional number of a state of a provisional level
    Found found;         // Lowered: staged in this level, its link now the one given
    std::uint32_t slot;  // the state's table entry
  };
  // Finds the state with `key` (whose hash is `h`) or stores it with `link`; a state staged in
  // this level keeps the least of its links. Safe from several threads at once, each with
  // its own `numbers` (reset for each level).
  LevelInsert insert(const unsigned char* key, std::uint64_t h, Link link, Numbers& numbers);
  // Whether the state with `key` (whose hash is `h`) is stored. Not while others insert.
  bool contains_key(const unsigned char* key, std::uint64_t h) const;
  // Numbers handed out in the open level: its states, exactly when it is not provisional,
  // else a bound on them. And whether they reached its cap.
  std::uint64_t level_size() const { return level_size_.load(std::memory_order_relaxed); }
  bool over_cap() const { return level_size() >= cap_; }
  // The parent of staged state `provisional` by its least link so far.
  StateIndex staged_parent(StateIndex provisional) const;

  // Closing a provisional level: commit_range over [0, n) for its n staged states, in disjoint
  // pieces, from any threads, then close_level. The state staged as order[k].index, whose
  // table entry is order[k].slot, gets index size() + k.
  struct Staged {
    StateIndex index;
    std::uint32_t slot;
  };
  void commit_range(const Staged* order, std::size_t from, std::size_t to);
  // Ends the level: its states are stored, size() counts them.
  void close_level();
  // Ends the level without it: its states and table entries are removed.
  void drop_level();
  // The bytes that reserve(states) would map for its new table (0: it would not grow), and
  // that widen_for(any) would map for the keys laid out anew.
  std::size_t growth_bytes(std::uint64_t states) const;
  std::size_t widening_bytes(Slot any) const;
  // Runs fn(k) for each k in [0, n), on as many threads as the caller has.
  using ForEach = std::function<void(std::size_t n, const std::function<void(std::size_t)>& fn)>;
  // Frees what staged the provisional levels (kept from one level to the next, so that each
  // level does not map it anew).
  void release_staging();
  // Grows the table (with no level open, or one that is not provisional) so that `states`
  // fit at a load of at most 0.7; the entries move in pieces through `for_each`.
  void reserve(std::uint64_t states, const ForEach& for_each);

  // --- Whole states (one thread; the initial state, tests). ---

  struct Insert {
    StateIndex index;
    bool inserted;
  };
  // Finds `state` or stores it, as a level of its own, widening the store when needed.
  Insert find_or_insert(const Slot* state, StateIndex parent, TransitionId via);
  bool contains(const Slot* state) const;

  // --- Stored states. ---

  // Copies stored state i into `out` (slot_count() slots).
  void load(StateIndex i, Slot* out) const;
  StateIndex parent(StateIndex i) const { return static_cast<StateIndex>(link(i) >> 32); }
  TransitionId via(StateIndex i) const { return static_cast<TransitionId>(link(i)); }
  Link link(StateIndex i) const { return *reinterpret_cast<const Link*>(links_.at(i)); }

  // Whether slots are stored in 16 bits or fewer (every slot value seen so far fits).
  bool narrow() const { return bits_ <= 16; }

  std::size_t size() const { return size_; }
  std::size_t slot_count() const { return slots_; }
  // Bytes of the arena chunks (as far as touched), parent links and hash table (and not the
  // staging, which is released when exploration ends).
  std::size_t bytes() const;
  // The raw slot bytes of the stored states (size() * slots * 4).
  std::size_t raw_bytes() const { return size_ * slots_ * sizeof(Slot); }

 private:
  // An entry: the top 32 hash bits (its tag) above a reference, 0 for an empty entry: index
  // + 1 of a stored state, or kProvisional | (provisional number + 1) of a staged one; kBusy
  // while the inserting thread writes the state.
  static constexpr std::uint64_t kRefMask = 0xffffffffu;
  static constexpr std::uint64_t kProvisional = 0x80000000u;
  static constexpr std::uint64_t kBusy = 0xffffffffu;

  // The key and the link of the state an entry's reference names.
  const unsigned char* key_of(std::uint64_t ref) const {
    return (ref & kProvisional) != 0 ? staged_keys_->at((ref & ~kProvisional) - 1)
                                     : keys_->at(ref - 1);
  }
  // Sets the key width (and a new, empty arena for it).
  void set_bits(unsigned bits);
  // A table of `size` entries (a power of two), empty, replacing the current one.
  void new_table(std::size_t size);
  // Stores entry `e` at the first free position from its tag's own (one thread).
  void place(std::uint64_t e);
  std::uint64_t* staged_link(StateIndex provisional) const {
    return reinterpret_cast<std::uint64_t*>(staged_links_->at(provisional));
  }

  // The table position of a state whose top 32 hash bits are `tag`: the top log2(table size)
  // bits of its hash, so that growing the table needs only the tags.
  std::uint64_t position(std::uint64_t tag) const { return tag >> tag_shift_; }

  std::size_t slots_;
  unsigned bits_ = 0;                     // bits per stored slot: 4, 8, 16 or 32
  std::size_t key_bytes_ = 0;             // (slots_ * bits_ + 7) / 8
  std::size_t size_ = 0;                  // stored states, the open level's excluded
  std::unique_ptr<ChunkedRecords> keys_;  // key_bytes_ per state
  ChunkedRecords links_{sizeof(Link)};

  MappedRegion table_;
  std::uint64_t* entries_ = nullptr;  // table_'s entries
  std::uint64_t mask_ = 0;
  unsigned tag_shift_ = 0;  // 32 - log2(table size)

  // Sets cap_ from open_level's arguments and the table's size.
  void set_cap();

  // The open level.
  bool provisional_ = false;
  std::uint64_t requested_cap_ = 0;  // open_level's cap
  unsigned inserters_ = 1;
  std::uint64_t cap_ = 0;
  std::atomic<std::uint64_t> level_size_{0};
  std::atomic<std::uint64_t> committed_{0};      // states commit_range has stored
  std::unique_ptr<ChunkedRecords> staged_keys_;  // a provisional level's, by provisional number
  std::unique_ptr<ChunkedRecords> staged_links_;
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
