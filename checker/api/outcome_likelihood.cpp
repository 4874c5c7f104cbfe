#include "checker/api/outcome_likelihood.h"

#include <map>
#include <memory>

#include "checker/api/check.h"
#include "semantics/model/graph_model.h"

namespace tfmc::api {

LikelihoodResult outcome_likelihood(const sem::Program& program, sem::ValueStore& values,
                                    const check::Limits& limits, eval::EvalBackend eval) {
  const std::unique_ptr<eval::Evaluator> evaluator = eval::make_evaluator(eval);
  sem::GraphModel model(program, values, *evaluator);
  LikelihoodResult r;
  r.figures = check::likelihood(model, limits);
  std::vector<check::Outcome> found;
  for (check::LikelyOutcome& o : r.figures.outcomes) found.push_back(std::move(o.outcome));
  std::uint64_t stuck = 0;
  std::vector<std::size_t> origin;
  r.outcomes = named_outcomes(program, model, model, found, values, stuck, &origin);
  r.probabilities.assign(r.outcomes.size(), 0);
  for (std::size_t i = 0; i < found.size(); ++i) {
    r.probabilities[origin[i]] += r.figures.outcomes[i].probability;
  }
  r.figures.outcomes.clear();
  return r;
}

std::vector<check::Probability> probabilities_of(const LikelihoodResult& r,
                                                 const std::vector<Outcome>& outcomes) {
  std::map<OutcomeKey, std::size_t> index;
  for (std::size_t i = 0; i < r.outcomes.size(); ++i) {
    index.emplace(identity(r.outcomes[i], Matching::WithinProgram), i);
  }
  std::vector<check::Probability> out;
  for (const Outcome& o : outcomes) {
    const auto it = index.find(identity(o, Matching::WithinProgram));
    out.push_back(it == index.end() ? check::Probability(0) : r.probabilities[it->second]);
  }
  return out;
}

}  // namespace tfmc::api
