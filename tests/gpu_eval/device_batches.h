// The comparison every [cuda] batch test makes: a batch of calls run at once on the CUDA
// backend, each result held to the CPU backend's, bit for bit (same_results.h). Without a
// device the CUDA backend runs the calls on its CPU side, so the comparison holds there too.
#pragma once

#include <catch2/catch.hpp>
#include <span>
#include <string_view>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/cuda_evaluator.h"
#include "gpu_eval/cuda_required.h"
#include "gpu_eval/same_results.h"

namespace tfmc::test {

inline void check_against_cpu(eval::CudaEvaluator& device,
                              std::span<const eval::EvalRequest> requests) {
  eval::CpuEvaluator cpu;
  const std::vector<eval::EvalResult> results = device.evaluate_batch(requests);
  REQUIRE(results.size() == requests.size());
  int differing = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    INFO("call " << i);
    const eval::EvalRequest& r = requests[i];
    const bool same = same_result(results[i], cpu.evaluate(r.op, r.attrs, r.args));
    CHECK(same);
    differing += same ? 0 : 1;
  }
  CHECK(differing == 0);
}

// For a batch the device takes whole: that the plan sends every call to the device, that
// check_against_cpu holds, and that every call went to the device, or, without one, that none
// did (and the skip is reported as cuda_required.h says).
inline void check_whole_on_device(std::span<const eval::EvalRequest> requests,
                                  std::string_view what) {
  REQUIRE(eval::cuda::plan_batch(requests, {}).cpu.empty());
  eval::CudaEvaluator device;
  check_against_cpu(device, requests);
  if (!eval::cuda::available()) {
    CHECK(device.device_calls() == 0);
    no_cuda_device(what);
    return;
  }
  CHECK(device.device_calls() == requests.size());
  CHECK(device.cpu_calls() == 0);
}

}  // namespace tfmc::test
