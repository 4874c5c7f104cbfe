// The exact probability of each outcome of a program under the uniform scheduler
// (checker/likelihood.h), over its unreduced model whatever reduction a check used, named and
// ordered as a check's outcomes (check.h named_outcomes) so that a check's outcomes find their
// probabilities by identity (outcome.h).
#pragma once

#include <cstdint>
#include <vector>

#include "checker/api/outcome.h"
#include "checker/likelihood.h"
#include "gpu_eval/evaluator_choice.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

struct LikelihoodResult {
  // The figures of the computation; its outcome list is left empty (they are in `outcomes`).
  check::Likelihood figures;
  std::vector<Outcome> outcomes;                  // FORMAT.md's order, without witnesses
  std::vector<check::Probability> probabilities;  // per outcome
};

// Computes the probabilities of `program`'s outcomes within `limits`.
LikelihoodResult outcome_likelihood(const sem::Program& program, sem::ValueStore& values,
                                    const check::Limits& limits, eval::EvalBackend eval);

// The probability of each of `outcomes` (of the same program, in the same value store): that of
// the outcome of `r` with its identity, 0 for one `r` does not have.
std::vector<check::Probability> probabilities_of(const LikelihoodResult& r,
                                                 const std::vector<Outcome>& outcomes);

}  // namespace tfmc::api
