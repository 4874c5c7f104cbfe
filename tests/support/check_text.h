// A check of program text through the checking API (checker/api/check.h), with its outcomes
// printed canonically, as the tests compare them with the outcomes they expect.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/printed_outcome.h"

namespace tfmc::support {

struct TextCheck {
  std::string program;
  check::Exploration exploration;
  std::vector<api::PrintedOutcome> outcomes;  // FORMAT.md's order
  std::uint64_t stuck_states = 0;
  std::uint64_t evaluations = 0;
  std::vector<api::Race> races;
  bool is_deterministic = false;  // api::CheckResult::deterministic()
  int exit_status = 0;            // tfmc check's exit code for this result (tools/app/exit_codes.h)

  bool deterministic() const { return is_deterministic; }
  int exit_code() const { return exit_status; }
};

// The check's figures, races and printed outcomes.
TextCheck printed_check(const api::CheckResult& r, const sem::ValueStore& values);

// Explores `program` (its values in `values`) without classifying races.
TextCheck explore_text(const sem::Program& program, sem::ValueStore& values,
                       const check::Limits& limits, check::Reduction reduction);

// Checks `text` (named `name`) with --feed texts `feeds`; classifies races when `classify`.
// Throws sem::InputError on bad input or a bad feed.
TextCheck check_text(const std::string& name, const std::string& text,
                     const std::vector<std::string>& feeds, const check::Limits& limits,
                     check::Reduction reduction = check::Reduction::Stubborn,
                     bool classify = false);

}  // namespace tfmc::support
