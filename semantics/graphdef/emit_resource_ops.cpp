// Variables and queues (graph_emitter.h), as specs/FORMAT.md ("TensorFlow graph files") maps
// them: a handle's maker as the resource, each use of the handle through a `Var(X)` node of
// its own (variables start as the run gives them, else uninitialized, a captured variable as
// its symbol; a queue's capacity -1, unbounded, becomes 65536, the language's largest); the
// updates of resource and ref variables and of queues onto the language's, the optimizers'
// (Apply*, ResourceApply*, SparseApply*, ResourceSparseApply*) onto one Update node each, an
// unlocked update of refs under --refs alias as separate reads, a compute and writes; the other
// optimizer updates (an Apply* op of a custom kernel) as uninterpreted updates, `N~args` then
// one atomic `Assign {f=OP~I}` per variable.
// Under --refs alias a ref Assign with validate_shape=false is an error at the node: alias
// cannot model its new buffer.
#include <fmt/format.h>

#include <algorithm>

#include "semantics/graphdef/graph_emitter.h"
#include "semantics/graphdef/import_op_tables.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

// VarHandleOp, VariableV2, Variable, FIFOQueue, a DT_RESOURCE placeholder: the resource. Each
// use takes the handle through a Var node of its own (use_handle), so the maker is a node, a
// NoOp after its control inputs, only where its uses wait for it or the run names it (a
// --target, an --init); a maker that waits for nothing has no node and no firing.
void GraphEmitter::emit_var(int i, const ResourceHandle& h) {
  declare_resource(h, i);
  if (handles_.maker_waits(i) || run_names(i)) out_.ast.nodes.push_back(statement(i, "NoOp"));
}

// Whether the run names node i as a --target or an --init.
bool GraphEmitter::run_names(int i) const {
  const std::string& name = graph_.node(i).name();
  const auto names = [&](const std::vector<std::string>& list) {
    return std::find(list.begin(), list.end(), name) != list.end();
  };
  return names(graph_.run().targets) || names(graph_.run().inits);
}

// A handle passing through an Identity: the node only orders what uses it. It waits for what
// the handle it takes waits for (a token's frame and deadness among them).
void GraphEmitter::emit_pass_through(int i) {
  NodeStmt s = statement(i, "NoOp");
  const ResourceHandle& h = *handles_.handle(i);
  for (std::size_t k = 0; k + 1 < h.after.size(); ++k) {
    s.after.push_back(ref_to(h.after[k], 0, graph_.loc(i)));
  }
  out_.ast.nodes.push_back(std::move(s));
}

// Identity of a ref variable: TensorFlow reads the variable when it runs.
void GraphEmitter::emit_ref_read(int i) {
  NodeStmt s = statement(i, "Read");
  use_handle(s, *handles_.input_handle(i, 0), i);
  out_.ast.nodes.push_back(std::move(s));
}

void GraphEmitter::declare_resource(const ResourceHandle& h, int i) {
  if (!declared_.insert(h.resource).second) return;
  if (h.kind == ResourceKind::Variable) {
    std::optional<InitValue> init;
    if (const auto it = graph_.run().variable_values.find(h.resource);
        it != graph_.run().variable_values.end()) {
      init = it->second;
    } else if (graph_.is_resource_placeholder(i)) {
      init = InitValue{std::nullopt, h.resource, graph_.loc(i)};
    }
    out_.ast.vars.push_back({h.resource, std::move(init), graph_.loc(i)});
    return;
  }
  std::int64_t capacity = graph_.attr_int(i, "capacity").value_or(-1);
  if (capacity < 0) capacity = 65536;
  ResourceDecl q;
  q.kind = ResourceDecl::Kind::Queue;
  q.name = h.resource;
  q.loc = graph_.loc(i);
  AttrValue v = integer_value(capacity);
  v.loc = graph_.loc(i);
  q.attrs.push_back({"capacity", v, graph_.loc(i)});
  out_.ast.resources.push_back(std::move(q));
}

