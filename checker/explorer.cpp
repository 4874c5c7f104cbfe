#include "checker/explorer.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tfmc::check {

std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long pages_total = 0, pages_resident = 0;
  const int got = std::fscanf(f, "%lu %lu", &pages_total, &pages_resident);
  std::fclose(f);
  return got == 2 ? pages_resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

Explorer::Explorer(StateModel& model, Limits limits)
    : model_(model), limits_(limits), store_(model.slot_count()) {}

Exploration Explorer::run() {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Exploration r;
  const std::size_t slots = model_.slot_count();
  std::vector<TransitionId> enabled;
  std::vector<Slot> current(slots);
  std::vector<Slot> batch(slots);  // the successors of one state, one after the other
  std::vector<std::uint64_t> hashes;

  model_.initial_state(batch.data());
  store_.find_or_insert(batch.data(), kNoState, 0);
  double next_report = 1.0;
  // Limits are checked every 1024 expanded states, and also within an expansion once it has
  // produced kWorkPerCheck successor slots since the last check: one state of a wide program
  // can have tens of thousands of successors of tens of thousands of slots each.
  constexpr std::uint64_t kWorkPerCheck = std::uint64_t{1} << 24;
  std::uint64_t work = 0;
  const auto limit_reached = [&](StateIndex expanding) {
    work = 0;
    const double t = elapsed();
    if (limits_.max_seconds > 0 && t >= limits_.max_seconds) {
      r.stop_reason = "max-seconds";
    } else if (limits_.max_memory_bytes > 0 && resident_bytes() >= limits_.max_memory_bytes) {
      r.stop_reason = "max-memory";
    } else {
      if (progress_ && t >= next_report) {
        progress_({store_.size(), r.transitions, store_.size() - expanding, t});
        next_report = t + 1.0;
      }
      return false;
    }
    r.complete = false;
    return true;
  };
  // Successors are made, hashed and looked up kBatch at a time: enough for the lookups'
  // cache misses to overlap, and a bounded buffer however many transitions are enabled.
  constexpr std::size_t kBatch = 64;
  batch.resize(kBatch * slots);
  hashes.resize(kBatch);

  // The arena is the BFS queue: states are expanded in the order they were stored.
  StateIndex i = 0;
  for (; i < store_.size() && r.complete; ++i) {
    if (((i & 1023) == 0 && i > 0) || work >= kWorkPerCheck) {
      if (limit_reached(i)) break;
    }
    store_.load(i, current.data());
    enabled.clear();
    model_.enabled(current.data(), enabled);
    if (enabled.empty()) {
      r.finals.push_back(i);
      continue;
    }
    for (std::size_t first = 0; first < enabled.size(); first += kBatch) {
      const std::size_t k = std::min(kBatch, enabled.size() - first);
      for (std::size_t j = 0; j < k; ++j) {
        Slot* next = batch.data() + j * slots;
        std::copy(current.begin(), current.end(), next);
        model_.fire(current.data(), enabled[first + j], next);
        hashes[j] = store_.hash(next);
        store_.prefetch_entry(hashes[j]);
      }
      for (std::size_t j = 0; j < k; ++j) store_.prefetch_state(hashes[j]);
      r.transitions += k;
      for (std::size_t j = 0; j < k; ++j) {
        const Slot* next = batch.data() + j * slots;
        if (limits_.max_states > 0 && store_.size() >= limits_.max_states &&
            !store_.contains(next, hashes[j])) {
          r.complete = false;
          r.stop_reason = "max-states";
          break;
        }
        store_.find_or_insert(next, hashes[j], i, enabled[first + j]);
      }
      work += k * slots;
      if (!r.complete || (work >= kWorkPerCheck && limit_reached(i))) break;
    }
    if (!r.complete) break;
  }
  // A stop leaves stored states unexpanded (from i on); those that are final still give
  // outcomes. After a complete run, i == size() and there are none.
  for (StateIndex q = i; q < store_.size(); ++q) {
    store_.load(q, current.data());
    enabled.clear();
    model_.enabled(current.data(), enabled);
    if (enabled.empty()) r.finals.push_back(q);
  }
  r.states = store_.size();
  r.seconds = elapsed();
  r.store_bytes = store_.bytes();
  r.raw_bytes = store_.raw_bytes();
  r.slots = slots;
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
