// State storage for a breadth-first exploration by one thread or many: a visited set in
// memory, the states themselves on disk, parent links beside them.
//
// A state is packed into a key (key_layout.h), and the key gives an identity, a 64-bit value
// that the visited set (visited_set.h) holds:
// - Compressed (the default, exact): the root of the key's state tree (state_tree.h), which
//   packs the references of shared parts of the key into 64 bits, mixed (mix64, a bijection):
//   distinct states have distinct identities. A state costs memory only for its visited
//   entry and its share of the tree's small tables.
// - Fingerprint (hash compaction, TLC's and SPIN's trade, never the default): the key's 64-bit
//   XXH3 hash. Two states with one hash are taken for one: a state may be missed, with the
//   probability that fingerprint_probability() estimates. For spaces whose states share
//   little, where the tree's tables would grow large.
// The keys, identities and parent links go to the state file (state_log.h), in index order:
// a level is read back from it when it is expanded, witnesses and outcomes at the end, and the
// visited set is built again from it when the identities change.
//
// Levels. States are added a level at a time (open_level .. close_level), and get indices
// from size() on. One thread (not provisional): a new state goes into the visited set and to
// the log at once, and the set grows while the level is open. Several threads (provisional):
// the visited set is only read; new states are staged apart, in a staging set whose entries
// hold each state's identity and its least parent link (parent index, transition) among those
// that reached it, which is the link one thread records (it meets a level's states in that
// order). When the level closes it is renumbered into that order (commit_range), and each new
// state's key is made again from its parent's and its link's transition, so that staging
// holds 16 bytes a state: the numbering, the links, and with them every witness and report
// are the same for every thread count.
//
// Refitting. Keys hold the fewest bits per slot that fit every value met, and the tree's root
// the fewest bits per part that fit its tables. A value or a part that does not fit stops the
// level, which is dropped and done again after refit(): the keys widened (every key in the log
// rewritten), or the tree planned anew, and the visited set built again from the log, on the
// caller's threads (ForEach). Keys widen at most three times a run; the tree plans anew when a
// table doubles, rarely once states are many, and between levels where it can (tight()).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "checker/exploration.h"
#include "checker/key_layout.h"
#include "checker/mapped_region.h"
#include "checker/state_log.h"
#include "checker/state_tree.h"
#include "checker/visited_set.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

// At most this many states (32-bit indices, kNoState reserved, and a margin).
inline constexpr std::uint64_t kMaxStates = (std::uint64_t{1} << 31) - 2;

// A parent link: (parent index << 32) | transition. Links order as one thread meets them.
using Link = std::uint64_t;
inline Link make_link(StateIndex parent, TransitionId via) {
  return (std::uint64_t{parent} << 32) | via;
}

class StateStore {
 public:
  // `key_order`: the slots' order in the keys (key_layout.h; empty: their own).
  explicit StateStore(std::size_t slots_per_state, StoreMode mode = StoreMode::Compressed,
                      std::vector<std::uint32_t> key_order = {});

  StoreMode mode() const { return mode_; }
  const KeyLayout& layout() const { return layout_; }
  // Bytes of one log entry: a key and a link.
  std::size_t entry_bytes() const { return log_->entry_bytes(); }

  // --- Expanding states. ---

  // A state read back from the log: its key (as words, zero-padded), its slots, and (Compressed)
  // its tree, from which successors' identities are made.
  struct Opened {
    std::vector<std::uint32_t> words;
    std::vector<Slot> slots;
    StateTree::Refs refs;
    std::uint64_t root = 0;  // the tree's root, which its items' references pack into
    StateTree::Scratch scratch;
    std::vector<std::uint32_t> changed;  // words changed by a successor that writes many slots
  };
  // Reads the log entries of states [first, first + count) into `out` (entry_bytes() each).
  void read_entries(StateIndex first, std::size_t count, unsigned char* out) const;
  // Opens the state whose log entry is `entry` (its tree too where `tree`).
  void open(const unsigned char* entry, Opened& out, bool tree = true);
  // Opens only the tree of the state whose log entry is `entry`, into `out`.
  void open_tree(const unsigned char* entry, Opened& out) const;
  // Words of a key buffer (at least 2).
  std::size_t key_words() const { return words_; }
  // The key of the successor `next` of `parent`, which differs from it in slots `written`
  // only, into `words` (key_words() of them): the parent's key with those slots set. False
  // when one does not fit the keys (refit() first). The tree's entries that successor() will
  // look up first are fetched into the cache: make a state's successors' keys before their
  // identities, so that their misses overlap.
  bool successor_key(const Opened& parent, const Slot* next, std::span<const std::uint32_t> written,
                     std::uint32_t* words) const;
  // The identity of the successor of `parent` whose key is `words`, which differs from the
  // parent's in slots `written` only. False when the tree does not fit it: refit() first.
  bool successor(Opened& parent, const std::uint32_t* words, std::span<const std::uint32_t> written,
                 std::uint64_t& id);

