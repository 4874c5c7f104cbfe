#include "checker/api/race_classification.h"

#include <fmt/format.h>

#include <algorithm>

#include "semantics/model/relevant_slots.h"
#include "semantics/program/order.h"

namespace tfmc::api {
namespace {

// Whether no outcome of `run` fired both nodes of `race`: every one is stuck with one of them
// blocked.
bool never_both(const CheckResult& run, const Race& race) {
  return std::all_of(run.outcomes.begin(), run.outcomes.end(), [&](const Outcome& o) {
    const auto blocked = [&](const std::string& name) {
      return std::find(o.blocked.begin(), o.blocked.end(), name) != o.blocked.end();
    };
    return o.stuck && (blocked(race.first) || blocked(race.second));
  });
}

std::string stopped(const std::string& label, const CheckResult& run) {
  return fmt::format("the run with {} was stopped by --{}", label, run.exploration.stop_reason);
}

}  // namespace

void mark_noncommuting_races(sem::GraphModel& model, ExplorationRun& run, CheckResult& r) {
  if (!r.exploration.complete || r.deterministic() || r.races.empty()) return;
  std::vector<std::pair<TransitionId, TransitionId>> pairs;
  for (const Race& race : r.races) pairs.emplace_back(race.first_node, race.second_node);
  const std::vector<bool> visible =
      run.noncommuting(model, pairs, sem::outcome_relevant_slots(model.program()));
  for (std::size_t k = 0; k < r.races.size(); ++k) {
    if (visible[k]) r.races[k].observable = true;
  }
}

void classify_races(const sem::Program& program, CheckResult& result,
                    const ExploreProgram& explore) {
  if (!result.exploration.complete || result.deterministic()) return;
  // --max-seconds and --max-memory bound the whole command: once one stops a run, the races
  // left are not explored (each run has --max-states to itself).
  const auto out_of_limits = [&](const CheckResult& run) {
    const check::StopReason why = run.exploration.stop_reason;
    if (why == check::StopReason::MaxSeconds || why == check::StopReason::MaxMemory) {
      result.classification_stop = why;
    }
  };
  for (Race& race : result.races) {
    if (race.observable.value_or(false)) continue;  // seen not to commute in the check's run
    if (result.classification_stop != check::StopReason::None) {
      race.unknown_reason =
          fmt::format("not classified: --{} was reached first", result.classification_stop);
      continue;
    }
    const std::string forward = fmt::format("{} before {}", race.first, race.second);
    const CheckResult a =
        explore(sem::with_order(program, race.first_node, race.second_node), forward);
    if (!a.exploration.complete) {
      race.unknown_reason = stopped(forward, a);
      out_of_limits(a);
      continue;  // the race stays unknown whatever the other order gives
    }
    const std::string backward = fmt::format("{} before {}", race.second, race.first);
    const CheckResult b =
        explore(sem::with_order(program, race.second_node, race.first_node), backward);
    if (!b.exploration.complete) {
      race.unknown_reason = stopped(backward, b);
      out_of_limits(b);
      continue;
    }
    // Blocking may order the pair after all (a Read that waits for a Dequeue that waits for
    // the Write): forcing the other order then only deadlocks before both fire. Such a pair
    // never changes places, so its order cannot change an outcome.
    race.observable =
        !never_both(a, race) && !never_both(b, race) && !same_outcomes(a.outcomes, b.outcomes);
    race.unknown_reason.clear();
  }
}

}  // namespace tfmc::api
