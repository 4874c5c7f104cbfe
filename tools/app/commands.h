// The tfmc subcommands, each a function from parsed options to an exit code (exit_codes.h).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/explorer.h"

namespace tfmc::app {

struct CheckOptions {
  std::string file;
  std::vector<std::string> feeds;  // NAME=VALUE
  bool json = false;
  bool quiet = false;
  check::Limits limits;
};

struct DotOptions {
  std::string file;
  std::string output;  // empty: stdout
};

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);
int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tfmc::app
