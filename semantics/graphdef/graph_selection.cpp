#include "semantics/graphdef/graph_selection.h"

#include <fmt/format.h>

#include <algorithm>

#include "semantics/graphdef/import_op_tables.h"
#include "semantics/program/topological_sort.h"

namespace tfmc::sem {

GraphSelection::GraphSelection(const GraphFile& file, const GraphRun& run, DiagnosticList& diags)
    : file_(file), run_(run), g_(file.graph), diags_(diags) {
  index_nodes();
  parse_inputs();
  select();
}

SourceLoc GraphSelection::loc(int i) const {
  return static_cast<std::size_t>(i) < file_.node_locs.size() ? file_.node_locs[i] : SourceLoc{};
}

void GraphSelection::error(int i, const std::string& message) const {
  diags_.error(loc(i), fmt::format("node '{}' ({}): {}", node(i).name(), node(i).op(), message));
}

std::string GraphSelection::lowered_from(int i) const {
  return static_cast<std::size_t>(i) < file_.lowered_from.size() ? file_.lowered_from[i] : "";
}

std::size_t GraphSelection::selected_count() const {
  return static_cast<std::size_t>(std::count(selected_.begin(), selected_.end(), true));
}

const NodeInput* GraphSelection::data_input(int i, std::size_t j) const {
  std::size_t k = 0;
  for (const NodeInput& in : inputs_[i]) {
    if (in.control) continue;
    if (k++ == j) return &in;
  }
  return nullptr;
}

std::size_t GraphSelection::data_input_count(int i) const {
  return static_cast<std::size_t>(std::count_if(inputs_[i].begin(), inputs_[i].end(),
                                                [](const NodeInput& in) { return !in.control; }));
}

std::vector<int> GraphSelection::producers(int i) const {
  std::vector<int> out;
  if (fed(i)) return out;
  for (const NodeInput& in : inputs_[i]) {
    const int p = index_.at(in.node);
    if (control_flow_op(node(p).op()) != "NextIteration") out.push_back(p);
  }
  return out;
}

bool GraphSelection::fed(int i) const {
  return is_placeholder(node(i).op()) && run_.fed.count(node(i).name());
}

bool is_resource_placeholder(const tf::NodeDef& node) {
  const auto it = node.attr().find("dtype");
  return is_placeholder(node.op()) && it != node.attr().end() &&
         it->second.type() == tf::DT_RESOURCE;
}

bool GraphSelection::is_resource_placeholder(int i) const {
  return sem::is_resource_placeholder(node(i));
}

bool GraphSelection::is_input(int i) const {
  if (is_resource_placeholder(i)) return false;
  return fed(i) || node(i).op() == "Placeholder" || node(i).op() == "PlaceholderV2";
}

std::optional<std::int64_t> GraphSelection::attr_int(int i, const char* key) const {
  const auto it = node(i).attr().find(key);
  if (it == node(i).attr().end()) return std::nullopt;
  return it->second.i();
}

bool GraphSelection::attr_bool(int i, const char* key) const {
  const auto it = node(i).attr().find(key);
  return it != node(i).attr().end() && it->second.b();
}

void GraphSelection::index_nodes() {
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

void GraphSelection::parse_inputs() {
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

std::optional<int> GraphSelection::named(const std::string& name, const char* option) {
  const auto it = index_.find(name);
  if (it == index_.end()) {
    diags_.error({}, fmt::format("{} names '{}', which is not a node of the graph", option, name));
    return std::nullopt;
  }
  return it->second;
}

void GraphSelection::select() {
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
  whole_graph_ = run_.fetches.empty() && run_.targets.empty() && run_.inits.empty();
  if (whole_graph_) {
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

std::vector<bool> GraphSelection::fan_in(const std::vector<int>& roots, bool report) const {
  std::vector<bool> reached(static_cast<std::size_t>(g_.node_size()), false);
  std::vector<int> stack = roots;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    if (reached[i]) continue;
    reached[i] = true;
    // A lowered If or While runs whole, its body's side effects included.
    if (const auto group = lowered_groups_.find(lowered_from(i)); group != lowered_groups_.end()) {
      stack.insert(stack.end(), group->second.begin(), group->second.end());
    }
    if (fed(i)) continue;  // a fed tensor's producer does not run
    for (const NodeInput& in : inputs_[i]) {
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

std::vector<int> GraphSelection::topological_order() const {
  const std::size_t n = static_cast<std::size_t>(g_.node_size());
  std::vector<std::vector<int>> consumers(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!selected_[i]) continue;
    for (int p : producers(static_cast<int>(i))) consumers[p].push_back(static_cast<int>(i));
  }
  std::vector<int> order = topological_sort<int>(
      n, [&](std::size_t i) { return selected_[i]; },
      [&](int i, auto&& visit) {
        for (int c : consumers[i]) visit(c);
      });
  std::vector<bool> placed(n, false);
  for (int i : order) placed[i] = true;
  for (std::size_t i = 0; i < n; ++i) {
    if (selected_[i] && !placed[i]) {
      error(static_cast<int>(i), "the graph has a cycle through this node");
      break;
    }
  }
  return order;
}

}  // namespace tfmc::sem
