#include "semantics/program/order.h"

#include <stdexcept>

#include "semantics/program/program_edit.h"

namespace tfmc::sem {

Program with_order(const Program& program, std::uint32_t from, std::uint32_t to) {
  const std::size_t n = program.nodes.size();
  if (from >= n || to >= n) throw std::invalid_argument("with_order: no such node");
  if (from == to) throw std::invalid_argument("with_order: a node ordered after itself");
  if (reaches(program, to, from)) {
    throw std::invalid_argument("with_order: " + program.nodes[to].name + " happens before " +
                                program.nodes[from].name + ", so the order would close a cycle");
  }
  Program out = program;
  const Node& later = program.nodes[to];
  Node barrier;
  barrier.name = "~order";
  barrier.kind = NodeKind::Barrier;
  barrier.implicit = true;
  barrier.op = "~Barrier";
  barrier.loc = later.loc;
  barrier.file = later.file;
  barrier.execution = later.execution;
  barrier.iterations = later.iterations;
  barrier.frame = later.frame;
  const std::int32_t b = add_node(out, std::move(barrier));
  add_control_edge(out, static_cast<std::int32_t>(from), b);
  add_control_edge(out, b, static_cast<std::int32_t>(to));
  return out;
}

}  // namespace tfmc::sem