// VariableShape: `N~read` reads the variable, N = Shape(N~read) {out_type}, as TensorFlow's
// kernel looks at the value the variable holds when it runs.
void GraphEmitter::emit_variable_shape(int i) {
  auto h = handle_arg(i, 0, ResourceKind::Variable);
  if (!h) return;
  const auto it = graph_.node(i).attr().find("out_type");
  const tf::DataType type = it == graph_.node(i).attr().end() ? tf::DT_INT32 : it->second.type();
  if (type != tf::DT_INT32 && type != tf::DT_INT64) {
    return graph_.error(i, fmt::format("its attribute out_type = {} cannot be mapped: tfmc has "
                                       "DT_INT32 and DT_INT64",
                                       tf_type_name(type)));
  }
  const std::string read = graph_.node(i).name() + "~read";
  add_read(read, *h, graph_.loc(i));
  std::vector<Ref>& after = out_.ast.nodes.back().after;
  const std::vector<Ref> controls = control_refs(i);
  after.insert(after.begin(), controls.begin(), controls.end());
  NodeStmt s = statement(i, "Shape");
  s.after.clear();  // it waits for its read
  s.args.push_back(ref_to(read, 0, graph_.loc(i)));
  if (type == tf::DT_INT64) add_attr(s, "out_type", name_value("i64"));
  out_.ast.nodes.push_back(std::move(s));
}

// Whether node i is an unlocked update of ref variables that --refs alias runs as separate
// reads, compute and writes (TensorFlow's kernels then update the buffers in place without the
// variables' locks). Assign locks by default, the others do not.
bool GraphEmitter::unlocked_ref_update(int i, const std::string& op) const {
  const std::string& tf = graph_.node(i).op();
  if (!graph_.run().alias_refs || op == "Write" || !is_ref_update_op(tf)) {
    return false;
  }
  const auto h = handles_.input_handle(i, 0);
  const auto it = graph_.node(i).attr().find("use_locking");
  const bool locking = it == graph_.node(i).attr().end() ? locks_by_default(tf) : it->second.b();
  return h && h->ref && !locking;
}

// Whether node i is an Assign of a ref that --refs alias cannot model: with validate_shape=false
// TensorFlow's kernel gives the variable a new buffer when the value's size differs, and an
// Identity taken before keeps the old one, where alias has its consumers read the variable.
bool GraphEmitter::reallocating_assign(int i) const {
  const auto it = graph_.node(i).attr().find("validate_shape");
  const auto h = handles_.input_handle(i, 0);
  return graph_.run().alias_refs && graph_.node(i).op() == "Assign" &&
         it != graph_.node(i).attr().end() && !it->second.b() && h && h->ref;
}

// A variable operation (resource or ref): the handle first, then tensor arguments.
void GraphEmitter::emit_update(int i, const std::string& op, ResourceKind kind) {
  auto h = handle_arg(i, 0, kind);
  if (!h) return;
  if (reallocating_assign(i)) {
    return graph_.error(
        i, fmt::format("with validate_shape=false it may give ref variable '{}' a new buffer "
                       "(a value of another size), which --refs alias cannot model: an "
                       "Identity of '{}' keeps the old buffer; check the graph with --refs mapl",
                       h->resource, h->resource));
  }
  if (unlocked_ref_update(i, op)) return emit_split_update(i, op, *h);
  NodeStmt s = statement(i, op);
  use_handle(s, *h, i);
  for (std::size_t j = 1; j < graph_.data_input_count(i); ++j) {
    auto arg = tensor_arg(i, j);
    if (!arg) return;
    s.args.push_back(std::move(*arg));
  }
  out_.ast.nodes.push_back(std::move(s));
}

