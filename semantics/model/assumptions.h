// Assumptions: what a run takes for granted about values tfmc does not know.
//
// A Switch whose predicate is a symbol or a term (FORMAT.md, "Control flow: conditionals and
// loops") goes either way: the run that takes one way assumes that the predicate has that
// truth value. A run keeps its assumptions in its state, in one slot after the program's
// (Program::slot_count()), which a program with a Switch has: a sequence value
// (value_store.h) of pairs (condition, bool{true} or bool{false}), ordered by the conditions'
// printed text, so that one set of assumptions is one value whatever order a run made them
// in, in every process (another process translates a sequence item by item, in order).
//
// Why in the state and not only beside the witness: two runs that reach the same edges and
// variables under different assumptions must stay two states. Merged, the outcome of that
// state would carry the assumptions of the run found first only, and an outcome that one
// condition decides could pass for one that the schedule decides (or the reverse). In the
// state, every outcome carries exactly the assumption sets of the runs that reach it. And a
// condition once assumed decides every later Switch on the same value, since one value has
// one truth value: runs that take it both ways are not runs of any program values.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// Whether the states of `p` have an assumption slot: whether `p` has a Switch.
bool has_assumption_slot(const Program& p);
// The slots of a state of `p`: Program::slot_count(), plus the assumption slot when it has one,
// which is the last.
std::size_t model_slot_count(const Program& p);

// One assumption: the condition (a symbol or a term) and the truth value assumed for it.
using Assumption = std::pair<ValueId, bool>;

// The assumption sets of a run, as values of one store.
class AssumptionSets {
 public:
  explicit AssumptionSets(ValueStore& values);

  ValueId none() const { return none_; }  // the empty set, a run's initial one
  // The truth value `set` assumes for `condition`, if any.
  std::optional<bool> assumed(ValueId set, ValueId condition) const;
  // `set` with `condition` assumed `truth`; `set` must not assume anything for it yet.
  ValueId with(ValueId set, ValueId condition, bool truth) const;
  // The assumptions of `set`, in its order.
  std::vector<Assumption> list(ValueId set) const;

 private:
  ValueStore& values_;
  ValueId none_;
  ValueId truth_[2];  // bool{false}, bool{true}
};

}  // namespace tfmc::sem
