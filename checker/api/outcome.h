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
// An outcome also carries the assumptions its runs made about values tfmc does not know
// (semantics/model/assumptions.h): they are not part of its identity, since they say under
// which conditions the outcome is reached, not what is observed of it.
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

// An assumption of a run: the Switch instance `node` took its predicate `condition` (a symbol
// or a term) to be `truth`.
struct Assumption {
  std::string node;
  sem::ValueId condition = sem::kEmpty;
  bool truth = false;
};
// The assumptions of one run, in the order it made them.
using Assumptions = std::vector<Assumption>;

struct Outcome {
  std::vector<NamedValue> outputs;    // the named outputs, sorted by name
  std::vector<NamedValue> variables;  // every variable, sorted by name
  bool stuck = false;
  std::vector<std::string> blocked;  // the nodes a stuck run never fired
  // The loop bounds the run reached, in node order: its values are those of a run cut short.
  std::vector<BoundReached> bounds;
  std::vector<std::string> witness;  // the nodes fired from the initial state, in order
  // The assumption sets under which runs reach this outcome, simplified (add_assumptions):
  // empty when a run reaches it without assuming anything. A check lists them by their
  // printed conditions, each set's in the order its run made them.
  std::vector<Assumptions> assumptions;
};

// Adds to o.assumptions the assumptions `made` of one more run that reaches o, keeping the
// list simple: a set that holds another set is dropped (the smaller one suffices), two sets
// that differ only in the truth of one condition become one without it (either way it is
// reached), and a run that assumed nothing leaves the list empty for good. A run that made
// assumptions is added to an outcome that had none only when it is o's first run: `first`.
void add_assumptions(Outcome& o, Assumptions made, bool first);

// Whether some run of `a` and some run of `b` rest on assumptions that can hold together: no
// condition is assumed true by one and false by the other. Then a choice of the unknown values
// exists under which the program reaches both, so their difference is the schedule's.
bool compatible(const Outcome& a, const Outcome& b);

// Whether outcomes are matched within one program or across two (above).
enum class Matching { WithinProgram, AcrossPrograms };

// The key that makes two outcomes the same under `m`; it refers to `o`'s members.
using OutcomeKey =
    std::tuple<const std::vector<NamedValue>&, const std::vector<NamedValue>&, const bool&,
               const std::vector<std::string>&, const std::vector<BoundReached>&>;
OutcomeKey identity(const Outcome& o, Matching m);

// Sorts `outcomes` in FORMAT.md's order, comparing the canonical texts of their values in
// `values` without printing them (semantics/values/canonical_order.h); `moved_from`, when
// given, receives for each place the place its outcome had before.
void sort_outcomes(std::vector<Outcome>& outcomes, const sem::ValueStore& values,
                   std::vector<std::size_t>* moved_from = nullptr);

// Whether the two lists, outcomes of one program sorted by sort_outcomes, are equal.
bool same_outcomes(const std::vector<Outcome>& a, const std::vector<Outcome>& b);

// Why `without` does not reach an outcome of `from` (difference): it never reaches the
// outcome's identity (Absent); it does, but only under assumptions that each contradict one
// assumption set of the outcome's, so under that set it cannot (Contradicted); or under
// assumptions that hold together with the outcome's but do not imply them (Uncovered), so
// whether it reaches the outcome under the same conditions depends on how conditions that
// tfmc does not know relate.
enum class Shortfall { Absent, Contradicted, Uncovered };

// The outcomes of `from` that `without` does not reach under `m`, in `from`'s order: those
// that it does not reach under every assumption under which `from` does (covered). With
// `why`, one Shortfall per outcome returned.
std::vector<Outcome> difference(const std::vector<Outcome>& from,
                                const std::vector<Outcome>& without, Matching m,
                                std::vector<Shortfall>* why = nullptr);

// Whether `by` (outcomes of one identity) is reached under every assumption under which `o`
// is: each assumption set of o (the empty set when o has none) implies that some set of some
// outcome of `by` holds, the conditions taken as independent truth values. An outcome without
// assumption sets is reached under any.
bool covered(const Outcome& o, const std::vector<const Outcome*>& by);

}  // namespace tfmc::api
