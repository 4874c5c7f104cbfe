#include "semantics/program/program_edit.h"

#include <algorithm>

#include "semantics/errors/invariant.h"

namespace tfmc::sem {
namespace {

// Puts `edge` at position `index` of `list`, growing it with kNone entries if needed.
void place(std::vector<std::int32_t>& list, std::int32_t index, std::int32_t edge) {
  if (list.size() <= static_cast<std::size_t>(index)) list.resize(index + 1, kNone);
  list[index] = edge;
}

// Records `edge` (already pointing at `dst`) in the destination's incoming list.
void attach_destination(Program& p, std::int32_t edge, EdgeEnd dst) {
  if (dst.node == kNone) return;
  Node& n = p.nodes[dst.node];
  if (p.edges[edge].kind == EdgeKind::Control) {
    n.controls.push_back(edge);
  } else {
    place(n.inputs, dst.index, edge);
  }
}

}  // namespace

std::int32_t add_node(Program& p, Node node) {
  p.nodes.push_back(std::move(node));
  return static_cast<std::int32_t>(p.nodes.size() - 1);
}

std::int32_t add_edge(Program& p, EdgeKind kind, EdgeEnd src, EdgeEnd dst) {
  Edge e;
  e.kind = kind;
  e.src = src.node;
  e.src_port = kind == EdgeKind::Control ? 0 : src.index;
  e.dst = dst.node;
  const auto id = static_cast<std::int32_t>(p.edges.size());
  p.edges.push_back(std::move(e));
  if (src.node != kNone) {
    Node& n = p.nodes[src.node];
    if (kind == EdgeKind::Control) {
      n.control_outputs.push_back(id);
    } else {
      place(n.outputs, src.index, id);
    }
  }
  attach_destination(p, id, dst);
  return id;
}

std::int32_t add_control_edge(Program& p, std::int32_t from, std::int32_t to) {
  return add_edge(p, EdgeKind::Control, {from, 0}, {to, 0});
}

void set_destination(Program& p, std::int32_t edge, EdgeEnd dst) {
  Edge& e = p.edges[edge];
  if (e.dst != kNone) {
    Node& old = p.nodes[e.dst];
    if (e.kind == EdgeKind::Control) {
      std::erase(old.controls, edge);
    } else {
      const auto it = std::find(old.inputs.begin(), old.inputs.end(), edge);
      TFMC_CHECK(it != old.inputs.end(), "an edge is in its destination's inputs");
      *it = kNone;
    }
  }
  e.dst = dst.node;
  attach_destination(p, edge, dst);
}

}  // namespace tfmc::sem
