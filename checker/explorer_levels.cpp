// The levels of Explorer (explorer.h): sizing the store and the staging set for a level,
// running its blocks on the workers, and keeping, redoing or stopping it as the store, memory
// and the limits allow. The expansion of states, the hot loop, is in explorer.cpp.
#include <algorithm>
#include <chrono>

#include "checker/explorer.h"
#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
// What renumbering a staged level holds for a moment, per state (its identity and link).
constexpr std::size_t kCommitBytes = 16;
}  // namespace

void Explorer::count_blocks(const Level& level, std::size_t blocks, Exploration& r) const {
  for (std::size_t k = 0; k < blocks; ++k) {
    r.transitions += level.blocks[k].transitions;
    r.extra_firings += level.blocks[k].extra_firings;
  }
  const StateIndex end = blocks == level.blocks.size() ? level.hi : level.blocks[blocks].first;
  for (const Worker& w : workers_) {
    for (const StateIndex f : w.finals) {
      if (f < end) r.finals.push_back(f);
    }
  }
}

bool Explorer::commit_fits(std::uint64_t staged, std::size_t growth) const {
  // Twice the last commit's time per state, for a machine whose load changes; a commit that
  // grows the visited set moves every stored state, in a time not measured.
  const double expected = 2 * commit_seconds_per_state_ * static_cast<double>(staged);
  return growth == 0 &&
         !workers_[0].watch.past_grace(grace_seconds(limits_.max_seconds) - expected);
}

bool Explorer::memory_allows(std::size_t more) const {
  return limits_.max_memory_bytes == 0 || resident_bytes() + more < limits_.max_memory_bytes;
}

bool Explorer::grow_table(std::uint64_t states, unsigned workers) {
  for (const bool roomy : {true, false}) {
    if (memory_allows(store_.growth_bytes(states, roomy))) {
      store_.reserve(states, on_threads(workers), roomy);
      return true;
    }
  }
  return false;
}

StateStore::ForEach Explorer::on_threads(unsigned workers) {
  return [this, workers](std::size_t n, const std::function<void(std::size_t)>& fn) {
    for_each_item(pool_.get(), workers, n, [&](unsigned, std::size_t k) { fn(k); });
  };
}

