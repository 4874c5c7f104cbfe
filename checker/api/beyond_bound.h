// The node instances that run only in runs the iteration bound cuts short (FORMAT.md, "Races").
//
// A loop unrolled to N iterations (semantics/build/loop_unrolling.h) runs its body in
// iteration N-1 only when the loop's predicate there is true, and then its NextIteration of
// iteration N-1 would start iteration N: every run in which such a body node runs live
// reaches the bound, and the check reports that run as cut short. Races of those instances
// belong to iterations the bound never completes, so the race lists leave them out.
//
// Found from the graph: the instances downstream of output 1 (the body's) of a Switch of
// iteration N-1 whose predicate a LoopCond gives, through nodes that a DEAD input makes DEAD,
// so not through a Merge or a Barrier, which may send live values on when the loop ends.
#pragma once

#include <vector>

#include "semantics/program/program.h"

namespace tfmc::api {

// One flag per node of `program`.
std::vector<bool> beyond_iteration_bound(const sem::Program& program);

}  // namespace tfmc::api
