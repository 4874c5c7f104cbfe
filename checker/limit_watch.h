// The time and memory limits of one command (Limits), watched from the command's start, so
// that every phase of it (loading, each exploration, the scan after a stop, race
// classification, both sides of a compare) shares one deadline and one memory bound.
//
// Each thread watches with its own LimitWatch (it keeps a call count); all of them count
// --max-seconds from Limits::since. Reading the resident size costs a few microseconds, so it
// is read at every 64th call only.
#pragma once

#include <chrono>
#include <cstdint>

#include "checker/exploration.h"

namespace tfmc::check {

class LimitWatch {
 public:
  explicit LimitWatch(const Limits& limits);

  // The limit reached: MaxSeconds, MaxMemory or None. A limit once reached stays reached.
  StopReason reached();
  // Whether `extra` seconds past --max-seconds have gone by (false without that limit): the
  // grace in which the phases after a stop (the scan of the states left) still run.
  bool past_grace(double extra) const;
  // Seconds since the command's start.
  double elapsed() const;

 private:
  Limits limits_;
  std::chrono::steady_clock::time_point since_;
  std::uint64_t calls_ = 0;
  StopReason reached_ = StopReason::None;
};

// The time the phases after a --max-seconds stop may take, beyond S seconds: half of
// max(1 s, 5% of S), the other half left for the outcomes and the report (FORMAT.md, "The
// command line").
double grace_seconds(double max_seconds);

}  // namespace tfmc::check
