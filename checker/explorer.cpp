#include "checker/explorer.h"

#include <algorithm>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
constexpr unsigned kMaxThreads = 1024;  // --threads' bound
}  // namespace

Explorer::Explorer(TransitionSystem& model, Limits limits, Parallelism parallel, StoreMode store)
    : model_(model),
      group_successors_(model.batches() ? kBatchGroupSuccessors : kGroupSuccessors),
      limits_(limits),
      parallel_(parallel),
      block_states_(std::max<StateIndex>(1, parallel.block_states)),
      store_(model.slot_count(), store, model.key_order()) {}

Explorer::~Explorer() = default;

double Explorer::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Explorer::read_block(Worker& w, StateIndex first, StateIndex last) const {
  w.block.resize((last - first) * store_.entry_bytes());
  store_.read_entries(first, last - first, w.block.data());
  w.block_first = first;
}

void Explorer::open_state(Worker& w, StateIndex s, StateStore::Opened& into, bool tree) {
  store_.open(w.block.data() + (s - w.block_first) * store_.entry_bytes(), into, tree);
}

void Explorer::announce_group(Worker& w, StateIndex from, StateIndex last) {
  Group& g = w.g;
  g.enabled.clear();
  for (StateIndex s = from; s < last && g.enabled.size() < group_successors_; ++s) {
    open_state(w, s, g.parent, false);
    const std::size_t first = g.enabled.size();
    w.model->enabled(g.parent.slots.data(), g.enabled);
    // One state may have far more successors than a group: the batch stops at a bound, and
    // the firings past it evaluate as they come.
    for (std::size_t j = first; j < g.enabled.size() && j < kMaxAnnounced; ++j) {
      w.model->prefetch(g.parent.slots.data(), g.enabled[j]);
    }
  }
  w.model->flush_prefetch();
}

bool Explorer::successor_key(Worker& w, const StateStore::Opened& parent, TransitionId t,
                             std::uint32_t* words, std::span<const std::uint32_t>& written) {
  // A firing changes only the slots it returns, so the key is the parent's with those slots
  // set (no copy of the whole state, no encoding of every slot). `next` is the parent on
  // entry, and again on return once the written slots are put back.
  Group& g = w.g;
  written = w.model->fire(parent.slots.data(), t, g.next.data());
  const bool fits = store_.successor_key(parent, g.next.data(), written, words);
  for (std::uint32_t s : written) {
    if (!fits) w.too_wide |= g.next[s];
    g.next[s] = parent.slots[s];
  }
  return fits;
}

StateIndex Explorer::expand_group(Worker& w, const Level& level, StateIndex from, StateIndex last) {
  // Each successor's identity is made from its parent's (the store folds the tree again only
  // where the written slots lie), and its visited entry is fetched as soon as it is known, so
  // that it has the rest of the group's making to arrive.
  Group& g = w.g;
  TransitionSystem& model = *w.model;
  if (model.batches()) announce_group(w, from, last);
  g.key_words = store_.key_words();
  g.enabled.clear();
  g.first.assign(1, 0);
  g.written.clear();
  g.written_first.assign(1, 0);
  StateIndex end = from;
  // The group's successors' keys first, then their identities, whose first lookups in the
  // tree's tables the keys' making fetched.
  for (std::size_t n = 0; end < last && g.enabled.size() < group_successors_; ++end, ++n) {
    open_state(w, end, g.parent, false);
    model.enabled(g.parent.slots.data(), g.enabled);
    g.first.push_back(g.enabled.size());
    g.keys.resize(g.enabled.size() * g.key_words);
    g.ids.resize(g.enabled.size());
    g.next = g.parent.slots;
    for (std::size_t j = g.first[n]; j < g.enabled.size(); ++j) {
      std::span<const std::uint32_t> written;
      const bool fits =
          successor_key(w, g.parent, g.enabled[j], g.keys.data() + j * g.key_words, written);
      if (model.interrupted()) {
        w.blocked = halt_of(w.watch.reached());
        return from;
      }
      if (!fits) {
        w.blocked = Halt::Widen;
        return from;
      }
      g.written.insert(g.written.end(), written.begin(), written.end());
      g.written_first.push_back(g.written.size());
    }
  }
  for (std::size_t n = 0; from + n < end; ++n) {
    store_.open_tree(w.block.data() + (from + n - w.block_first) * store_.entry_bytes(), g.parent);
    for (std::size_t j = g.first[n]; j < g.first[n + 1]; ++j) {
      const std::span<const std::uint32_t> written(g.written.data() + g.written_first[j],
                                                   g.written_first[j + 1] - g.written_first[j]);
      if (!store_.successor(g.parent, g.keys.data() + j * g.key_words, written, g.ids[j])) {
        w.blocked = Halt::Widen;
        return from;
      }
      store_.prefetch(g.ids[j]);
      // The tree's tables fill as successors are made: one thread grows them at once (the
      // group's references stay valid), several stop the level and do it again.
      if (store_.crowded() && (level.provisional || !grow_table(store_.size(), 1))) {
        w.blocked = level.provisional ? Halt::Full : Halt::Memory;
        return from;
      }
    }
  }
  return end;
}

