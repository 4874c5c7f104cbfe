#include "differential/random_program.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace tfmc::difftest {
namespace {

// Uniform enough for these small ranges, and the same on every standard library.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : engine_(seed) {}
  int below(int n) { return static_cast<int>(engine_() % static_cast<std::uint32_t>(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(int percent) { return below(100) < percent; }

 private:
  std::mt19937 engine_;
};

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
         op == OpKind::AssignSub || op == OpKind::AssignF;
}

// Reads and Writes are weighted up so that races on a variable are common, Div and Const so
// that division by zero is reached.
const OpKind kSmallOps[] = {OpKind::Read,    OpKind::Read,      OpKind::Read,      OpKind::Write,
                            OpKind::Write,   OpKind::AssignAdd, OpKind::AssignSub, OpKind::AssignF,
                            OpKind::AssignF, OpKind::Add,       OpKind::Sub,       OpKind::Mul,
                            OpKind::Div,     OpKind::Div,       OpKind::G,         OpKind::H,
                            OpKind::S,       OpKind::Const,     OpKind::Const,     OpKind::Identity,
                            OpKind::Var};

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

// `prefix` followed by `n` (`n3`, `o1`); built by appending, which GCC 12 does not misreport
// under -Wrestrict as it does `"n" + std::to_string(n)`.
std::string numbered(const char* prefix, int n) {
  std::string name = prefix;
  name += std::to_string(n);
  return name;
}

NodeDecl random_node(Rng& rng, const Shape& shape, const RandomProgram& program, int index) {
  NodeDecl node;
  node.name = numbered("n", index);
  const std::vector<TensorRef> sources = sources_before(program, index);
  node.op = shape.ops[rng.below(static_cast<int>(shape.ops.size()))];
  if (sources.empty() && has_tensor_args(node.op)) {
    node.op = rng.chance(60) ? OpKind::Read : OpKind::Const;
  }
  if (uses_variable(node.op) || node.op == OpKind::Var) {
    node.variable = rng.below(static_cast<int>(program.vars.size()));
  }
  if (uses_variable(node.op)) {
    node.var_node = random_var_node(rng, shape, program, index, node.variable);
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

namespace {

// Small values keep the outcomes of different paths close, so that they collide often.
std::string small_i32_literal(Rng& rng) {
  static const char* const kValues[] = {"i32{0}", "i32{1}", "i32{2}", "i32{-1}"};
  return kValues[rng.below(4)];
}

// Stateful ops are weighted up so that resources are contended; a Lock stands for a whole
// Lock-access-Unlock block.
const ResourceOp kResourceOps[] = {
    ResourceOp::Read,      ResourceOp::Read,      ResourceOp::Write,
    ResourceOp::AssignAdd, ResourceOp::AssignAdd, ResourceOp::ApplyGradientDescent,
    ResourceOp::Const,     ResourceOp::Const,     ResourceOp::Add,
    ResourceOp::Sub,       ResourceOp::Mul,       ResourceOp::Choice,
    ResourceOp::Choice,    ResourceOp::RandomInt, ResourceOp::Enqueue,
    ResourceOp::Enqueue,   ResourceOp::Dequeue,   ResourceOp::Dequeue,
    ResourceOp::Lock,      ResourceOp::Lock};

bool is_queue_op(ResourceOp op) { return op == ResourceOp::Enqueue || op == ResourceOp::Dequeue; }

bool is_variable_op(ResourceOp op) {
  return op == ResourceOp::Read || op == ResourceOp::Write || op == ResourceOp::AssignAdd ||
         op == ResourceOp::ApplyGradientDescent;
}

bool takes_tensors(ResourceOp op) {
  return op == ResourceOp::Write || op == ResourceOp::AssignAdd || op == ResourceOp::Enqueue ||
         op == ResourceOp::ApplyGradientDescent || op == ResourceOp::Add || op == ResourceOp::Sub ||
         op == ResourceOp::Mul || op == ResourceOp::Choice;
}

int resource_arity(Rng& rng, ResourceOp op) {
  switch (op) {
    case ResourceOp::Write:
    case ResourceOp::AssignAdd:
    case ResourceOp::Enqueue:
      return 1;
    case ResourceOp::ApplyGradientDescent:
    case ResourceOp::Add:
    case ResourceOp::Sub:
    case ResourceOp::Mul:
      return 2;
    case ResourceOp::Choice:
      return rng.between(2, 3);
    default:
      return 0;
  }
}

std::vector<int> result_nodes(const ResourceProgram& program) {
  std::vector<int> nodes;
  for (int n = 0; n < static_cast<int>(program.nodes.size()); ++n) {
    if (has_result(program.nodes[n].op)) nodes.push_back(n);
  }
  return nodes;
}

// Appends a node of `op` (which must find the tensors it needs among the earlier nodes) with
// random arguments, attribute and, `after_percent` of the time, `after` edges to some of the
// three nodes just before it: that keeps the graph narrow, so that the full exploration of two
// concurrent copies stays small, while nodes a few apart still race.
int add_resource_node(Rng& rng, ResourceProgram& program, ResourceOp op, int after_percent) {
  const int index = static_cast<int>(program.nodes.size());
  ResourceNode node;
  node.name = numbered("n", index);
  node.op = op;
  if (is_variable_op(op)) {
    node.resource = program.vars[rng.below(static_cast<int>(program.vars.size()))].name;
  }
  if (is_queue_op(op)) node.resource = program.queues[0].name;
  if (op == ResourceOp::Lock || op == ResourceOp::Unlock) node.resource = program.mutexes[0];
  const std::vector<int> results = result_nodes(program);
  const int arity = resource_arity(rng, op);
  for (int a = 0; a < arity; ++a) {
    node.args.push_back(results[rng.below(static_cast<int>(results.size()))]);
  }
  if (op == ResourceOp::Const) node.attribute = small_i32_literal(rng);
  if (op == ResourceOp::RandomInt) {
    const int min = rng.between(-1, 1);
    node.attribute =
        "min=" + std::to_string(min) + ", max=" + std::to_string(min + rng.between(1, 2));
  }
  const int window = std::min(3, index);
  if (index > 0 && rng.chance(after_percent)) {
    const int wanted = rng.between(1, std::min(2, window));
    while (static_cast<int>(node.after.size()) < wanted) {
      const int earlier = index - window + rng.below(window);
      if (std::find(node.after.begin(), node.after.end(), earlier) == node.after.end()) {
        node.after.push_back(earlier);
      }
    }
  }
  program.nodes.push_back(node);
  return index;
}

// A Lock, an access of a variable `after` it and, 85% of the time, an Unlock `after` the
// access: the access runs with the mutex held.
void add_lock_block(Rng& rng, ResourceProgram& program) {
  const int lock = add_resource_node(rng, program, ResourceOp::Lock, 30);
  const bool has_tensor = !result_nodes(program).empty();
  const ResourceOp access = has_tensor && rng.chance(60)
                                ? (rng.chance(50) ? ResourceOp::Write : ResourceOp::AssignAdd)
                                : ResourceOp::Read;
  const int body = add_resource_node(rng, program, access, 0);
  program.nodes[body].after.push_back(lock);
  if (rng.chance(85)) {
    const int unlock = add_resource_node(rng, program, ResourceOp::Unlock, 0);
    program.nodes[unlock].after.push_back(body);
  }
}

const char* resource_op_name(ResourceOp op) {
  switch (op) {
    case ResourceOp::Read:
      return "Read";
    case ResourceOp::Write:
      return "Write";
    case ResourceOp::AssignAdd:
      return "AssignAdd";
    case ResourceOp::ApplyGradientDescent:
      return "ApplyGradientDescent";
    case ResourceOp::Const:
      return "Const";
    case ResourceOp::Add:
      return "Add";
    case ResourceOp::Sub:
      return "Sub";
    case ResourceOp::Mul:
      return "Mul";
    case ResourceOp::Choice:
      return "Choice";
    case ResourceOp::RandomInt:
      return "RandomInt";
    case ResourceOp::Enqueue:
      return "Enqueue";
    case ResourceOp::Dequeue:
      return "Dequeue";
    case ResourceOp::Lock:
      return "Lock";
    case ResourceOp::Unlock:
      return "Unlock";
  }
  return "";
}

std::string resource_node_statement(const ResourceProgram& program, const ResourceNode& node) {
  std::string text = node.name + " = " + resource_op_name(node.op);
  std::vector<std::string> args;
  if (!node.resource.empty()) args.push_back("&" + node.resource);
  for (int arg : node.args) args.push_back(program.nodes[arg].name);
  if (node.op != ResourceOp::Const && node.op != ResourceOp::RandomInt) {
    text += "(";
    for (std::size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
    text += ")";
  }
  if (node.op == ResourceOp::Const) text += " {value=" + node.attribute + "}";
  if (node.op == ResourceOp::RandomInt) text += " {" + node.attribute + "}";
  if (!node.after.empty()) {
    text += " after ";
    for (std::size_t i = 0; i < node.after.size(); ++i) {
      text += (i ? ", " : "") + program.nodes[node.after[i]].name;
    }
  }
  return text;
}

// `count` distinct nodes drawn from `candidates` (all of them when there are fewer).
std::vector<int> distinct_picks(Rng& rng, std::vector<int> candidates, int count) {
  std::vector<int> picks;
  while (static_cast<int>(picks.size()) < count && !candidates.empty()) {
    const int i = rng.below(static_cast<int>(candidates.size()));
    picks.push_back(candidates[i]);
    candidates.erase(candidates.begin() + i);
  }
  return picks;
}

}  // namespace

bool has_result(ResourceOp op) {
  switch (op) {
    case ResourceOp::Read:
    case ResourceOp::Const:
    case ResourceOp::Add:
    case ResourceOp::Sub:
    case ResourceOp::Mul:
    case ResourceOp::Choice:
    case ResourceOp::RandomInt:
    case ResourceOp::Dequeue:
      return true;
    default:
      return false;
  }
}

ResourceProgram generate_resource_program(std::uint32_t seed) {
  Rng rng(seed);
  ResourceProgram program;
  static const char* const kVarNames[] = {"x", "y"};
  const int var_count = rng.between(1, 2);
  for (int v = 0; v < var_count; ++v) {
    VarDecl var{kVarNames[v], std::nullopt};
    if (rng.chance(85)) var.init = small_i32_literal(rng);
    program.vars.push_back(var);
  }
  if (rng.chance(60)) program.queues.push_back({"q", rng.between(1, 2)});
  if (rng.chance(50)) program.mutexes.push_back("m");

  // A Lock block adds up to three nodes, so a program may end with two more than planned.
  const int planned = rng.between(5, 10);
  while (static_cast<int>(program.nodes.size()) < planned) {
    ResourceOp op = kResourceOps[rng.below(static_cast<int>(std::size(kResourceOps)))];
    if (is_queue_op(op) && program.queues.empty()) op = ResourceOp::Read;
    if (op == ResourceOp::Lock && program.mutexes.empty()) op = ResourceOp::RandomInt;
    if (result_nodes(program).empty() && takes_tensors(op)) op = ResourceOp::Const;
    if (op == ResourceOp::Lock) {
      add_lock_block(rng, program);
    } else {
      add_resource_node(rng, program, op, 85);
    }
  }

  std::vector<int> all(program.nodes.size());
  for (int n = 0; n < static_cast<int>(all.size()); ++n) all[n] = n;
  if (rng.chance(35)) program.sections.push_back({"s", distinct_picks(rng, all, 2)});
  if (rng.chance(40)) program.targets = distinct_picks(rng, all, 1);
  program.outputs = distinct_picks(rng, result_nodes(program), rng.between(0, 2));
  return program;
}

std::string to_tfg(const ResourceProgram& program) {
  std::string text;
  for (const VarDecl& var : program.vars) {
    text += "var " + var.name + (var.init ? " = " + *var.init : "") + "\n";
  }
  for (const QueueDecl& queue : program.queues) {
    text += "queue " + queue.name + " {capacity=" + std::to_string(queue.capacity) + "}\n";
  }
  for (const std::string& mutex : program.mutexes) text += "mutex " + mutex + "\n";
  for (const ResourceNode& node : program.nodes) {
    text += resource_node_statement(program, node) + "\n";
  }
  for (const SectionDecl& section : program.sections) {
    text += "section " + section.name + " :";
    for (std::size_t i = 0; i < section.members.size(); ++i) {
      text += (i ? ", " : " ") + program.nodes[section.members[i]].name;
    }
    text += "\n";
  }
  for (int target : program.targets) text += "target " + program.nodes[target].name + "\n";
  for (int output : program.outputs) text += "output " + program.nodes[output].name + "\n";
  return text;
}

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
