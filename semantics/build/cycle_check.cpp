#include "semantics/build/cycle_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <string>
#include <vector>

namespace tfmc::sem {
namespace {

// Producer nodes of statement i (data arguments and `after`), except NextIterations: their
// values go to the next iteration, so a cycle through one is a loop (loop_frames.h).
std::vector<std::size_t> predecessors(const Ast& ast, const Names& names, std::size_t i) {
  std::vector<std::size_t> out;
  const NodeStmt& n = ast.nodes[i];
  const auto add = [&](const std::string& name) {
    const auto it = names.symbols.find(name);
    if (it != names.symbols.end() && it->second.kind == Symbol::Kind::Node &&
        ast.nodes[it->second.index].op != "NextIteration") {
      out.push_back(it->second.index);
    }
  };
  if (n.op != "Var") {
    for (const Ref& r : n.args) {
      if (!r.variable) add(r.name);
    }
  }
  for (const Ref& r : n.after) add(r.name);
  return out;
}

}  // namespace

void check_cycles(const Ast& ast, const Names& names, DiagnosticList& diags) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  const std::size_t count = ast.nodes.size();
  Graph g(count);
  std::vector<bool> self_loop(count, false);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t p : predecessors(ast, names, i)) {
      boost::add_edge(p, i, g);
      if (p == i) self_loop[i] = true;
    }
  }
  std::vector<int> component(count);
  const int components = boost::strong_components(g, component.data());
  std::vector<std::vector<std::size_t>> members(components);
  for (std::size_t i = 0; i < count; ++i) members[component[i]].push_back(i);
  for (auto& m : members) {
    if (m.empty() || (m.size() == 1 && !self_loop[m[0]])) continue;
    std::sort(m.begin(), m.end(), [&](std::size_t a, std::size_t b) {
      return ast.nodes[a].loc.line < ast.nodes[b].loc.line;
    });
    std::vector<std::string> cycle;
    for (std::size_t i : m) cycle.push_back(ast.nodes[i].name);
    diags.error(
        ast.nodes[m[0]].loc,
        m.size() == 1
            ? fmt::format("node '{}' depends on itself (the graph must be acyclic)", cycle[0])
            : fmt::format("cycle through nodes {} (the graph must be acyclic)",
                          fmt::join(cycle, ", ")));
  }
}

}  // namespace tfmc::sem
