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

// Distinct outcomes of the final states of `e`, in discovery order. Replaying every final
// state's witness can take long (many final states, long runs), so the replay keeps the
// deadline of the phases after a stop, the grace past --max-seconds (limit_watch.h): past it,
// the final states left are counted in e.unreplayed and give no outcome, and `e` becomes
// incomplete, stopped by --max-seconds (in StopPhase::Replay, unless a limit stopped it before).
std::vector<Outcome> collect_outcomes(const TransitionSystem& model, const Explorer& explorer,
                                      Exploration& e, const Limits& limits);

}  // namespace tfmc::check
