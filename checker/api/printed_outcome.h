// An outcome with its values printed (FORMAT.md, "How values print"), as every report shows it: the
// form renderers and bindings work with once a check is done.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checker/api/outcome.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

using NamedValues = std::vector<std::pair<std::string, std::string>>;  // sorted by name

// How values print: Full, every element in canonical text (FORMAT.md, "How values print"); Summary,
// a large concrete tensor as its summary and Digest as its digest form
// (semantics/values/tensor_summary.h), every other value in full.
enum class ValueForm { Full, Summary, Digest };

// An assumption (outcome.h) with its condition printed.
struct PrintedAssumption {
  std::string node;
  std::string condition;
  bool truth = false;
};

// "COND is true at NODE", as every report words an assumption.
std::string assumption_text(const PrintedAssumption& a);

struct PrintedOutcome {
  NamedValues outputs;
  NamedValues variables;
  bool stuck = false;
  std::vector<std::string> blocked;
  std::vector<BoundReached> bounds;
  std::vector<std::string> witness;
  std::vector<std::vector<PrintedAssumption>> assumptions;  // Outcome::assumptions
  // With ValueForm::Summary, for every outcome after the first: where each large output or
  // variable differs from the first outcome's of the same dtype and shape (`output w differs
  // from outcome 1 in 3 of 262144 elements: largest absolute difference 0.25, first at
  // [0,7]`).
  std::vector<std::string> differences;
};

// A value as it prints under `form`.
std::string printed_value(sem::ValueId id, const sem::ValueStore& values, ValueForm form);

// `list` names the outcomes in the difference lines: "outcome" in a check (`differs from
// outcome 1`), "added outcome" or "lost outcome" in a compare's lists.
std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values, ValueForm form = ValueForm::Full,
                                    const std::string& list = "outcome");
// One outcome of a list as printed() prints it, for reports that print a list an outcome at a
// time: `first` is the list's first outcome (o itself for the first).
PrintedOutcome printed(const Outcome& o, const Outcome& first, const sem::ValueStore& values,
                       ValueForm form, const std::string& list = "outcome");

}  // namespace tfmc::api
