#include "semantics/graphdef/graphdef_import.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <queue>
#include <set>

#include "semantics/build/op_catalog.h"
#include "semantics/graphdef/function_inlining.h"
#include "semantics/graphdef/tf_tensors.h"
#include "semantics/graphdef/tfg_names.h"

namespace tfmc::sem {
namespace {

// One entry of a NodeDef's `input`: `n`, `n:k` or `^n`.
struct Input {
  std::string node;
  int port = 0;
  bool control = false;
  std::string text;
};

std::optional<Input> parse_input(const std::string& text) {
  Input in;
  in.text = text;
  std::string_view s = text;
  if (!s.empty() && s[0] == '^') {
    in.control = true;
    s.remove_prefix(1);
  }
  const std::size_t colon = s.rfind(':');
  if (colon != std::string_view::npos && !in.control) {
    const std::string_view digits = s.substr(colon + 1);
    if (digits.empty() || digits.size() > 6 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return std::nullopt;
    }
    in.port = std::stoi(std::string(digits));
    s = s.substr(0, colon);
  }
  if (s.empty() || s.find(':') != std::string_view::npos) return std::nullopt;
  in.node = std::string(s);
  return in;
}

// The language's op for a TensorFlow control-flow op (the Ref forms pass refs as the others
// pass tensors), or "" for another op.
std::string control_flow_op(const std::string& op) {
  static const std::map<std::string, std::string> kOps = {{"Switch", "Switch"},
                                                          {"RefSwitch", "Switch"},
                                                          {"Merge", "Merge"},
                                                          {"RefMerge", "Merge"},
                                                          {"Enter", "Enter"},
                                                          {"RefEnter", "Enter"},
                                                          {"Exit", "Exit"},
                                                          {"RefExit", "Exit"},
                                                          {"NextIteration", "NextIteration"},
                                                          {"RefNextIteration", "NextIteration"},
                                                          {"LoopCond", "LoopCond"}};
  const auto it = kOps.find(op);
  return it == kOps.end() ? "" : it->second;
}

// The functional control flow that function_inlining.h does not lower.
bool is_unlowered_control_flow(const std::string& op) {
  return op == "Case" || op == "StatelessCase" || op == "ControlTrigger";
}

bool is_placeholder(const std::string& op) {
  return op == "Placeholder" || op == "PlaceholderV2" || op == "PlaceholderWithDefault";
}

// Optimizer updates without arithmetic of their own: uninterpreted updates.
bool is_apply_op(const std::string& op) {
  for (const char* prefix : {"ResourceApply", "ResourceSparseApply", "Apply", "SparseApply"}) {
    if (op.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// TensorFlow's pure ops onto the built-in function of the same signature.
const std::map<std::string, std::string>& pure_ops() {
  // The TensorFlow ops of each row of gpu_eval/builtin_ops.def, onto the row's op.
  static const std::map<std::string, std::string> kOps = [] {
    std::map<std::string, std::string> ops;
    const auto add = [&](const char* op, std::initializer_list<const char*> tensorflow) {
      for (const char* tf : tensorflow) ops.emplace(tf, op);
    };
#define TFMC_BUILTIN_OP(name, least, most, outputs, attributes, required, tensorflow) \
  add(#name, {TFMC_OP_ITEMS tensorflow});
#define TFMC_SEMANTICS_OP(name, least, most, kind, attributes, required, tensorflow) \
  add(#name, {TFMC_OP_ITEMS tensorflow});
#include "gpu_eval/builtin_ops.def"
    return ops;
  }();
  return kOps;
}

// Variable operations on a resource handle, onto the language's.
const std::map<std::string, std::string>& resource_variable_ops() {
  static const std::map<std::string, std::string> kOps = {
      {"ReadVariableOp", "Read"},
      {"AssignVariableOp", "Write"},
      {"AssignAddVariableOp", "AssignAdd"},
      {"AssignSubVariableOp", "AssignSub"},
      {"VarIsInitializedOp", "VarIsInitialized"},
      {"ResourceApplyGradientDescent", "ApplyGradientDescent"}};
  return kOps;
}

// Updates of ref variables; their output 0 is the variable's ref.
const std::map<std::string, std::string>& ref_update_ops() {
  static const std::map<std::string, std::string> kOps = {
      {"Assign", "Write"},
      {"AssignAdd", "AssignAdd"},
      {"AssignSub", "AssignSub"},
      {"ApplyGradientDescent", "ApplyGradientDescent"}};
  return kOps;
}

bool is_queue_op(const std::string& op) { return op == "FIFOQueueV2" || op == "FIFOQueue"; }
bool is_enqueue(const std::string& op) { return op == "QueueEnqueueV2" || op == "QueueEnqueue"; }
bool is_dequeue(const std::string& op) { return op == "QueueDequeueV2" || op == "QueueDequeue"; }

// A handle a node's output 0 carries: of variable or queue `resource`, made by node `root`
// (the Var node), usable only after the nodes `after` (the updates a ref went through).
struct Handle {
  std::string resource;
  ResourceKind kind = ResourceKind::Variable;
  std::string root;
  std::vector<std::string> after;
  bool ref = false;  // a ref variable: a tensor use reads it
};

AttrValue integer_value(std::int64_t v) {
  AttrValue a;
  a.kind = AttrValue::Kind::Integer;
  a.integer = v;
  return a;
}

AttrValue name_value(std::string name) {
  AttrValue a;
  a.kind = AttrValue::Kind::Name;
  a.name = std::move(name);
  return a;
}

class Importer {
 public:
  Importer(const GraphFile& file, const GraphRun& run, DiagnosticList& diags)
      : file_(file), run_(run), g_(file.graph), diags_(diags) {}

  ImportedGraph import() {
    index_nodes();
    parse_inputs();
    select();
    if (!diags_.empty()) return std::move(out_);
    const std::vector<int> order = topological_order();
    if (!diags_.empty()) return std::move(out_);
    for (int i : order) classify(i);
    for (int i : order) place_in_loops(i);
    count_uses();
    declare_functions();
    for (int i = 0; i < g_.node_size(); ++i) {
      if (selected_[i]) emit(i);
    }
    emit_outputs();
    out_.summary.nodes =
        static_cast<std::size_t>(std::count(selected_.begin(), selected_.end(), true));
    out_.summary.outputs = out_.ast.outputs.size();
    return std::move(out_);
  }

 private:
  const tf::NodeDef& node(int i) const { return g_.node(i); }
  SourceLoc loc(int i) const {
    return static_cast<std::size_t>(i) < file_.node_locs.size() ? file_.node_locs[i] : SourceLoc{};
  }

  // An error at node i: its line in a text file; the message names the node either way.
  void error(int i, const std::string& message) {
    diags_.error(loc(i), fmt::format("node '{}' ({}): {}", node(i).name(), node(i).op(), message));
  }

  std::string lowered_from(int i) const {
    return static_cast<std::size_t>(i) < file_.lowered_from.size() ? file_.lowered_from[i] : "";
  }

  void index_nodes() {
    for (int i = 0; i < g_.node_size(); ++i) {
      if (!lowered_from(i).empty()) lowered_groups_[lowered_from(i)].push_back(i);
      if (node(i).name().empty()) {
        diags_.error(loc(i), fmt::format("node {} of the graph has no name", i + 1));
        continue;
      }
      if (!index_.emplace(node(i).name(), i).second) {
        error(i, fmt::format("a node named '{}' is defined before", node(i).name()));
      }
    }
  }

  void parse_inputs() {
    inputs_.resize(static_cast<std::size_t>(g_.node_size()));
    for (int i = 0; i < g_.node_size(); ++i) {
      for (const std::string& text : node(i).input()) {
        auto in = parse_input(text);
        if (!in) {
          error(i, fmt::format("input '{}' is not NODE, NODE:PORT or ^NODE", text));
          continue;
        }
        inputs_[i].push_back(std::move(*in));
      }
    }
  }

  // The node a fetch, target, init or feed names; reports a missing one.
  std::optional<int> named(const std::string& name, const char* option) {
    const auto it = index_.find(name);
    if (it == index_.end()) {
      diags_.error({},
                   fmt::format("{} names '{}', which is not a node of the graph", option, name));
      return std::nullopt;
    }
    return it->second;
  }

  // The node and port a --fetch names: NAME or NAME:K.
  static std::pair<std::string, int> fetched(const std::string& f) {
    const auto in = parse_input(f);
    if (!in || in->control) return {f, 0};
    return {in->node, in->port};
  }

  bool fed(int i) const { return is_placeholder(node(i).op()) && run_.fed.count(node(i).name()); }

  // A DT_RESOURCE placeholder: a variable a tf.function captured, named by the placeholder.
  bool is_resource_placeholder(int i) const {
    const auto it = node(i).attr().find("dtype");
    return is_placeholder(node(i).op()) && it != node(i).attr().end() &&
           it->second.type() == tf::DT_RESOURCE;
  }

  // A placeholder that is an `input` of the program: fed, or without a default.
  bool is_input(int i) const {
    if (is_resource_placeholder(i)) return false;
    return fed(i) || node(i).op() == "Placeholder" || node(i).op() == "PlaceholderV2";
  }

  void select() {
    selected_.assign(static_cast<std::size_t>(g_.node_size()), false);
    std::vector<int> roots;
    for (const std::string& f : run_.fetches) {
      if (auto i = named(fetched(f).first, "--fetch")) roots.push_back(*i);
    }
    for (const std::string& t : run_.targets) {
      if (auto i = named(t, "--target")) roots.push_back(*i);
    }
    const std::vector<int> run_roots = roots;  // the checked run's, without the inits
    for (const std::string& t : run_.inits) {
      if (auto i = named(t, "--init")) roots.push_back(*i);
    }
    // A fed placeholder is an input of the program even where the run does not use it, so
    // that the feed has an input to go to.
    for (const std::string& f : run_.fed) {
      const auto i = named(f, "--feed");
      if (!i) continue;
      if (!is_placeholder(node(*i).op())) {
        diags_.error({}, fmt::format("--feed names '{}', which is a {} node, not a placeholder", f,
                                     node(*i).op()));
      }
      roots.push_back(*i);
    }
    out_.summary.whole_graph = run_.fetches.empty() && run_.targets.empty() && run_.inits.empty();
    if (out_.summary.whole_graph) {
      for (int i = 0; i < g_.node_size(); ++i) roots.push_back(i);
    }
    selected_ = fan_in(roots, true);
    in_run_ = fan_in(run_roots, false);
    for (int i = 0; i < g_.node_size(); ++i) {
      if (selected_[i] && is_unlowered_control_flow(node(i).op())) {
        error(i,
              "Case, StatelessCase and ControlTrigger are not supported yet (If, While and "
              "their stateless forms are)");
      }
    }
  }

  // The nodes that `roots` reach backward through inputs of every kind, a fed placeholder's
  // producers left out; `report` reports inputs naming no node.
  std::vector<bool> fan_in(const std::vector<int>& roots, bool report) {
    std::vector<bool> reached(static_cast<std::size_t>(g_.node_size()), false);
    std::vector<int> stack = roots;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      if (reached[i]) continue;
      reached[i] = true;
      // A lowered If or While runs whole, its body's side effects included.
      if (const auto group = lowered_groups_.find(lowered_from(i));
          group != lowered_groups_.end()) {
        stack.insert(stack.end(), group->second.begin(), group->second.end());
      }
      if (fed(i)) continue;  // a fed tensor's producer does not run
      for (const Input& in : inputs_[i]) {
        const auto it = index_.find(in.node);
        if (it != index_.end()) {
          stack.push_back(it->second);
        } else if (report) {
          error(i, fmt::format("input '{}' names no node of the graph", in.text));
        }
      }
    }
    return reached;
  }

  // The data and control producers of node i that are imported, but for a NextIteration: its
  // value goes to the next iteration (the loop's back edge).
  std::vector<int> producers(int i) const {
    std::vector<int> out;
    if (fed(i)) return out;
    for (const Input& in : inputs_[i]) {
      const int p = index_.at(in.node);
      if (control_flow_op(node(p).op()) != "NextIteration") out.push_back(p);
    }
    return out;
  }

  std::vector<int> topological_order() {
    const int n = g_.node_size();
    std::vector<int> pending(static_cast<std::size_t>(n), 0);
    std::vector<std::vector<int>> consumers(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      if (!selected_[i]) continue;
      for (int p : producers(i)) {
        consumers[p].push_back(i);
        ++pending[i];
      }
    }
    std::vector<int> order;
    std::queue<int> ready;
    for (int i = 0; i < n; ++i) {
      if (selected_[i] && pending[i] == 0) ready.push(i);
    }
    while (!ready.empty()) {
      const int i = ready.front();
      ready.pop();
      order.push_back(i);
      for (int c : consumers[i]) {
        if (--pending[c] == 0) ready.push(c);
      }
    }
    for (int i = 0; i < n; ++i) {
      if (selected_[i] && pending[i] > 0) {
        error(i, "the graph has a cycle through this node");
        break;
      }
    }
    return order;
  }

  // What node i's outputs are, in topological order: a handle or not.
  void classify(int i) {
    const tf::NodeDef& n = node(i);
    const std::string& op = n.op();
    if (!control_flow_op(op).empty()) return classify_control_flow(i);
    if (op == "IdentityN") return classify_identity_n(i);
    if (is_resource_placeholder(i)) {
      handles_[i] = Handle{n.name(), ResourceKind::Variable, n.name(), {}, false};
    } else if (op == "VarHandleOp") {
      const auto it = n.attr().find("shared_name");
      const std::string shared = it == n.attr().end() ? "" : it->second.s();
      handles_[i] =
          Handle{shared.empty() ? n.name() : shared, ResourceKind::Variable, n.name(), {}, false};
    } else if (op == "VariableV2" || op == "Variable") {
      handles_[i] = Handle{n.name(), ResourceKind::Variable, n.name(), {}, true};
    } else if (is_queue_op(op)) {
      handles_[i] = Handle{n.name(), ResourceKind::Queue, n.name(), {}, false};
    } else if (ref_update_ops().count(op) || (is_apply_op(op) && op.rfind("Resource", 0) != 0)) {
      // The ref output of an update: its variable, after the update.
      if (auto h = input_handle(i, 0)) {
        h->after.push_back(n.name());
        handles_[i] = *h;
      }
    } else if (op == "Identity" || op == "RefIdentity") {
      // A resource handle (or a RefIdentity's ref) passes through; Identity reads a ref,
      // except under --refs alias, where it shares the variable's buffer: its consumers read
      // the variable when they run.
      if (auto h = input_handle(i, 0); h && (!h->ref || op == "RefIdentity" || run_.alias_refs)) {
        h->after.push_back(n.name());
        handles_[i] = *h;
        pass_through_.insert(i);
      }
    }
  }

  // A control-flow node that passes a handle on: each output port carries it as a token
  // tensor (`C~token` or the node's own outputs), and a node that uses the handle waits for
  // `N~handleP`, an Identity of the port, which brings the port's frame, iteration and
  // deadness (a handle is a value that Enter, Switch and Merge route as any other).
  void classify_control_flow(int i) {
    std::optional<Handle> carried;
    for (std::size_t j = 0; j < data_input_count(i) && !carried; ++j) carried = input_handle(i, j);
    if (!carried) return;
    const int ports = control_flow_op(node(i).op()) == "Switch" ? 2 : 1;
    for (int port = 0; port < ports; ++port) {
      Handle h = *carried;
      h.after = {fmt::format("{}~handle{}", node(i).name(), port)};
      flow_handles_[{i, port}] = std::move(h);
    }
  }

  // An IdentityN passes each handle it takes on as the control-flow nodes do: port P as a
  // token tensor, which the handle's users wait for through `N~handleP` (the IdentityN that
  // a lowered While or an inlined body ends with takes loop variables that are handles).
  void classify_identity_n(int i) {
    for (std::size_t j = 0; j < data_input_count(i); ++j) {
      std::optional<Handle> h = input_handle(i, j);
      if (!h || h->ref) continue;
      h->after = {fmt::format("{}~handle{}", node(i).name(), j)};
      flow_handles_[{i, static_cast<int>(j)}] = std::move(*h);
    }
  }

  // Whether node i passes handles on as token tensors.
  bool passes_tokens(int i) const {
    const auto it = flow_handles_.lower_bound({i, 0});
    return it != flow_handles_.end() && it->first.first == i;
  }

  // How many loops node i's outputs are inside, in topological order: its producers' count,
  // one more past an Enter, one fewer past an Exit (loop_frames.h finds the frames
  // themselves); the whole graph's unconsumed results inside a loop are no outputs.
  void place_in_loops(int i) {
    const auto past = [&](int p) {
      const std::string flow = control_flow_op(node(p).op());
      return loop_depth_[p] + (flow == "Enter" ? 1 : 0) - (flow == "Exit" ? 1 : 0);
    };
    loop_depth_[i] = 0;
    for (int p : producers(i)) loop_depth_[i] = std::max(loop_depth_[i], past(p));
    output_depth_[i] = past(i);
  }

  // The handle that data input j of node i carries, if it carries one.
  std::optional<Handle> input_handle(int i, std::size_t j) const {
    const Input* in = data_input(i, j);
    if (in == nullptr) return std::nullopt;
    const int p = index_.at(in->node);
    if (const auto it = flow_handles_.find({p, in->port}); it != flow_handles_.end()) {
      return it->second;
    }
    if (in->port != 0) return std::nullopt;
    const auto it = handles_.find(p);
    if (it == handles_.end()) return std::nullopt;
    return it->second;
  }

  const Input* data_input(int i, std::size_t j) const {
    std::size_t k = 0;
    for (const Input& in : inputs_[i]) {
      if (in.control) continue;
      if (k++ == j) return &in;
    }
    return nullptr;
  }

  std::size_t data_input_count(int i) const {
    return static_cast<std::size_t>(std::count_if(inputs_[i].begin(), inputs_[i].end(),
                                                  [](const Input& in) { return !in.control; }));
  }

  // Which output ports of each node imported nodes and fetches use as data; the outputs of
  // unknown ops.
  void count_uses() {
    for (const std::string& f : run_.fetches) {
      const auto [name, port] = fetched(f);
      used_[index_.at(name)].insert(port);
    }
    for (int i = 0; i < g_.node_size(); ++i) {
      if (!selected_[i] || fed(i)) continue;
      for (const Input& in : inputs_[i]) {
        if (!in.control) used_[index_.at(in.node)].insert(in.port);
      }
    }
  }

  // The number of tensor outputs of node i (0 for handles and updates).
  int tensor_outputs(int i) const {
    const tf::NodeDef& n = node(i);
    const std::string& op = n.op();
    if (handles_.count(i) || op == "NoOp" || is_input(i) || is_enqueue(op)) return 0;
    if (op == "Split") return static_cast<int>(attr_int(i, "num_split").value_or(1));
    if (const std::string flow = control_flow_op(op); !flow.empty()) {
      return flow == "Switch" || flow == "Merge" ? 2 : 1;
    }
    if (op == "IdentityN") return static_cast<int>(data_input_count(i));
    if (pure_ops().count(op) || op == "Const" || op == "PlaceholderWithDefault" || is_dequeue(op)) {
      return 1;
    }
    if (const auto it = resource_variable_ops().find(op); it != resource_variable_ops().end()) {
      return it->second == "Read" || it->second == "VarIsInitialized" ? 1 : 0;
    }
    if (ref_update_ops().count(op) || is_apply_op(op)) return 0;
    const auto it = used_.find(i);
    return it == used_.end() || it->second.empty() ? 0 : *it->second.rbegin() + 1;
  }

  std::optional<std::int64_t> attr_int(int i, const char* key) const {
    const auto it = node(i).attr().find(key);
    if (it == node(i).attr().end()) return std::nullopt;
    return it->second.i();
  }

  bool attr_bool(int i, const char* key) const {
    const auto it = node(i).attr().find(key);
    return it != node(i).attr().end() && it->second.b();
  }

  bool is_unknown(int i) const {
    const std::string& op = node(i).op();
    return !is_resource_placeholder(i) &&
           !(pure_ops().count(op) || resource_variable_ops().count(op) ||
             ref_update_ops().count(op) || is_apply_op(op) || op == "Const" || is_placeholder(op) ||
             !control_flow_op(op).empty() || op == "VarHandleOp" || op == "VariableV2" ||
             op == "Variable" || op == "RefIdentity" || is_queue_op(op) || is_enqueue(op) ||
             is_dequeue(op));
  }

  // The uninterpreted functions: one `fn` per op type and arity, with one warning per type.
  void declare_functions() {
    std::map<std::string, std::set<std::pair<int, int>>> signatures;
    std::map<std::string, std::vector<int>> nodes_of;
    for (int i = 0; i < g_.node_size(); ++i) {
      if (!selected_[i] || !is_unknown(i) || pass_through_.count(i)) continue;
      signatures[node(i).op()].insert({static_cast<int>(data_input_count(i)), tensor_outputs(i)});
      nodes_of[node(i).op()].push_back(i);
    }
    for (const auto& [op, sigs] : signatures) {
      const bool plain = sigs.size() == 1 && !is_builtin_function(op) && !is_stateful_op(op);
      for (const auto& [k, l] : sigs) {
        const std::string name = plain ? op : fmt::format("{}~{}~{}", op, k, l);
        functions_[{op, k, l}] = name;
        out_.ast.fns.push_back({name, k, l, loc(nodes_of[op].front())});
      }
      const int first = nodes_of[op].front();
      const std::size_t count = nodes_of[op].size();
      const std::string what = count == 1
                                   ? fmt::format(
                                         "op {} has no mapping: its node '{}' is an uninterpreted "
                                         "function",
                                         op, node(first).name())
                                   : fmt::format(
                                         "op {} has no mapping: its {} nodes (the first '{}') are "
                                         "uninterpreted functions",
                                         op, count, node(first).name());
      if (run_.strict) {
        error(first, fmt::format("op {} has no mapping (--strict)", op));
      } else {
        out_.warnings.push_back(what);
      }
    }
  }

  Ref ref_to(const std::string& name, int port, SourceLoc at) const {
    Ref r;
    r.name = name;
    r.port = port;
    r.has_port = port != 0;
    r.loc = at;
    return r;
  }

  // The `after` list of node i: its control inputs, without placeholders made inputs (their
  // edge is full from the start) and through handle pass-throughs, which are nodes too.
  std::vector<Ref> control_refs(int i) const {
    std::vector<Ref> out;
    for (const Input& in : inputs_[i]) {
      if (!in.control) continue;
      const int p = index_.at(in.node);
      if (is_input(p)) continue;
      out.push_back(ref_to(in.node, 0, loc(i)));
    }
    return out;
  }

  // Data input j of node i as a tensor argument: a ref variable is read first (a Read node
  // `C~readJ` added), a resource handle is an error.
  std::optional<Ref> tensor_arg(int i, std::size_t j) {
    const Input* in = data_input(i, j);
    if (auto h = input_handle(i, j)) {
      if (!h->ref) {
        error(i, fmt::format("input {} ('{}') is the handle of {} '{}', where a tensor is needed",
                             j, in->text, resource_kind_name(h->kind), h->resource));
        return std::nullopt;
      }
      const std::string name = fmt::format("{}~read{}", node(i).name(), j);
      add_read(name, *h, loc(i));
      return ref_to(name, 0, loc(i));
    }
    return ref_to(in->node, in->port, loc(i));
  }

  void add_read(const std::string& name, const Handle& h, SourceLoc at) {
    NodeStmt read;
    read.name = name;
    read.loc = at;
    read.op = "Read";
    read.op_loc = at;
    read.args = {ref_to(h.root, 0, at)};
    for (const std::string& a : h.after) read.after.push_back(ref_to(a, 0, at));
    out_.ast.nodes.push_back(std::move(read));
  }

  // Data input j of node i as a handle of a resource of `kind`; an error otherwise.
  std::optional<Handle> handle_arg(int i, std::size_t j, ResourceKind kind) {
    const auto h = input_handle(i, j);
    if (!h || h->kind != kind) {
      const Input* in = data_input(i, j);
      error(i,
            fmt::format("input {} ({}) must be the handle of a {}", j,
                        in ? fmt::format("'{}'", in->text) : "missing", resource_kind_name(kind)));
      return std::nullopt;
    }
    return h;
  }

  // Node i as `NAME = OP(args) {attrs} after ...`, its after list extended by the nodes the
  // handles it uses wait for.
  NodeStmt statement(int i, std::string op) const {
    NodeStmt s;
    s.name = node(i).name();
    s.loc = loc(i);
    s.op = std::move(op);
    s.op_loc = loc(i);
    s.after = control_refs(i);
    return s;
  }

  void use_handle(NodeStmt& s, const Handle& h, int i) const {
    s.args.push_back(ref_to(h.root, 0, loc(i)));
    for (const std::string& a : h.after) s.after.push_back(ref_to(a, 0, loc(i)));
  }

  void add_attr(NodeStmt& s, const char* key, AttrValue v) const {
    v.loc = s.loc;
    s.attrs.push_back({key, std::move(v), s.loc});
  }

  void declare_resource(const Handle& h, int i) {
    if (!declared_.insert(h.resource).second) return;
    if (h.kind == ResourceKind::Variable) {
      out_.ast.vars.push_back({h.resource, std::nullopt, loc(i)});
      return;
    }
    std::int64_t capacity = attr_int(i, "capacity").value_or(-1);
    if (capacity < 0) capacity = 65536;
    ResourceDecl q;
    q.kind = ResourceDecl::Kind::Queue;
    q.name = h.resource;
    q.loc = loc(i);
    AttrValue v = integer_value(capacity);
    v.loc = loc(i);
    q.attrs.push_back({"capacity", v, loc(i)});
    out_.ast.resources.push_back(std::move(q));
  }

  void emit(int i) {
    const tf::NodeDef& n = node(i);
    const std::string& op = n.op();
    if (is_input(i)) {
      out_.ast.inputs.push_back({n.name(), std::nullopt, loc(i)});
      return;
    }
    if (const auto it = handles_.find(i); it != handles_.end() && !pass_through_.count(i) &&
                                          !ref_update_ops().count(op) && !is_apply_op(op)) {
      // VarHandleOp, VariableV2, Variable, FIFOQueue: the resource and its Var node.
      declare_resource(it->second, i);
      NodeStmt s = statement(i, "Var");
      s.args.push_back(ref_to(it->second.resource, 0, loc(i)));
      out_.ast.nodes.push_back(std::move(s));
      return;
    }
    if (pass_through_.count(i)) {
      // A handle passing through an Identity: the node only orders what uses it. It waits for
      // what the handle it takes waits for (a token's frame and deadness among them), else for
      // the Var node.
      NodeStmt s = statement(i, "NoOp");
      const std::vector<std::string>& after = handles_.at(i).after;
      for (std::size_t k = 0; k + 1 < after.size(); ++k)
        s.after.push_back(ref_to(after[k], 0, loc(i)));
      if (after.size() < 2) s.after.push_back(ref_to(handles_.at(i).root, 0, loc(i)));
      out_.ast.nodes.push_back(std::move(s));
      return;
    }
    if (op == "Const") return emit_const(i);
    if (const std::string flow = control_flow_op(op); !flow.empty()) {
      return emit_control_flow(i, flow);
    }
    if (op == "IdentityN" && passes_tokens(i)) return emit_control_flow(i, op);
    if (op == "PlaceholderWithDefault") {
      emit_tensor_op(i, "Identity");
      return;
    }
    if ((op == "Identity" || op == "Snapshot") && input_handle(i, 0)) {
      // Identity of a ref variable: TensorFlow reads the variable when it runs.
      NodeStmt s = statement(i, "Read");
      use_handle(s, *input_handle(i, 0), i);
      out_.ast.nodes.push_back(std::move(s));
      return;
    }
    if (pure_ops().count(op)) return emit_pure(i);
    if (const auto it = resource_variable_ops().find(op); it != resource_variable_ops().end()) {
      return emit_update(i, it->second, ResourceKind::Variable);
    }
    if (const auto it = ref_update_ops().find(op); it != ref_update_ops().end()) {
      return emit_update(i, it->second, ResourceKind::Variable);
    }
    if (is_enqueue(op) || is_dequeue(op)) return emit_queue_op(i);
    if (is_apply_op(op)) return emit_apply(i);
    emit_uninterpreted(i);
  }

  // A control-flow op, or an IdentityN that passes handles on: an input that carries a
  // handle is passed as its token.
  void emit_control_flow(int i, const std::string& op) {
    NodeStmt s = statement(i, op);
    for (std::size_t j = 0; j < data_input_count(i); ++j) {
      if (input_handle(i, j)) {
        s.args.push_back(token(i, j));
        continue;
      }
      auto arg = tensor_arg(i, j);
      if (!arg) return;
      s.args.push_back(std::move(*arg));
    }
    if (op == "Enter") {
      const auto it = node(i).attr().find("frame_name");
      const std::string frame = it == node(i).attr().end() ? "" : it->second.s();
      if (frame.empty()) return error(i, "an Enter needs a string attribute 'frame_name'");
      add_attr(s, "frame_name", name_value(tfg_name(frame)));
      if (attr_bool(i, "is_constant")) add_attr(s, "is_constant", name_value("true"));
      if (const auto p = attr_int(i, "parallel_iterations")) {
        if (*p < 1 || *p > 2147483647) {
          return error(i,
                       fmt::format("parallel_iterations = {} is not between 1 and 2147483647", *p));
        }
        add_attr(s, "parallel_iterations", integer_value(*p));
      }
    }
    const std::string name = s.name;
    const SourceLoc at = s.loc;
    out_.ast.nodes.push_back(std::move(s));
    // Only a Merge may take a NextIteration's value or a loop variable's Enter's (a handle
    // that a lowered While carries), and a Merge takes the token itself: no `N~handleP`.
    if (op == "NextIteration" || (op == "Enter" && !attr_bool(i, "is_constant"))) return;
    for (int port = 0; port < tensor_outputs(i); ++port) {
      if (!flow_handles_.count({i, port})) continue;
      NodeStmt id;
      id.name = fmt::format("{}~handle{}", name, port);
      id.loc = at;
      id.op = "Identity";
      id.op_loc = at;
      id.args = {ref_to(name, port, at)};
      out_.ast.nodes.push_back(std::move(id));
    }
  }

  // The token tensor that stands for the handle of data input j of node i: the output of the
  // node that passes it on as a token (classify_control_flow), or `P~token` (a Const after P and
  // what P's handle waits for) for another producer P.
  Ref token(int i, std::size_t j) {
    const Input* in = data_input(i, j);
    const int p = index_.at(in->node);
    if (flow_handles_.count({p, in->port})) return ref_to(in->node, in->port, loc(i));
    const std::string name = in->node + "~token";
    if (tokens_.insert(name).second) {
      const Handle h = *input_handle(i, j);
      NodeStmt t;
      t.name = name;
      t.loc = loc(p);
      t.op = "Const";
      t.op_loc = loc(p);
      AttrValue v;
      v.kind = AttrValue::Kind::Literal;
      v.literal = eval::Tensor{eval::DType::Bool, {}, {1}};
      add_attr(t, "value", std::move(v));
      t.after.push_back(ref_to(in->node, 0, loc(p)));
      for (const std::string& a : h.after) t.after.push_back(ref_to(a, 0, loc(p)));
      out_.ast.nodes.push_back(std::move(t));
    }
    return ref_to(name, 0, loc(i));
  }

  void emit_const(int i) {
    const auto it = node(i).attr().find("value");
    if (it == node(i).attr().end() || !it->second.has_tensor()) {
      return error(i, "a Const needs a tensor attribute 'value'");
    }
    NodeStmt s = statement(i, "Const");
    const tf::TensorProto& proto = it->second.tensor();
    AttrValue v;
    if (proto.dtype() == tf::DT_STRING) {
      v = name_value(string_symbol(proto));
    } else {
      std::string why;
      auto t = tensor_of(proto, why);
      if (!t) return error(i, fmt::format("its value cannot be mapped: {}", why));
      v.kind = AttrValue::Kind::Literal;
      v.literal = std::move(*t);
    }
    add_attr(s, "value", std::move(v));
    out_.ast.nodes.push_back(std::move(s));
  }

  // A node whose data inputs are all tensor arguments, in order: the statement added (valid
  // until the next one is), or nullptr after reporting why not.
  NodeStmt* emit_tensor_op(int i, const std::string& op) {
    if (is_builtin_function(op)) {
      // A malformed graph's arity error names the node here, as the builder's would not.
      const auto [least, most] = builtin_arity(op);
      const auto given = static_cast<int>(data_input_count(i));
      if (given < least || (most >= 0 && given > most)) {
        error(i, fmt::format("{} takes {} inputs, but {} are given", node(i).op(),
                             least == most ? fmt::format("{}", least)
                             : most < 0    ? fmt::format("at least {}", least)
                                           : fmt::format("{} to {}", least, most),
                             given));
        return nullptr;
      }
    }
    NodeStmt s = statement(i, op);
    for (std::size_t j = 0; j < data_input_count(i); ++j) {
      auto arg = tensor_arg(i, j);
      if (!arg) return nullptr;
      s.args.push_back(std::move(*arg));
    }
    out_.ast.nodes.push_back(std::move(s));
    return &out_.ast.nodes.back();
  }

  void emit_pure(int i) {
    const std::string& op = node(i).op();
    NodeStmt* added = emit_tensor_op(i, pure_ops().at(op));
    if (added == nullptr) return;
    NodeStmt& s = *added;
    if (op == "Concat" && !s.args.empty()) {
      // Concat takes its axis first, ConcatV2 last.
      std::rotate(s.args.begin(), s.args.begin() + 1, s.args.end());
    } else if (op == "MatMul") {
      if (attr_bool(i, "transpose_a")) add_attr(s, "transpose_a", name_value("true"));
      if (attr_bool(i, "transpose_b")) add_attr(s, "transpose_b", name_value("true"));
    } else if (op == "Sum") {
      if (attr_bool(i, "keep_dims")) add_attr(s, "keep_dims", name_value("true"));
    } else if (op == "Pack") {
      if (const auto axis = attr_int(i, "axis"); axis && *axis != 0) {
        add_attr(s, "axis", integer_value(*axis));
      }
    } else if (op == "Split") {
      add_attr(s, "num", integer_value(attr_int(i, "num_split").value_or(1)));
    } else if (op == "Cast" || op == "Shape") {
      const char* key = op == "Cast" ? "DstT" : "out_type";
      const auto it = node(i).attr().find(key);
      const tf::DataType type = it == node(i).attr().end()
                                    ? (op == "Cast" ? tf::DT_INVALID : tf::DT_INT32)
                                    : it->second.type();
      const auto dtype = dtype_of(type);
      if (!dtype) {
        out_.ast.nodes.pop_back();
        return error(i, fmt::format("its attribute {} = {} cannot be mapped: tfmc has DT_FLOAT, "
                                    "DT_DOUBLE, DT_INT32, DT_INT64 and DT_BOOL",
                                    key, tf_type_name(type)));
      }
      if (op == "Cast" || *dtype != eval::DType::I32) {
        add_attr(s, op == "Cast" ? "to" : "out_type",
                 name_value(std::string(eval::dtype_name(*dtype))));
      }
    }
  }

  // A variable operation (resource or ref): the handle first, then tensor arguments.
  // Whether node i is an unlocked update of a ref variable that --refs alias runs as a
  // separate read, compute and write (TensorFlow's kernels then update the buffer in place
  // without the variable's lock). Assign locks by default, the others do not.
  bool unlocked_ref_update(int i, const std::string& op) const {
    if (!run_.alias_refs || !ref_update_ops().count(node(i).op()) || op == "Write") return false;
    const auto h = input_handle(i, 0);
    const auto it = node(i).attr().find("use_locking");
    return h && h->ref && (it == node(i).attr().end() || !it->second.b());
  }

  void emit_update(int i, const std::string& op, ResourceKind kind) {
    auto h = handle_arg(i, 0, kind);
    if (!h) return;
    if (unlocked_ref_update(i, op)) return emit_split_update(i, op, *h);
    NodeStmt s = statement(i, op);
    use_handle(s, *h, i);
    for (std::size_t j = 1; j < data_input_count(i); ++j) {
      auto arg = tensor_arg(i, j);
      if (!arg) return;
      s.args.push_back(std::move(*arg));
    }
    out_.ast.nodes.push_back(std::move(s));
  }

  // `N~read` reads the variable, `N~update` computes its new value (ApplyGradientDescent's
  // through `N~step` = alpha * delta), and N writes it, as --model rfc splits updates.
  void emit_split_update(int i, const std::string& op, const Handle& h) {
    const std::string name = node(i).name();
    NodeStmt read = statement(i, "Read");
    read.name = name + "~read";
    use_handle(read, h, i);
    std::vector<Ref> tensors;
    for (std::size_t j = 1; j < data_input_count(i); ++j) {
      auto arg = tensor_arg(i, j);
      if (!arg) return;
      tensors.push_back(std::move(*arg));
    }
    out_.ast.nodes.push_back(std::move(read));
    NodeStmt update;
    update.name = name + "~update";
    update.loc = update.op_loc = loc(i);
    update.op = op == "AssignAdd" ? "Add" : "Sub";
    update.args = {ref_to(name + "~read", 0, loc(i)), tensors.back()};
    if (op == "ApplyGradientDescent") {
      NodeStmt step = update;
      step.name = name + "~step";
      step.op = "Mul";
      step.args = tensors;
      out_.ast.nodes.push_back(std::move(step));
      update.args.back() = ref_to(name + "~step", 0, loc(i));
    }
    out_.ast.nodes.push_back(std::move(update));
    NodeStmt write = statement(i, "Write");
    write.after.clear();
    write.args = {ref_to(h.root, 0, loc(i)), ref_to(name + "~update", 0, loc(i))};
    out_.ast.nodes.push_back(std::move(write));
  }

  void emit_queue_op(int i) {
    const bool enqueue = is_enqueue(node(i).op());
    const std::size_t components = data_input_count(i) - (enqueue ? 1 : 0);
    const auto types = node(i).attr().find("component_types");
    if ((enqueue && components != 1) ||
        (!enqueue && types != node(i).attr().end() && types->second.list().type_size() != 1)) {
      return error(i, "only queues of one component are supported");
    }
    emit_update(i, enqueue ? "Enqueue" : "Dequeue", ResourceKind::Queue);
  }

  // An optimizer update without arithmetic: `N~args` applies `OP~args` to the tensor inputs;
  // each variable input is then updated atomically by its own `OP~I`.
  void emit_apply(int i) {
    const std::string& op = node(i).op();
    std::vector<Handle> vars;
    std::vector<Ref> tensors;
    for (std::size_t j = 0; j < data_input_count(i); ++j) {
      // The variables come first, then the tensors.
      if (auto h = input_handle(i, j); h && h->kind == ResourceKind::Variable && tensors.empty()) {
        vars.push_back(*h);
        continue;
      }
      auto arg = tensor_arg(i, j);
      if (!arg) return;
      tensors.push_back(std::move(*arg));
    }
    if (vars.empty() || tensors.empty()) {
      return error(i, "an optimizer update needs variable inputs and then tensor inputs");
    }
    const std::string args_fn = op + "~args";
    declare_fn(args_fn, static_cast<int>(tensors.size()), 1, i);
    NodeStmt args = statement(i, args_fn);
    args.name = node(i).name() + "~args";
    args.args = tensors;
    out_.ast.nodes.push_back(std::move(args));
    for (std::size_t v = 0; v < vars.size(); ++v) {
      const std::string f = fmt::format("{}~{}", op, v);
      declare_fn(f, 2, 1, i);
      NodeStmt s = statement(i, "Assign");
      if (v > 0) s.name = fmt::format("{}~update{}", node(i).name(), v);
      use_handle(s, vars[v], i);
      s.args.push_back(ref_to(node(i).name() + "~args", 0, loc(i)));
      add_attr(s, "f", name_value(f));
      out_.ast.nodes.push_back(std::move(s));
    }
  }

  void declare_fn(const std::string& name, int inputs, int outputs, int i) {
    if (declared_fns_.insert(name).second) out_.ast.fns.push_back({name, inputs, outputs, loc(i)});
  }

  void emit_uninterpreted(int i) {
    const std::string& fn =
        functions_.at({node(i).op(), static_cast<int>(data_input_count(i)), tensor_outputs(i)});
    for (std::size_t j = 0; j < data_input_count(i); ++j) {
      if (auto h = input_handle(i, j); h && !h->ref) {
        return error(i, fmt::format("op {} has no mapping and takes the handle of {} '{}'; tfmc "
                                    "cannot tell how it uses it",
                                    node(i).op(), resource_kind_name(h->kind), h->resource));
      }
    }
    NodeStmt* added = emit_tensor_op(i, fn);
    if (added == nullptr) return;
    NodeStmt& s = *added;
    // The representable attributes keep nodes that differ in them apart.
    std::vector<std::string> keys;
    for (const auto& [key, value] : node(i).attr()) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    for (const std::string& key : keys) {
      if (key.empty() || key[0] == '_') continue;
      const tf::AttrValue& a = node(i).attr().at(key);
      AttrValue v;
      if (a.value_case() == tf::AttrValue::kI) {
        v = integer_value(a.i());
      } else if (a.value_case() == tf::AttrValue::kB) {
        v = name_value(a.b() ? "true" : "false");
      } else if (a.value_case() == tf::AttrValue::kType) {
        v = name_value(tf_type_name(a.type()));
      } else if (a.value_case() == tf::AttrValue::kList && a.list().i_size() > 0) {
        v.kind = AttrValue::Kind::List;
        v.list.assign(a.list().i().begin(), a.list().i().end());
      } else {
        continue;
      }
      add_attr(s, key.c_str(), std::move(v));
    }
  }

  void emit_outputs() {
    for (const std::string& f : run_.fetches) {
      const auto [name, port] = fetched(f);
      const bool has_port = name != f;
      const int i = index_.at(name);
      OutputStmt o;
      if (const auto it = handles_.find(i); it != handles_.end() && port == 0) {
        if (!it->second.ref) {
          error(i, fmt::format("--fetch '{}' names the handle of {} '{}'; fetch a read of it", f,
                               resource_kind_name(it->second.kind), it->second.resource));
          continue;
        }
        Handle h = it->second;
        // A fetched buffer (--refs alias) holds what the variable holds when the run ends.
        if (run_.alias_refs) {
          for (int k = 0; k < g_.node_size(); ++k) {
            if (in_run_[k] && !is_input(k)) h.after.push_back(node(k).name());
          }
        }
        add_read(name + "~fetch", h, loc(i));
        o.ref = ref_to(name + "~fetch", 0, loc(i));
        o.as = f;
      } else {
        // Named as written: `y`, or `y:0` written with its port.
        o.ref = ref_to(name, port, loc(i));
        o.ref.has_port = has_port;
        o.ref.written = f;
      }
      out_.ast.outputs.push_back(std::move(o));
    }
    for (const std::string& t : run_.targets) {
      const int i = index_.at(t);
      if (is_input(i)) {
        error(i, fmt::format("--target '{}' names a placeholder, which does not run", t));
        continue;
      }
      out_.ast.targets.push_back({{ref_to(t, 0, loc(i))}, loc(i)});
    }
    for (const std::string& t : run_.inits) {
      if (is_input(index_.at(t))) {
        error(index_.at(t), fmt::format("--init '{}' names a placeholder, which does not run", t));
      }
    }
    if (!out_.summary.whole_graph) return;
    for (int i = 0; i < g_.node_size(); ++i) {
      if (output_depth_[i] > 0) continue;
      const int outputs = tensor_outputs(i);
      for (int port = 0; port < outputs; ++port) {
        if (used_[i].count(port) || flow_handles_.count({i, port})) continue;  // no tensor
        OutputStmt o;
        o.ref = ref_to(node(i).name(), port, loc(i));
        out_.ast.outputs.push_back(std::move(o));
      }
    }
  }

  const GraphFile& file_;
  const GraphRun& run_;
  const tf::GraphDef& g_;
  DiagnosticList& diags_;
  std::map<std::string, int> index_;
  std::map<std::string, std::vector<int>> lowered_groups_;  // the nodes of each lowered If, While
  std::vector<std::vector<Input>> inputs_;
  std::vector<bool> selected_;
  std::vector<bool> in_run_;  // the checked run's nodes: the fan-in of fetches and targets
  std::map<int, Handle> handles_;
  std::map<std::pair<int, int>, Handle> flow_handles_;  // (node, port) of control-flow nodes
  std::set<std::string> tokens_;
  std::map<int, int> loop_depth_;    // per node: the loops it is inside
  std::map<int, int> output_depth_;  // per node: the loops its outputs are inside
  std::set<int> pass_through_;
  std::map<int, std::set<int>> used_;
  std::map<std::tuple<std::string, int, int>, std::string> functions_;
  std::set<std::string> declared_;
  std::set<std::string> declared_fns_;
  ImportedGraph out_;
};

}  // namespace

std::string node_of(const std::string& tensor) {
  return tensor.size() > 2 && tensor.compare(tensor.size() - 2, 2, ":0") == 0
             ? tensor.substr(0, tensor.size() - 2)
             : tensor;
}

ImportedGraph import_graph(const GraphFile& file, const GraphRun& run, DiagnosticList& diags) {
  const GraphFile inlined = inline_functions(file, diags);
  if (!diags.empty()) return {};
  return Importer(inlined, run, diags).import();
}

}  // namespace tfmc::sem