void Explorer::halt_level(Level& level, Halt why) {
  int none = 0;
  level.halt.compare_exchange_strong(none, static_cast<int>(why));
}

void Explorer::expand_block(Worker& w, Level& level, Block& b) {
  b.begin = w.claimed.size();
  w.expanding = true;
  const std::uint64_t firings_before = w.model->extra_firings();
  read_block(w, b.first, b.last);
  StateIndex s = b.first;
  while (s < b.last && level.halt.load(std::memory_order_relaxed) == 0) {
    const StateIndex end = expand_group(w, level, s, b.last);
    if (end == s) {
      halt_level(level, w.blocked);
      break;
    }
    const Group& g = w.g;
    Halt stop = Halt::None;
    StateIndex i = s;
    // The lookups, state by state; a max-states stop leaves state i unexpanded.
    for (; i < end && stop == Halt::None; ++i) {
      const std::size_t j_begin = g.first[i - s];
      const std::size_t j_end = g.first[i - s + 1];
      if (j_begin == j_end) {
        w.finals.push_back(i);
        continue;
      }
      b.transitions += j_end - j_begin;
      for (std::size_t j = j_begin; j < j_end; ++j) {
        if (!level.provisional && limits_.max_states > 0 &&
            store_.size() + store_.level_size() >= limits_.max_states &&
            !store_.contains_id(g.ids[j])) {
          stop = Halt::States;
          break;
        }
        const StateStore::LevelInsert r = store_.insert(g.keys.data() + j * g.key_words, g.ids[j],
                                                        make_link(i, g.enabled[j]), w.numbers);
        if (level.provisional && r.found != StateStore::Found::Stored) w.claimed.push_back(r.pos);
        // One thread grows the store as it fills; several do the level again (run()).
        if (store_.over_cap() &&
            (level.provisional || !grow_table(store_.size() + store_.level_size() + 1, 1))) {
          stop = level.provisional ? Halt::Full : Halt::Memory;
          break;
        }
      }
      if (stop != Halt::None) break;
    }
    s = i;
    if (stop != Halt::None) {
      halt_level(level, stop);
      break;
    }
    check_limits(w, level);
  }
  w.expanding = false;
  b.done = s;
  b.end = w.claimed.size();
  b.extra_firings = w.model->extra_firings() - firings_before;
}

void Explorer::expand_level(unsigned w, Level& level) {
  Worker& worker = workers_[w];
  try {
    while (level.halt.load(std::memory_order_relaxed) == 0) {
      const std::size_t b = level.next_block.fetch_add(1);
      if (b >= level.blocks.size()) break;
      level.blocks[b].worker = w;
      expand_block(worker, level, level.blocks[b]);
    }
  } catch (...) {
    halt_level(level, Halt::Failed);  // the other threads stop at their next group
    throw;
  }
}

Explorer::Halt Explorer::halt_of(StopReason reached) {
  return reached == StopReason::MaxSeconds  ? Halt::Seconds
         : reached == StopReason::MaxMemory ? Halt::Memory
                                            : Halt::None;
}

void Explorer::check_limits(Worker& w, Level& level) {
  const Halt limit = halt_of(w.watch.reached());
  if (limit != Halt::None) halt_level(level, limit);
  const double t = elapsed();
  double due = next_report_.load(std::memory_order_relaxed);
  if (progress_ && t >= due && next_report_.compare_exchange_strong(due, t + 1.0)) {
    const std::uint64_t stored = store_.size() + store_.level_size();
    progress_({stored, committed_transitions_.load(), stored - level.lo, t});
  }
}

