#include "checker/explorer.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
constexpr unsigned kNoWorker = 0xffffffffu;
constexpr unsigned kMaxThreads = 1024;  // --threads' bound

// Runs fn(w, k) for every k in [0, n) on `workers` workers w of `pool` (nullptr: this
// thread, as worker 0), handing out items one at a time.
void for_each_item(WorkerPool* pool, unsigned workers, std::size_t n,
                   const std::function<void(unsigned, std::size_t)>& fn) {
  std::atomic<std::size_t> next{0};
  const auto job = [&](unsigned w) {
    for (std::size_t k = next.fetch_add(1); k < n; k = next.fetch_add(1)) fn(w, k);
  };
  if (pool != nullptr && workers > 1) {
    pool->run(workers, job);
  } else {
    job(0);
  }
}
}  // namespace

std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long pages_total = 0, pages_resident = 0;
  const int got = std::fscanf(f, "%lu %lu", &pages_total, &pages_resident);
  std::fclose(f);
  return got == 2 ? pages_resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

Explorer::Explorer(TransitionSystem& model, Limits limits, Parallelism parallel)
    : model_(model),
      group_successors_(model.batches() ? kBatchGroupSuccessors : kGroupSuccessors),
      limits_(limits),
      parallel_(parallel),
      store_(model.slot_count()) {}

Explorer::~Explorer() = default;

double Explorer::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Explorer::announce_group(Worker& w, StateIndex from, StateIndex last) {
  Group& g = w.g;
  g.enabled.clear();
  for (StateIndex s = from; s < last && g.enabled.size() < group_successors_; ++s) {
    store_.load(s, g.current.data());
    const std::size_t first = g.enabled.size();
    w.model->enabled(g.current.data(), g.enabled);
    // One state may have far more successors than a group: the batch stops at a bound, and
    // the firings past it evaluate as they come.
    for (std::size_t j = first; j < g.enabled.size() && j < kMaxAnnounced; ++j) {
      w.model->prefetch(g.current.data(), g.enabled[j]);
    }
  }
  w.model->flush_prefetch();
}

StateIndex Explorer::expand_group(Worker& w, StateIndex from, StateIndex last) {
  // Each successor's key is derived from its parent's: a firing changes only the slots in
  // writes(t), so the key is the parent's with those slots set (no copy of the whole state,
  // no encoding of every slot). `next` is the parent on entry to each firing, and again after
  // it once the written slots are put back.
  Group& g = w.g;
  TransitionSystem& model = *w.model;
  if (model.batches()) announce_group(w, from, last);
  g.key_bytes = store_.key_bytes();
  g.enabled.clear();
  g.first.assign(1, 0);
  StateIndex end = from;
  for (; end < last && g.enabled.size() < group_successors_; ++end) {
    store_.load(end, g.current.data());
    model.enabled(g.current.data(), g.enabled);
    g.first.push_back(g.enabled.size());
    g.keys.resize(g.enabled.size() * g.key_bytes);
    std::copy(g.current.begin(), g.current.end(), g.next.begin());
    const unsigned char* parent_key = store_.stored_key(end);
    for (std::size_t j = g.first[end - from]; j < g.enabled.size(); ++j) {
      const TransitionId t = g.enabled[j];
      unsigned char* key = g.keys.data() + j * g.key_bytes;
      std::copy_n(parent_key, g.key_bytes, key);
      model.fire(g.current.data(), t, g.next.data());
      bool fits = true;
      for (std::uint32_t s : model.writes(t)) fits &= store_.set_slot(key, s, g.next[s]);
      if (!fits) {
        for (std::uint32_t s : model.writes(t)) w.too_wide |= g.next[s];
        return from;
      }
      for (std::uint32_t s : model.writes(t)) g.next[s] = g.current[s];
    }
  }
  // The hashes, and the two rounds of prefetches (see StateStore::prefetch_entry).
  g.hashes.resize(g.enabled.size());
  for (std::size_t j = 0; j < g.enabled.size(); ++j) {
    g.hashes[j] = store_.hash_key(g.keys.data() + j * g.key_bytes);
    store_.prefetch_entry(g.hashes[j]);
  }
  for (const std::uint64_t h : g.hashes) store_.prefetch_state(h);
  return end;
}

