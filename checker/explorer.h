// Exhaustive breadth-first exploration of a TransitionSystem with exact state storage, on one
// thread or many.
//
// Every reachable state is stored once (StateStore); final states (no enabled transition) are
// collected; witnesses are rebuilt from parent links, so each is a shortest firing sequence to
// its state. Limits (stored states, seconds, resident memory) stop exploration cleanly: the
// result is then marked incomplete with the reason, and holds what was found so far. A run
// never claims completeness it does not have.
//
// Threads. The search goes a level (a BFS depth) at a time. The threads of a WorkerPool claim
// blocks of the level's states, expand them on models of their own (TransitionSystem::fork)
// and insert the successors into the one store, without locks; the level is then renumbered
// into the order one thread would have found its states in (state_store.h). So states,
// transitions, final states, witnesses and every figure but the time are the same for any
// number of threads, and so is a stop by --max-states. A level that must stop before its end
// for its own sake (the limit of states near, the staging set or the tree's tables full, a
// value too wide for the keys) keeps the blocks its threads finished from its first on, which
// are what one thread would have stored first, and goes on after them: on one thread where
// the limit of states stops it, which then stops exactly where one thread stops. A stop by
// time or memory ends the level where each thread stands.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "checker/exploration.h"
#include "checker/limit_watch.h"
#include "checker/state_store.h"
#include "checker/worker_pool.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

class Explorer {
 public:
  // Runs on parallel.threads threads where the model forks (and fewer where their models
  // would take more than half of limits.max_memory_bytes), else on one.
  Explorer(TransitionSystem& model, Limits limits, Parallelism parallel = {},
           StoreMode store = StoreMode::Compressed);
  ~Explorer();

  // Called about every second of exploration (for progress reports on long runs), from one
  // thread at a time, not always the same.
  void on_progress(std::function<void(const Progress&)> callback) {
    progress_ = std::move(callback);
  }

  Exploration run();

  // The transitions from the initial state to stored state `i`.
  std::vector<TransitionId> witness(StateIndex i) const;
  std::vector<Slot> state(StateIndex i) const;

 private:
  // Successors are looked up a group at a time: consecutive states are expanded until they
  // have at least kGroupSuccessors successors, whose entries in the visited set are then
  // prefetched, so that each cache miss has the time of many others' work to complete before
  // the lookup that needs it. A model that batches its
  // evaluations gets groups of kBatchGroupSuccessors: one batch per group, and a device gains
  // from large batches more than the lookups lose.
  static constexpr std::size_t kGroupSuccessors = 32;
  static constexpr std::size_t kBatchGroupSuccessors = 1024;
  static constexpr std::size_t kMaxAnnounced = 4 * kBatchGroupSuccessors;  // per batch
  // The margin of a level's estimate of its new states (the room of its staging set).
  static constexpr double kRoomMargin = 1.2;
  // A block no worker has claimed.
  static constexpr unsigned kNoWorker = 0xffffffffu;

  // Why a level stopped before its end (Failed: a thread threw, which run() throws on).
  enum class Halt : int { None, Widen, Full, Seconds, Memory, States, Failed };
  struct Group {
    // The enabled transitions of the group's states, one state after the other: those of
    // its g-th state from first[g] to first[g + 1]. Successor j is reached by enabled[j]; its
    // key is at keys[j * key_words], its identity is ids[j].
    std::vector<TransitionId> enabled;
    std::vector<std::size_t> first;
    std::vector<std::uint32_t> keys;
    std::size_t key_words = 0;
    std::vector<std::uint64_t> ids;
    // The slots successor j's firing wrote, from written[written_first[j]] to
    // written[written_first[j + 1]]: copied from what fire() returned, which is valid only
    // until the model's next firing, while the identities are made after the whole group's.
    std::vector<std::uint32_t> written;
    std::vector<std::size_t> written_first;
    StateStore::Opened parent;  // the state being expanded
    std::vector<Slot> next;     // a successor, while its key is made
  };
  // One thread's model (the explorer's own for worker 0, a fork for the others) and its share
  // of the open level.
  // Aligned to cache lines, so that one worker's counters never share a line with another's.
  struct alignas(64) Worker {
    TransitionSystem* model = nullptr;
    std::unique_ptr<TransitionSystem> fork;
    Group g;
    // The log entries of the states of the block it expands, from block_first on.
    std::vector<unsigned char> block;
    StateIndex block_first = 0;
    std::vector<std::uint64_t> claimed;  // staged states it staged or lowered the link of, in order
    std::vector<StateIndex> finals;      // expanded states without successors
    Slot too_wide = 0;          // the bits of slot values that did not fit the store's keys
    Halt blocked = Halt::None;  // why expand_group stopped
    StateStore::Numbers numbers;
    LimitWatch watch{Limits{}};  // the explorer's limits, as this thread checks them
    // While it expands a block: its model's long steps may then be interrupted by a limit
    // (TransitionSystem::set_interrupt); never while a level is committed, whose firings
    // make again what expansion made.
    bool expanding = false;
  };
  // A block of the level's states, [first, last), expanded by one worker up to `done`, with
  // the transitions and the model's extra firings of that; its claimed states are
  // claimed[begin, end) of that worker. At commit, `own` lists the new states whose least
  // link's parent is in the block, in the order of their links.
  struct Block {
    StateIndex first, last, done;
    unsigned worker = 0;
    std::size_t begin = 0, end = 0;
    std::uint64_t transitions = 0;
    std::uint64_t extra_firings = 0;
    std::vector<StateStore::Staged> own;
  };
  struct Level {
    StateIndex lo, hi;  // the states to expand
    // Several workers, and the store stages the level (state_store.h); else one worker, which
    // stops at max-states exactly.
    bool provisional;
    std::vector<Block> blocks;
    std::atomic<std::size_t> next_block{0};
    std::atomic<int> halt{0};
  };