  // Lookups in a large store are dominated by one cache miss, the identity's entry: the
  // explorer prefetches a group's entries before it inserts them.
  void prefetch(std::uint64_t id) const;

  // --- Levels. ---

  // Opens a level: states inserted from now on get indices from size() on. Not `provisional`:
  // by one thread. `provisional`: by several threads, staged apart, with room for `expected`
  // states. over_cap() says when the level holds `cap` new states, or when the visited set,
  // the staging set or the tree's nodes would pass their bounds if each of `inserters`
  // threads took one more batch of numbers or made one more successor. A staging set made
  // anew has its pages made through for_each.
  void open_level(bool provisional, std::uint64_t cap, unsigned inserters, std::uint64_t expected,
                  const VisitedSet::ForEach& for_each);
  enum class Found : std::uint8_t { Stored, New, Lowered };
  // A thread's share of the level's numbers: it takes kNumberBatch at a time in a provisional
  // level, so that threads do not contend for one counter per state. `staged` counts the
  // states it staged.
  struct Numbers {
    std::uint64_t next = 0, end = 0;
    std::uint64_t staged = 0;
  };
  static constexpr std::uint64_t kNumberBatch = 64;
  struct LevelInsert {
    std::uint64_t pos;  // where a provisional level staged the state
    Found found;        // Lowered: staged in this level, its link now the one given
  };
  // Finds the state with identity `id` (and key `words`) or stores it with `link`; a state
  // staged in this level keeps the least of its links. Safe from several threads at once in
  // a provisional level, each with its own `numbers` (reset for each level).
  LevelInsert insert(const std::uint32_t* words, std::uint64_t id, Link link, Numbers& numbers);
  // Whether the state with identity `id` is stored (not staged). Not while others insert.
  bool contains_id(std::uint64_t id) const;
  // Numbers handed out in the open level: its states, exactly when it is not provisional,
  // else a bound on them. And whether it reached its cap.
  std::uint64_t level_size() const { return level_size_.load(std::memory_order_relaxed); }
  bool over_cap() const;
  // The identity of a staged state, and its least link.
  struct Staged {
    std::uint64_t id;
    Link link;
  };
  // Once the level's inserts are done: reads the state staged at `pos` into `out` and, when
  // its least link's parent is in [first, last), takes it (true): its entry is emptied, so
  // that a level whose states are all taken leaves the staging set empty for the next one,
  // with no clearing. Each state is taken once, by the caller that owns its parent; others
  // that read it, before or after, see a parent outside their range either way (a taken
  // entry reads as parent kNoState).
  bool take_staged(std::uint64_t pos, StateIndex first, StateIndex last, Staged& out);
  // Fetches the staged entry at `pos` into the cache, for a take_staged soon after.
  void prefetch_staged(std::uint64_t pos) const { staged_.prefetch_at(pos); }

  // Closing a provisional level: every staged state taken (take_staged), then commit_range for
  // its n staged states in disjoint pieces that cover [0, n), from any threads, then
  // close_level. The `count` states states[0 .. count), whose keys are at keys (key_words()
  // each), get indices size() + first on. The visited set must have room for them (reserve).
  void commit_range(std::uint64_t first, const Staged* states, std::size_t count,
                    const std::uint32_t* keys);
  // Ends the level: its states are stored, size() counts them.
  void close_level();
  // Ends the level without it: none of its states remains.
  void drop_level();
  // The bytes that reserve(states, roomy) would map anew (0: it would not grow), and that
  // refit(any) would take.
  std::size_t growth_bytes(std::uint64_t states, bool roomy = true) const;
  std::size_t refit_bytes(Slot any) const;
  // The bytes of the staging of a provisional level with room for `expected` states.
  std::size_t staging_bytes(double expected) const;
  // Runs fn(k) for each k in [0, n), on as many threads as the caller has.
  using ForEach = VisitedSet::ForEach;
  // Grows the visited set (with no level open, or one that is not provisional) so that
  // `states` fit, and, where one of them crowds, the tree's tables: `roomy` ones, which grow
  // less often, or half as large.
  void reserve(std::uint64_t states, const ForEach& for_each, bool roomy = true);
  // Whether the tree's tables are crowded (the level must stop for them to grow).
  bool crowded() const { return mode_ == StoreMode::Compressed && tree_->crowded(); }
  // Whether the tree would do better planned anew now (state_tree.h), before a level.
  bool tight() const { return mode_ == StoreMode::Compressed && tree_->tight(); }
  // Widens the keys so that the values whose bits are all in `any` fit, else plans the tree
  // anew where that gives it room (nothing when neither is needed); the visited set is built
  // again, through for_each. With no level open.
  void refit(Slot any, const ForEach& for_each);
  // Frees the staging set (kept from one level to the next).
  void release_staging();
  // How many times the visited set was built again (refit() changing the keys or the tree, a
  // dropped level): log entries read and states opened before are stale (read them again).
  std::uint64_t refits() const { return refits_; }

