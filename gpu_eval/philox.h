// TensorFlow's Philox4x32-10 counter-based generator and the way its stateless random ops turn a
// seed into the generator's key and counter (FORMAT.md, "Stateless random ops").
//
// Contract: Philox::next() is TensorFlow's PhiloxRandom::operator() (ten rounds of the Philox
// 4x32 bijection of Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011, the
// key raised by the Weyl constants between rounds), returning four 32-bit words and then
// stepping the 128-bit counter by one; skip(n) steps it by n, as PhiloxRandom::Skip does.
// Same key and counter, same words, on every machine: the generator is integer arithmetic only.
#pragma once

#include <array>
#include <cstdint>

namespace tfmc::eval {

class Philox {
 public:
  using Key = std::array<std::uint32_t, 2>;
  using Counter = std::array<std::uint32_t, 4>;
  using Block = std::array<std::uint32_t, 4>;

  Philox(Counter counter, Key key) : counter_(counter), key_(key) {}

  // The key and counter held as TensorFlow's uint64 key and counter tensors hold them: the key
  // is one 64-bit word (low half first), the counter two.
  static Philox from_words(std::uint64_t key, std::uint64_t counter_lo, std::uint64_t counter_hi);

  Block next();
  void skip(std::uint64_t blocks);

  const Key& key() const { return key_; }
  const Counter& counter() const { return counter_; }

 private:
  Counter counter_;
  Key key_;
};

// TensorFlow's GenerateKey: the two seed words (an i32 seed sign-extended to 64 bits) make a
// counter that one Philox block under a fixed key scrambles into the key (its words 0 and 1)
// and the counter (words 2 and 3 in the counter's upper half, zeros below).
Philox philox_from_seed(std::uint64_t seed0, std::uint64_t seed1);

}  // namespace tfmc::eval
