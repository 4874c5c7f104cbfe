#include "semantics/program/update_model.h"

#include <string>

namespace tfmc::sem {
namespace {

std::int32_t add_edge(Program& p, EdgeKind kind, std::int32_t src, std::int32_t dst) {
  Edge e;
  e.kind = kind;
  e.src = src;
  e.dst = dst;
  p.edges.push_back(std::move(e));
  return static_cast<std::int32_t>(p.edges.size() - 1);
}

std::int32_t add_node(Program& p, Node n) {
  p.nodes.push_back(std::move(n));
  return static_cast<std::int32_t>(p.nodes.size() - 1);
}

// A node made for update node `a`: implicit, at a's statement, in a's section and execution.
Node part_of(const Node& a, std::string name, NodeKind kind, std::string op) {
  Node n;
  n.name = std::move(name);
  n.kind = kind;
  n.implicit = true;
  n.loc = a.loc;
  n.file = a.file;
  n.op = std::move(op);
  n.section = a.section;
  n.execution = a.execution;
  return n;
}

// Splits update node `id` into read, compute and write (update_model.h).
void split(Program& p, std::int32_t id, FunctionId snd) {
  const Node a = p.nodes[id];
  const std::string& variable = p.variables[a.variable].name;

  Node read = part_of(a, a.name + "~read", NodeKind::Read, "Read");
  read.variable = a.variable;
  read.inputs = {a.inputs[0]};
  read.controls = a.controls;
  const std::int32_t read_id = add_node(p, std::move(read));
  p.edges[a.inputs[0]].dst = read_id;
  for (std::int32_t e : a.controls) p.edges[e].dst = read_id;
  Node& handle_source = p.nodes[p.edges[a.inputs[0]].src];
  if (handle_source.kind == NodeKind::Var && handle_source.implicit) handle_source.name += "~read";

  Node update =
      part_of(a, a.name + "~update", NodeKind::Function, p.functions.get(a.function).head);
  update.function = a.function;
  const std::int32_t update_id = add_node(p, std::move(update));
  const std::int32_t read_out = add_edge(p, EdgeKind::Tensor, read_id, update_id);
  p.nodes[read_id].outputs = {read_out};
  p.nodes[update_id].inputs = {read_out};
  for (std::size_t k = 1; k < a.inputs.size(); ++k) {
    p.nodes[update_id].inputs.push_back(a.inputs[k]);
    p.edges[a.inputs[k]].dst = update_id;
  }
  const std::int32_t update_out = add_edge(p, EdgeKind::Tensor, update_id, id);
  p.nodes[update_id].outputs = {update_out};

  // The builder's implicit Var for `&x` used by a, with its GO input edge; it is in no section.
  Node var = part_of(a, "&" + variable + "@" + a.name, NodeKind::Var, "Var");
  var.section = kNone;
  var.variable = a.variable;
  const std::int32_t var_id = add_node(p, std::move(var));
  const std::int32_t go = add_edge(p, EdgeKind::Control, kNone, var_id);
  p.edges[go].initial = kGo;
  const std::int32_t handle = add_edge(p, EdgeKind::Variable, var_id, id);
  p.nodes[var_id].controls = {go};
  p.nodes[var_id].outputs = {handle};

  Node& write = p.nodes[id];
  write.op = "Write";
  write.function = snd;
  write.inputs = {handle, update_out};
  write.controls.clear();
}

}  // namespace

bool parse_update_model(std::string_view text, UpdateModel& out) {
  if (text == "executor") {
    out = UpdateModel::Executor;
  } else if (text == "rfc") {
    out = UpdateModel::Rfc;
  } else {
    return false;
  }
  return true;
}

const char* update_model_name(UpdateModel model) {
  return model == UpdateModel::Executor ? "executor" : "rfc";
}

Program split_updates(const Program& program) {
  Program p = program;
  Function snd_function;
  snd_function.kind = FunctionKind::Snd;
  snd_function.head = "Snd";
  const FunctionId snd = p.functions.add(std::move(snd_function));
  const std::size_t original_nodes = p.nodes.size();
  for (std::size_t i = 0; i < original_nodes; ++i) {
    const Node& n = p.nodes[i];
    if (n.kind == NodeKind::Assign && p.functions.get(n.function).kind != FunctionKind::Snd) {
      split(p, static_cast<std::int32_t>(i), snd);
    }
  }
  return p;
}

}  // namespace tfmc::sem
