// Does a graph rewrite refine the original?
//
// AFTER refines BEFORE when every outcome AFTER can reach, BEFORE can reach too (translation
// validation's refinement: the rewrite adds no behaviour); the two are equivalent when their
// outcome sets are equal. Outcomes are matched as outcome.h matches outcomes of two programs
// (values and stuck flag, not the blocked nodes, which a rewrite may rename), after names
// are mapped: `renames` says that BEFORE's output or variable OLD is AFTER's NEW, and `ignored`
// leaves NAME (AFTER's name) out of both sides. After mapping, both sides must have the same
// names, and a name's concrete values must share a dtype and shape on the two sides (read from
// the value store); anything else is a usage error, since the comparison would be
// meaningless. Both checks must have been made into one value store, so that equal values
// have equal ids.
//
// Outcomes whose runs made assumptions about uninterpreted values (outcome.h) match only where
// the other side reaches the same values under every assumption under which this side does
// (covered): a rewrite that swaps the branches of an unknown condition reaches the same
// values, but under the opposite assumptions, so it does not refine the original. When every
// outcome that breaks refinement has its values on the other side under assumptions that
// merely do not cover its own (Shortfall::Uncovered), the verdict rests on how conditions that
// tfmc does not know relate: inconclusive.
//
// The verdict is decided only when both explorations are complete; otherwise it is unknown
// and the added and lost outcomes found so far are listed as candidates.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checker/api/check.h"

namespace tfmc::api {

struct NameMapping {
  std::vector<std::pair<std::string, std::string>> renames;  // BEFORE's name -> AFTER's name
  std::vector<std::string> ignored;                          // AFTER's names
};

struct CompareResult {
  CheckResult before;  // with the mapped names
  CheckResult after;
  bool complete = false;           // both explorations complete
  std::optional<bool> refines;     // empty when not complete
  std::optional<bool> equivalent;  // empty when not complete
  // AFTER's outcomes that BEFORE lacks (with AFTER's witnesses), and BEFORE's outcomes that
  // AFTER lacks (with BEFORE's witnesses), after mapping; each in its side's order.
  std::vector<Outcome> added;
  std::vector<Outcome> lost;
  // Per outcome of `added` (`lost`): why the other side does not reach it (outcome.h).
  std::vector<Shortfall> added_why;
  std::vector<Shortfall> lost_why;

  // Whether the verdict (refines, or with `require_equivalent` equivalent) fails only through
  // outcomes that the other side reaches under assumptions that do not cover theirs.
  bool inconclusive(bool require_equivalent) const {
    const auto uncovered = [](const std::vector<Shortfall>& why) {
      return std::all_of(why.begin(), why.end(),
                         [](Shortfall s) { return s == Shortfall::Uncovered; });
    };
    const bool fails = !added.empty() || (require_equivalent && !lost.empty());
    return complete && fails && uncovered(added_why) &&
           (!require_equivalent || uncovered(lost_why));
  }
};

// Compares two checks made into `values`. Throws sem::InputError when the names, dtypes or
// shapes do not match, or when the renames give two outputs or two variables one name.
CompareResult compare(CheckResult before, CheckResult after, const NameMapping& mapping,
                      const sem::ValueStore& values);

}  // namespace tfmc::api
