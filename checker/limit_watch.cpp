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
  if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) {
    return reached_ = StopReason::MaxSeconds;
  }
  if (limits_.max_seconds == 0 && limits_.max_memory_bytes == 0) return reached_;
  const auto now = std::chrono::steady_clock::now();
  if (limits_.max_seconds > 0 &&
      std::chrono::duration<double>(now - since_).count() >= limits_.max_seconds) {
    reached_ = StopReason::MaxSeconds;
  } else if (limits_.max_memory_bytes > 0 && now >= next_memory_read_) {
    next_memory_read_ = now + kMemoryReadEvery;
    if (resident_bytes() >= limits_.max_memory_bytes) reached_ = StopReason::MaxMemory;
  }
  return reached_;
}

bool LimitWatch::past_grace(double extra) const {
  // A stop asked for from outside wants no phase to go on after it.
  if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) return true;
  return limits_.max_seconds > 0 && elapsed() >= limits_.max_seconds + extra;
}

double grace_seconds(double max_seconds) { return std::max(1.0, 0.05 * max_seconds) / 2; }

}  // namespace tfmc::check
