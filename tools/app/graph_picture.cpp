#include "tools/app/graph_picture.h"

#include <fmt/format.h>

#include <cstdint>
#include <set>
#include <tuple>

#include "tools/app/graphviz_svg.h"

namespace tfmc::app {
namespace {

// Per node: the nodes it reaches over one or more edges, as a bit set. The graph is a DAG
// (graph_model.h), so the sets are made in reverse topological order.
std::vector<std::vector<std::uint64_t>> reach(const sem::Program& p) {
  const std::size_t n = p.nodes.size();
  const std::size_t words = (n + 63) / 64;
  std::vector<std::size_t> pending(n, 0);
  for (const sem::Edge& e : p.edges) {
    if (e.src != sem::kNone && e.dst != sem::kNone) ++pending[e.src];
  }
  std::vector<std::vector<std::size_t>> predecessors(n);
  for (const sem::Edge& e : p.edges) {
    if (e.src != sem::kNone && e.dst != sem::kNone) predecessors[e.dst].push_back(e.src);
  }
  std::vector<std::vector<std::uint64_t>> out(n, std::vector<std::uint64_t>(words, 0));
  // Sinks first: a node's set is complete once every successor's is.
  std::vector<std::size_t> ready;
  for (std::size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push_back(i);
  }
  while (!ready.empty()) {
    const std::size_t v = ready.back();
    ready.pop_back();
    for (const std::size_t u : predecessors[v]) {
      out[u][v / 64] |= std::uint64_t{1} << (v % 64);
      for (std::size_t w = 0; w < words; ++w) out[u][w] |= out[v][w];
      if (--pending[u] == 0) ready.push_back(u);
    }
  }
  return out;
}

// Per edge: whether it is a control edge that another path from its source to its
// destination implies (another edge between the two, or a path through another successor).
std::vector<bool> implied_controls(const sem::Program& p) {
  std::vector<bool> out(p.edges.size(), false);
  const auto reached = reach(p);
  const auto reaches = [&](std::size_t from, std::size_t to) {
    return ((reached[from][to / 64] >> (to % 64)) & 1) != 0;
  };
  for (const sem::Node& n : p.nodes) {
    std::vector<std::int32_t> outgoing = n.outputs;
    outgoing.insert(outgoing.end(), n.control_outputs.begin(), n.control_outputs.end());
    for (const std::int32_t c : n.control_outputs) {
      const sem::Edge& control = p.edges[c];
      if (control.dst == sem::kNone) continue;
      for (const std::int32_t other : outgoing) {
        const sem::Edge& e = p.edges[other];
        if (other == c || e.dst == sem::kNone || out[other]) continue;
        if (e.dst == control.dst || reaches(e.dst, control.dst)) {
          out[c] = true;
          break;
        }
      }
    }
  }
  return out;
}

const char* edge_style(sem::EdgeKind k) {
  switch (k) {
    case sem::EdgeKind::Variable:
      return "dashed";
    case sem::EdgeKind::Control:
      return "dotted";
    case sem::EdgeKind::Tensor:
      break;
  }
  return "solid";
}

DrawnNode drawn_item(const sem::Program& p, const ScopeItem& item, std::size_t k) {
  DrawnNode d;
  d.cluster = item.cluster;
  if (item.node == kNoScope) {
    d.id = fmt::format("scope{}", k);
    d.lines = {item.label, fmt::format("{} nodes", item.nodes)};
    d.title = item.scope;
    d.classes = "scope";
    d.attributes = {{"shape", "box3d"}};
    return d;
  }
  const sem::Node& n = p.nodes[item.node];
  d.id = fmt::format("n{}", item.node);
  d.lines = {item.label, n.op};
  d.title = n.name;
  if (n.kind == sem::NodeKind::Var) {
    d.attributes = {{"shape", "cylinder"}, {"style", "filled"}, {"fillcolor", "#d6e6f5"}};
  }
  if (n.implicit) {
    d.attributes.emplace_back("color", "grey50");
    d.attributes.emplace_back("fontcolor", "grey30");
  }
  return d;
}

}  // namespace

GraphPicture draw_program(const sem::Program& p, const std::vector<api::RaceGroup>& races) {
  std::vector<std::string> names;
  for (const sem::Node& n : p.nodes) names.push_back(n.name);
  const ScopeLayout layout = lay_out_scopes(names);
  GraphPicture picture;
  Drawing drawing;
  for (const ScopeCluster& c : layout.clusters) {
    drawing.clusters.push_back(
        {fmt::format("cluster{}", drawing.clusters.size()), c.label, c.parent});
  }
  for (std::size_t k = 0; k < layout.items.size(); ++k) {
    drawing.nodes.push_back(drawn_item(p, layout.items[k], k));
    if (layout.items[k].node == kNoScope) picture.collapsed.push_back(layout.items[k]);
  }
  for (const std::size_t item : layout.item_of) picture.element.push_back(drawing.nodes[item].id);
  const std::vector<bool> implied = implied_controls(p);
  std::set<std::tuple<std::size_t, std::size_t, sem::EdgeKind>> drawn;
  for (std::size_t e = 0; e < p.edges.size(); ++e) {
    const sem::Edge& edge = p.edges[e];
    if (edge.src == sem::kNone || edge.dst == sem::kNone || implied[e]) continue;
    const std::size_t from = layout.item_of[edge.src], to = layout.item_of[edge.dst];
    if (from == to || !drawn.emplace(from, to, edge.kind).second) continue;
    drawing.edges.push_back({from, to, "", {{"style", edge_style(edge.kind)}}});
  }
  for (std::size_t k = 0; k < races.size(); ++k) {
    for (const api::Race& r : races[k].instances) {
      for (const std::uint32_t node : {r.first_node, r.second_node}) {
        std::string& classes = drawing.nodes[layout.item_of[node]].classes;
        if (classes.find("race") == std::string::npos)
          classes += classes.empty() ? "race" : " race";
      }
    }
    const api::Race& pair = races[k].pair;
    drawing.edges.push_back({layout.item_of[pair.first_node],
                             layout.item_of[pair.second_node],
                             "race",
                             {{"id", fmt::format("race{}", k + 1)},
                              {"dir", "none"},
                              {"constraint", "false"},
                              {"color", "#d62728"},
                              {"penwidth", "2"}}});
  }
  picture.svg = render_svg(drawing);
  return picture;
}

}  // namespace tfmc::app
