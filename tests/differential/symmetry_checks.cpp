#include "differential/symmetry_checks.h"

#include <algorithm>

namespace tfmc::difftest {

std::set<ComparedOutcome> compared(const api::CheckResult& r) {
  std::set<ComparedOutcome> out;
  for (const api::Outcome& o : r.outcomes) {
    out.insert({o.outputs, o.variables, o.stuck, {o.blocked.begin(), o.blocked.end()}});
  }
  return out;
}

WitnessReplay::WitnessReplay(const sem::Program& program, sem::ValueStore& values)
    : program_(program), model_(program, values, evaluator_) {
  for (TransitionId t = 0; t < model_.transition_count(); ++t) {
    named_[model_.transition_name(t)].push_back(t);
  }
}

bool WitnessReplay::reaches(const api::Outcome& o) {
  std::vector<Slot> state(model_.slot_count());
  model_.initial_state(state.data());
  return replay(state, o, 0);
}

bool WitnessReplay::replay(const std::vector<Slot>& state, const api::Outcome& o, std::size_t k) {
  if (k == o.witness.size()) return ends_in(state, o);
  const auto it = named_.find(o.witness[k]);
  if (it == named_.end()) return false;
  for (TransitionId t : it->second) {
    if (!model_.is_enabled(state.data(), t)) continue;
    std::vector<Slot> next = state;
    model_.fire(next.data(), t, next.data());
    if (replay(next, o, k + 1)) return true;
  }
  return false;
}

bool WitnessReplay::ends_in(const std::vector<Slot>& state, const api::Outcome& o) {
  std::vector<TransitionId> enabled;
  model_.enabled(state.data(), enabled);
  if (!enabled.empty()) return false;
  std::vector<api::NamedValue> outputs, variables;
  for (std::size_t i = 0; i < program_.outputs.size(); ++i) {
    outputs.push_back({program_.outputs[i].name, state[program_.outputs[i].edge]});
  }
  for (std::uint32_t v = 0; v < program_.variables.size(); ++v) {
    variables.push_back({program_.variables[v].name, state[program_.variable_slot(v)]});
  }
  std::sort(outputs.begin(), outputs.end());
  std::sort(variables.begin(), variables.end());
  return outputs == o.outputs && variables == o.variables;
}

}  // namespace tfmc::difftest