std::size_t Explorer::commit_level(Level& level, unsigned workers, bool whole,
                                   std::uint64_t budget) {
  // A new state belongs to the block of its least link's parent; the blocks that staged it or
  // lowered its link list it, in the order of their links (one thread expands a block in
  // order), so a block's own states, in its list's order, are in one thread's order. A first
  // pass takes each block's own, with identity and link (one read of the staging set each,
  // which empties it for the next level); a second makes their keys again and commits them,
  // block after block.
  const std::size_t n_blocks = level.blocks.size();
  for_each_item(pool_.get(), workers, n_blocks, [&](unsigned, std::size_t k) {
    Block& b = level.blocks[k];
    if (b.worker == kNoWorker) return;
    const std::vector<std::uint64_t>& claimed = workers_[b.worker].claimed;
    StateStore::Staged state;
    // Each entry is fetched well before it is read, so that the misses overlap.
    constexpr std::size_t kAhead = 16;
    for (std::size_t c = b.begin; c < b.end; ++c) {
      if (c + kAhead < b.end) store_.prefetch_staged(claimed[c + kAhead]);
      if (store_.take_staged(claimed[c], b.first, b.last, state)) b.own.push_back(state);
    }
  });
  std::vector<std::size_t> base(n_blocks + 1, 0);
  for (std::size_t k = 0; k < n_blocks; ++k) base[k + 1] = base[k] + level.blocks[k].own.size();
  std::uint64_t staged = 0;
  for (const Worker& w : workers_) staged += w.numbers.staged;
  TFMC_CHECK(base[n_blocks] == staged, "every staged state belongs to one block");
  // A finished block's own states are all known once the blocks before it are finished too
  // (a state's least link is the first that reaches it).
  std::size_t kept = n_blocks;
  if (!whole) {
    kept = 0;
    while (kept < n_blocks && level.blocks[kept].done == level.blocks[kept].last &&
           base[kept + 1] <= budget) {
      ++kept;
    }
  }
  // The keys, made again from the parents' (the block's states, read back from the log) and
  // the links' transitions.
  for_each_item(pool_.get(), workers, kept, [&](unsigned w, std::size_t k) {
    std::vector<StateStore::Staged> own = std::move(level.blocks[k].own);
    if (own.empty()) return;
    Worker& worker = workers_[w];
    Group& g = worker.g;
    const auto parent = [](const StateStore::Staged& s) {
      return static_cast<StateIndex>(s.link >> 32);
    };
    read_block(worker, parent(own.front()), parent(own.back()) + 1);
    g.key_words = store_.key_words();
    g.keys.resize(own.size() * g.key_words);
    StateIndex opened = kNoState;
    for (std::size_t n = 0; n < own.size(); ++n) {
      if (parent(own[n]) != opened) {
        opened = parent(own[n]);
        open_state(worker, opened, g.parent, false);
        g.next = g.parent.slots;
      }
      std::span<const std::uint32_t> written;  // the key is all a commit needs
      const bool fits = successor_key(worker, g.parent, static_cast<TransitionId>(own[n].link),
                                      g.keys.data() + n * g.key_words, written);
      TFMC_CHECK(fits, "a staged state's key fits as it did when it was staged");
    }
    store_.commit_range(base[k], own.data(), own.size(), g.keys.data());
  });
  return kept;
}

