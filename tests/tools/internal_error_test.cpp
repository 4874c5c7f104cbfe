// The error discipline (semantics/errors/invariant.h, tools/app/cli.h): a broken invariant,
// or any exception but an input error, ends a command with one line that names it and asks
// for a report, and exit code 4; never exit 2 and never std::terminate.
#include <algorithm>
#include <catch2/catch.hpp>
#include <new>
#include <sstream>
#include <stdexcept>

#include "semantics/errors/invariant.h"
#include "tools/app/cli.h"
#include "tools/app/exit_codes.h"

namespace {

int broken_invariant() {
  const int nodes = 0;
  TFMC_CHECK(nodes > 0, "a program has nodes");
  return 0;
}

// The lines of `text`.
int line_count(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("TFMC_CHECK throws InternalError naming the reason, condition and place",
          "[tools][errors]") {
  try {
    broken_invariant();
    FAIL("TFMC_CHECK did not throw");
  } catch (const tfmc::InternalError& e) {
    const std::string what = e.what();
    CHECK(what.rfind("a program has nodes (nodes > 0) at ", 0) == 0);
    CHECK(what.find("internal_error_test.cpp:") != std::string::npos);
  }
}

TEST_CASE("a broken invariant ends a command with one line and exit 4", "[tools][errors]") {
  std::ostringstream out, err;
  const int code = tfmc::app::guard_internal_errors(broken_invariant, out, err);
  CHECK(code == tfmc::app::kExitInternalError);
  CHECK(code == 4);
  CHECK(line_count(err.str()) == 1);
  CHECK(err.str().rfind("tfmc: internal error: a program has nodes (nodes > 0) at ", 0) == 0);
  CHECK(err.str().find("this is a bug in tfmc, please report it") != std::string::npos);
}

TEST_CASE("a standard exception that escapes a command is an internal error too",
          "[tools][errors]") {
  std::ostringstream out, err;
  const int code = tfmc::app::guard_internal_errors(
      []() -> int { throw std::invalid_argument("CpuEvaluator: unknown op"); }, out, err);
  CHECK(code == 4);
  CHECK(err.str() ==
        "tfmc: internal error: CpuEvaluator: unknown op; this is a bug in tfmc, please report it "
        "with the command line and its input files\n");
  std::ostringstream out2, err2;
  CHECK(tfmc::app::guard_internal_errors([]() -> int { throw std::bad_alloc(); }, out2, err2) == 4);
  CHECK(line_count(err2.str()) == 1);
  CHECK(err2.str().rfind("tfmc: internal error: out of memory", 0) == 0);
}

TEST_CASE("a command that returns is not touched by the guard", "[tools][errors]") {
  std::ostringstream out, err;
  CHECK(tfmc::app::guard_internal_errors([] { return 3; }, out, err) == 3);
  CHECK(err.str().empty());
}
