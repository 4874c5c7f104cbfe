#include "checker/exploration.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "semantics/model/transition_system.h"

namespace tfmc::check {

const char* store_mode_name(StoreMode mode) {
  return mode == StoreMode::Compressed ? "compressed" : "fingerprint";
}

std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long pages_total = 0, pages_resident = 0;
  const int got = std::fscanf(f, "%lu %lu", &pages_total, &pages_resident);
  std::fclose(f);
  return got == 2 ? pages_resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

const char* stop_reason_name(StopReason reason) {
  // By StopReason's value.
  static constexpr const char* kNames[] = {"", "max-states", "max-seconds", "max-memory",
                                           "max-iterations"};
  return kNames[static_cast<std::size_t>(reason)];
}

const char* stop_phase_name(StopPhase phase) {
  // By StopPhase's value.
  static constexpr const char* kNames[] = {"",
                                           "initial-state",
                                           "exploration",
                                           "final-state-scan",
                                           "race-classification",
                                           "witness-replay"};
  return kNames[static_cast<std::size_t>(phase)];
}

void conclude(Exploration& r, StopReason why, StoreMode store, std::size_t slots,
              unsigned threads) {
  r.complete = why == StopReason::None;
  r.stop_reason = why;
  r.store = store;
  r.fingerprint_probability =
      store == StoreMode::Fingerprint ? fingerprint_probability(r.states, r.transitions) : 0;
  r.raw_bytes = r.states * slots * sizeof(Slot);
  r.slots = slots;
  r.threads = threads;
}

double fingerprint_probability(std::uint64_t states, std::uint64_t transitions) {
  // States generated: every transition's successor and the initial state.
  const auto n = static_cast<double>(states);
  const double m = static_cast<double>(transitions) + 1;
  return std::max(0.0, n * (m - n)) / std::ldexp(1.0, 64);
}

}  // namespace tfmc::check