  // --- Whole states (one thread; the initial state, tests). ---

  struct Insert {
    StateIndex index;
    bool inserted;
  };
  // Finds `state` or stores it, as a level of its own, refitting the store when needed. The
  // index is kNoState when the state was stored already.
  Insert find_or_insert(const Slot* state, StateIndex parent, TransitionId via);
  // Finds `state` or stores it with `link` in the open level, which is not provisional,
  // growing and refitting the store as needed: for a refit the level is closed and opened
  // again (its states keep their indices, and the next get the indices after them).
  Insert add(const Slot* state, Link link);
  // The key (into `words`, key_words() of them) and identity of `state`; false when it does
  // not fit the keys or the tree (it may add tree nodes, which the state shares with others).
  bool identify(const Slot* state, std::vector<std::uint32_t>& words, std::uint64_t& id);
  // Whether `state` is stored (it may add tree nodes, which the state shares with others,
  // and grow a crowded table first). With no level open, or one that is not provisional.
  bool contains(const Slot* state);

  // --- Stored states. ---

  // Copies stored state i into `out` (slot_count() slots).
  void load(StateIndex i, Slot* out) const;
  Link link(StateIndex i) const { return log_->link(i); }
  StateIndex parent(StateIndex i) const { return static_cast<StateIndex>(link(i) >> 32); }
  TransitionId via(StateIndex i) const { return static_cast<TransitionId>(link(i)); }

  // Whether slots are stored in 16 bits or fewer (every slot value seen so far fits).
  bool narrow() const { return layout_.bits() <= 16; }

  std::size_t size() const { return size_; }
  std::size_t slot_count() const { return layout_.slots(); }
  // Bytes held in memory: the visited set, the tree's tables, the staging set and the log's
  // write buffer.
  std::size_t bytes() const;
  // Bytes of the state log on disk.
  std::size_t disk_bytes() const { return log_->disk_bytes(); }
  // The raw slot bytes of the stored states (size() * slots * 4).
  std::size_t raw_bytes() const { return size_ * layout_.slots() * sizeof(Slot); }
  // Fingerprint mode: the probability that some state was missed after `transitions` lookups
  // of which size() found new states (check::fingerprint_probability). 0 in compressed mode.
  double fingerprint_probability(std::uint64_t transitions) const {
    return mode_ == StoreMode::Fingerprint ? check::fingerprint_probability(size_, transitions) : 0;
  }

 private:
  // The identity of the key in `words` (key_words() words), folded whole into `refs`; false
  // when the tree does not fit it.
  bool identify_key(const std::uint32_t* words, StateTree::Refs& refs, std::uint64_t& id);
  // Sets the width: a new layout, tree, log and visited set.
  void set_bits(unsigned bits);
  // Builds the visited set again from the log's [0, size()), in pieces through for_each: from
  // its identities, or, when they are stale, from its keys, writing their new identities back,
  // and planning the tree anew as often as a key does not fit it.
  void rebuild_visited(const ForEach& for_each);
  // rebuild_visited's piece: entries [first, end) into the visited set. It stops early, at
  // the index it returns, where the tree's tables crowd, or where a key does not fit the
  // tree (it raises `misfit`) or another piece's did.
  std::uint64_t rebuild_piece(std::uint64_t first, std::uint64_t end, std::atomic<bool>& misfit);
  void set_cap();

  StoreMode mode_;
  KeyLayout layout_;
  std::size_t words_ = 2;  // of a key buffer
  std::unique_ptr<StateTree> tree_;
  std::unique_ptr<StateLog> log_;
  VisitedSet visited_;
  bool visited_stale_ = false;  // a dropped level of one thread left states in it
  bool ids_stale_ = false;      // the log's identities are not the tree's: fold the keys
  bool replanned_ = false;      // the log's identities are of the plan before the last
  std::uint64_t refits_ = 0;
  std::size_t size_ = 0;  // stored states, the open level's excluded

  // The open level.
  bool provisional_ = false;
  std::uint64_t requested_cap_ = 0;
  unsigned inserters_ = 1;
  std::uint64_t cap_ = 0;
  std::atomic<std::uint64_t> level_size_{0};
  std::atomic<std::uint64_t> committed_{0};
  // A provisional level's staging: a set of identities, each with its state's least link,
  // stored complemented (0: none yet), so that the least link is the greatest stored value
  // and fresh memory needs no clearing.
  VisitedSet staged_{16, true};
  bool staging_ = false;       // whether it is in use
  bool staging_empty_ = true;  // whether every entry is empty (its last level's all taken)

  // Scratch of the whole-state calls (identify, add, contains), kept to avoid allocations
  // per state (a distributed exploration adds every state so).
  std::vector<std::uint32_t> whole_words_;
  StateTree::Refs whole_refs_;
};

}  // namespace tfmc::check
