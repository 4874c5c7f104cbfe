#include "gpu_eval/host_shares.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace tfmc::eval::host {

unsigned share_count(std::size_t bytes) {
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t by_size = std::max<std::size_t>(1, bytes / kMinShareBytes);
  return static_cast<unsigned>(std::min<std::size_t>({by_size, hardware, kMaxShares}));
}

void for_shares(std::size_t n, std::size_t bytes,
                const std::function<void(std::size_t, std::size_t)>& work) {
  const std::size_t shares = std::min<std::size_t>(share_count(bytes), std::max<std::size_t>(n, 1));
  const auto bound = [&](std::size_t s) { return n * s / shares; };
  std::vector<std::jthread> helpers;
  helpers.reserve(shares - 1);
  for (std::size_t s = 1; s < shares; ++s) {
    helpers.emplace_back([&work, b = bound(s), e = bound(s + 1)] { work(b, e); });
  }
  work(bound(0), bound(1));
}

void copy_all(std::span<const ByteCopy> copies) {
  std::size_t total = 0;
  for (const ByteCopy& c : copies) total += c.bytes;
  // Byte `at` of the whole lies in the copy whose [start, start + bytes) holds it.
  std::vector<std::size_t> start(copies.size());
  for (std::size_t i = 0, at = 0; i < copies.size(); ++i) {
    start[i] = at;
    at += copies[i].bytes;
  }
  for_shares(total, total, [&](std::size_t begin, std::size_t end) {
    auto i = static_cast<std::size_t>(std::upper_bound(start.begin(), start.end(), begin) -
                                      start.begin()) -
             1;
    for (; i < copies.size() && start[i] < end; ++i) {
      const std::size_t from = std::max(begin, start[i]) - start[i];
      const std::size_t to = std::min(end, start[i] + copies[i].bytes) - start[i];
      if (to > from) std::memcpy(copies[i].to + from, copies[i].from + from, to - from);
    }
  });
}

}  // namespace tfmc::eval::host
