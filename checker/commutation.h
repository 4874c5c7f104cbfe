// Whether pairs of transitions commute in the states an exploration stored.
//
// Transitions a and b commute in state s when both are enabled there and firing a then b
// reaches the same state as firing b then a. A race whose two accesses fail to commute in a
// reachable state makes some pair of runs, equal but for the order of the two, end in
// different states: the order is visible there, which forcing one order for the whole
// program may not reveal (checker/api/race_classification.h).
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "checker/exploration.h"
#include "checker/state_store.h"
#include "semantics/model/dependency_model.h"

namespace tfmc::check {

// Stored state i of an exploration (Explorer::state).
using StoredState = std::function<std::vector<Slot>(StateIndex i)>;

// For each pair (a, b): whether some state of the `states` stored ones, read by `state`, has
// a and b both enabled in `model` and they do not commute there, comparing only the slots
// flagged in `compared` (the slots that can reach an outcome). `model` must be the model
// whose states were stored (the base model of a reduction: its slots are the same). The
// search stops early when `limits` are reached (limit_watch.h): the pairs found so far are
// found, the others unknown.
std::vector<bool> noncommuting(DependencyModel& model, const StoredState& state, std::size_t states,
                               const std::vector<std::pair<TransitionId, TransitionId>>& pairs,
                               const std::vector<bool>& compared, const Limits& limits);

}  // namespace tfmc::check
