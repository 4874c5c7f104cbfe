// Pruning as TensorFlow's Session.Run does it (the whitepaper's "transitive closure of all
// nodes that must be executed"; MAPL paper footnote 7: "the semantics of this paper applies
// after the graph-pruning process").
//
// prune(p) keeps the nodes that the named outputs and the targets (Program::targets)
// transitively need, through incoming edges of every kind (tensor, variable and control), and
// drops every other node with its edges:
//   - a tensor or variable edge from a kept node to a dropped one becomes an unnamed output
//     edge (so each output port keeps exactly one outgoing edge);
//   - a control edge from a kept node to a dropped one is removed (it carries no value);
//   - input edges of dropped nodes, and input edges nobody used, are removed; an input edge
//     that is itself a named output stays.
// Variables, queues, mutexes, sections, named outputs and functions all stay as they are
// (every variable is part of every outcome). Node and edge indices are renumbered in their
// old order; targets follow their nodes. A program without outputs and targets keeps no node.
// The invariants of program.h hold for the result.
#pragma once

#include "semantics/program/program.h"

namespace tfmc::sem {

Program prune(const Program& program);

// The Session.Run that runs node `target` alone (an init run): `program` without its named
// outputs and with `target` as its only target, pruned.
Program prune_to_target(const Program& program, std::uint32_t target);

}  // namespace tfmc::sem
