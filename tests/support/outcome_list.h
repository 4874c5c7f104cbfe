// Test helpers for outcome lists as tfmc reports them (specs/FORMAT.md): reading them from a
// JSON document and comparing one with an expected set, order included.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "support/json_reader.h"

namespace tfmc::test {

// An outcome as the tests compare it: outputs and variables as name/value pairs in name
// order, and the nodes that never fire, sorted (empty exactly when the outcome is not stuck).
struct ListedOutcome {
  std::vector<std::pair<std::string, std::string>> outputs;
  std::vector<std::pair<std::string, std::string>> variables;
  std::vector<std::string> blocked = {};
};

// The outcomes of the "outcomes" list of a JSON result, in its order; checks that exactly the
// stuck ones have a "blocked" list, and that it is not empty.
std::vector<ListedOutcome> outcomes_in_json(const Json& document);

// Checks that `got`, tfmc's list, holds exactly the outcomes of `want` in tfmc's documented
// order: sorted by outputs, then variables, then blocked nodes.
void check_outcome_list(const std::vector<ListedOutcome>& got, std::vector<ListedOutcome> want);

}  // namespace tfmc::test