// `N~read` reads the variable, `N~update` computes its new value (ApplyGradientDescent's
// through `N~step` = alpha * delta), and N writes it, as --model rfc splits updates.
void GraphEmitter::emit_split_update(int i, const std::string& op, const ResourceHandle& h) {
  const std::string name = graph_.node(i).name();
  std::vector<Ref> tensors;
  for (std::size_t j = 1; j < graph_.data_input_count(i); ++j) {
    auto arg = tensor_arg(i, j);
    if (!arg) return;
    tensors.push_back(std::move(*arg));
  }
  emit_split_reads(i, {h}, tensors);
  NodeStmt update;
  update.name = name + "~update";
  update.loc = update.op_loc = graph_.loc(i);
  update.op = op == "AssignAdd" ? "Add" : "Sub";
  update.args = {ref_to(split_read(i, 0, 1), 0, graph_.loc(i)), tensors.back()};
  if (op == "ApplyGradientDescent") {
    NodeStmt step = update;
    step.name = name + "~step";
    step.op = "Mul";
    step.args = tensors;
    out_.ast.nodes.push_back(std::move(step));
    update.args.back() = ref_to(name + "~step", 0, graph_.loc(i));
  }
  out_.ast.nodes.push_back(std::move(update));
  emit_split_writes(i, {h});
}

// The read of variable j of `count` in a split update of node i: `N~read` of its one
// variable, `N~readJ` of its variable input J.
std::string GraphEmitter::split_read(int i, std::size_t j, std::size_t count) const {
  const std::string read = graph_.node(i).name() + "~read";
  return count == 1 ? read : read + std::to_string(j);
}

// The reads of a split update of node i; each waits for what N waits for, its tensor inputs
// among them, as TensorFlow's kernel reads the variable only once they are all there.
void GraphEmitter::emit_split_reads(int i, const std::vector<ResourceHandle>& vars,
                                    const std::vector<Ref>& tensors) {
  for (std::size_t j = 0; j < vars.size(); ++j) {
    NodeStmt read = statement(i, "Read");
    read.name = split_read(i, j, vars.size());
    use_handle(read, vars[j], i);
    for (const Ref& t : tensors) read.after.push_back(ref_to(t.name, 0, graph_.loc(i)));
    out_.ast.nodes.push_back(std::move(read));
  }
}

// The writes of a split update of node i: `N~writeJ` writes output J of `N~update` to
// variable J, then N output 0 to its first variable. N waits for the other writes, so that
// whatever needs N (a target, a control edge, its ref output) has the whole update done.
void GraphEmitter::emit_split_writes(int i, const std::vector<ResourceHandle>& vars) {
  const std::string name = graph_.node(i).name();
  const auto write_of = [&](std::size_t j) {
    NodeStmt write = statement(i, "Write");
    write.after.clear();
    write.args = {handle_ref(vars[j], graph_.loc(i)),
                  ref_to(name + "~update", static_cast<int>(j), graph_.loc(i))};
    return write;
  };
  NodeStmt last = write_of(0);
  for (std::size_t j = 1; j < vars.size(); ++j) {
    NodeStmt write = write_of(j);
    write.name = fmt::format("{}~write{}", name, j);
    last.after.push_back(ref_to(write.name, 0, graph_.loc(i)));
    out_.ast.nodes.push_back(std::move(write));
  }
  out_.ast.nodes.push_back(std::move(last));
}

void GraphEmitter::emit_queue_op(int i) {
  const bool enqueue = is_enqueue(graph_.node(i).op());
  const std::size_t components = graph_.data_input_count(i) - (enqueue ? 1 : 0);
  const auto types = graph_.node(i).attr().find("component_types");
  if ((enqueue && components != 1) ||
      (!enqueue && types != graph_.node(i).attr().end() && types->second.list().type_size() != 1)) {
    return graph_.error(i, "only queues of one component are supported");
  }
  emit_update(i, enqueue ? "Enqueue" : "Dequeue", ResourceKind::Queue);
}

