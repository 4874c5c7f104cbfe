// Outcomes of an exploration (FORMAT.md, "What tfmc checks" and "Blocking operations and stuck
// outcomes"): the contents of the outcome slots of a final state, plus whether the run is stuck and
// which transitions are blocked. Distinct final states with equal outcomes give one outcome; its
// witness is the complete firing sequence (TransitionSystem::run_of) of the path to the final state
// found first, a path with the fewest explored steps, since exploration is breadth-first.
#pragma once

#include <vector>

#include "checker/exploration.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

class Explorer;  // explorer.h

struct Outcome {
  std::vector<Slot> values;  // one per TransitionSystem::outcome_slots() entry
  bool stuck = false;
  std::vector<TransitionId> blocked;
  std::vector<TransitionId> witness;
  std::uint64_t final_states = 0;  // distinct final states that have this outcome
};

// Distinct outcomes of the final states of `e`, in discovery order.
std::vector<Outcome> collect_outcomes(const TransitionSystem& model, const Explorer& explorer,
                                      const Exploration& e);

}  // namespace tfmc::check
