// Helpers of the invalid-input tests (invalid_input_test.cpp, invalid_resources_test.cpp):
// run the built tfmc binary on a program and check its first error line.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.h"

namespace invalid_input_checks {

namespace fs = std::filesystem;

// A folder of this process for the program, stdout and stderr files; removed at exit.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("tfmc_invalid_input_" + std::to_string(getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

inline const fs::path& scratch_dir() {
  static const Scratch scratch;
  return scratch.dir;
}

struct Run {
  int code = -1;
  std::string out;
  std::string err;
  std::string first_err_line() const { return err.substr(0, err.find('\n')); }
};

// Runs `tfmc ARGS` with stdout and stderr captured.
inline Run run_tfmc(const std::string& args) {
  const fs::path out = scratch_dir() / "stdout.txt";
  const fs::path err = scratch_dir() / "stderr.txt";
  const std::string command = std::string("'") + TFMC_BINARY + "' " + args + " >'" + out.string() +
                              "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = tfmc::test::read_file(out);
  r.err = tfmc::test::read_file(err);
  return r;
}

inline fs::path program_path() { return scratch_dir() / "prog.tfg"; }

inline Run check_text(const std::string& text, const std::string& options = "") {
  std::ofstream(program_path(), std::ios::binary) << text;
  return run_tfmc("check '" + program_path().string() + "' --quiet " + options);
}

struct Case {
  std::string text;
  int line;
  int column;
  std::vector<std::string> words;  // the message must contain each
};

inline void expect_error(const Case& c, const std::string& options = "") {
  const Run r = check_text(c.text, options);
  INFO("program:\n" << c.text << "\nstderr:\n" << r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  const std::string prefix = program_path().string() + ":" + std::to_string(c.line) + ":" +
                             std::to_string(c.column) + ": error: ";
  const std::string first = r.first_err_line();
  CHECK(first.rfind(prefix, 0) == 0);
  for (const std::string& w : c.words) {
    INFO("expected in the message: " << w);
    CHECK(first.find(w) != std::string::npos);
  }
}

inline void expect_errors(const std::vector<Case>& cases) {
  for (const Case& c : cases) expect_error(c);
}

}  // namespace invalid_input_checks
