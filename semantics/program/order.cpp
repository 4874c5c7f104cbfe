#include "semantics/program/order.h"

#include <stdexcept>
#include <vector>

namespace tfmc::sem {

bool reaches(const Program& p, std::uint32_t from, std::uint32_t to) {
  std::vector<std::uint8_t> seen(p.nodes.size(), 0);
  std::vector<std::uint32_t> stack{from};
  while (!stack.empty()) {
    const Node& n = p.nodes[stack.back()];
    stack.pop_back();
    for (const auto* edges : {&n.outputs, &n.control_outputs}) {
      for (std::int32_t e : *edges) {
        const std::int32_t dst = p.edges[e].dst;
        if (dst == kNone || seen[dst]) continue;
        if (static_cast<std::uint32_t>(dst) == to) return true;
        seen[dst] = 1;
        stack.push_back(static_cast<std::uint32_t>(dst));
      }
    }
  }
  return false;
}

Program with_control_edge(const Program& program, std::uint32_t from, std::uint32_t to) {
  const std::size_t n = program.nodes.size();
  if (from >= n || to >= n) throw std::invalid_argument("with_control_edge: no such node");
  if (from == to) throw std::invalid_argument("with_control_edge: an edge from a node to itself");
  if (reaches(program, to, from)) {
    throw std::invalid_argument("with_control_edge: " + program.nodes[to].name +
                                " happens before " + program.nodes[from].name +
                                ", so the edge would close a cycle");
  }
  Program out = program;
  const auto e = static_cast<std::int32_t>(out.edges.size());
  Edge edge;
  edge.kind = EdgeKind::Control;
  edge.src = static_cast<std::int32_t>(from);
  edge.dst = static_cast<std::int32_t>(to);
  out.edges.push_back(edge);
  out.nodes[from].control_outputs.push_back(e);
  out.nodes[to].controls.push_back(e);
  return out;
}

}  // namespace tfmc::sem
