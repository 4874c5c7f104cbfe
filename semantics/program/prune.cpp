#include "semantics/program/prune.h"

#include <set>
#include <vector>

#include "semantics/program/program_edit.h"
#include "semantics/program/program_walks.h"

namespace tfmc::sem {
namespace {

// The nodes that the named outputs and the targets need, found backwards over all edges. A
// loop needs every iteration of what it runs, as the written graph's back edges say: every
// instance of a statement that has a needed instance is needed too.
std::vector<bool> needed_nodes(const Program& p) {
  std::vector<std::int32_t> seeds;
  for (const NamedOutput& o : p.outputs) seeds.push_back(p.edges[o.edge].src);
  for (std::uint32_t t : p.targets) seeds.push_back(static_cast<std::int32_t>(t));
  std::vector<bool> needed = upstream_closure(p, seeds);
  std::set<std::int32_t> statements;
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (needed[i] && p.nodes[i].instance_of != kNone) statements.insert(p.nodes[i].instance_of);
  }
  const std::size_t before = seeds.size();
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (!needed[i] && statements.count(p.nodes[i].instance_of) > 0) {
      seeds.push_back(static_cast<std::int32_t>(i));
    }
  }
  return seeds.size() == before ? needed : upstream_closure(p, seeds);
}

}  // namespace

Program prune(const Program& p) {
  const std::vector<bool> keep_node = needed_nodes(p);
  std::vector<bool> named_output(p.edges.size(), false);
  for (const NamedOutput& o : p.outputs) named_output[o.edge] = true;

  Program out;
  out.file = p.file;
  out.variables = p.variables;
  out.queues = p.queues;
  out.mutexes = p.mutexes;
  out.sections = p.sections;
  out.functions = p.functions;

  std::vector<std::int32_t> node_id(p.nodes.size(), kNone);
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (!keep_node[i]) continue;
    node_id[i] = static_cast<std::int32_t>(out.nodes.size());
    add_node(out, p.nodes[i]);
  }
  // Every edge into a kept node stays (its source is kept too, or it is an input edge); an
  // edge out of a kept node stays as an output edge unless it is a control edge.
  std::vector<std::int32_t> edge_id(p.edges.size(), kNone);
  for (std::size_t i = 0; i < p.edges.size(); ++i) {
    const Edge& e = p.edges[i];
    const bool into_kept = e.dst != kNone && keep_node[e.dst];
    const bool from_kept = e.src != kNone && keep_node[e.src];
    const bool keep = into_kept || named_output[i] || (from_kept && e.kind != EdgeKind::Control);
    if (!keep) continue;
    edge_id[i] = static_cast<std::int32_t>(out.edges.size());
    Edge copy = e;
    copy.src = e.src == kNone ? kNone : node_id[e.src];
    copy.dst = into_kept ? node_id[e.dst] : kNone;
    out.edges.push_back(std::move(copy));
  }
  const auto remap = [&](std::vector<std::int32_t>& edges) {
    std::vector<std::int32_t> kept;
    for (std::int32_t e : edges) {
      if (edge_id[e] != kNone) kept.push_back(edge_id[e]);
    }
    edges = std::move(kept);
  };
  for (Node& n : out.nodes) {
    remap(n.inputs);
    remap(n.controls);
    remap(n.outputs);
    remap(n.control_outputs);
  }
  for (const NamedOutput& o : p.outputs) out.outputs.push_back({o.name, edge_id[o.edge]});
  for (std::uint32_t t : p.targets) out.targets.push_back(static_cast<std::uint32_t>(node_id[t]));
  for (const LoopBound& b : p.bounds) {
    if (edge_id[b.edge] != kNone)
      out.bounds.push_back({edge_id[b.edge], b.node, b.frame, b.iterations});
  }
  return out;
}

Program prune_to_target(const Program& program, std::uint32_t target) {
  Program run = program;
  run.outputs.clear();
  run.targets = {target};
  return prune(run);
}

}  // namespace tfmc::sem
