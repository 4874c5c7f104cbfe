#include "semantics/program/dot_writer.h"

#include <fmt/format.h>

#include <array>

#include "semantics/program/enum_names.h"

namespace tfmc::sem {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '\\';
    out += c == '\n' ? std::string("\\n") : std::string(1, c);  // Graphviz's line break
  }
  return out + "\"";
}

const char* style(EdgeKind k) {
  // In EdgeKind's order: tensor, variable, control.
  static constexpr std::array<const char*, 3> kStyles = {"solid", "dashed", "dotted"};
  return enum_name(k, kStyles, "solid");
}

// The name of the variable, queue or mutex of a Var node.
const std::string& resource_name(const Program& p, const Node& n) {
  switch (n.resource_kind) {
    case ResourceKind::Queue:
      return p.queues[n.variable].name;
    case ResourceKind::Mutex:
      return p.mutexes[n.variable].name;
    case ResourceKind::Variable:
      break;
  }
  return p.variables[n.variable].name;
}

std::string node_label(const Node& n, const Program& p) {
  if (n.kind == NodeKind::Var) return fmt::format("Var({})", resource_name(p, n));
  if (n.implicit) return n.op;
  return fmt::format("{}\n{}", n.name, n.op);
}

}  // namespace

std::string write_dot(const Program& p, const ValueStore& values) {
  std::string out = "digraph tfmc {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\"];\n";
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    const Node& n = p.nodes[i];
    out += fmt::format("  n{} [label={}{}];\n", i, quoted(node_label(n, p)),
                       n.implicit ? ", color=grey50, fontcolor=grey30" : "");
  }
  std::vector<std::string> output_names(p.edges.size());
  for (const NamedOutput& o : p.outputs) output_names[o.edge] = o.name;
  for (std::size_t e = 0; e < p.edges.size(); ++e) {
    const Edge& edge = p.edges[e];
    std::string from = edge.src == kNone ? fmt::format("in{}", e) : fmt::format("n{}", edge.src);
    std::string to = edge.dst == kNone ? fmt::format("out{}", e) : fmt::format("n{}", edge.dst);
    if (edge.src == kNone) {
      const std::string label = edge.initial == kGo       ? "GO"
                                : edge.input_name.empty() ? values.print(edge.initial)
                                                          : edge.input_name;
      out += fmt::format("  in{} [shape=point, xlabel={}];\n", e, quoted(label));
    }
    if (edge.dst == kNone) {
      out += fmt::format("  out{} [shape=point, xlabel={}];\n", e, quoted(output_names[e]));
    }
    out += fmt::format("  {} -> {} [style={}];\n", from, to, style(edge.kind));
  }
  return out + "}\n";
}

}  // namespace tfmc::sem
