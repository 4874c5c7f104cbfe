// How a [cuda] test answers a machine without a CUDA device. By default it checks its CPU side
// and skips the device comparison with a warning, so the suite passes where there is no GPU.
// With TFMC_REQUIRE_CUDA=1 in the environment (tools/bench/device_check.sh sets it on a machine
// lent for its GPU) a missing device fails the test instead: a build without nvcc, a broken
// driver or a device that cannot be seen must not pass as a skip.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string_view>

#include "gpu_eval/cuda_device.h"

namespace tfmc::test {

// Whether the environment says TFMC_REQUIRE_CUDA=1.
inline bool cuda_required() {
  const char* value = std::getenv("TFMC_REQUIRE_CUDA");
  return value != nullptr && std::string_view(value) == "1";
}

// Called by a [cuda] test that found no device (cuda::available() is false) where its device
// part would begin: fails the test under TFMC_REQUIRE_CUDA=1, else warns that `skipped` was
// skipped and why.
inline void no_cuda_device(std::string_view skipped) {
  if (cuda_required()) {
    FAIL("TFMC_REQUIRE_CUDA=1, but " << eval::cuda::describe() << "; " << skipped << " cannot run");
  }
  WARN(eval::cuda::describe() << ": " << skipped << " is skipped");
}

}  // namespace tfmc::test
