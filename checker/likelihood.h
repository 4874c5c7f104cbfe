// The exact probability of each outcome under the uniform scheduler (FORMAT.md, "tfmc sample"
// and check --likelihood): a random run starts in the initial state and, in each state, fires
// one of the enabled transitions, each with the same chance, until none is enabled. That is a
// Markov chain on the unreduced state graph, which is acyclic (every node fires at most once),
// so the mass of each state is the sum, over its predecessors, of their mass divided by their
// number of enabled transitions, and an outcome's probability is the mass of its final states.
//
// The mass flows a breadth-first level at a time (a state's level is the number of its run's
// steps; a state met at several levels is expanded at each, which is still exact), so only two
// levels are held, each state once with its mass as an exact rational (Boost.Multiprecision's
// cpp_rational): no rounding, whatever the depth.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <vector>

#include "checker/exploration.h"
#include "checker/outcomes.h"
#include "semantics/model/dependency_model.h"

namespace tfmc::check {

using Probability = boost::multiprecision::cpp_rational;

// An outcome (its values, stuck flag and blocked transitions; no witness, since no path is
// kept; final_states counts its final states) and the chance that a run reaches it.
struct LikelyOutcome {
  Outcome outcome;
  Probability probability;
};

struct Likelihood {
  bool complete = false;
  StopReason stop_reason = StopReason::None;
  std::uint64_t states = 0;       // states expanded or found final, counted at each level
  std::uint64_t transitions = 0;  // firings
  double seconds = 0;
  std::vector<LikelyOutcome> outcomes;  // in the order their first final state was found
};

// Computes the chances over `model`, unreduced, within `limits` (max_states bounds the states
// counted).
Likelihood likelihood(DependencyModel& model, const Limits& limits);

}  // namespace tfmc::check
