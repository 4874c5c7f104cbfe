// The interchangeable replicas of a program (FORMAT.md, "Symmetry reduction"): the executions
// of a composed program (compose.h) that are copies of one another, found and checked on the
// program itself, as the symmetry that symmetric reduction needs (checker/symmetry/).
//
// Two executions are replicas when the map that pairs their nodes in program order (and their
// edges by their places in those nodes' edge lists) is an isomorphism: every node has the same
// kind, op, function, resources and attributes as its image, every edge the same kind, port
// and initial value, an edge between two nodes of one execution maps to the edge between their
// images, and an edge to a node of no execution (a run barrier, whose name starts with `~`) is
// a control edge that maps to the barrier's edge to the image. Resources are shared by name, so
// every such pair's swap maps the program, its initial state and its firings onto themselves;
// the swaps with one execution generate every permutation of its class. A program with
// critical sections has no replicas here: a section's slot names the instance that holds it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "checker/symmetry/replica_symmetry.h"
#include "semantics/program/program.h"

namespace tfmc::api {

// Each node's transitions in `model`, which names its transitions after the program's nodes
// (sem::GraphModel or its reduction), in id order: the order of the node's alternatives.
std::vector<std::vector<TransitionId>> node_transitions(const sem::Program& program,
                                                        const TransitionSystem& model);

// The replica classes of `program`, whose model `model` names its transitions after the
// program's nodes (sem::GraphModel or its reduction); nullptr, with the reason in `why_not`,
// when no two executions are replicas.
std::unique_ptr<check::ReplicaSymmetry> program_replicas(const sem::Program& program,
                                                         const TransitionSystem& model,
                                                         std::string& why_not);

}  // namespace tfmc::api
