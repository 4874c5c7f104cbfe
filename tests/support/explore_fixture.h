// Test fixture: explores a Program the way `tfmc check` does, so that tests need not build
// the models themselves. It holds the program's graph model, at a reduction level the reduced
// model on top of it, and the explorer that ran over the explored one of the two. The program
// and the value store must outlive the fixture.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "checker/explorer.h"
#include "checker/outcomes.h"
#include "checker/reduced_model.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"
#include "semantics/program/program.h"

namespace tfmc::test {

class ExploredProgram {
 public:
  // Explores `program` at `reduction` within `limits`; the values it makes go to `values`.
  ExploredProgram(const sem::Program& program, sem::ValueStore& values,
                  check::Reduction reduction = check::Reduction::None, check::Limits limits = {});

  // What the exploration found: completeness, counts and the final states.
  const check::Exploration& result() const { return result_; }

  // The model the explorer ran on: the reduced model under a reduction, else the graph model.
  const TransitionSystem& explored_model() const;

  // The unreduced graph model of the program, to replay complete runs on (firing is not const).
  sem::GraphModel& graph() { return graph_; }

  // The explorer, for the witness and the stored state of each final state.
  const check::Explorer& explorer() const { return *explorer_; }

  // The distinct outcomes of the final states (checker/outcomes.h).
  std::vector<check::Outcome> outcomes() const;

 private:
  eval::CpuEvaluator evaluator_;
  sem::GraphModel graph_;
  std::unique_ptr<check::ReducedModel> reduced_;  // null without a reduction
  std::unique_ptr<check::Explorer> explorer_;
  check::Exploration result_;
};

// A program written inline as .tfg text ("test.tfg"), with a value store of its own, explored.
struct ExploredText {
  ExploredText(const std::string& text, check::Reduction reduction = check::Reduction::None,
               check::Limits limits = {});

  sem::ValueStore values;
  sem::Program program;
  ExploredProgram explored;
};

}  // namespace tfmc::test
