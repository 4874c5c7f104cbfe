// A bijective 64-bit mixer (the finalizer of MurmurHash3): distinct inputs give distinct
// outputs, so a table keyed by mix64(x) is still exact, and the outputs' bits are spread
// evenly, so they serve as hash positions. unmix64 is its inverse.
#pragma once

#include <cstdint>

namespace tfmc::check {

// x ^= x >> 33 (its own inverse), times `first`, again, times `second`, again: with odd
// multipliers a bijection, whose inverse is the same steps with the multipliers' inverses
// modulo 2^64 in the reverse order.
inline std::uint64_t shift_multiply(std::uint64_t x, std::uint64_t first, std::uint64_t second) {
  x ^= x >> 33;
  x *= first;
  x ^= x >> 33;
  x *= second;
  x ^= x >> 33;
  return x;
}

inline std::uint64_t mix64(std::uint64_t x) {
  return shift_multiply(x, 0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL);
}

inline std::uint64_t unmix64(std::uint64_t x) {
  return shift_multiply(x, 0x9cb4b2f8129337dbULL, 0x4f74430c22a54005ULL);
}

}  // namespace tfmc::check
