// The tfmc command line: `tfmc check`, `tfmc dot`, `--help`, `--version`. main() hands argv
// here; tests call it with their own streams.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tfmc::app {

// args[0] is the program name. Returns the exit code (exit_codes.h).
int run_tfmc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tfmc::app
