// The result of `tfmc check` in printable form: outcomes with their values printed
// canonically, sorted by (outputs, variables) as FORMAT.md section 6 requires, each compared
// as its list of (name, value) pairs in name order.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checker/explorer.h"
#include "checker/outcomes.h"
#include "checker/reduced_model.h"
#include "semantics/graph_model.h"

namespace tfmc::app {

using NamedValues = std::vector<std::pair<std::string, std::string>>;  // sorted by name

struct PrintedOutcome {
  NamedValues outputs;
  NamedValues variables;
  bool stuck = false;
  std::vector<std::string> blocked;
  std::vector<std::string> witness;
};

struct CheckResult {
  std::string program;
  check::Exploration exploration;
  std::vector<PrintedOutcome> outcomes;
  std::uint64_t stuck_states = 0;  // final states in which some node can never fire
  std::uint64_t evaluations = 0;
  check::Reduction reduction = check::Reduction::None;
  std::uint64_t eager_firings = 0;  // transitions fired by the reduction between stored states
  std::size_t values = 0;

  bool deterministic() const {
    return exploration.complete && outcomes.size() == 1 && !outcomes[0].stuck;
  }
  int exit_code() const;
};

// `explored` is the model the explorer ran over: `model` itself or its reduction.
CheckResult make_check_result(const sem::GraphModel& model, const StateModel& explored,
                              const sem::ValueStore& values, const check::Explorer& explorer,
                              const check::Exploration& e);

}  // namespace tfmc::app
