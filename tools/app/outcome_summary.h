// The outcome lists of the text report (FORMAT.md, "The command line" and "The report"), written
// an outcome at a time: a list of at most kOutcomesListedInFull outcomes, or any list under
// `--outcomes all`, prints every outcome in full; a longer one prints its first
// kOutcomesShownFirst outcomes in full, then a summary of all of them: for each output and
// variable, its distinct values (printed as --values says) with how many outcomes hold each,
// and, given the check's races, which races' order in the witnesses splits those values.
#pragma once

#include <cstddef>
#include <functional>
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

void write_outcome_list(std::ostream& out, const OutcomeList& list, const sem::ValueStore& values,
                        api::ValueForm form, OutcomeListing listing);

}  // namespace tfmc::app
