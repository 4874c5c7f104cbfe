// `tfmc compare BEFORE AFTER`: does a graph rewrite refine the original?
//
// AFTER refines BEFORE when every outcome AFTER can reach, BEFORE can reach too (translation
// validation's refinement: the rewrite adds no behaviour); the two are equivalent when their
// outcome sets are equal. An outcome is its outputs, its variables and whether it is stuck,
// matched by name: `--map OLD=NEW` says that BEFORE's output or variable OLD is AFTER's NEW,
// and `--ignore NAME` leaves NAME (AFTER's name) out of both sides. After mapping, both sides
// must have the same names, and a name's concrete values must share a dtype and shape on the
// two sides; anything else is a usage error (exit 2), since the comparison would be
// meaningless.
//
// The verdict is decided only when both explorations are complete; otherwise it is unknown
// (exit 3) and the added and lost outcomes found so far are listed as candidates.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/app/check_result.h"

namespace tfmc::app {

struct NameMapping {
  std::vector<std::pair<std::string, std::string>> renames;  // BEFORE's name -> AFTER's name
  std::vector<std::string> ignored;                          // AFTER's names
};

// Parses `--map OLD=NEW` texts; throws sem::InputError on a malformed one.
std::vector<std::pair<std::string, std::string>> parse_renames(
    const std::vector<std::string>& texts);

struct CompareResult {
  CheckResult before;
  CheckResult after;
  bool complete = false;           // both explorations complete
  std::optional<bool> refines;     // empty when not complete
  std::optional<bool> equivalent;  // empty when not complete
  // AFTER's outcomes that BEFORE lacks (with AFTER's witnesses), and BEFORE's outcomes that
  // AFTER lacks (with BEFORE's witnesses), after mapping; both in FORMAT.md's outcome order.
  std::vector<PrintedOutcome> added;
  std::vector<PrintedOutcome> lost;

  // 0 refines (or, with `require_equivalent`, is equivalent), 1 not, 3 incomplete.
  int exit_code(bool require_equivalent) const;
};

// Compares two check results; `before.outcomes` are renamed and both sides filtered as
// `mapping` says (the stored results keep the mapped names). Throws sem::InputError when the
// names, dtypes or shapes do not match.
CompareResult compare_results(CheckResult before, CheckResult after, const NameMapping& mapping);

}  // namespace tfmc::app
