#include "semantics/program/order.h"

#include <stdexcept>

#include "semantics/program/program_edit.h"

namespace tfmc::sem {

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
  add_control_edge(out, static_cast<std::int32_t>(from), static_cast<std::int32_t>(to));
  return out;
}

}  // namespace tfmc::sem
