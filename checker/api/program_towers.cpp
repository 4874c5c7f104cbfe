#include "checker/api/program_towers.h"

#include <fmt/format.h>

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "checker/api/program_replicas.h"
#include "checker/symmetry/graph_automorphisms.h"
#include "checker/symmetry/tower_blocks.h"

namespace tfmc::api {
namespace {

using sem::Edge;
using sem::kNone;
using sem::Node;
using sem::Program;

// Assigns colour numbers to keys: equal keys, equal colours.
class Palette {
 public:
  std::uint32_t colour(std::vector<std::int64_t> key) {
    return colours_.try_emplace(std::move(key), static_cast<std::uint32_t>(colours_.size()))
        .first->second;
  }
  std::int64_t name(const std::string& op) {
    return names_.try_emplace(op, static_cast<std::int64_t>(names_.size())).first->second;
  }

 private:
  std::map<std::vector<std::int64_t>, std::uint32_t> colours_;
  std::map<std::string, std::int64_t> names_;
};

void append_list(std::vector<std::int64_t>& key, const auto& list) {
  key.push_back(static_cast<std::int64_t>(list.size()));
  key.insert(key.end(), list.begin(), list.end());
}

// The program's graph, coloured as the header says: vertex i < nodes.size() is node i,
// vertex nodes.size() + e is edge e.
check::ColouredDigraph program_graph(const Program& p, const TransitionSystem& model) {
  const std::size_t n = p.nodes.size();
  Palette palette;
  std::vector<bool> is_target(n, false);
  for (std::uint32_t t : p.targets) is_target[t] = true;
  check::ColouredDigraph g;
  for (std::uint32_t i = 0; i < n; ++i) {
    const Node& a = p.nodes[i];
    std::vector<std::int64_t> key{0,
                                  static_cast<std::int64_t>(a.kind),
                                  a.implicit,
                                  palette.name(a.op),
                                  a.function,  // the table holds each distinct function once
                                  static_cast<std::int64_t>(a.resource_kind),
                                  a.variable,
                                  a.section,
                                  a.instance_of,
                                  a.frame,
                                  is_target[i],
                                  static_cast<std::int64_t>(a.inputs.size()),
                                  static_cast<std::int64_t>(a.controls.size()),
                                  static_cast<std::int64_t>(a.outputs.size()),
                                  static_cast<std::int64_t>(a.control_outputs.size())};
    append_list(key, a.variables);
    append_list(key, a.alternatives);
    append_list(key, a.iterations);
    g.colour.push_back(palette.colour(std::move(key)));
  }
  std::vector<std::int64_t> input_place(p.edges.size(), -1), outputs_named(p.edges.size(), 0);
  for (const Node& a : p.nodes) {
    for (std::size_t k = 0; k < a.inputs.size(); ++k) {
      input_place[a.inputs[k]] = static_cast<std::int64_t>(k);
    }
  }
  for (const sem::NamedOutput& o : p.outputs) ++outputs_named[o.edge];
  std::vector<bool> is_outcome(model.slot_count(), false), is_bound(p.edges.size(), false);
  for (std::uint32_t s : model.outcome_slots()) is_outcome[s] = true;
  for (const sem::LoopBound& b : p.bounds) is_bound[b.edge] = true;
  for (std::uint32_t e = 0; e < p.edges.size(); ++e) {
    const Edge& a = p.edges[e];
    const bool control = a.kind == sem::EdgeKind::Control;
    g.colour.push_back(
        palette.colour({1, static_cast<std::int64_t>(a.kind), control ? -1 : a.src_port,
                        input_place[e], a.src == kNone, a.dst == kNone, a.initial,
                        a.input_name.empty(), is_outcome[e], outputs_named[e], is_bound[e]}));
    const auto vertex = static_cast<std::uint32_t>(n + e);
    if (a.src != kNone) g.arcs.emplace_back(static_cast<std::uint32_t>(a.src), vertex);
    if (a.dst != kNone) g.arcs.emplace_back(vertex, static_cast<std::uint32_t>(a.dst));
  }
  return g;
}

}  // namespace

ProgramTowers program_towers(const Program& program, const TransitionSystem& model,
                             std::size_t max_vertices, std::size_t memory_budget,
                             std::string& why_not) {
  ProgramTowers out;
  if (!program.sections.empty()) {
    why_not = "the program has critical sections";
    return out;
  }
  const check::ColouredDigraph graph = program_graph(program, model);
  if (graph.colour.size() > max_vertices) {
    why_not = fmt::format(
        "the program's graph has {} nodes and edges, more than the {} its automorphism search "
        "takes",
        graph.colour.size(), max_vertices);
    return out;
  }
  if (!check::automorphism_search_fits(graph, memory_budget)) {
    why_not = fmt::format(
        "the automorphism search of the program's graph ({} nodes and edges) needs more memory "
        "than is left",
        graph.colour.size());
    return out;
  }
  const check::TowerClasses towers =
      check::tower_classes(graph, check::automorphism_generators(graph));
  out.generators = towers.generators;
  out.ignored_generators = towers.ignored_generators;
  const std::vector<std::vector<TransitionId>> transitions = node_transitions(program, model);
  const std::size_t n = program.nodes.size();
  std::vector<std::vector<check::ReplicaSymmetry::Replica>> classes;
  for (const std::vector<std::vector<std::uint32_t>>& tower_class : towers.classes) {
    std::vector<check::ReplicaSymmetry::Replica> replicas;
    for (const std::vector<std::uint32_t>& tower : tower_class) {
      check::ReplicaSymmetry::Replica r;
      for (std::uint32_t v : tower) {
        if (v >= n) {
          r.slots.push_back(static_cast<std::uint32_t>(v - n));
        } else {
          r.transitions.insert(r.transitions.end(), transitions[v].begin(), transitions[v].end());
        }
      }
      replicas.push_back(std::move(r));
    }
    classes.push_back(std::move(replicas));
  }
  if (classes.empty()) {
    why_not = out.generators == 0
                  ? "the program's graph has no automorphisms that fix its variables"
                  : "no automorphism of the program's graph permutes whole towers";
    return out;
  }
  out.symmetry = std::make_unique<check::ReplicaSymmetry>(std::move(classes), model.slot_count(),
                                                          model.transition_count());
  return out;
}

}  // namespace tfmc::api