Explorer::Halt Explorer::explore_level(StateIndex lo, StateIndex hi, double room, Exploration& r,
                                       std::vector<std::pair<StateIndex, StateIndex>>& unexpanded) {
  const auto threads = static_cast<unsigned>(workers_.size());
  // A level of several threads needs a staging set, and to commit its states about 16 bytes
  // each and the visited set's growth for them: where memory does not allow that, one thread
  // explores the level, growing the store as it goes.
  const auto expected = static_cast<std::uint64_t>(room);
  bool exact = threads == 1 || hi - lo < parallel_.min_parallel_level ||
               !memory_allows(store_.staging_bytes(room) + kCommitBytes * expected +
                              store_.growth_bytes(store_.size() + expected));
  // A tree whose tables near their bits is planned anew now rather than mid-level.
  if (store_.tight() && memory_allows(store_.refit_bytes(0))) store_.refit(0, on_threads(threads));
  // The tree's tables grow as one crowds, and the visited set as one thread fills it or when a
  // level of several closes; their staging set is sized for `room` new states (no more than
  // --max-states leaves), and a level that fills it or crowds a table stops at its cap and
  // goes on after its finished blocks.
  for (;;) {
    // Where memory does not allow crowded tables to grow, one thread goes on, which stops for
    // memory where it must.
    if (store_.crowded() && !grow_table(store_.size(), threads)) exact = true;
    const std::uint64_t budget =
        exact || limits_.max_states == 0 ? kMaxStates : limits_.max_states - store_.size();
    const double staging =
        std::min(room, static_cast<double>(budget + threads * StateStore::kNumberBatch));
    store_.open_level(!exact, budget, exact ? 1 : threads, static_cast<std::uint64_t>(staging),
                      on_threads(threads));
    Level level;
    level.lo = lo;
    level.hi = hi;
    level.provisional = !exact;
    for (StateIndex first = lo; first < hi;) {
      const StateIndex last = first + std::min(block_states_, hi - first);
      level.blocks.push_back({first, last, first, kNoWorker, 0, 0, 0, 0, {}});
      first = last;
    }
    for (Worker& w : workers_) {
      w.claimed.clear();
      w.finals.clear();
      w.too_wide = 0;
      w.numbers = {};
    }
    const unsigned workers = exact ? 1 : threads;
    if (workers > 1) {
      pool_->run(workers, [&](unsigned w) { expand_level(w, level); });
    } else {
      expand_level(0, level);
    }
    const auto halt = static_cast<Halt>(level.halt.load());
    const bool crowded = store_.crowded();  // before a commit grows the tables
    // Renumbering needs about 16 bytes per staged state for a moment, and the visited set
    // room for them; a level a limit halted is kept where no more memory is needed.
    const std::uint64_t staged = store_.level_size();
    const std::uint64_t reached = store_.size() + staged;
    const std::size_t growth = store_.growth_bytes(reached);
    const bool fits = !level.provisional || memory_allows(kCommitBytes * staged + growth) ||
                      (halt != Halt::None && growth == 0);
    if (halt == Halt::Widen || halt == Halt::Full || !fits) {
      // The level is done again from the end of its finished blocks, which are kept where
      // memory allows: after widening the keys, with more table, or by one thread that stops
      // exactly at max-states; or not at all where memory does not allow it.
      std::size_t kept = 0;
      if (level.provisional && fits) {
        grow_table(reached, workers);
        const std::uint64_t before = store_.size();
        const std::uint64_t budget =
            limits_.max_states == 0 ? kMaxStates : limits_.max_states - before;
        kept = commit_level(level, workers, false, budget);
        TFMC_CHECK(kept < level.blocks.size(), "a level that stops early leaves a block undone");
        count_blocks(level, kept, r);
        store_.close_level();
        committed_transitions_.store(r.transitions);
        lo = level.blocks[kept].first;
        // The rest of the level is expected to find new states as its finished blocks did.
        if (kept > 0) {
          room = kRoomMargin * static_cast<double>(store_.size() - before) /
                     static_cast<double>(lo - level.lo) * (hi - lo) +
                 64;
        }
      } else {
        store_.drop_level();
      }
      Slot any = 0;
      for (const Worker& w : workers_) any |= w.too_wide;
      if (halt == Halt::Widen && memory_allows(store_.refit_bytes(any))) {
        store_.refit(any, on_threads(threads));
        continue;
      }
      if (halt == Halt::Full && limits_.max_states > 0 && reached >= limits_.max_states) {
        exact = true;
        continue;
      }
      // Crowded tables grow as the level goes on; a full staging set where no block finished
      // doubles.
      if (kept == 0 && !crowded) room = 2 * std::max<double>(room, static_cast<double>(staged));
      if (halt == Halt::Full && memory_allows(store_.staging_bytes(room))) continue;
      unexpanded.emplace_back(lo, hi);
      if (store_.size() > hi) unexpanded.emplace_back(hi, static_cast<StateIndex>(store_.size()));
      return Halt::Memory;
    }
    if (level.provisional && halt == Halt::Seconds && !commit_fits(staged, growth)) {
      // Committing the staged states may run past the grace after --max-seconds: the level
      // is dropped, its states left unexpanded for the scan (as a level without memory to
      // commit is).
      store_.drop_level();
      unexpanded.emplace_back(lo, hi);
      return halt;
    }
    count_blocks(level, level.blocks.size(), r);
    if (level.provisional) {
      const auto commit_start = std::chrono::steady_clock::now();
      grow_table(reached, workers);
      commit_level(level, workers, true, kMaxStates);
      commit_seconds_per_state_ =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - commit_start).count() /
          static_cast<double>(std::max<std::uint64_t>(staged, 1));
    }
    store_.close_level();
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

}  // namespace tfmc::check
