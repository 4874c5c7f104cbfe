// `tfmc sample`: random schedules of a program (checker/sampler.h) and the outcomes they
// reach, named and ordered as a check's (check.h named_outcomes), so that a sample's outcomes
// and a check's compare by identity (outcome.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/api/outcome.h"
#include "checker/sampler.h"
#include "gpu_eval/evaluator_choice.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

struct SampleOptions {
  check::SamplingOptions sampling;
  eval::EvalBackend eval = eval::EvalBackend::Auto;
};

struct SampleResult {
  std::string program;  // the program's file as given
  check::SamplingOptions options;
  // The figures of the run; its outcome list is left empty (they are in `outcomes`).
  check::Sampling sampling;
  std::vector<Outcome> outcomes;  // FORMAT.md's order; each witness a schedule that reached it
  std::vector<std::uint64_t> schedules;  // per outcome: the schedules that reached it
};

// Samples `program` (its values in `values`) over its unreduced model.
SampleResult sample(const sem::Program& program, sem::ValueStore& values,
                    const SampleOptions& options);

}  // namespace tfmc::api
