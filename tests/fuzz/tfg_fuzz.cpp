// The libFuzzer target: every input goes through fuzz_one (fuzz_one.h); a violated property
// aborts so that libFuzzer keeps the input. Built and run by tools/fuzz.sh; in the Catch2
// binary it is compiled but only fuzz_one is called (replay_test.cpp, mutation_test.cpp).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_one.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string problem = tfmc::test::fuzz_one({reinterpret_cast<const char*>(data), size});
  if (!problem.empty()) {
    std::fprintf(stderr, "tfg_fuzz: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
