// The states a witness passes through, for the HTML report's stepping through it (FORMAT.md,
// "The HTML report"): the witness replayed on the program's semantics (the unreduced graph
// model, semantics/model/graph_model.h, with the CPU evaluator, which gives every backend's
// bits), and after each firing the variables whose value it changed.
//
// A witness names the nodes it fires; a node with several transitions (a Choice's
// alternatives, a Switch on a symbolic predicate) is tried each way, in transition order, until
// the run reaches the outcome's outputs and variables. A witness that reaches them no way is a
// bug in tfmc (an InternalError).
//
// The steps kept are those a report shows of the witness (printed_outcome.h): every one of a
// witness of at most kWitnessShown firings, else the first kWitnessHead and the last
// kWitnessTail, so that the page's size stays bounded; a step after the firings left out lists
// every variable they changed.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "checker/api/outcome.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::app {

struct WitnessStep {
  std::size_t firing = 0;  // how many firings the state follows: 0 for the initial state
  std::size_t node = 0;    // the node the step fired (its index); 0 for the initial state
  // The variables (indices into Program::variables) whose value differs from the previous step
  // kept, with their values; in the initial state, every variable.
  std::vector<std::pair<std::size_t, sem::ValueId>> changed;
};

std::vector<WitnessStep> witness_steps(const sem::Program& program, sem::ValueStore& values,
                                       const api::Outcome& outcome);

}  // namespace tfmc::app
