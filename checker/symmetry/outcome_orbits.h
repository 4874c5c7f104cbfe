// The outcomes a symmetry-reduced exploration stands for (FORMAT.md, "Symmetry reduction"):
// every permutation of the replicas applied to each outcome found, so that the outcomes are
// exactly those of the exploration without symmetry.
#pragma once

#include <vector>

#include "checker/outcomes.h"
#include "checker/symmetry/replica_symmetry.h"

namespace tfmc::check {

// `found`: the distinct outcomes of the canonical final states of an exploration over
// SymmetricModel (symmetric_model.h), each witness a complete run of `model` (the inner
// model) to its final state. Returns the distinct outcomes of their orbits: a permuted outcome has
// the permuted values (its outcome slots permuted with the state), the permuted witness, which is a
// run of `model` to the permuted state, and the permuted blocked transitions. An outcome's
// final_states counts the found outcomes whose orbit holds it, each with its own count.
std::vector<Outcome> outcome_orbits(const std::vector<Outcome>& found,
                                    const ReplicaSymmetry& symmetry, const TransitionSystem& model);

}  // namespace tfmc::check