// An optimizer update of the language: `N = OP(&var, &slot..., tensors...)`, one atomic node
// that writes the variable and its slots, with TensorFlow's attributes that the op takes. An
// unlocked update of refs under --refs alias is `N~readJ`, `N~update` (the op's step function
// on the reads and the tensors) and the writes.
void GraphEmitter::emit_optimizer(int i, const OptimizerUpdate& update) {
  // The ScatterNd forms' policy for an index outside the variable: tfmc refuses it, as
  // TensorFlow's default does.
  if (const auto it = graph_.node(i).attr().find("bad_indices_policy");
      it != graph_.node(i).attr().end() && !it->second.s().empty() && it->second.s() != "DEFAULT" &&
      it->second.s() != "ERROR") {
    return graph_.error(i, fmt::format("its attribute bad_indices_policy = \"{}\" cannot be "
                                       "mapped: tfmc has DEFAULT and ERROR",
                                       it->second.s()));
  }
  std::vector<ResourceHandle> vars;
  for (std::size_t j = 0; j < update.variables; ++j) {
    auto h = handle_arg(i, j, ResourceKind::Variable);
    if (!h) return;
    vars.push_back(*h);
  }
  std::vector<Ref> tensors;
  for (std::size_t j = update.variables; j < graph_.data_input_count(i); ++j) {
    auto arg = tensor_arg(i, j);
    if (!arg) return;
    tensors.push_back(std::move(*arg));
  }
  const bool split = unlocked_ref_update(i, update.op);
  NodeStmt s = statement(i, split ? update.step : update.op);
  for (const char* key : {"use_nesterov", "update_slots", "multiply_linear_by_lr"}) {
    if (const auto it = graph_.node(i).attr().find(key); it != graph_.node(i).attr().end()) {
      add_attr(s, key, name_value(it->second.b() ? "true" : "false"));
    }
  }
  if (!split) {
    for (const ResourceHandle& h : vars) use_handle(s, h, i);
    s.args.insert(s.args.end(), tensors.begin(), tensors.end());
    out_.ast.nodes.push_back(std::move(s));
    return;
  }
  emit_split_reads(i, vars, tensors);
  s.name = graph_.node(i).name() + "~update";
  s.after.clear();
  for (std::size_t j = 0; j < vars.size(); ++j) {
    s.args.push_back(ref_to(split_read(i, j, vars.size()), 0, graph_.loc(i)));
  }
  s.args.insert(s.args.end(), tensors.begin(), tensors.end());
  out_.ast.nodes.push_back(std::move(s));
  emit_split_writes(i, vars);
}

// An optimizer update without arithmetic: `N~args` applies `OP~args` to the tensor inputs;
// each variable input is then updated atomically by its own `OP~I`.
void GraphEmitter::emit_apply(int i) {
  const std::string& op = graph_.node(i).op();
  std::vector<ResourceHandle> vars;
  std::vector<Ref> tensors;
  for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
    // The variables come first, then the tensors.
    if (auto h = handles_.input_handle(i, j);
        h && h->kind == ResourceKind::Variable && tensors.empty()) {
      vars.push_back(*h);
      continue;
    }
    auto arg = tensor_arg(i, j);
    if (!arg) return;
    tensors.push_back(std::move(*arg));
  }
  if (vars.empty() || tensors.empty()) {
    return graph_.error(i, "an optimizer update needs variable inputs and then tensor inputs");
  }
  const std::string args_fn = op + "~args";
  declare_fn(args_fn, static_cast<int>(tensors.size()), 1, i);
  NodeStmt args = statement(i, args_fn);
  args.name = graph_.node(i).name() + "~args";
  args.args = tensors;
  out_.ast.nodes.push_back(std::move(args));
  for (std::size_t v = 0; v < vars.size(); ++v) {
    const std::string f = fmt::format("{}~{}", op, v);
    declare_fn(f, 2, 1, i);
    NodeStmt s = statement(i, "Assign");
    if (v > 0) s.name = fmt::format("{}~update{}", graph_.node(i).name(), v);
    use_handle(s, vars[v], i);
    s.args.push_back(ref_to(graph_.node(i).name() + "~args", 0, graph_.loc(i)));
    add_attr(s, "f", name_value(f));
    out_.ast.nodes.push_back(std::move(s));
  }
}

}  // namespace tfmc::sem