Exploration Explorer::run() {
  start_ = std::chrono::steady_clock::now();
  Exploration r;
  const std::size_t slots = model_.slot_count();

  unsigned threads = parallel_.threads == 0 ? available_cores() : parallel_.threads;
  threads = std::clamp(threads, 1u, kMaxThreads);
  workers_.resize(1);
  workers_[0].model = &model_;
  for (unsigned w = 1; w < threads; ++w) {
    // Each thread's model costs memory: no more threads than leave half of --max-memory to
    // the states (Exploration::threads says how many ran).
    if (limits_.max_memory_bytes > 0 && resident_bytes() >= limits_.max_memory_bytes / 2) break;
    Worker worker;
    worker.fork = model_.fork();
    if (worker.fork == nullptr) break;  // a model one thread explores
    worker.model = worker.fork.get();
    workers_.push_back(std::move(worker));
  }
  threads = static_cast<unsigned>(workers_.size());
  if (threads > 1) pool_ = std::make_unique<WorkerPool>(threads);
  for (Worker& w : workers_) {
    w.watch = LimitWatch(limits_);
    w.model->set_interrupt([&w] { return w.expanding && w.watch.reached() != StopReason::None; });
  }
  const std::uint64_t initial_firings = model_.extra_firings();
  std::vector<Slot> initial(slots);
  // The eager firings from the initial state may be a whole program's run: a limit may stop
  // them, and then no state is stored.
  workers_[0].expanding = true;
  model_.initial_state(initial.data());
  workers_[0].expanding = false;
  r.extra_firings = model_.extra_firings() - initial_firings;
  Halt halt = Halt::None;
  if (model_.interrupted()) {
    halt = halt_of(workers_[0].watch.reached());
    r.stopped_in = StopPhase::InitialState;
  } else {
    store_.find_or_insert(initial.data(), kNoState, 0);
  }

  // A level's new states are estimated, to size the store before it opens, from the last
  // level's ratio of new states to expanded ones, times that ratio's last fall where it fell
  // (in most spaces it falls level after level), with a margin. A level that passes its
  // estimate keeps the blocks it finished and goes on with more room, so the margin is small:
  // staging costs 23 bytes per state of room, freshly zeroed.
  double ratio = 1, fall = 1;
  std::vector<std::pair<StateIndex, StateIndex>> unexpanded;
  for (StateIndex lo = 0; lo < store_.size() && halt == Halt::None;) {
    const auto hi = static_cast<StateIndex>(store_.size());
    halt = explore_level(lo, hi, kRoomMargin * ratio * fall * (hi - lo) + 64, r, unexpanded);
    const double next = static_cast<double>(store_.size() - hi) / (hi - lo);
    fall = std::min(1.0, next / ratio);
    ratio = next;
    lo = hi;
  }
  if (halt != Halt::None && r.stopped_in == StopPhase::None) r.stopped_in = StopPhase::Exploration;
  scan_unexpanded(unexpanded, threads, r);
  store_.release_staging();
  pool_.reset();
  model_.set_interrupt(nullptr);  // it refers to the workers
  workers_.clear();
  r.states = store_.size();
  r.seconds = elapsed();
  r.store_bytes = store_.bytes();
  r.disk_bytes = store_.disk_bytes();
  // A level stops for its own sake (Widen, Full) only to go on: what ends a run is a limit.
  const StopReason why = halt == Halt::None      ? StopReason::None
                         : halt == Halt::States  ? StopReason::MaxStates
                         : halt == Halt::Seconds ? StopReason::MaxSeconds
                                                 : StopReason::MaxMemory;
  conclude(r, why, store_.mode(), slots, threads);
  return r;
}

void Explorer::scan_unexpanded(const std::vector<std::pair<StateIndex, StateIndex>>& unexpanded,
                               unsigned threads, Exploration& r) {
  // A stop leaves stored states unexpanded; those that are final still give outcomes. After a
  // --max-seconds stop the scan has the grace past the limit (limit_watch.h), piece by piece.
  std::vector<std::pair<StateIndex, StateIndex>> pieces;
  for (const auto& [from, to] : unexpanded) {
    for (StateIndex q = from; q < to; q += std::min(block_states_, to - q)) {
      pieces.emplace_back(q, q + std::min(block_states_, to - q));
    }
  }
  const double grace = grace_seconds(limits_.max_seconds);
  std::atomic<std::uint64_t> unscanned{0};
  for (Worker& w : workers_) w.finals.clear();
  for_each_item(pool_.get(), threads, pieces.size(), [&](unsigned w, std::size_t k) {
    Worker& worker = workers_[w];
    if (worker.watch.past_grace(grace)) {
      unscanned += pieces[k].second - pieces[k].first;
      return;
    }
    Group& g = worker.g;
    read_block(worker, pieces[k].first, pieces[k].second);
    for (StateIndex q = pieces[k].first; q < pieces[k].second; ++q) {
      open_state(worker, q, g.parent, false);
      if (worker.model->is_final(g.parent.slots.data(), g.enabled)) worker.finals.push_back(q);
    }
  });
  for (const Worker& w : workers_) {
    r.finals.insert(r.finals.end(), w.finals.begin(), w.finals.end());
  }
  std::sort(r.finals.begin(), r.finals.end());
  r.final_states = r.finals.size();
  r.unscanned = unscanned.load();
  if (r.unscanned > 0) r.stopped_in = StopPhase::Scan;
}

std::vector<Slot> Explorer::state(StateIndex i) const {
  std::vector<Slot> s(store_.slot_count());
  store_.load(i, s.data());
  return s;
}

std::vector<TransitionId> Explorer::witness(StateIndex i) const {
  std::vector<TransitionId> path;
  // One read of the state file a step: the link holds the parent and the transition.
  for (Link link = store_.link(i); static_cast<StateIndex>(link >> 32) != kNoState;
       link = store_.link(static_cast<StateIndex>(link >> 32))) {
    path.push_back(static_cast<TransitionId>(link));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace tfmc::check
