// A bijective 64-bit mixer (the finalizer of MurmurHash3): distinct inputs give distinct
// outputs, so a table keyed by mix64(x) is still exact, and the outputs' bits are spread
// evenly, so they serve as hash positions. unmix64 is its inverse.
#pragma once

#include <cstdint>

namespace tfmc::check {

inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

inline std::uint64_t unmix64(std::uint64_t x) {
  // The inverses of the two multipliers modulo 2^64, in the reverse order.
  x ^= x >> 33;
  x *= 0x9cb4b2f8129337dbULL;
  x ^= x >> 33;
  x *= 0x4f74430c22a54005ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace tfmc::check