  // Reads the log entries of the states [first, last) into w.block, and opens state s of them.
  void read_block(Worker& w, StateIndex first, StateIndex last) const;
  void open_state(Worker& w, StateIndex s, StateStore::Opened& into, bool tree = true);
  // The key of the successor of `parent` by `t`, into `words`, and the slots the firing
  // wrote, into `written` (the model's, valid until its next firing); w.g.next is the
  // parent's slots on entry and on return. False, with the values in w.too_wide, when a value
  // does not fit the store's keys.
  bool successor_key(Worker& w, const StateStore::Opened& parent, TransitionId t,
                     std::uint32_t* words, std::span<const std::uint32_t>& written);
  // Expands the states of `w`'s group from `from` (before `last`), which w.block holds: the
  // keys and identities of their successors, prefetched for lookup. Returns the end of the group
  // (its last state
  // + 1), or `from` when the level must stop: w.blocked says why (Widen: a successor did not
  // fit the store's keys or tree, and w.too_wide says which values did not fit the keys, if
  // any: StateStore::refit; Full: the tree's tables must grow; Memory: they cannot).
  StateIndex expand_group(Worker& w, const Level& level, StateIndex from, StateIndex last);
  // For a model that batches evaluations: announces the transitions of the states that the
  // group starting at `from` will expand and has the model evaluate them as one batch.
  void announce_group(Worker& w, StateIndex from, StateIndex last);
  // Expands block b of the level on worker w; stops early when the level halts.
  void expand_block(Worker& w, Level& level, Block& b);
  // The job of worker w during a level: blocks until none is left or the level halts.
  void expand_level(unsigned w, Level& level);
  // Explores the level [lo, hi) with room for about `room` new states in the table, until it
  // is stored or a limit stops it: counts and final states go to `r`, the states a stop
  // leaves unexpanded to `unexpanded`. Returns why it stopped (None: it did not).
  Halt explore_level(StateIndex lo, StateIndex hi, double room, Exploration& r,
                     std::vector<std::pair<StateIndex, StateIndex>>& unexpanded);
  // Whether `more` bytes fit under --max-memory besides what the process holds.
  bool memory_allows(std::size_t more) const;
  // Whether committing `staged` states of a level that --max-seconds halted, growing the
  // visited set by `growth` bytes, is expected to end within the grace past the limit, at the
  // last commit's seconds per state.
  bool commit_fits(std::uint64_t staged, std::size_t growth) const;
  // Grows the store to hold `states` (StateStore::reserve: roomy where memory allows it), on
  // `workers`; false, and nothing done, when memory does not allow it.
  bool grow_table(std::uint64_t states, unsigned workers);
  // The store's way to run pieces of its work on `workers` threads of the pool.
  StateStore::ForEach on_threads(unsigned workers);
  // Renumbers a provisional level into one thread's order (state_store.h), on `workers`, and
  // commits the new states of its blocks: of every block (`whole`), else of the longest run
  // of finished blocks from the first whose new states number at most `budget`. Returns the
  // number of blocks committed.
  std::size_t commit_level(Level& level, unsigned workers, bool whole, std::uint64_t budget);
  // Adds the counts of the level's first `blocks` blocks, and their final states, to `r`.
  void count_blocks(const Level& level, std::size_t blocks, Exploration& r) const;
  // Sets the level's halt reason unless one is set already.
  static void halt_level(Level& level, Halt why);
  // Limits, progress; sets level.halt when a limit is reached. Any worker, between groups.
  void check_limits(Worker& w, Level& level);
  // The halt of a limit that LimitWatch reports.
  static Halt halt_of(StopReason reached);
  // The scan for final states among the states a stop left unexpanded: their final states to
  // r.finals, and those the grace after a --max-seconds stop left unscanned to r.unscanned.
  void scan_unexpanded(const std::vector<std::pair<StateIndex, StateIndex>>& unexpanded,
                       unsigned threads, Exploration& r);
  double elapsed() const;

  TransitionSystem& model_;
  std::size_t group_successors_;  // kGroupSuccessors, or kBatchGroupSuccessors
  Limits limits_;
  Parallelism parallel_;
  StateIndex block_states_;  // parallel_.block_states, at least 1
  StateStore store_;
  std::function<void(const Progress&)> progress_;
  std::vector<Worker> workers_;
  std::unique_ptr<WorkerPool> pool_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::uint64_t> committed_transitions_{0};
  std::atomic<double> next_report_{1.0};  // seconds
  double commit_seconds_per_state_ = 0;   // of the last provisional level's commit
};

}  // namespace tfmc::check
