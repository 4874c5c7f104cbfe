// Host-side work of the CUDA backend cut into shares that run on several threads: packing a
// batch's operands into the pinned buffer and unpacking its results are memory copies (and
// for the results, first touches of fresh pages), which one thread does at a few GB/s against
// the bus's 50 (measured on an H200: tools/bench/matmul_bench.cpp prints each phase). Plain C++,
// so that it is tested without a device.
//
// Work is split only where each share gets at least kMinShareBytes, so that small batches stay
// on the calling thread and pay nothing for threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

namespace tfmc::eval::host {

inline constexpr std::size_t kMinShareBytes = std::size_t{1} << 20;
inline constexpr unsigned kMaxShares = 8;

// How many shares `bytes` of work make: at least 1, at most kMaxShares and the machine's
// hardware threads, and no share under kMinShareBytes.
unsigned share_count(std::size_t bytes);

// Calls work(begin, end) on contiguous, disjoint ranges covering [0, n), one range per share
// of share_count(bytes), each on its own thread (the caller's thread takes the first); returns
// when all are done. `work` must be safe to run concurrently on disjoint ranges.
void for_shares(std::size_t n, std::size_t bytes,
                const std::function<void(std::size_t, std::size_t)>& work);

// One copy of `bytes` bytes from `from` to `to`.
struct ByteCopy {
  std::uint8_t* to;
  const std::uint8_t* from;
  std::size_t bytes;
};

// Does every copy (their destinations disjoint), the bytes of all of them divided evenly
// between the shares, a copy cut where a share ends.
void copy_all(std::span<const ByteCopy> copies);

}  // namespace tfmc::eval::host