void Explorer::halt_level(Level& level, Halt why) {
  int none = 0;
  level.halt.compare_exchange_strong(none, static_cast<int>(why));
}

void Explorer::expand_block(Worker& w, Level& level, Block& b) {
  b.begin = w.claimed.size();
  StateIndex s = b.first;
  while (s < b.last && level.halt.load(std::memory_order_relaxed) == 0) {
    const StateIndex end = expand_group(w, s, b.last);
    if (end == s) {
      halt_level(level, Halt::Widen);
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
      w.transitions += j_end - j_begin;
      for (std::size_t j = j_begin; j < j_end; ++j) {
        const unsigned char* key = g.keys.data() + j * g.key_bytes;
        if (!level.provisional && limits_.max_states > 0 &&
            store_.size() + store_.level_size() >= limits_.max_states &&
            !store_.contains_key(key, g.hashes[j])) {
          stop = Halt::States;
          break;
        }
        const StateStore::LevelInsert r =
            store_.insert(key, g.hashes[j], make_link(i, g.enabled[j]), w.numbers);
        if (level.provisional && r.found != StateStore::Found::Stored) {
          w.claimed.push_back({r.index, r.slot});
        }
        // One thread grows the table as it fills; several do the level again (run()).
        if (store_.over_cap() &&
            (level.provisional || !grow_table(2 * (store_.size() + store_.level_size()), 1))) {
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
  b.done = s;
  b.end = w.claimed.size();
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

void Explorer::check_limits(Worker& w, Level& level) {
  const double t = elapsed();
  if (limits_.max_seconds > 0 && t >= limits_.max_seconds) halt_level(level, Halt::Seconds);
  // Reading the resident size costs a few microseconds: every 64th check.
  if (limits_.max_memory_bytes > 0 && w.checks++ % 64 == 0 &&
      resident_bytes() >= limits_.max_memory_bytes) {
    halt_level(level, Halt::Memory);
  }
  double due = next_report_.load(std::memory_order_relaxed);
  if (progress_ && t >= due && next_report_.compare_exchange_strong(due, t + 1.0)) {
    const std::uint64_t stored = store_.size() + store_.level_size();
    progress_({stored, committed_transitions_.load(), stored - level.lo, t});
  }
}

void Explorer::commit_level(const Level& level, unsigned workers) {
  // A new state belongs to the block of its least link's parent; the blocks that staged it or
  // lowered its link list it, in the order of their links (one thread expands a block in
  // order), so a block's own states, in its list's order, are in one thread's order. A first
  // pass counts each block's own and marks the others (a provisional number has its top bit
  // free), a second gathers them.
  constexpr StateIndex kOther = 0x80000000u;
  const std::size_t n_blocks = level.blocks.size();
  std::vector<std::size_t> base(n_blocks + 1, 0);
  for_each_item(pool_.get(), workers, n_blocks, [&](unsigned, std::size_t k) {
    const Block& b = level.blocks[k];
    if (b.worker == kNoWorker) return;
    std::vector<StateStore::Staged>& claimed = workers_[b.worker].claimed;
    std::size_t count = 0;
    for (std::size_t c = b.begin; c < b.end; ++c) {
      const StateIndex p = store_.staged_parent(claimed[c].index);
      if (p >= b.first && p < b.last) {
        ++count;
      } else {
        claimed[c].index |= kOther;
      }
    }
    base[k + 1] = count;
  });
  for (std::size_t k = 0; k < n_blocks; ++k) base[k + 1] += base[k];
  TFMC_CHECK(base[n_blocks] <= store_.level_size(), "every new state belongs to one block");
  std::vector<StateStore::Staged> order(base[n_blocks]);
  for_each_item(pool_.get(), workers, n_blocks, [&](unsigned, std::size_t k) {
    const Block& b = level.blocks[k];
    if (b.worker == kNoWorker) return;
    const std::vector<StateStore::Staged>& claimed = workers_[b.worker].claimed;
    std::size_t at = base[k];
    for (std::size_t c = b.begin; c < b.end; ++c) {
      if ((claimed[c].index & kOther) == 0) order[at++] = claimed[c];
    }
  });
  constexpr std::size_t kPiece = 4096;
  for_each_item(
      pool_.get(), workers, (order.size() + kPiece - 1) / kPiece, [&](unsigned, std::size_t k) {
        store_.commit_range(order.data(), k * kPiece, std::min(order.size(), (k + 1) * kPiece));
      });
}

bool Explorer::memory_allows(std::size_t more) const {
  return limits_.max_memory_bytes == 0 || resident_bytes() + more < limits_.max_memory_bytes;
}

bool Explorer::grow_table(std::uint64_t states, unsigned workers) {
  if (!memory_allows(store_.growth_bytes(states))) return false;
  store_.reserve(states, [&](std::size_t n, const std::function<void(std::size_t)>& fn) {
    for_each_item(pool_.get(), workers, n, [&](unsigned, std::size_t k) { fn(k); });
  });
  return true;
}

Explorer::Halt Explorer::explore_level(StateIndex lo, StateIndex hi, double room, Exploration& r,
                                       std::vector<std::pair<StateIndex, StateIndex>>& unexpanded) {
  const auto threads = static_cast<unsigned>(workers_.size());
  bool exact = threads == 1 || hi - lo < parallel_.min_parallel_level;
  for (;;) {
    // A table too small for the level (memory may not allow more) makes a level of several
    // threads stop at its cap, and then it is done again.
    grow_table(store_.size() + static_cast<std::uint64_t>(room), threads);
    const std::uint64_t budget =
        exact || limits_.max_states == 0 ? kMaxStates : limits_.max_states - store_.size();
    store_.open_level(!exact, budget, exact ? 1 : threads);
    Level level;
    level.lo = lo;
    level.hi = hi;
    level.provisional = !exact;
    for (StateIndex first = lo; first < hi; first += std::min(kBlockStates, hi - first)) {
      const StateIndex last = first + std::min(kBlockStates, hi - first);
      level.blocks.push_back({first, last, first, kNoWorker, 0, 0});
    }
    for (Worker& w : workers_) {
      w.claimed.clear();
      w.finals.clear();
      w.transitions = 0;
      w.too_wide = 0;
      w.numbers = {};
      w.extra_firings_before = w.model->extra_firings();
    }
    const unsigned workers = exact ? 1 : threads;
    if (workers > 1) {
      pool_->run(workers, [&](unsigned w) { expand_level(w, level); });
    } else {
      expand_level(0, level);
    }
    const auto halt = static_cast<Halt>(level.halt.load());
    // Renumbering needs about 16 bytes per staged state for a moment.
    const bool fits =
        halt != Halt::None || !level.provisional || memory_allows(16 * store_.level_size());
    if (halt == Halt::Widen || halt == Halt::Full || !fits) {
      // The level is done again: after widening the keys, with more table, or by one thread
      // that stops exactly at max-states; or not at all where memory does not allow it.
      const std::uint64_t reached = store_.size() + store_.level_size();
      store_.drop_level();
      Slot any = 0;
      for (const Worker& w : workers_) any |= w.too_wide;
      if (halt == Halt::Widen && memory_allows(store_.widening_bytes(any))) {
        store_.widen_for(any);
        continue;
      }
      if (halt == Halt::Full && limits_.max_states > 0 && reached >= limits_.max_states) {
        exact = true;
        continue;
      }
      room = 2 * std::max<double>(room, static_cast<double>(reached - store_.size()));
      if (halt == Halt::Full && memory_allows(store_.growth_bytes(store_.size() + room))) continue;
      unexpanded.emplace_back(lo, hi);
      return Halt::Memory;
    }
    if (level.provisional) commit_level(level, workers);
    store_.close_level();
    for (const Worker& w : workers_) {
      r.transitions += w.transitions;
      r.extra_firings += w.model->extra_firings() - w.extra_firings_before;
      r.finals.insert(r.finals.end(), w.finals.begin(), w.finals.end());
    }
    committed_transitions_.store(r.transitions);
    if (halt != Halt::None) {
      for (const Block& b : level.blocks) {
        if (b.done < b.last) unexpanded.emplace_back(b.done, b.last);
      }
      unexpanded.emplace_back(hi, static_cast<StateIndex>(store_.size()));
    }
    return halt;
  }
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
    w.g.current.resize(slots);
    w.g.next.resize(slots);
  }

  const std::uint64_t initial_firings = model_.extra_firings();
  model_.initial_state(workers_[0].g.current.data());
  r.extra_firings = model_.extra_firings() - initial_firings;
  store_.find_or_insert(workers_[0].g.current.data(), kNoState, 0);

  // A level's new states are estimated from the last level's ratio, to size the table before
  // it opens.
  double growth = 1;
  Halt halt = Halt::None;
  std::vector<std::pair<StateIndex, StateIndex>> unexpanded;
  for (StateIndex lo = 0; lo < store_.size() && halt == Halt::None;) {
    const auto hi = static_cast<StateIndex>(store_.size());
    halt = explore_level(lo, hi, 1.5 * growth * (hi - lo) + 64, r, unexpanded);
    growth = static_cast<double>(store_.size() - hi) / (hi - lo);
    lo = hi;
  }
  // A stop leaves stored states unexpanded; those that are final still give outcomes.
  std::vector<std::pair<StateIndex, StateIndex>> pieces;
  for (const auto& [from, to] : unexpanded) {
    for (StateIndex q = from; q < to; q += std::min(kBlockStates, to - q)) {
      pieces.emplace_back(q, q + std::min(kBlockStates, to - q));
    }
  }
  for (Worker& w : workers_) w.finals.clear();
  for_each_item(pool_.get(), threads, pieces.size(), [&](unsigned w, std::size_t k) {
    Group& g = workers_[w].g;
    for (StateIndex q = pieces[k].first; q < pieces[k].second; ++q) {
      store_.load(q, g.current.data());
      g.enabled.clear();
      workers_[w].model->enabled(g.current.data(), g.enabled);
      if (g.enabled.empty()) workers_[w].finals.push_back(q);
    }
  });
  for (const Worker& w : workers_)
    r.finals.insert(r.finals.end(), w.finals.begin(), w.finals.end());
  std::sort(r.finals.begin(), r.finals.end());
  store_.release_staging();
  pool_.reset();
  workers_.clear();
  if (halt != Halt::None) {
    r.complete = false;
    r.stop_reason = halt == Halt::States    ? "max-states"
                    : halt == Halt::Seconds ? "max-seconds"
                                            : "max-memory";
  }
  r.states = store_.size();
  r.seconds = elapsed();
  r.store_bytes = store_.bytes();
  r.raw_bytes = store_.raw_bytes();
  r.slots = slots;
  r.threads = threads;
  return r;
}

std::vector<Slot> Explorer::state(StateIndex i) const {
  std::vector<Slot> s(store_.slot_count());
  store_.load(i, s.data());
  return s;
}

std::vector<TransitionId> Explorer::witness(StateIndex i) const {
  std::vector<TransitionId> path;
  for (; store_.parent(i) != kNoState; i = store_.parent(i)) path.push_back(store_.via(i));
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace tfmc::check
