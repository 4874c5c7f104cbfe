// The result of `tfmc check` in printable form: outcomes with their values printed
// canonically, sorted by (outputs, variables) as FORMAT.md section 6 requires, each compared
// as its list of (name, value) pairs in name order; and the program's races.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checker/explorer.h"
#include "checker/outcomes.h"
#include "checker/reduced_model.h"
#include "semantics/model/graph_model.h"

namespace tfmc::app {

using NamedValues = std::vector<std::pair<std::string, std::string>>;  // sorted by name

struct PrintedOutcome {
  NamedValues outputs;
  NamedValues variables;
  bool stuck = false;
  std::vector<std::string> blocked;
  std::vector<std::string> witness;
};

// One race of the static analysis (semantics/model/happens_before.h) in printable form.
struct PrintedRace {
  std::uint32_t first_node = 0;  // node indices in the program
  std::uint32_t second_node = 0;
  std::string first;  // node names; first's statement comes first in the file
  std::string second;
  int first_line = 0;  // the nodes' statement lines
  int second_line = 0;
  std::string first_file;  // the files of those statements
  std::string second_file;
  std::string variable;
  std::string kind;  // "read-write", "write-write" or "update-update"
  // Whether forcing one order or the other changes the outcome set (tools/app/race_report.h):
  // empty when unknown, and then `unknown_reason` says why.
  std::optional<bool> observable;
  std::string unknown_reason;
};

// The races of `concurrency` (computed for `program`), in its order, not classified.
std::vector<PrintedRace> printed_races(const sem::Program& program,
                                       const sem::Concurrency& concurrency);

struct CheckResult {
  std::string program;
  check::Exploration exploration;
  std::vector<PrintedOutcome> outcomes;
  std::uint64_t stuck_states = 0;  // final states in which some node can never fire
  std::uint64_t evaluations = 0;
  check::Reduction reduction = check::Reduction::None;
  std::uint64_t eager_firings = 0;  // transitions fired by the reduction between stored states
  std::size_t values = 0;
  // Every race of the program, in the order of sem::Concurrency::races. make_check_result
  // marks them benign when the result is deterministic and unknown otherwise;
  // classify_races (race_report.h) decides the rest.
  std::vector<PrintedRace> races;

  bool deterministic() const {
    return exploration.complete && outcomes.size() == 1 && !outcomes[0].stuck;
  }
  int exit_code() const;
};

// `explored` is the model the explorer ran over: `model` itself or its reduction.
// The races come from model.concurrency().
CheckResult make_check_result(const sem::GraphModel& model, const TransitionSystem& explored,
                              const sem::ValueStore& values, const check::Explorer& explorer,
                              const check::Exploration& e);

}  // namespace tfmc::app
