#include "differential/random_program.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "differential/random_source.h"

namespace tfmc::difftest {
namespace {

// Small values make collisions between paths likely; the extremes make wraparound and the
// INT_MIN / -1 corner reachable.
std::string random_i32_literal(Rng& rng) {
  constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
  constexpr std::int32_t kMin = std::numeric_limits<std::int32_t>::min();
  static const std::int32_t kValues[] = {0, 0, 1, 2, 3, -1, -2, 7, 65536, kMax, kMin};
  const int count = static_cast<int>(sizeof(kValues) / sizeof(kValues[0]));
  return "i32{" + std::to_string(kValues[rng.below(count)]) + "}";
}

bool has_tensor_args(OpKind op) {
  return op != OpKind::Read && op != OpKind::Const && op != OpKind::Var;
}

bool uses_variable(OpKind op) {
  return op == OpKind::Read || op == OpKind::Write || op == OpKind::AssignAdd ||
         op == OpKind::AssignSub || op == OpKind::AssignF || op == OpKind::Momentum;
}

// Reads and Writes are weighted up so that races on a variable are common, Div and Const so
// that division by zero is reached.
const OpKind kSmallOps[] = {OpKind::Read,    OpKind::Read,      OpKind::Read,      OpKind::Write,
                            OpKind::Write,   OpKind::AssignAdd, OpKind::AssignSub, OpKind::AssignF,
                            OpKind::AssignF, OpKind::Add,       OpKind::Sub,       OpKind::Mul,
                            OpKind::Div,     OpKind::Div,       OpKind::G,         OpKind::H,
                            OpKind::S,       OpKind::Const,     OpKind::Const,     OpKind::Identity,
                            OpKind::Var,     OpKind::Momentum};

// Larger programs: about half of the nodes access a variable and one in nine is a further
// explicit Var node, so that several accesses race on each variable and share Var nodes.
const OpKind kLargeOps[] = {
    OpKind::Read,    OpKind::Read,    OpKind::Read,      OpKind::Read,      OpKind::Write,
    OpKind::Write,   OpKind::Write,   OpKind::AssignAdd, OpKind::AssignAdd, OpKind::AssignSub,
    OpKind::AssignF, OpKind::AssignF, OpKind::Add,       OpKind::Sub,       OpKind::Mul,
    OpKind::Div,     OpKind::Div,     OpKind::G,         OpKind::H,         OpKind::S,
    OpKind::Const,   OpKind::Const,   OpKind::Identity,  OpKind::Var,       OpKind::Var,
    OpKind::Var};

// The size and mix of the programs of one generator entry point.
struct Shape {
  int min_vars, max_vars;
  int min_nodes, max_nodes;
  std::span<const OpKind> ops;
  int after_percent;  // the chance that a node has `after` edges
  int max_after;      // how many at most
  // 0: an `after` names any earlier node; w: one of the w nodes just before (which keeps
  // larger programs narrow, so that their full exploration stays small).
  int after_window;
  // The chance that an access uses `&x` although an explicit Var node of x exists. Each `&x`
  // makes a Var node that may fire at any time before its user, which doubles the states of
  // the full exploration; uses of one explicit Var node share it through a chain of Copy
  // nodes, which adds a counter instead.
  int implicit_var_percent;
  // Whether the first nodes are one explicit Var node per variable, so that most accesses
  // share one (see implicit_var_percent).
  bool leading_var_nodes;
};

const Shape kSmall{1, 3, 3, 9, kSmallOps, 35, 2, 0, 30, false};
const Shape kLarge{2, 4, 10, 20, kLargeOps, 75, 2, 3, 10, true};

// An earlier explicit Var node of `variable`, or -1 (the node then uses `&x`). Explicit Var
// nodes are used only some of the time, so that `&x` stays common.
int random_var_node(Rng& rng, const Shape& shape, const RandomProgram& program, int before,
                    int variable) {
  std::vector<int> candidates;
  for (int n = 0; n < before; ++n) {
    if (program.nodes[n].op == OpKind::Var && program.nodes[n].variable == variable) {
      candidates.push_back(n);
    }
  }
  if (candidates.empty() || rng.chance(shape.implicit_var_percent)) return -1;
  return candidates[rng.below(static_cast<int>(candidates.size()))];
}

int tensor_arity(OpKind op) {
  switch (op) {
    case OpKind::Read:
    case OpKind::Const:
    case OpKind::Var:
      return 0;
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div:
    case OpKind::H:
      return 2;
    case OpKind::Momentum:
      return 3;
    default:
      return 1;
  }
}

// Every tensor available to node `before`: the inputs and the results of earlier nodes.
std::vector<TensorRef> sources_before(const RandomProgram& program, int before) {
  std::vector<TensorRef> sources;
  for (int i = 0; i < static_cast<int>(program.inputs.size()); ++i) {
    sources.push_back(TensorRef{true, i, 0, false});
  }
  for (int n = 0; n < before; ++n) {
    for (int port = 0; port < result_count(program.nodes[n].op); ++port) {
      sources.push_back(TensorRef{false, n, port, false});
    }
  }
  return sources;
}

TensorRef random_source(Rng& rng, const RandomProgram& program,
                        const std::vector<TensorRef>& sources) {
  TensorRef ref = sources[rng.below(static_cast<int>(sources.size()))];
  if (!ref.is_input && program.nodes[ref.index].op == OpKind::S && ref.port == 0) {
    ref.explicit_port = rng.chance(50);
  }
  return ref;
}

NodeDecl random_node(Rng& rng, const Shape& shape, const RandomProgram& program, int index) {
  NodeDecl node;
  node.name = numbered("n", index);
  const std::vector<TensorRef> sources = sources_before(program, index);
  node.op = shape.ops[rng.below(static_cast<int>(shape.ops.size()))];
  if (sources.empty() && has_tensor_args(node.op)) {
    node.op = rng.chance(60) ? OpKind::Read : OpKind::Const;
  }
  // A Momentum needs a second variable for its slot.
  if (node.op == OpKind::Momentum && program.vars.size() < 2) node.op = OpKind::AssignAdd;
  if (uses_variable(node.op) || node.op == OpKind::Var) {
    node.variable = rng.below(static_cast<int>(program.vars.size()));
  }
  if (uses_variable(node.op)) {
    node.var_node = random_var_node(rng, shape, program, index, node.variable);
  }
  if (node.op == OpKind::Momentum) {
    const int others = static_cast<int>(program.vars.size()) - 1;
    node.slot = (node.variable + 1 + rng.below(others)) % static_cast<int>(program.vars.size());
  }
  for (int a = 0; a < tensor_arity(node.op); ++a) {
    node.args.push_back(random_source(rng, program, sources));
  }
  if (node.op == OpKind::Const) node.attribute = random_i32_literal(rng);
  if (node.op == OpKind::AssignF) {
    static const char* const kFunctions[] = {"F", "F", "Mul", "Div"};
    node.attribute = kFunctions[rng.below(4)];
  }
  const int window = shape.after_window == 0 ? index : std::min(shape.after_window, index);
  if (index > 0 && rng.chance(shape.after_percent)) {
    const int wanted = rng.between(1, std::min(shape.max_after, window));
    while (static_cast<int>(node.after.size()) < wanted) {
      const int earlier = index - window + rng.below(window);
      if (std::find(node.after.begin(), node.after.end(), earlier) == node.after.end()) {
        node.after.push_back(earlier);
      }
    }
  }
  return node;
}

const char* op_name(OpKind op) {
  switch (op) {
    case OpKind::Read:
      return "Read";
    case OpKind::Write:
      return "Write";
    case OpKind::AssignAdd:
      return "AssignAdd";
    case OpKind::AssignSub:
      return "AssignSub";
    case OpKind::AssignF:
      return "Assign";
    case OpKind::Add:
      return "Add";
    case OpKind::Sub:
      return "Sub";
    case OpKind::Mul:
      return "Mul";
    case OpKind::Div:
      return "Div";
    case OpKind::G:
      return "G";
    case OpKind::H:
      return "H";
    case OpKind::S:
      return "S";
    case OpKind::Const:
      return "Const";
    case OpKind::Identity:
      return "Identity";
    case OpKind::Var:
      return "Var";
    case OpKind::Momentum:
      return "ApplyMomentum";
  }
  return "";
}

std::string node_statement(const RandomProgram& program, const NodeDecl& node) {
  std::string text = node.name + " = " + op_name(node.op);
  std::vector<std::string> args;
  if (node.op == OpKind::Var) {
    args.push_back(program.vars[node.variable].name);
  } else if (node.var_node >= 0) {
    args.push_back(program.nodes[node.var_node].name);
  } else if (node.variable >= 0) {
    args.push_back("&" + program.vars[node.variable].name);
  }
  if (node.slot >= 0) args.push_back("&" + program.vars[node.slot].name);
  for (const TensorRef& ref : node.args) args.push_back(ref_text(program, ref));
  if (node.op != OpKind::Const) {
    text += "(";
    for (std::size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
    text += ")";
  }
  if (node.op == OpKind::Const) text += " {value=" + node.attribute + "}";
  if (node.op == OpKind::AssignF) text += " {f=" + node.attribute + "}";
  if (!node.after.empty()) {
    text += " after ";
    for (std::size_t i = 0; i < node.after.size(); ++i) {
      text += (i ? ", " : "") + program.nodes[node.after[i]].name;
    }
  }
  return text;
}

}  // namespace

int result_count(OpKind op) {
  switch (op) {
    case OpKind::Var:
    case OpKind::Write:
    case OpKind::AssignAdd:
    case OpKind::AssignSub:
    case OpKind::AssignF:
    case OpKind::Momentum:
      return 0;
    case OpKind::S:
      return 2;
    default:
      return 1;
  }
}

namespace {

RandomProgram generate(std::uint32_t seed, const Shape& shape) {
  Rng rng(seed);
  RandomProgram program;
  // Half of the programs start from concrete values only, so that integer arithmetic (and its
  // wraparound and division by zero) is reached often; the others mix in symbols.
  const bool concrete = rng.chance(50);
  static const char* const kVarNames[] = {"x", "y", "z", "w"};
  static const char* const kVarSymbols[] = {"A", "B"};
  const int var_count = rng.between(shape.min_vars, shape.max_vars);
  for (int v = 0; v < var_count; ++v) {
    VarDecl var{kVarNames[v], std::nullopt};
    if (rng.chance(65)) {
      var.init = concrete || rng.chance(40) ? random_i32_literal(rng) : kVarSymbols[rng.below(2)];
    }
    program.vars.push_back(var);
  }
  static const char* const kInputNames[] = {"P", "Q"};
  const int input_count = rng.between(0, 2);
  for (int i = 0; i < input_count; ++i) {
    InputDecl input{kInputNames[i], std::nullopt};
    if (concrete || rng.chance(40)) input.init = random_i32_literal(rng);
    program.inputs.push_back(input);
  }
  const int node_count = rng.between(shape.min_nodes, shape.max_nodes);
  for (int n = 0; n < node_count; ++n) {
    if (shape.leading_var_nodes && n < var_count) {
      NodeDecl var_node;
      var_node.name = numbered("n", n);
      var_node.op = OpKind::Var;
      var_node.variable = n;
      program.nodes.push_back(var_node);
    } else {
      program.nodes.push_back(random_node(rng, shape, program, n));
    }
  }

  const std::vector<TensorRef> sources = sources_before(program, node_count);
  const int output_count = sources.empty() ? 0 : rng.between(1, 3);
  std::vector<std::string> names;
  for (int o = 0; o < output_count; ++o) {
    OutputDecl output{random_source(rng, program, sources), std::nullopt};
    const std::string written = ref_text(program, output.ref);
    const bool taken = std::find(names.begin(), names.end(), written) != names.end();
    if (taken || rng.chance(30)) output.alias = numbered("o", o);
    names.push_back(output_name(program, output));
    program.outputs.push_back(output);
  }

  for (int n = 0; n < node_count; ++n) program.print_order.push_back(n);
  if (rng.chance(30)) {
    for (int n = node_count - 1; n > 0; --n) {
      std::swap(program.print_order[n], program.print_order[rng.below(n + 1)]);
    }
  }
  return program;
}

}  // namespace

RandomProgram generate_program(std::uint32_t seed) { return generate(seed, kSmall); }

RandomProgram generate_large_program(std::uint32_t seed) { return generate(seed, kLarge); }

std::string ref_text(const RandomProgram& program, const TensorRef& ref) {
  if (ref.is_input) return program.inputs[ref.index].name;
  std::string text = program.nodes[ref.index].name;
  if (ref.port != 0 || ref.explicit_port) {
    text += ':';
    text += std::to_string(ref.port);
  }
  return text;
}

std::string output_name(const RandomProgram& program, const OutputDecl& output) {
  return output.alias ? *output.alias : ref_text(program, output.ref);
}

std::string to_tfg(const RandomProgram& program) {
  std::string text = "fn F : 2 -> 1\nfn G : 1 -> 1\nfn H : 2 -> 1\nfn S : 1 -> 2\n";
  for (const VarDecl& var : program.vars) {
    text += "var " + var.name + (var.init ? " = " + *var.init : "") + "\n";
  }
  for (const InputDecl& input : program.inputs) {
    text += "input " + input.name + (input.init ? " = " + *input.init : "") + "\n";
  }
  for (int n : program.print_order) text += node_statement(program, program.nodes[n]) + "\n";
  for (const OutputDecl& output : program.outputs) {
    text += "output " + ref_text(program, output.ref) +
            (output.alias ? " as " + *output.alias : "") + "\n";
  }
  return text;
}

}  // namespace tfmc::difftest
