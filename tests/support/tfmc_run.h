// Test helper: runs the tfmc command line inside the test process (tools/app/cli.h) and
// captures what it prints.
#pragma once

#include <string>
#include <vector>

namespace tfmc::test {

struct CliResult {
  int code;         // the exit code run_tfmc returns
  std::string out;  // everything written to stdout
  std::string err;  // everything written to stderr
};

// Runs `tfmc ARGS...`; `args` leaves out the program name.
CliResult tfmc_run(std::vector<std::string> args);

}  // namespace tfmc::test
