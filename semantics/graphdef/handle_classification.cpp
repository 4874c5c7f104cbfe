#include "semantics/graphdef/handle_classification.h"

#include <fmt/format.h>

#include <algorithm>

#include "semantics/graphdef/import_op_tables.h"

namespace tfmc::sem {

bool makes_variable(const tf::NodeDef& node) {
  return node.op() == "VarHandleOp" || node.op() == "VariableV2" || node.op() == "Variable";
}

std::string variable_resource(const tf::NodeDef& node) {
  const auto it = node.attr().find("shared_name");
  if (node.op() != "VarHandleOp" || it == node.attr().end() || it->second.s().empty()) {
    return node.name();
  }
  return it->second.s();
}

GraphHandles::GraphHandles(const GraphSelection& graph, const std::vector<int>& order)
    : graph_(graph) {
  for (int i : order) classify(i);
  for (int i : order) place_in_loops(i);
}

const ResourceHandle* GraphHandles::handle(int i) const {
  const auto it = handles_.find(i);
  return it == handles_.end() ? nullptr : &it->second;
}

bool GraphHandles::passes_tokens(int i) const {
  const auto it = flow_handles_.lower_bound({i, 0});
  return it != flow_handles_.end() && it->first.first == i;
}

bool GraphHandles::ready_from_start(int i) const {
  return graph_.is_input(i) || (makes_handle(i) && !maker_waits(i));
}

int GraphHandles::output_depth(int i) const {
  const auto it = output_depth_.find(i);
  return it == output_depth_.end() ? 0 : it->second;
}

std::optional<ResourceHandle> GraphHandles::input_handle(int i, std::size_t j) const {
  const NodeInput* in = graph_.data_input(i, j);
  if (in == nullptr) return std::nullopt;
  const int p = graph_.index(in->node);
  if (const auto it = flow_handles_.find({p, in->port}); it != flow_handles_.end()) {
    return it->second;
  }
  if (in->port != 0) return std::nullopt;
  const auto it = handles_.find(p);
  if (it == handles_.end()) return std::nullopt;
  return it->second;
}

// What node i's outputs are, in topological order: a handle or not.
void GraphHandles::classify(int i) {
  const tf::NodeDef& n = graph_.node(i);
  const std::string& op = n.op();
  if (!control_flow_op(op).empty()) return classify_control_flow(i);
  if (op == "IdentityN") return classify_identity_n(i);
  if (graph_.is_resource_placeholder(i)) {
    classify_maker(i, ResourceHandle{n.name(), ResourceKind::Variable, {}, false});
  } else if (op == "VarHandleOp") {
    classify_maker(i, ResourceHandle{variable_resource(n), ResourceKind::Variable, {}, false});
  } else if (op == "VariableV2" || op == "Variable") {
    classify_maker(i, ResourceHandle{n.name(), ResourceKind::Variable, {}, true});
  } else if (is_queue_op(op)) {
    classify_maker(i, ResourceHandle{n.name(), ResourceKind::Queue, {}, false});
  } else if (is_ref_update_op(op)) {
    // The ref output of an update: its variable, after the update.
    if (auto h = input_handle(i, 0)) {
      h->after.push_back(n.name());
      handles_[i] = *h;
    }
  } else if (op == "Identity" || op == "RefIdentity") {
    // A resource handle (or a RefIdentity's ref) passes through; Identity reads a ref,
    // except under --refs alias, where it shares the variable's buffer: its consumers read
    // the variable when they run.
    if (auto h = input_handle(i, 0);
        h && (!h->ref || op == "RefIdentity" || graph_.run().alias_refs)) {
      h->after.push_back(n.name());
      handles_[i] = *h;
      pass_through_.insert(i);
    }
  }
}

// A handle's maker: its uses wait for it when it waits for something itself.
void GraphHandles::classify_maker(int i, ResourceHandle h) {
  makers_.insert(i);
  for (const NodeInput& in : graph_.inputs(i)) {
    const int p = graph_.index(in.node);
    if (!in.control || ready_from_start(p)) continue;
    waiting_makers_.insert(i);
    h.after.push_back(graph_.node(i).name());
    break;
  }
  handles_[i] = std::move(h);
}

// A control-flow node that passes a handle on: each output port carries it as a token
// tensor (`C~token` or the node's own outputs), and a node that uses the handle waits for
// `N~handleP`, an Identity of the port, which brings the port's frame, iteration and
// deadness (a handle is a value that Enter, Switch and Merge route as any other).
void GraphHandles::classify_control_flow(int i) {
  std::optional<ResourceHandle> carried;
  for (std::size_t j = 0; j < graph_.data_input_count(i) && !carried; ++j) {
    carried = input_handle(i, j);
  }
  if (!carried) return;
  const int ports = control_flow_op(graph_.node(i).op()) == "Switch" ? 2 : 1;
  for (int port = 0; port < ports; ++port) {
    ResourceHandle h = *carried;
    h.after = {fmt::format("{}~handle{}", graph_.node(i).name(), port)};
    flow_handles_[{i, port}] = std::move(h);
  }
}

// An IdentityN passes each handle it takes on as the control-flow nodes do: port P as a
// token tensor, which the handle's users wait for through `N~handleP` (the IdentityN that
// a lowered While or an inlined body ends with takes loop variables that are handles).
void GraphHandles::classify_identity_n(int i) {
  for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
    std::optional<ResourceHandle> h = input_handle(i, j);
    if (!h || h->ref) continue;
    h->after = {fmt::format("{}~handle{}", graph_.node(i).name(), j)};
    flow_handles_[{i, static_cast<int>(j)}] = std::move(*h);
  }
}

// How many loops node i's outputs are inside, in topological order: its producers' count,
// one more past an Enter, one fewer past an Exit (loop_frames.h finds the frames
// themselves); the whole graph's unconsumed results inside a loop are no outputs.
void GraphHandles::place_in_loops(int i) {
  const auto past = [&](int p) {
    const std::string flow = control_flow_op(graph_.node(p).op());
    return loop_depth_[p] + (flow == "Enter" ? 1 : 0) - (flow == "Exit" ? 1 : 0);
  };
  loop_depth_[i] = 0;
  for (int p : graph_.producers(i)) loop_depth_[i] = std::max(loop_depth_[i], past(p));
  output_depth_[i] = past(i);
}

}  // namespace tfmc::sem
