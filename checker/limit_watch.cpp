#include "checker/limit_watch.h"

#include <algorithm>

namespace tfmc::check {

LimitWatch::LimitWatch(const Limits& limits)
    : limits_(limits),
      since_(limits.since == std::chrono::steady_clock::time_point{}
                 ? std::chrono::steady_clock::now()
                 : limits.since) {}

double LimitWatch::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count();
}

StopReason LimitWatch::reached() {
  if (reached_ != StopReason::None) return reached_;
  if (limits_.max_seconds > 0 && elapsed() >= limits_.max_seconds) {
    reached_ = StopReason::MaxSeconds;
  } else if (over_memory()) {
    reached_ = StopReason::MaxMemory;
  }
  return reached_;
}

bool LimitWatch::over_memory() {
  if (over_memory_ || limits_.max_memory_bytes == 0) return over_memory_;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_memory_read_) return false;
  next_memory_read_ = now + kMemoryReadEvery;
  over_memory_ = resident_bytes() >= limits_.max_memory_bytes;
  return over_memory_;
}

bool LimitWatch::past_grace(double extra) const {
  return limits_.max_seconds > 0 && elapsed() >= limits_.max_seconds + extra;
}

StopReason LimitWatch::reached_past(double grace) {
  if (past_grace(grace)) return StopReason::MaxSeconds;
  return over_memory() ? StopReason::MaxMemory : StopReason::None;
}

double grace_seconds(double max_seconds) { return std::max(1.0, 0.05 * max_seconds) / 2; }

}  // namespace tfmc::check
