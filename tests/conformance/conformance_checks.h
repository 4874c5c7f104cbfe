// Helpers of the black-box conformance tests (conformance_*test.cpp): programs checked
// through the library (support/check_text.h, over checker/api/check.h) and the built tfmc
// executable, their outcome lists, printed values and first error lines.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "support/check_text.h"
#include "support/process.h"

namespace conformance_checks {

namespace fs = std::filesystem;
using tfmc::api::NamedValues;

struct Expected {
  NamedValues outputs;    // sorted by name
  NamedValues variables;  // sorted by name
};

inline tfmc::support::TextCheck check(const std::string& text,
                                      const std::vector<std::string>& feeds = {}) {
  return tfmc::support::check_text("c.tfg", text, feeds, {});
}

// Asserts the exact outcome list, in the contract's order (section 6), and that none is stuck.
inline void require_outcomes(const std::string& text, const std::vector<Expected>& expected,
                             const std::vector<std::string>& feeds = {}) {
  INFO(text);
  const tfmc::support::TextCheck r = check(text, feeds);
  REQUIRE(r.exploration.complete);
  REQUIRE(r.outcomes.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(r.outcomes[i].outputs == expected[i].outputs);
    CHECK(r.outcomes[i].variables == expected[i].variables);
    CHECK_FALSE(r.outcomes[i].stuck);
  }
  CHECK(r.deterministic() == (expected.size() == 1));
}

// The value of output `r` of a program that has exactly one outcome.
inline std::string value_of_r(const std::string& text) {
  INFO(text);
  const tfmc::support::TextCheck r = check(text);
  REQUIRE(r.outcomes.size() == 1);
  for (const auto& [name, value] : r.outcomes[0].outputs)
    if (name == "r") return value;
  FAIL("no output r");
  return {};
}

// `r = EXPR` over inputs i0, i1, ... holding `inputs`, output r.
inline std::string eval(const std::string& expr, const std::vector<std::string>& inputs) {
  std::string text;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    text += "input i" + std::to_string(i) + " = " + inputs[i] + "\n";
  return value_of_r(text + "r = " + expr + "\noutput r\n");
}

// The printed form of a literal given as an input's INIT.
inline std::string printed(const std::string& literal) {
  return value_of_r("input r = " + literal + "\noutput r\n");
}

// The first line of the diagnostics for a rejected program ("" when it is accepted).
inline std::string first_error(const std::string& text) {
  try {
    check(text);
  } catch (const tfmc::sem::InputError& e) {
    return tfmc::test::first_line(e.what());
  }
  return "";
}

// The LINE of a first error line "c.tfg:LINE:COL: error: ..."; the contract fixes the LINE and
// the layout, the column is the tool's choice, so it is only required to be a positive number.
inline int error_line(const std::string& text) {
  const std::string first = first_error(text);
  INFO(text << "\n=> " << first);
  REQUIRE(first.rfind("c.tfg:", 0) == 0);
  const std::size_t line_end = first.find(':', 6);
  const std::size_t col_end = first.find(':', line_end + 1);
  REQUIRE(line_end != std::string::npos);
  REQUIRE(col_end != std::string::npos);
  const std::string column = first.substr(line_end + 1, col_end - line_end - 1);
  REQUIRE(!column.empty());
  for (char c : column) REQUIRE(std::isdigit(static_cast<unsigned char>(c)));
  REQUIRE(std::stoi(column) > 0);
  REQUIRE(first.substr(col_end, 9) == ": error: ");
  return std::stoi(first.substr(6, line_end - 6));
}

inline tfmc::test::ProcessResult run_tfmc(const std::vector<std::string>& args) {
  return tfmc::test::run_process(TFMC_BINARY, args, fs::temp_directory_path());
}

inline const char* kRace = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";

}  // namespace conformance_checks
