// Building and editing a Program one node and one edge at a time. Every function keeps the
// edges and the node lists in agreement: a tensor or variable edge sits at its port in its
// source's Node::outputs and at its argument in its destination's Node::inputs; a control edge
// is in its source's Node::control_outputs and its destination's Node::controls, in the order
// the edges were added. Nodes and edges are appended, so indices already handed out stay valid.
//
// These keep only that agreement; the other invariants of program.h (every node has an
// incoming edge, every output port exactly one outgoing edge, acyclic) are the caller's.
#pragma once

#include <cstdint>

#include "semantics/program/program.h"

namespace tfmc::sem {

// One end of an edge: a node (kNone: none, for an input or output edge) and, for tensor and
// variable edges, the output port or argument there. Control edges ignore `index`.
struct EdgeEnd {
  std::int32_t node = kNone;
  std::int32_t index = 0;
};

// Appends `node` as it is (its edge lists included) and returns its index.
std::int32_t add_node(Program& program, Node node);

// Appends an edge of `kind` from `src` to `dst` and records it in both nodes' lists, growing
// a node's outputs or inputs with kNone entries when the port or argument lies past them.
// Returns the edge's index.
std::int32_t add_edge(Program& program, EdgeKind kind, EdgeEnd src, EdgeEnd dst);

// The control edge `from` -> `to`, as `to = ... after from` makes it.
std::int32_t add_control_edge(Program& program, std::int32_t from, std::int32_t to);

// Moves the destination of `edge` to `dst`: the edge leaves its old destination's list (a
// control edge is erased from it, a tensor or variable edge leaves kNone at its argument) and
// joins the new one's.
void set_destination(Program& program, std::int32_t edge, EdgeEnd dst);

}  // namespace tfmc::sem
