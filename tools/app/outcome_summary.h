// The outcome lists of the text report (FORMAT.md, "The command line" and "The report"), written
// an outcome at a time: a list of at most kOutcomesListedInFull outcomes, or any list under
// `--outcomes all`, prints every outcome in full; a longer one prints its first
// kOutcomesShownFirst outcomes in full, then a summary of all of them: for each output and
// variable, its distinct values (printed as --values says) with how many outcomes hold each,
// and, given the check's races, which races' order in the witnesses splits those values.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checker/api/outcome.h"
#include "checker/api/printed_outcome.h"
#include "checker/api/race.h"

namespace tfmc::app {

// `--outcomes summary|all`.
enum class OutcomeListing { Summary, All };

inline constexpr std::size_t kOutcomesListedInFull = 20;
inline constexpr std::size_t kOutcomesShownFirst = 5;
// The values of one name the summary prints, the most frequent first.
inline constexpr std::size_t kValuesListedPerName = 10;

struct OutcomeList {
  const std::vector<api::Outcome>& outcomes;
  // How the outcomes are named: "outcome" in a check, "added outcome" or "lost outcome" in a
  // compare (printed.h's `list`).
  std::string list;
  // The title of outcome i (from 0): "outcome 2 of 3", "added outcome 1 of 2 (...)".
  std::function<std::string(std::size_t)> title;
  // The races whose order the summary looks for in the witnesses; none for a compare's lists.
  const std::vector<api::Race>* races = nullptr;
};

// How many of a list of `count` outcomes a report shows in full under `listing`: all of them,
// or kOutcomesShownFirst of a long list, which the summary then covers.
std::size_t outcomes_shown(std::size_t count, OutcomeListing listing);

// One output or variable of a long list, as the summary shows it.
struct NameSummary {
  const char* what = "output";  // or "variable"
  std::string name;
  std::size_t distinct = 0;  // values over the list
  // At most kValuesListedPerName values with the outcomes holding each, the most frequent
  // first (equal counts in the order first met), and how many outcomes hold the rest.
  std::vector<sem::ValueId> values;
  std::vector<std::size_t> counts;
  std::size_t rest_outcomes = 0;
  // Given the list's races and at least two values: the races (`a and b on x`) whose order
  // in the witnesses splits the values, none when no race does.
  std::optional<std::vector<std::string>> splitting;
};

// The outputs, then the variables, as the list's first outcome names them.
std::vector<NameSummary> summarize(const OutcomeList& list);

void write_outcome_list(std::ostream& out, const OutcomeList& list, const sem::ValueStore& values,
                        api::ValueForm form, OutcomeListing listing);

}  // namespace tfmc::app
