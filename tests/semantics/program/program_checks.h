// Test helpers for program transformations (composition, pruning, update models): the
// invariants of semantics/program/program.h, the outcome set of a Program explored
// exhaustively, and its nodes by name.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "checker/outcomes.h"
#include "semantics/program/program.h"
#include "support/explore_fixture.h"
#include "support/outcome_list.h"
#include "support/testdata.h"

namespace tfmc::test {

// Every way `p` breaks program.h's invariants (empty when it keeps them all): edges and node
// lists agree, every node has an incoming edge, every output port exactly one outgoing edge,
// named outputs are output edges, the graph is acyclic, node names are unique, and each Read
// and Assign names the variable whose Var node (through Copy nodes) feeds it.
inline std::vector<std::string> invariant_violations(const sem::Program& p) {
  using sem::kNone;
  std::vector<std::string> bad;
  const auto n_nodes = static_cast<std::int32_t>(p.nodes.size());
  std::vector<int> listed(p.edges.size(), 0);  // how many node lists name each edge as outgoing
  std::vector<int> entered(p.edges.size(), 0);
  std::set<std::string> names;
  for (std::int32_t i = 0; i < n_nodes; ++i) {
    const sem::Node& n = p.nodes[i];
    if (!names.insert(n.name).second) bad.push_back("duplicate node name " + n.name);
    if (n.inputs.empty() && n.controls.empty()) bad.push_back(n.name + " has no incoming edge");
    for (std::size_t port = 0; port < n.outputs.size(); ++port) {
      const std::int32_t e = n.outputs[port];
      ++listed[e];
      if (p.edges[e].src != i || p.edges[e].src_port != static_cast<std::int32_t>(port) ||
          p.edges[e].kind == sem::EdgeKind::Control) {
        bad.push_back(fmt::format("{} output {} does not match edge {}", n.name, port, e));
      }
    }
    for (std::int32_t e : n.control_outputs) {
      ++listed[e];
      if (p.edges[e].src != i || p.edges[e].kind != sem::EdgeKind::Control) {
        bad.push_back(fmt::format("{} control output {} does not match", n.name, e));
      }
    }
    for (std::int32_t e : n.inputs) {
      ++entered[e];
      if (p.edges[e].dst != i || p.edges[e].kind == sem::EdgeKind::Control) {
        bad.push_back(fmt::format("{} input {} does not match", n.name, e));
      }
    }
    for (std::int32_t e : n.controls) {
      ++entered[e];
      if (p.edges[e].dst != i || p.edges[e].kind != sem::EdgeKind::Control) {
        bad.push_back(fmt::format("{} control {} does not match", n.name, e));
      }
    }
  }
  for (std::size_t e = 0; e < p.edges.size(); ++e) {
    const sem::Edge& edge = p.edges[e];
    if (edge.src < kNone || edge.src >= n_nodes || edge.dst < kNone || edge.dst >= n_nodes) {
      bad.push_back(fmt::format("edge {} has an endpoint out of range", e));
      continue;
    }
    if (listed[e] != (edge.src == kNone ? 0 : 1)) bad.push_back(fmt::format("edge {} source", e));
    if (entered[e] != (edge.dst == kNone ? 0 : 1)) bad.push_back(fmt::format("edge {} dest", e));
    if (edge.src == kNone && edge.initial == sem::kEmpty) {
      bad.push_back(fmt::format("input edge {} holds nothing", e));
    }
  }
  for (const sem::NamedOutput& o : p.outputs) {
    if (o.edge < 0 || o.edge >= static_cast<std::int32_t>(p.edges.size()) ||
        p.edges[o.edge].dst != kNone) {
      bad.push_back("output " + o.name + " is not an output edge");
    }
  }
  // Kahn's algorithm: every node is ordered exactly when the graph is acyclic.
  std::vector<int> waiting(p.nodes.size(), 0);
  for (const sem::Edge& e : p.edges) {
    if (e.src != kNone && e.dst != kNone) ++waiting[e.dst];
  }
  std::vector<std::int32_t> ready;
  for (std::int32_t i = 0; i < n_nodes; ++i) {
    if (waiting[i] == 0) ready.push_back(i);
  }
  std::size_t ordered = 0;
  while (!ready.empty()) {
    const std::int32_t i = ready.back();
    ready.pop_back();
    ++ordered;
    for (const auto* list : {&p.nodes[i].outputs, &p.nodes[i].control_outputs}) {
      for (std::int32_t e : *list) {
        const std::int32_t d = p.edges[e].dst;
        if (d != kNone && --waiting[d] == 0) ready.push_back(d);
      }
    }
  }
  if (ordered != p.nodes.size()) bad.push_back("the graph has a cycle");
  for (const sem::Node& n : p.nodes) {
    if (n.kind != sem::NodeKind::Read && n.kind != sem::NodeKind::Assign) continue;
    if (n.inputs.empty()) continue;  // reported above
    std::int32_t e = n.inputs[0];
    while (p.edges[e].src != kNone && p.nodes[p.edges[e].src].kind == sem::NodeKind::Function) {
      e = p.nodes[p.edges[e].src].inputs[0];
    }
    const std::int32_t var = p.edges[e].src;
    if (var == kNone || p.nodes[var].kind != sem::NodeKind::Var ||
        p.nodes[var].variable != n.variable || n.variable >= p.variables.size()) {
      bad.push_back(n.name + " does not know its variable");
    }
  }
  return bad;
}

// One outcome as text: `out=value ... | var=value ...`, each group sorted by name, then
// ` | blocked: n1 n2` for a stuck outcome.
inline std::string outcome_text(const ListedOutcome& o) {
  std::vector<std::string> outputs, variables;
  for (const auto& [name, value] : o.outputs) outputs.push_back(name + "=" + value);
  for (const auto& [name, value] : o.variables) variables.push_back(name + "=" + value);
  std::sort(outputs.begin(), outputs.end());
  std::sort(variables.begin(), variables.end());
  std::string text = fmt::format("{} | {}", fmt::join(outputs, " "), fmt::join(variables, " "));
  if (!o.blocked.empty()) text += fmt::format(" | blocked: {}", fmt::join(o.blocked, " "));
  return text;
}

// The same for an outcome that the explorer found in `p`.
inline std::string outcome_text(const sem::Program& p, const sem::ValueStore& values,
                                const TransitionSystem& model, const check::Outcome& o) {
  ListedOutcome listed;
  for (std::size_t k = 0; k < p.outputs.size(); ++k) {
    listed.outputs.emplace_back(p.outputs[k].name, values.print(o.values[k]));
  }
  for (std::size_t v = 0; v < p.variables.size(); ++v) {
    listed.variables.emplace_back(p.variables[v].name,
                                  values.print(o.values[p.outputs.size() + v]));
  }
  for (TransitionId t : o.blocked) listed.blocked.push_back(model.transition_name(t));
  std::sort(listed.blocked.begin(), listed.blocked.end());
  return outcome_text(listed);
}

// The documented outcomes of the spec program `spec` (support/testdata.h), written as
// outcome_text writes them.
inline std::set<std::string> spec_outcome_texts(const std::string& spec) {
  std::set<std::string> out;
  for (const ListedOutcome& o : spec_outcomes(spec).outcomes) out.insert(outcome_text(o));
  return out;
}

// The outcomes of `p`, explored completely with the given reduction.
inline std::set<std::string> outcomes(const sem::Program& p, sem::ValueStore& values,
                                      check::Reduction reduction = check::Reduction::None) {
  const ExploredProgram run(p, values, reduction);
  std::set<std::string> out;
  if (!run.result().complete) return out;
  for (const check::Outcome& o : run.outcomes()) {
    out.insert(outcome_text(p, values, run.explored_model(), o));
  }
  return out;
}

// The outcomes of `p` under the full exploration, after checking its invariants, and checking
// that the stubborn reduction gives the same ones.
inline std::set<std::string> explore(const sem::Program& p, sem::ValueStore& values) {
  const auto violations = invariant_violations(p);
  CHECK(violations == std::vector<std::string>{});
  const std::set<std::string> full = outcomes(p, values);
  CHECK(outcomes(p, values, check::Reduction::Stubborn) == full);
  return full;
}

// The names of the nodes of `p`.
inline std::set<std::string> node_names(const sem::Program& p) {
  std::set<std::string> names;
  for (const sem::Node& n : p.nodes) names.insert(n.name);
  return names;
}

// The node of `p` named `name` (a test failure when there is none).
inline const sem::Node& node(const sem::Program& p, const std::string& name) {
  for (const sem::Node& n : p.nodes) {
    if (n.name == name) return n;
  }
  FAIL("no node " << name);
  return p.nodes.front();
}

}  // namespace tfmc::test
