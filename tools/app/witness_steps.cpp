#include "tools/app/witness_steps.h"

#include <map>
#include <string>

#include "checker/api/printed_outcome.h"
#include "gpu_eval/evaluator_choice.h"
#include "semantics/errors/invariant.h"
#include "semantics/model/graph_model.h"

namespace tfmc::app {
namespace {

// Whether the final state `state` holds `o`'s outputs and variables. The outcome slots are
// the named outputs, then the variables, in the program's order (graph_model.h).
bool reaches(const sem::Program& p, const sem::GraphModel& model, const std::vector<Slot>& state,
             const api::Outcome& o) {
  std::map<std::string, sem::ValueId> output, variable;
  for (const api::NamedValue& v : o.outputs) output[v.name] = v.value;
  for (const api::NamedValue& v : o.variables) variable[v.name] = v.value;
  const auto slots = model.outcome_slots();
  for (std::size_t i = 0; i < p.outputs.size(); ++i) {
    if (state[slots[i]] != output.at(p.outputs[i].name)) return false;
  }
  for (std::size_t k = 0; k < p.variables.size(); ++k) {
    if (state[slots[p.outputs.size() + k]] != variable.at(p.variables[k].name)) return false;
  }
  return true;
}

// Whether firing `k` of the witness is kept (witness_steps.h).
bool kept(std::size_t k, std::size_t firings) {
  return firings <= api::kWitnessShown || k <= api::kWitnessHead || k > firings - api::kWitnessTail;
}

}  // namespace

std::vector<WitnessStep> witness_steps(const sem::Program& program, sem::ValueStore& values,
                                       const api::Outcome& outcome) {
  const std::unique_ptr<eval::Evaluator> evaluator = eval::make_evaluator(eval::EvalBackend::Cpu);
  sem::GraphModel model(program, values, *evaluator);
  const std::vector<std::string>& witness = outcome.witness;
  const auto variable_slots =
      model.outcome_slots().subspan(program.outputs.size(), program.variables.size());
  // The run so far: the state, and the variables' values after each firing (the initial
  // state's first).
  std::vector<Slot> state(model.slot_count());
  model.initial_state(state.data());
  std::vector<std::vector<sem::ValueId>> after;
  const auto record = [&] {
    std::vector<sem::ValueId>& v = after.emplace_back();
    for (const std::uint32_t slot : variable_slots) v.push_back(state[slot]);
  };
  record();
  // The places where a firing could go another way: the state before it and the ways left.
  struct Branch {
    std::size_t firing;
    std::vector<Slot> state;
    std::vector<TransitionId> rest;
  };
  std::vector<Branch> branches;
  std::vector<TransitionId> enabled, ways;
  std::map<std::string, std::size_t> node_named;
  for (std::size_t i = 0; i < program.nodes.size(); ++i) node_named[program.nodes[i].name] = i;
  std::vector<std::size_t> fired;  // the node of each firing
  for (std::size_t k = 0;;) {
    if (k < witness.size()) {
      enabled.clear();  // enabled() appends
      model.enabled(state.data(), enabled);
      ways.clear();
      for (const TransitionId t : enabled) {
        if (model.transition_name(t) == witness[k]) ways.push_back(t);
      }
    }
    if (k == witness.size() && reaches(program, model, state, outcome)) break;
    if (k == witness.size() || ways.empty()) {
      TFMC_CHECK(!branches.empty(), "a witness does not reach its outcome when replayed");
      Branch& b = branches.back();
      k = b.firing;
      state = b.state;
      ways = {b.rest.back()};
      b.rest.pop_back();
      if (b.rest.empty()) branches.pop_back();
      after.resize(k + 1);
      fired.resize(k);
    } else if (ways.size() > 1) {
      branches.push_back({k, state, {ways.rbegin(), ways.rend() - 1}});
    }
    model.fire(state.data(), ways.front(), state.data());
    fired.push_back(node_named.at(witness[k]));
    record();
    ++k;
  }
  std::vector<WitnessStep> steps;
  const std::vector<sem::ValueId>* shown = nullptr;
  for (std::size_t k = 0; k <= witness.size(); ++k) {
    if (!kept(k, witness.size())) continue;
    WitnessStep step{k, k == 0 ? 0 : fired[k - 1], {}};
    for (std::size_t v = 0; v < after[k].size(); ++v) {
      if (shown == nullptr || (*shown)[v] != after[k][v]) step.changed.emplace_back(v, after[k][v]);
    }
    shown = &after[k];
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace tfmc::app
