// The libFuzzer target of the records between ranks: every input goes through
// read_records_once (records_fuzz_one.h); a violated property aborts so that libFuzzer keeps
// the input. Built and run by `FUZZ_TARGET=records tools/fuzz.sh` only (a second entry point
// beside tfg_fuzz.cpp's would not link into the Catch2 binary, which has records_fuzz_one).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/records_fuzz_one.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string problem =
      tfmc::test::read_records_once({reinterpret_cast<const char*>(data), size});
  if (!problem.empty()) {
    std::fprintf(stderr, "records_fuzz: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
