// The regression cases of testdata/ (testdata/README.md): finding them and reading what
// program a case checks. The regression runner and the spec tests, which take each spec
// program's expected outcomes from its case, share these.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "support/outcome_list.h"

namespace tfmc::test {

// Every case folder under testdata/, sorted by path.
std::vector<std::filesystem::path> testdata_cases();

// The spec program that the case in `dir` checks: the path, relative to the source root, that
// its file `spec` holds; empty when the case has a program of its own (graph.tfg).
std::string case_spec(const std::filesystem::path& dir);

// The text of the program that the case in `dir` checks: its graph.tfg or its spec program.
std::string case_program_text(const std::filesystem::path& dir);

// The outcomes of the expected.json of the case in `dir`, in the file's order.
std::vector<ListedOutcome> expected_outcomes(const std::filesystem::path& dir);

// A spec program with its documented outcomes: those of the testdata case that names it in
// `spec` and explores it completely (a case that stops at a limit checks something else).
struct SpecOutcomes {
  std::string spec;  // the program's path from the source root
  int exit_code;     // the case's expected_exit
  std::vector<ListedOutcome> outcomes;
};

// Every spec program's documented outcomes, in the order of the case folders.
std::vector<SpecOutcomes> spec_outcomes();

// The documented outcomes of the spec program `spec`. Throws std::runtime_error when no case
// has them.
SpecOutcomes spec_outcomes(const std::string& spec);

// The lines of `text` without their line ends; empty lines are dropped.
std::vector<std::string> nonempty_lines(const std::string& text);

}  // namespace tfmc::test
