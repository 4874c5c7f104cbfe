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
  std::vector<Slot> current(slots), next(slots);
  std::vector<TransitionId> enabled;

  model_.initial_state(current.data());
  store_.find_or_insert(current.data(), kNoState, 0);
  double next_report = 1.0;

  // The arena is the BFS queue: states are expanded in the order they were stored.
  for (StateIndex i = 0; i < store_.size(); ++i) {
    if ((i & 1023) == 0 && i > 0) {
      const double t = elapsed();
      if (limits_.max_seconds > 0 && t >= limits_.max_seconds) {
        r.complete = false;
        r.stop_reason = "max-seconds";
        break;
      }
      if (limits_.max_memory_bytes > 0 && (i & 16383) == 0 &&
          resident_bytes() >= limits_.max_memory_bytes) {
        r.complete = false;
        r.stop_reason = "max-memory";
        break;
      }
      if (progress_ && t >= next_report) {
        progress_({store_.size(), r.transitions, store_.size() - i, t});
        next_report = t + 1.0;
      }
    }
    std::copy_n(store_.state(i), slots, current.data());
    enabled.clear();
    model_.enabled(current.data(), enabled);
    if (enabled.empty()) {
      r.finals.push_back(i);
      continue;
    }
    bool stopped = false;
    for (TransitionId t : enabled) {
      next = current;
      model_.fire(current.data(), t, next.data());
      ++r.transitions;
      if (limits_.max_states > 0 && store_.size() >= limits_.max_states &&
          !store_.contains(next.data())) {
        stopped = true;
        break;
      }
      store_.find_or_insert(next.data(), i, t);
    }
    if (stopped) {
      r.complete = false;
      r.stop_reason = "max-states";
      break;
    }
  }
  r.states = store_.size();
  r.seconds = elapsed();
  r.store_bytes = store_.bytes();
  r.raw_bytes = store_.raw_bytes();
  r.slots = slots;
  return r;
}

std::vector<TransitionId> Explorer::witness(StateIndex i) const {
  std::vector<TransitionId> path;
  for (; store_.parent(i) != kNoState; i = store_.parent(i)) path.push_back(store_.via(i));
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace tfmc::check
