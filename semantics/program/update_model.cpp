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

// The implicit Var node `&x@N` of variable v for node N, with its GO input edge, feeding
// argument 0 of N; it is in no section.
void add_var_for(Program& p, const Node& a, std::uint32_t v, std::int32_t node) {
  Node var = part_of(a, "&" + p.variables[v].name + "@" + p.nodes[node].name, NodeKind::Var, "Var");
  var.section = kNone;
  var.variable = v;
  const std::int32_t var_id = add_node(p, std::move(var));
  const std::int32_t go = add_edge(p, EdgeKind::Control, {}, {var_id, 0});
  p.edges[go].initial = kGo;
  add_edge(p, EdgeKind::Variable, {var_id, 0}, {node, 0});
}

// Splits update node `id` into read, compute and write (update_model.h).
void split(Program& p, std::int32_t id, FunctionId snd) {
  const Node a = p.nodes[id];

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

  Node& write = p.nodes[id];
  write.op = "Write";
  write.function = snd;
  // The builder's implicit Var for `&x` used by a.
  add_var_for(p, a, a.variable, id);
}

// Splits Update node `id` on k variables into k reads, one compute and k writes
// (update_model.h).
void split_update(Program& p, std::int32_t id, FunctionId snd) {
  const Node a = p.nodes[id];
  const std::size_t k = a.variables.size();
  const auto read_name = [&](std::size_t j) {
    return k == 1 ? a.name + "~read" : a.name + "~read" + std::to_string(j);
  };
  std::vector<std::int32_t> reads;
  for (std::size_t j = 0; j < k; ++j) {
    Node read = part_of(a, read_name(j), NodeKind::Read, "Read");
    read.variable = a.variables[j];
    const std::int32_t read_id = add_node(p, std::move(read));
    reads.push_back(read_id);
    set_destination(p, a.inputs[j], {read_id, 0});
    Node& handle_source = p.nodes[p.edges[a.inputs[j]].src];
    if (handle_source.kind == NodeKind::Var && handle_source.implicit) {
      handle_source.name += read_name(j).substr(a.name.size());
    }
  }
  // The first read takes a's incoming control edges; the others wait for it.
  for (std::int32_t e : a.controls) set_destination(p, e, {reads[0], 0});
  for (std::size_t j = 1; j < k; ++j) add_control_edge(p, reads[0], reads[j]);

  Node update =
      part_of(a, a.name + "~update", NodeKind::Function, p.functions.get(a.function).head);
  update.function = a.function;
  const std::int32_t update_id = add_node(p, std::move(update));
  for (std::size_t j = 0; j < k; ++j) {
    add_edge(p, EdgeKind::Tensor, {reads[j], 0}, {update_id, static_cast<std::int32_t>(j)});
  }
  for (std::size_t t = k; t < a.inputs.size(); ++t) {
    set_destination(p, a.inputs[t], {update_id, static_cast<std::int32_t>(t)});
  }

  // a becomes Write(x0, a~update:0), after a~writeJ = Write(xJ, a~update:J) for the others.
  for (std::size_t j = 0; j < k; ++j) {
    std::int32_t write_id = id;
    if (j > 0) {
      Node write = part_of(a, a.name + "~write" + std::to_string(j), NodeKind::Assign, "Write");
      write_id = add_node(p, std::move(write));
    }
    Node& w = p.nodes[write_id];
    w.kind = NodeKind::Assign;
    w.op = "Write";
    w.function = snd;
    w.variable = a.variables[j];
    w.variables.clear();
    w.inputs.assign(2, kNone);
    add_edge(p, EdgeKind::Tensor, {update_id, static_cast<std::int32_t>(j)}, {write_id, 1});
    add_var_for(p, a, a.variables[j], write_id);
    // a waits for the other writes: what needs a (a target, `after a`) has the whole update.
    if (j > 0) add_control_edge(p, write_id, id);
  }
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
    } else if (n.kind == NodeKind::Update) {
      split_update(p, static_cast<std::int32_t>(i), snd);
    }
  }
  return p;
}

}  // namespace tfmc::sem
