#include "checker/api/sample.h"

#include <memory>

#include "checker/api/check.h"
#include "semantics/model/graph_model.h"

namespace tfmc::api {

SampleResult sample(const sem::Program& program, sem::ValueStore& values,
                    const SampleOptions& options) {
  const std::unique_ptr<eval::Evaluator> evaluator = eval::make_evaluator(options.eval);
  sem::GraphModel model(program, values, *evaluator);
  SampleResult r;
  r.program = program.file;
  r.options = options.sampling;
  r.sampling = check::sample(model, options.sampling);
  std::vector<check::Outcome> found;
  for (check::SampledOutcome& s : r.sampling.outcomes) found.push_back(std::move(s.outcome));
  r.sampling.outcomes.clear();
  std::uint64_t stuck = 0;
  std::vector<std::size_t> origin;
  r.outcomes = named_outcomes(program, model, model, found, values, stuck, &origin);
  r.schedules.assign(r.outcomes.size(), 0);
  for (std::size_t i = 0; i < found.size(); ++i) r.schedules[origin[i]] += found[i].final_states;
  return r;
}

}  // namespace tfmc::api
