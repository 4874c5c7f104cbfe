// The towers of one program (FORMAT.md, "Symmetry reduction"): sets of nodes and edges that
// automorphisms of the program's graph permute as wholes, such as the read-add-write towers of
// several workers on one variable, found as the symmetry that symmetric reduction needs
// (checker/symmetry/).
//
// The graph has a vertex for each node and for each edge, an arc from an edge's source node to
// the edge and from the edge to its destination node. Colours make every automorphism a
// symmetry of the program's transition system: a node's colour is its kind, op, function
// (attributes and constants included), resource (so variables, queues and mutexes are fixed),
// Update variables, alternatives, loop frame and iterations, and its edge counts; an edge's is
// its kind, source port, place among its destination's inputs (control edges, whose order
// nothing depends on, have none), initial value, whether it is a declared input, an outcome
// slot, the edge of how many named outputs, and a loop bound. Outputs are not fixed: a tower's
// output edge may map to another tower's, and outcomes are expanded over the permutations.
// The nodes' executions are not coloured (only critical sections tell executions apart, and a
// program with sections has no towers here), so --concurrent copies are towers too.
// tower_blocks.h says which automorphisms are used: permutations of whole towers only.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "checker/symmetry/replica_symmetry.h"
#include "semantics/program/program.h"

namespace tfmc::api {

// The largest graph (nodes and edges) searched for towers. Finding the towers costs what
// the towers and their arcs do (checker/symmetry/tower_blocks.h); bliss's search costs about
// 3.5 microseconds a vertex on a training step's graph (11 s for EfficientNetB0's, 3.2
// million vertices), so larger graphs are explored without (FORMAT.md, "Symmetry reduction").
inline constexpr std::size_t kMaxTowerSearchVertices = 4000000;
// The largest graph `--symmetry auto` searches: at 3.5 microseconds a vertex, about a second
// of bliss's search, so that a default run does not wait seconds for a symmetry that a single
// training step's graph (millions of vertices, explored along one order by the partial-order
// reduction) seldom repays. Below it, large classes of towers still cost more (bliss's time
// grows faster than the square of a class's size).
inline constexpr std::size_t kMaxAutoTowerSearchVertices = 250000;

struct ProgramTowers {
  std::unique_ptr<check::ReplicaSymmetry> symmetry;  // null when no towers were found
  std::size_t generators = 0;                        // generators of the graph's automorphism group
  std::size_t ignored_generators = 0;                // of those, not permutations of whole towers
};

// The tower classes of `program`, whose model `model` names its transitions after the
// program's nodes (sem::GraphModel or its reduction); a null symmetry, with the reason in
// `why_not`, when there are none or the graph is not searched (past `max_vertices`, one of the
// bounds above, or its search needs more than `memory_budget` bytes or the memory left:
// check::automorphism_search_fits).
ProgramTowers program_towers(const sem::Program& program, const TransitionSystem& model,
                             std::size_t max_vertices, std::size_t memory_budget,
                             std::string& why_not);

}  // namespace tfmc::api
