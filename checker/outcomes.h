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
// state's witness can take long (many final states, long runs) and its outcomes' memory grows
// with them, so the replay keeps the deadline of the phases after a stop, the grace past
// --max-seconds, and --max-memory (LimitWatch::reached_past): past either, the final states
// left give no outcome and mark `e` (stop_replay).
std::vector<Outcome> collect_outcomes(const TransitionSystem& model, const Explorer& explorer,
                                      Exploration& e, const Limits& limits);

// Marks `e` as stopped by `why` in the replay of its witnesses (or the naming of their
// outcomes, checker/api/check.h) with `unreplayed` final states left in all (more than 0):
// incomplete, and stopped in StopPhase::Replay unless a limit stopped it before (whose reason
// and phase it keeps). e.replay_stop keeps the first replay stop's reason.
void stop_replay(Exploration& e, std::uint64_t unreplayed, StopReason why);

}  // namespace tfmc::check
