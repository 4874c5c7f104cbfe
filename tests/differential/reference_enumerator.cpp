#include "differential/reference_enumerator.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "differential/reference_values.h"

namespace tfmc::difftest {
namespace {

struct RefState {
  std::vector<bool> fired;
  std::vector<std::vector<std::string>> results;  // per node, per output port
  std::vector<std::string> variables;
};

RefState initial_state(const RandomProgram& program) {
  RefState state;
  state.fired.assign(program.nodes.size(), false);
  state.results.resize(program.nodes.size());
  for (const VarDecl& var : program.vars)
    state.variables.push_back(var.init ? *var.init : kUninitialized);
  return state;
}

// Inputs are always available: their edges are full from the start.
bool available(const RefState& state, const TensorRef& ref) {
  return ref.is_input || state.fired[ref.index];
}

std::string value_of(const RandomProgram& program, const RefState& state, const TensorRef& ref) {
  if (ref.is_input) {
    const InputDecl& input = program.inputs[ref.index];
    return input.init ? *input.init : input.name;
  }
  return state.results[ref.index][ref.port];
}

bool enabled(const RandomProgram& program, const RefState& state, int n) {
  const NodeDecl& node = program.nodes[n];
  if (state.fired[n]) return false;
  for (const TensorRef& ref : node.args) {
    if (!available(state, ref)) return false;
  }
  for (int before : node.after) {
    if (!state.fired[before]) return false;
  }
  return node.var_node < 0 || state.fired[node.var_node];
}

// The variable's new value after an Assign op with tensor `t`.
std::string assigned(const NodeDecl& node, const std::string& old_value, const std::string& t) {
  if (is_error(t)) return old_value;
  switch (node.op) {
    case OpKind::Write:
      return t;
    case OpKind::AssignAdd:
      return apply_builtin("Add", old_value, t);
    case OpKind::AssignSub:
      return apply_builtin("Sub", old_value, t);
    default:
      return apply_assign_function(node.attribute, old_value, t);
  }
}

void fire(const RandomProgram& program, RefState& state, int n) {
  const NodeDecl& node = program.nodes[n];
  std::vector<std::string> args;
  for (const TensorRef& ref : node.args) args.push_back(value_of(program, state, ref));
  std::vector<std::string>& results = state.results[n];
  switch (node.op) {
    case OpKind::Read:
      results = {state.variables[node.variable]};
      break;
    case OpKind::Write:
    case OpKind::AssignAdd:
    case OpKind::AssignSub:
    case OpKind::AssignF:
      state.variables[node.variable] = assigned(node, state.variables[node.variable], args[0]);
      break;
    case OpKind::Momentum: {
      // An error among the variables' values and the tensors changes neither variable.
      std::vector<std::string> values = {state.variables[node.variable],
                                         state.variables[node.slot]};
      values.insert(values.end(), args.begin(), args.end());
      if (std::any_of(values.begin(), values.end(), is_error)) break;
      const std::vector<std::string> next = apply_update("MomentumStep", values, 2);
      state.variables[node.variable] = next[0];
      state.variables[node.slot] = next[1];
      break;
    }
    case OpKind::Add:
      results = {apply_builtin("Add", args[0], args[1])};
      break;
    case OpKind::Sub:
      results = {apply_builtin("Sub", args[0], args[1])};
      break;
    case OpKind::Mul:
      results = {apply_builtin("Mul", args[0], args[1])};
      break;
    case OpKind::Div:
      results = {apply_builtin("Div", args[0], args[1])};
      break;
    case OpKind::G:
      results = apply_uninterpreted("G", args, 1);
      break;
    case OpKind::H:
      results = apply_uninterpreted("H", args, 1);
      break;
    case OpKind::S:
      results = apply_uninterpreted("S", args, 2);
      break;
    case OpKind::Const:
      results = {node.attribute};
      break;
    case OpKind::Identity:
      results = {args[0]};
      break;
    case OpKind::Var:  // only passes the variable's handle on
      break;
  }
  state.fired[n] = true;
}

Outcome outcome_of(const RandomProgram& program, const RefState& state) {
  Outcome outcome;
  for (const OutputDecl& output : program.outputs) {
    outcome.outputs.emplace_back(output_name(program, output),
                                 value_of(program, state, output.ref));
  }
  for (std::size_t v = 0; v < program.vars.size(); ++v) {
    outcome.variables.emplace_back(program.vars[v].name, state.variables[v]);
  }
  std::sort(outcome.outputs.begin(), outcome.outputs.end());
  std::sort(outcome.variables.begin(), outcome.variables.end());
  return outcome;
}

// Every node fires exactly once in every complete run (the graph is acyclic), so a state with
// no enabled node is final and has fired them all.
void explore(const RandomProgram& program, const RefState& state, std::set<Outcome>& outcomes) {
  bool any = false;
  for (int n = 0; n < static_cast<int>(program.nodes.size()); ++n) {
    if (!enabled(program, state, n)) continue;
    any = true;
    RefState next = state;
    fire(program, next, n);
    explore(program, next, outcomes);
  }
  if (!any) outcomes.insert(outcome_of(program, state));
}

}  // namespace

std::set<Outcome> reference_outcomes(const RandomProgram& program) {
  std::set<Outcome> outcomes;
  explore(program, initial_state(program), outcomes);
  return outcomes;
}

std::optional<Outcome> replay(const RandomProgram& program, const std::vector<std::string>& order) {
  RefState state = initial_state(program);
  for (const std::string& name : order) {
    const auto it = std::find_if(program.nodes.begin(), program.nodes.end(),
                                 [&](const NodeDecl& node) { return node.name == name; });
    if (it == program.nodes.end()) return std::nullopt;
    const int n = static_cast<int>(it - program.nodes.begin());
    if (!enabled(program, state, n)) return std::nullopt;
    fire(program, state, n);
  }
  if (std::find(state.fired.begin(), state.fired.end(), false) != state.fired.end()) {
    return std::nullopt;
  }
  return outcome_of(program, state);
}

std::string describe(const Outcome& outcome) {
  std::string text = "outputs {";
  for (const auto& [name, value] : outcome.outputs) text += " " + name + "=" + value;
  text += " } variables {";
  for (const auto& [name, value] : outcome.variables) text += " " + name + "=" + value;
  return text + " }";
}

}  // namespace tfmc::difftest
