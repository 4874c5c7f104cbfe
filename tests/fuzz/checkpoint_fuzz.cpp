// The libFuzzer target of the checkpoint reader: every input goes through read_bundle_once
// (checkpoint_fuzz_one.h); a violated property aborts so that libFuzzer keeps the input.
// Built and run by `FUZZ_TARGET=checkpoint tools/fuzz.sh` only (a second entry point beside
// tfg_fuzz.cpp's would not link into the Catch2 binary, which has checkpoint_fuzz_one).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/checkpoint_fuzz_one.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string problem =
      tfmc::test::read_bundle_once({reinterpret_cast<const char*>(data), size});
  if (!problem.empty()) {
    std::fprintf(stderr, "checkpoint_fuzz: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
