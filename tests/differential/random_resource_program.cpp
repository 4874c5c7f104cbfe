// The random resource programs of random_program.h: variables, queues, mutexes, sections and
// targets with contended stateful operations, and their .tfg text.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "differential/random_program.h"
#include "differential/random_source.h"

namespace tfmc::difftest {

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

}  // namespace tfmc::difftest
