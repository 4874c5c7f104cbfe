// Runs a program as a child process for tests that drive the tfmc executable (POSIX).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tfmc::test {

struct ProcessResult {
  int exit_code = -1;  // the exit status; 128 + N when killed by signal N
  std::string out;     // everything written to stdout
  std::string err;     // everything written to stderr
};

// Runs `program` with `args` (argv[1]...) in the directory `cwd`, stdin from /dev/null, and
// waits for it. Throws std::runtime_error when the process cannot be started.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::filesystem::path& cwd);

// "tfmc ARG1 ARG2 ...": a command line as a test section names it.
std::string tfmc_command(const std::vector<std::string>& args);

// The text before the first newline (all of `text` when it has none).
std::string first_line(const std::string& text);

}  // namespace tfmc::test
