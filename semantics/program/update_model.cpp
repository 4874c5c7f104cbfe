#include "semantics/program/update_model.h"

#include <string>

#include "semantics/program/program_edit.h"

namespace tfmc::sem {
namespace {

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
  const std::int32_t read_id = add_node(p, std::move(read));
  set_destination(p, a.inputs[0], {read_id, 0});
  for (std::int32_t e : a.controls) set_destination(p, e, {read_id, 0});
  Node& handle_source = p.nodes[p.edges[a.inputs[0]].src];
  if (handle_source.kind == NodeKind::Var && handle_source.implicit) handle_source.name += "~read";

  Node update =
      part_of(a, a.name + "~update", NodeKind::Function, p.functions.get(a.function).head);
  update.function = a.function;
  const std::int32_t update_id = add_node(p, std::move(update));
  add_edge(p, EdgeKind::Tensor, {read_id, 0}, {update_id, 0});
  for (std::size_t k = 1; k < a.inputs.size(); ++k) {
    set_destination(p, a.inputs[k], {update_id, static_cast<std::int32_t>(k)});
  }
  // a becomes Write(x, a~update): two arguments, whatever a took before.
  p.nodes[id].inputs.assign(2, kNone);
  add_edge(p, EdgeKind::Tensor, {update_id, 0}, {id, 1});

  // The builder's implicit Var for `&x` used by a, with its GO input edge; it is in no section.
  Node var = part_of(a, "&" + variable + "@" + a.name, NodeKind::Var, "Var");
  var.section = kNone;
  var.variable = a.variable;
  const std::int32_t var_id = add_node(p, std::move(var));
  const std::int32_t go = add_edge(p, EdgeKind::Control, {}, {var_id, 0});
  p.edges[go].initial = kGo;
  add_edge(p, EdgeKind::Variable, {var_id, 0}, {id, 0});

  Node& write = p.nodes[id];
  write.op = "Write";
  write.function = snd;
}

}  // namespace

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
