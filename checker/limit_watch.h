// The time and memory limits of one command (Limits), watched from the command's start, so
// that every phase of it (loading, each exploration, the scan after a stop, race
// classification, both sides of a compare) shares one deadline and one memory bound.
//
// Each thread watches with its own LimitWatch; all of them count --max-seconds from
// Limits::since. Reading the resident size costs microseconds (a read of /proc), so a watch
// reads it at most every kMemoryReadEvery, however often it is asked: callers ask as often as
// they like (the reduction's eager firings ask at every firing), at the cost of a clock read.
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
  // Whether the resident memory has reached --max-memory (false without that limit); once it
  // has, it stays reached.
  bool over_memory();
  // The limit that stops a phase which runs whether or not a limit stopped the exploration
  // (the replay of the witnesses): MaxSeconds `grace` seconds past --max-seconds, MaxMemory
  // at --max-memory, else None.
  StopReason reached_past(double grace);
  // Seconds since the command's start.
  double elapsed() const;

 private:
  static constexpr std::chrono::milliseconds kMemoryReadEvery{10};

  Limits limits_;
  std::chrono::steady_clock::time_point since_;
  std::chrono::steady_clock::time_point next_memory_read_{};  // the first call reads it
  bool over_memory_ = false;
  StopReason reached_ = StopReason::None;
};

// The time the phases after a --max-seconds stop may take, beyond S seconds: half of
// max(1 s, 5% of S), the other half left for the outcomes and the report (FORMAT.md, "The
// command line").
double grace_seconds(double max_seconds);

}  // namespace tfmc::check
