#include "semantics/graphdef/graph_emitter.h"

#include <fmt/format.h>

#include "semantics/graphdef/import_op_tables.h"

namespace tfmc::sem {

void GraphEmitter::emit(int i) {
  const tf::NodeDef& n = graph_.node(i);
  const std::string& op = n.op();
  if (graph_.is_input(i)) {
    out_.ast.inputs.push_back({n.name(), std::nullopt, graph_.loc(i)});
    return;
  }
  if (const ResourceHandle* h = handles_.handle(i);
      h != nullptr && !handles_.passes_through(i) && !is_update_op(op)) {
    return emit_var(i, *h);
  }
  if (handles_.passes_through(i)) return emit_pass_through(i);
  if (op == "Const") return emit_const(i);
  if (const std::string flow = control_flow_op(op); !flow.empty()) {
    return emit_control_flow(i, flow);
  }
  if (op == "IdentityN" && handles_.passes_tokens(i)) return emit_control_flow(i, op);
  if (op == "PlaceholderWithDefault") {
    emit_tensor_op(i, "Identity");
    return;
  }
  if ((op == "Identity" || op == "Snapshot") && handles_.input_handle(i, 0)) {
    return emit_ref_read(i);
  }
  if (pure_ops().count(op)) return emit_pure(i);
  if (is_gather_op(op)) return emit_gather(i);
  if (op == "VariableShape") return emit_variable_shape(i);
  if (const auto it = resource_variable_ops().find(op); it != resource_variable_ops().end()) {
    return emit_update(i, it->second, ResourceKind::Variable);
  }
  if (const auto it = ref_update_ops().find(op); it != ref_update_ops().end()) {
    return emit_update(i, it->second, ResourceKind::Variable);
  }
  if (is_enqueue(op) || is_dequeue(op)) return emit_queue_op(i);
  if (const auto it = optimizer_updates().find(op); it != optimizer_updates().end()) {
    return emit_optimizer(i, it->second);
  }
  if (is_apply_op(op)) return emit_apply(i);
  emit_uninterpreted(i);
}

AttrValue GraphEmitter::integer_value(std::int64_t v) {
  AttrValue a;
  a.kind = AttrValue::Kind::Integer;
  a.integer = v;
  return a;
}

AttrValue GraphEmitter::name_value(std::string name) {
  AttrValue a;
  a.kind = AttrValue::Kind::Name;
  a.name = std::move(name);
  return a;
}

Ref GraphEmitter::ref_to(const std::string& name, int port, SourceLoc at) {
  Ref r;
  r.name = name;
  r.port = port;
  r.has_port = port != 0;
  r.loc = at;
  return r;
}

// The handle of `h`'s resource for one use: a Var node of its own, `&X@N` for the use by N.
Ref GraphEmitter::handle_ref(const ResourceHandle& h, SourceLoc at) {
  Ref r = ref_to(h.resource, 0, at);
  r.variable = true;
  return r;
}

// The `after` list of node i: its control inputs, without placeholders made inputs (their
// edge is full from the start) and handle makers that wait for nothing (ready from the start,
// they have no node), and through handle pass-throughs, which are nodes too.
std::vector<Ref> GraphEmitter::control_refs(int i) const {
  std::vector<Ref> out;
  for (const NodeInput& in : graph_.inputs(i)) {
    if (!in.control) continue;
    const int p = graph_.index(in.node);
    if (handles_.ready_from_start(p)) continue;
    out.push_back(ref_to(in.node, 0, graph_.loc(i)));
  }
  return out;
}

// What node i waits for to run, besides its data input j: its control inputs and the nodes
// that make its other data inputs. A read that TensorFlow makes when node i runs (of a ref
// input, of a resource gather's variable) waits for these, as node i does. Declared inputs
// (full from the start), handles (their uses wait for what they went through), additions a
// rewrite absorbed (not emitted) and control-flow nodes (whose deadness a control edge would
// carry otherwise than their value) are left out.
std::vector<Ref> GraphEmitter::run_refs(int i, std::size_t j) const {
  std::vector<Ref> out = control_refs(i);
  for (std::size_t k = 0; k < graph_.data_input_count(i); ++k) {
    if (k == j || handles_.input_handle(i, k)) continue;
    const NodeInput* in = graph_.data_input(i, k);
    const int p = graph_.index(in->node);
    const std::string& op = graph_.node(p).op();
    if (graph_.is_input(p) || rewrites_.absorbed(p) || !control_flow_op(op).empty() ||
        handles_.passes_tokens(p)) {
      continue;
    }
    out.push_back(ref_to(in->node, 0, graph_.loc(i)));
  }
  return out;
}

// Node i as `NAME = OP(args) {attrs} after ...`, its after list extended by the nodes the
// handles it uses wait for.
NodeStmt GraphEmitter::statement(int i, std::string op) const {
  NodeStmt s;
  s.name = graph_.node(i).name();
  s.loc = graph_.loc(i);
  s.op = std::move(op);
  s.op_loc = graph_.loc(i);
  s.after = control_refs(i);
  return s;
}

void GraphEmitter::add_attr(NodeStmt& s, const char* key, AttrValue v) const {
  v.loc = s.loc;
  s.attrs.push_back({key, std::move(v), s.loc});
}

// Data input j of node i as a tensor argument: a ref variable is read first (a Read node
// `C~readJ` added, which waits for what node i waits for besides it: TensorFlow's executor
// reads the ref when node i runs), a resource handle is an error.
std::optional<Ref> GraphEmitter::tensor_arg(int i, std::size_t j) {
  // A rewired input takes the tensor that another node's input names (arithmetic_rewrites.h).
  const auto* from = rewrites_.replaced_input(i, j);
  const auto [k, jk] = from != nullptr ? *from : std::pair<int, std::size_t>{i, j};
  const NodeInput* in = graph_.data_input(k, jk);
  if (auto h = handles_.input_handle(k, jk)) {
    if (!h->ref) {
      graph_.error(
          i, fmt::format("input {} ('{}') is the handle of {} '{}', where a tensor is needed", j,
                         in->text, resource_kind_name(h->kind), h->resource));
      return std::nullopt;
    }
    const std::string name = fmt::format("{}~read{}", graph_.node(i).name(), j);
    add_read(name, *h, graph_.loc(i));
    const std::vector<Ref> run = run_refs(i, j);
    std::vector<Ref>& after = out_.ast.nodes.back().after;
    after.insert(after.end(), run.begin(), run.end());
    return ref_to(name, 0, graph_.loc(i));
  }
  return ref_to(in->node, in->port, graph_.loc(i));
}

void GraphEmitter::add_read(const std::string& name, const ResourceHandle& h, SourceLoc at) {
  NodeStmt read;
  read.name = name;
  read.loc = at;
  read.op = "Read";
  read.op_loc = at;
  read.args = {handle_ref(h, at)};
  for (const std::string& a : h.after) read.after.push_back(ref_to(a, 0, at));
  out_.ast.nodes.push_back(std::move(read));
}

// Data input j of node i as a handle of a resource of `kind`; an error otherwise.
std::optional<ResourceHandle> GraphEmitter::handle_arg(int i, std::size_t j, ResourceKind kind) {
  const auto h = handles_.input_handle(i, j);
  if (!h || h->kind != kind) {
    const NodeInput* in = graph_.data_input(i, j);
    graph_.error(
        i, fmt::format("input {} ({}) must be the handle of a {}", j,
                       in ? fmt::format("'{}'", in->text) : "missing", resource_kind_name(kind)));
    return std::nullopt;
  }
  return h;
}

void GraphEmitter::use_handle(NodeStmt& s, const ResourceHandle& h, int i) const {
  s.args.push_back(handle_ref(h, graph_.loc(i)));
  for (const std::string& a : h.after) s.after.push_back(ref_to(a, 0, graph_.loc(i)));
}

void GraphEmitter::declare_fn(const std::string& name, int inputs, int outputs, int i) {
  if (declared_fns_.insert(name).second) {
    out_.ast.fns.push_back({name, inputs, outputs, graph_.loc(i)});
  }
}

}  // namespace tfmc::sem
