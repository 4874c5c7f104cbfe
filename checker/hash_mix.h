// A bijective 64-bit mixer (the finalizer of MurmurHash3): distinct inputs give distinct
// outputs, so a table keyed by mix64(x) is still exact, and the outputs' bits are spread
// evenly, so they serve as hash positions. unmix64 is its inverse. spread64 is a cheaper
// position for tables that keep their values whole (node_table.h).
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

// The top bits of x times an odd constant (Fibonacci hashing): one multiply, where mix64's
// chain of five dependent steps sits in front of every lookup's cache miss. Every bit of x
// reaches the top bits, which is all that a position taken from them needs.
inline std::uint64_t spread64(std::uint64_t x) { return x * 0x9e3779b97f4a7c15ULL; }

inline std::uint64_t unmix64(std::uint64_t x) {
  return shift_multiply(x, 0x9cb4b2f8129337dbULL, 0x4f74430c22a54005ULL);
}

}  // namespace tfmc::check
