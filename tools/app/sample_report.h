// The renderings of `tfmc sample` (checker/api/sample.h) and of check --likelihood
// (checker/api/outcome_likelihood.h), text and JSON (FORMAT.md, "tfmc sample"), and sample's
// exit code. Outcomes print as check prints them (report.h), each with its frequency and a 95%
// Wilson score interval, or its exact probability.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/outcome_likelihood.h"
#include "checker/api/printed_outcome.h"
#include "checker/api/sample.h"
#include "tools/app/outcome_summary.h"

namespace tfmc::app {

// The Wilson score interval of a proportion of `hits` in `trials` (trials > 0) at the normal
// quantile `z` (1.959964 for 95%): unlike the normal approximation it stays within [0, 1] and
// is not empty at 0 or `trials` hits.
std::pair<double, double> wilson_interval(std::uint64_t hits, std::uint64_t trials, double z);
inline constexpr double kZ95 = 1.959963984540054;

// A sample beside the check of the same program with the same limits (--compare-exhaustive).
struct SampleComparison {
  api::CheckResult exhaustive;
  std::vector<std::size_t> not_reached;   // sampled outcomes' places the check did not reach
  std::vector<api::Outcome> not_sampled;  // the check's outcomes no schedule reached
};

// Compares `sampled` with the check's result `exhaustive` (same program, same value store).
SampleComparison compare_with(const api::SampleResult& sampled, api::CheckResult exhaustive);

// Both write to `out` as they go, an outcome at a time, as check's reports do (report.h).
void write_sample_text(std::ostream& out, const api::SampleResult& r,
                       const SampleComparison* comparison, const sem::ValueStore& values,
                       api::ValueForm form);
void write_sample_json(std::ostream& out, const api::SampleResult& r,
                       const SampleComparison* comparison, const sem::ValueStore& values,
                       api::ValueForm form);

// As check's exit code (exit_codes.h) with the schedules in place of the exploration: 3 when a
// limit stopped the sampling, else 0, 1 or 5 by the outcomes found (a schedule that reached a
// loop bound counts as check counts it): those of the schedules, and with a comparison those
// of the check that no schedule reached.
int sample_exit_code(const api::SampleResult& r, const SampleComparison* comparison);

// check --likelihood: the check's report (report.h) followed by each outcome's exact
// probability; in JSON, the check's document with the member "likelihood".
void write_likelihood_text(std::ostream& out, const api::CheckResult& r,
                           const api::LikelihoodResult& l, const sem::ValueStore& values,
                           api::ValueForm form, OutcomeListing listing);
void write_likelihood_json(std::ostream& out, const api::CheckResult& r,
                           const api::LikelihoodResult& l, const sem::ValueStore& values,
                           api::ValueForm form);

}  // namespace tfmc::app
