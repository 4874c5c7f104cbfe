// The random number source and the node names shared by the random program generators
// (random_program.cpp, random_resource_program.cpp).
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace tfmc::difftest {

// Uniform enough for these small ranges, and the same on every standard library.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : engine_(seed) {}
  int below(int n) { return static_cast<int>(engine_() % static_cast<std::uint32_t>(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(int percent) { return below(100) < percent; }

 private:
  std::mt19937 engine_;
};

// `prefix` followed by `n` (`n3`, `o1`); built by appending, which GCC 12 does not misreport
// under -Wrestrict as it does `"n" + std::to_string(n)`.
inline std::string numbered(const char* prefix, int n) {
  std::string name = prefix;
  name += std::to_string(n);
  return name;
}

}  // namespace tfmc::difftest
