// An outcome with its values printed (FORMAT.md, "How values print"), as every report shows it: the
// form renderers and bindings work with once a check is done.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checker/api/outcome.h"
#include "semantics/values/shared_terms.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

using NamedValues = std::vector<std::pair<std::string, std::string>>;  // sorted by name

// How values print: Full, every value in canonical text (FORMAT.md, "How values print"); Listed,
// every tensor with every element, a long term with numbered definitions of its parts
// (semantics/values/shared_terms.h: JSON's default); Summary, a large concrete tensor as its
// summary and Digest as its digest form (semantics/values/tensor_summary.h), inside terms too,
// and long terms with definitions.
enum class ValueForm { Full, Listed, Summary, Digest };

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
  // The definitions of the names that this outcome's values use first in its list (FORMAT.md,
  // "Long terms"), in order.
  std::vector<sem::TermDefinition> terms;
  bool whole_witness = false;  // ValueForm::Full: reports write every firing of the witness
  // With ValueForm::Summary, for every outcome after the first: where each large output or
  // variable differs from the first outcome's of the same dtype and shape (`output w differs
  // from outcome 1 in 3 of 262144 elements: largest absolute difference 0.25, first at
  // [0,7]`).
  std::vector<std::string> differences;
};

// Reports show a witness of at most kWitnessShown firings whole; a longer one as its first
// kWitnessHead and last kWitnessTail firings and their count (FORMAT.md, "Long terms"), unless
// ValueForm::Full asks for every firing. JSON always lists every firing.
inline constexpr std::size_t kWitnessShown = 64;
inline constexpr std::size_t kWitnessHead = 32;
inline constexpr std::size_t kWitnessTail = 16;

// The witness as the text report and SARIF write it: firings separated by spaces, `(no
// firing)` for none, and a long one shortened as above:
// `a b ... (1151 firings in all: 1103 not shown; JSON and --values full list every one) y z`.
std::string witness_text(const PrintedOutcome& o);

// Prints the outcomes of one list (a check's outcomes, a compare's added or lost ones) an
// outcome at a time, in the list's order, so that reports can write a long list as they go: the
// names of long terms' parts count over the whole list (FORMAT.md, "Long terms"), each defined
// with the first outcome or value that needs it. `list` names the outcomes in the difference
// lines: "outcome" in a check (`differs from outcome 1`), "added outcome" or "lost outcome" in
// a compare's lists.
class OutcomePrinter {
 public:
  OutcomePrinter(const sem::ValueStore& values, ValueForm form, std::string list = "outcome");

  // Outcome `o` of the list, whose first outcome is `first` (o itself for the first).
  PrintedOutcome outcome(const Outcome& o, const Outcome& first);
  // A value of the list as it prints under the printer's form; the definitions it needs that
  // no earlier outcome or value of the list made are appended to `fresh`.
  std::string value(sem::ValueId id, std::vector<sem::TermDefinition>& fresh);

 private:
  NamedValues named(const std::vector<NamedValue>& named, std::vector<sem::TermDefinition>& fresh);

  const sem::ValueStore& values_;
  ValueForm form_;
  std::string list_;
  sem::SharedTerms shared_;
};

// Every outcome of a list, printed by one OutcomePrinter.
std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values, ValueForm form = ValueForm::Full,
                                    const std::string& list = "outcome");

}  // namespace tfmc::api
