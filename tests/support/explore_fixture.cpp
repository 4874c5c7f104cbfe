#include "support/explore_fixture.h"

#include "semantics/build/program_builder.h"

namespace tfmc::test {

ExploredProgram::ExploredProgram(const sem::Program& program, sem::ValueStore& values,
                                 check::Reduction reduction, check::Limits limits)
    : graph_(program, values, evaluator_) {
  TransitionSystem* explored = &graph_;
  if (reduction != check::Reduction::None) {
    reduced_ = std::make_unique<check::ReducedModel>(graph_, reduction);
    explored = reduced_.get();
  }
  explorer_ = std::make_unique<check::Explorer>(*explored, limits);
  result_ = explorer_->run();
}

const TransitionSystem& ExploredProgram::explored_model() const {
  if (reduced_) return *reduced_;
  return graph_;
}

std::vector<check::Outcome> ExploredProgram::outcomes() const {
  // Every witness replayed: no deadline, and the result the tests read stays as explored.
  check::Exploration replayed = result_;
  return check::collect_outcomes(explored_model(), *explorer_, replayed, {});
}

ExploredText::ExploredText(const std::string& text, check::Reduction reduction,
                           check::Limits limits)
    : program(sem::load_program_text("test.tfg", text, {}, values)),
      explored(program, values, reduction, limits) {}

}  // namespace tfmc::test
