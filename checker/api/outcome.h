// Outcomes as the checking API returns them (FORMAT.md, "What tfmc checks" and "Blocking operations
// and stuck outcomes"): the values of a final state's named outputs and of every variable, as ids
// of the run's value store, plus whether the run is stuck and which nodes it left blocked, with a
// witness firing sequence.
//
// Outcome identity is defined here once, for check, race classification and compare alike.
// Within one program (check, and the forced-order runs of race classification), two outcomes
// are the same when their outputs and variables (names and value ids), their stuck flag,
// their blocked nodes and the loop bounds they reached are equal. Across two programs (compare) the
// blocked nodes are left out, since a rewrite renames nodes: outcomes are matched on what is
// observed of them, their values and whether they are stuck. Value ids compare values exactly only
// within one value store, so outcomes of different runs are compared only when the runs share one
// (compare loads both programs into one store). The witness never counts.
//
// The order of an outcome list is FORMAT.md's: by outputs, then variables, each compared as
// its list of (name, printed value) pairs in name order; then stuck, then blocked, then the
// loop bounds reached.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "semantics/values/value_store.h"

namespace tfmc::api {

struct NamedValue {
  std::string name;
  sem::ValueId value = sem::kEmpty;

  friend bool operator==(const NamedValue&, const NamedValue&) = default;
  friend auto operator<=>(const NamedValue&, const NamedValue&) = default;
};

// A loop whose run reached --max-iterations: its NextIteration instance that would have
// started one iteration more, and its frame.
struct BoundReached {
  std::string node;
  std::string frame;

  friend bool operator==(const BoundReached&, const BoundReached&) = default;
  friend auto operator<=>(const BoundReached&, const BoundReached&) = default;
};

struct Outcome {
  std::vector<NamedValue> outputs;    // the named outputs, sorted by name
  std::vector<NamedValue> variables;  // every variable, sorted by name
  bool stuck = false;
  std::vector<std::string> blocked;  // the nodes a stuck run never fired
  // The loop bounds the run reached, in node order: its values are those of a run cut short.
  std::vector<BoundReached> bounds;
  std::vector<std::string> witness;  // the nodes fired from the initial state, in order
};

// Whether outcomes are matched within one program or across two (above).
enum class Matching { WithinProgram, AcrossPrograms };

// The key that makes two outcomes the same under `m`; it refers to `o`'s members.
using OutcomeKey =
    std::tuple<const std::vector<NamedValue>&, const std::vector<NamedValue>&, const bool&,
               const std::vector<std::string>&, const std::vector<BoundReached>&>;
OutcomeKey identity(const Outcome& o, Matching m);

// Sorts `outcomes` in FORMAT.md's order, printing values with `values`.
void sort_outcomes(std::vector<Outcome>& outcomes, const sem::ValueStore& values);

// Whether the two lists, outcomes of one program sorted by sort_outcomes, are equal.
bool same_outcomes(const std::vector<Outcome>& a, const std::vector<Outcome>& b);

// The outcomes of `from` that `without` lacks under `m`, in `from`'s order.
std::vector<Outcome> difference(const std::vector<Outcome>& from,
                                const std::vector<Outcome>& without, Matching m);

}  // namespace tfmc::api
