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

Explorer::Explorer(TransitionSystem& model, Limits limits)
    : model_(model),
      group_successors_(model.batches() ? kBatchGroupSuccessors : kGroupSuccessors),
      limits_(limits),
      store_(model.slot_count()) {}

void Explorer::announce_group(StateIndex from, Group& g) {
  g.enabled.clear();
  for (StateIndex s = from; s < store_.size() && g.enabled.size() < group_successors_; ++s) {
    store_.load(s, g.current.data());
    const std::size_t first = g.enabled.size();
    model_.enabled(g.current.data(), g.enabled);
    // One state may have far more successors than a group: the batch stops at a bound, and
    // the firings past it evaluate as they come.
    for (std::size_t j = first; j < g.enabled.size() && j < kMaxAnnounced; ++j) {
      model_.prefetch(g.current.data(), g.enabled[j]);
    }
  }
  model_.flush_prefetch();
}

StateIndex Explorer::expand_group(StateIndex from, Group& g) {
  // Each successor's key is derived from its parent's: a firing changes only the slots in
  // writes(t), so the key is the parent's with those slots set (no copy of the whole state,
  // no encoding of every slot). `next` is the parent on entry to each firing, and again after
  // it once the written slots are put back. A value too wide for the store's keys widens the
  // store, which invalidates the keys made so far: the group starts again.
  StateIndex end = from;
  if (model_.batches()) announce_group(from, g);
  for (bool fits = false; !fits;) {
    g.key_bytes = store_.key_bytes();
    g.enabled.clear();
    g.first.assign(1, 0);
    fits = true;
    for (end = from; fits && end < store_.size() && g.enabled.size() < group_successors_; ++end) {
      store_.load(end, g.current.data());
      model_.enabled(g.current.data(), g.enabled);
      g.first.push_back(g.enabled.size());
      g.keys.resize(g.enabled.size() * g.key_bytes);
      std::copy(g.current.begin(), g.current.end(), g.next.begin());
      const unsigned char* parent_key = store_.stored_key(end);
      for (std::size_t j = g.first[end - from]; fits && j < g.enabled.size(); ++j) {
        const TransitionId t = g.enabled[j];
        unsigned char* key = g.keys.data() + j * g.key_bytes;
        std::copy_n(parent_key, g.key_bytes, key);
        model_.fire(g.current.data(), t, g.next.data());
        for (std::uint32_t s : model_.writes(t)) fits &= store_.set_slot(key, s, g.next[s]);
        if (!fits) store_.widen_for(g.next.data());
        for (std::uint32_t s : model_.writes(t)) g.next[s] = g.current[s];
      }
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

Exploration Explorer::run() {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Exploration r;
  const std::size_t slots = model_.slot_count();
  Group g;
  g.current.resize(slots);
  g.next.resize(slots);

  model_.initial_state(g.current.data());
  store_.find_or_insert(g.current.data(), kNoState, 0);
  double next_report = 1.0;
  StateIndex next_check = 1024;
  // Also after about kWorkPerCheck successor slots since the last check: one state of a wide
  // program can have tens of thousands of successors of tens of thousands of slots each.
  constexpr std::uint64_t kWorkPerCheck = std::uint64_t{1} << 24;
  std::uint64_t work = 0;

  // The arena is the BFS queue: states are expanded in the order they were stored, and their
  // successors looked up in that order too (groups change when lookups happen, not their
  // order, so states are numbered as without them).
  StateIndex i = 0;
  while (i < store_.size()) {
    if (i >= next_check || work >= kWorkPerCheck) {  // the limits, about every 1024 states
      next_check = i + 1024;
      work = 0;
      const double t = elapsed();
      if (limits_.max_seconds > 0 && t >= limits_.max_seconds) {
        r.complete = false;
        r.stop_reason = "max-seconds";
        break;
      }
      if (limits_.max_memory_bytes > 0 && resident_bytes() >= limits_.max_memory_bytes) {
        r.complete = false;
        r.stop_reason = "max-memory";
        break;
      }
      if (progress_ && t >= next_report) {
        progress_({store_.size(), r.transitions, store_.size() - i, t});
        next_report = t + 1.0;
      }
    }
    const StateIndex from = i;
    const StateIndex end = expand_group(from, g);
    work += g.enabled.size() * slots;
    // The lookups, state by state; a max-states stop leaves state i unexpanded.
    bool stopped = false;
    for (; i < end; ++i) {
      const std::size_t j_begin = g.first[i - from];
      const std::size_t j_end = g.first[i - from + 1];
      if (j_begin == j_end) {
        r.finals.push_back(i);
        continue;
      }
      r.transitions += j_end - j_begin;
      for (std::size_t j = j_begin; !stopped && j < j_end; ++j) {
        const unsigned char* key = g.keys.data() + j * g.key_bytes;
        stopped = limits_.max_states > 0 && store_.size() >= limits_.max_states &&
                  !store_.contains_key(key, g.hashes[j]);
        if (!stopped) store_.find_or_insert_key(key, g.hashes[j], i, g.enabled[j]);
      }
      if (stopped) break;
    }
    if (stopped) {
      r.complete = false;
      r.stop_reason = "max-states";
      break;
    }
  }
  // A stop leaves stored states unexpanded (from i on); those that are final still give
  // outcomes. After a complete run, i == size() and there are none.
  for (StateIndex q = i; q < store_.size(); ++q) {
    store_.load(q, g.current.data());
    g.enabled.clear();
    model_.enabled(g.current.data(), g.enabled);
    if (g.enabled.empty()) r.finals.push_back(q);
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
