// The tfmc subcommands, each a function from parsed options to an exit code (exit_codes.h).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/explorer.h"
#include "checker/reduced_model.h"
#include "tools/app/check_result.h"

namespace tfmc::app {

struct CheckOptions {
  std::string file;
  std::vector<std::string> feeds;  // NAME=VALUE
  bool json = false;
  bool quiet = false;
  check::Limits limits;
  check::Reduction reduction = check::Reduction::Stubborn;
};

struct DotOptions {
  std::string file;
  std::string output;  // empty: stdout
};

// Checks program text (name used in messages and "program"); throws sem::InputError on bad
// input or a bad feed. The library form of `tfmc check`, for tests and other tools.
CheckResult check_program_text(const std::string& name, const std::string& text,
                               const std::vector<std::string>& feeds, const check::Limits& limits,
                               check::Reduction reduction = check::Reduction::Stubborn);

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);
int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tfmc::app
