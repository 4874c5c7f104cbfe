#include "gpu_eval/philox.h"

namespace tfmc::eval {
namespace {

// The Weyl increments of the key and the round multipliers, as TensorFlow names them
// kPhiloxW32A/B and kPhiloxM4x32A/B.
constexpr std::uint32_t kKeyStepA = 0x9E3779B9;
constexpr std::uint32_t kKeyStepB = 0xBB67AE85;
constexpr std::uint32_t kMultiplierA = 0xD2511F53;
constexpr std::uint32_t kMultiplierB = 0xCD9E8D57;
constexpr int kRounds = 10;

// The fixed key GenerateKey scrambles a seed under.
constexpr Philox::Key kSeedKey = {0x3ec8f720, 0x02461e29};

Philox::Counter round(const Philox::Counter& c, const Philox::Key& k) {
  const std::uint64_t p0 = std::uint64_t{kMultiplierA} * c[0];
  const std::uint64_t p1 = std::uint64_t{kMultiplierB} * c[2];
  const auto hi0 = static_cast<std::uint32_t>(p0 >> 32);
  const auto lo0 = static_cast<std::uint32_t>(p0);
  const auto hi1 = static_cast<std::uint32_t>(p1 >> 32);
  const auto lo1 = static_cast<std::uint32_t>(p1);
  return {hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0};
}

std::uint32_t low(std::uint64_t w) { return static_cast<std::uint32_t>(w); }
std::uint32_t high(std::uint64_t w) { return static_cast<std::uint32_t>(w >> 32); }

}  // namespace

Philox Philox::from_words(std::uint64_t key, std::uint64_t counter_lo, std::uint64_t counter_hi) {
  return Philox({low(counter_lo), high(counter_lo), low(counter_hi), high(counter_hi)},
                {low(key), high(key)});
}

Philox::Block Philox::next() {
  Counter c = counter_;
  Key k = key_;
  for (int r = 0; r < kRounds; ++r) {
    if (r > 0) {
      k[0] += kKeyStepA;
      k[1] += kKeyStepB;
    }
    c = round(c, k);
  }
  skip(1);
  return c;
}

void Philox::skip(std::uint64_t blocks) {
  // A 128-bit addition of `blocks` into the four little-endian words.
  std::uint64_t carry = blocks;
  for (std::uint32_t& word : counter_) {
    const std::uint64_t sum = std::uint64_t{word} + low(carry);
    word = low(sum);
    carry = (carry >> 32) + (sum >> 32);
  }
}

Philox philox_from_seed(std::uint64_t seed0, std::uint64_t seed1) {
  const Philox::Block mix =
      Philox({low(seed0), high(seed0), low(seed1), high(seed1)}, kSeedKey).next();
  return Philox({0, 0, mix[2], mix[3]}, {mix[0], mix[1]});
}

}  // namespace tfmc::eval
