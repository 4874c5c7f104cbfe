// The tfmc command line: `tfmc check`, `compare`, `races`, `dot`, `import`, `--help`,
// `--version`, each subcommand's options defined in command_options.h. main() hands argv here;
// tests call it with their own streams.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace tfmc::app {

// args[0] is the program name. Returns the exit code (exit_codes.h).
int run_tfmc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Runs `command` and returns its exit code; an exception that escapes it (a broken invariant,
// semantics/errors/invariant.h, or any other but an input error, which commands handle
// themselves) ends it with one line on `err` that names it and asks for a report, and
// kExitInternalError.
int guard_internal_errors(const std::function<int()>& command, std::ostream& out,
                          std::ostream& err);

}  // namespace tfmc::app
