// Which races of a checked program can change what it computes.
//
// The static analysis (semantics/model/happens_before.h) lists every pair of unordered
// accesses to one variable that includes a write. Whether the order of such a pair matters is
// decided in two ways. First, while checking, from the stored states: a race whose accesses
// are both enabled in some state and give different states when fired in the two orders is
// observable (checker/commutation.h). Otherwise by exploring the program twice more: once with
// b waiting for a (semantics/program/order.h: through a Barrier, so that a DEAD a orders b
// without making it DEAD), so that a fires before b in every run, and once with a waiting for
// b (a and b are unordered, so neither order closes a cycle). Both runs use the check's reduction
// level and limits. The race is
//   observable  when it failed to commute in a stored state, or when the two outcome sets
//               differ: forcing one order or the other changes what is reachable;
//   benign      otherwise, and also when one forced order never fires both nodes (every run
//               of it stops stuck before one of them): something that blocks, such as a
//               queue, orders the pair after all.
// The commutation test catches races that only matter together with another: in three
// unsynchronized increments of x, forcing any one pair's order still leaves x = 1, 2 and 3
// reachable, yet a read and a write that change places change the value read. It looks at the
// states explored, all reachable states under --reduction none and fewer under a reduction, so
// a race called benign under a reduction was benign in the states explored and in the forced
// runs.
// Outcomes are compared by outcome identity (outcome.h). A deterministic result makes every
// race benign without extra runs (check.h marks them so). A race whose check or forced-order
// run a limit stopped stays unknown (observable empty), with the reason.
#pragma once

#include <functional>
#include <string>

#include "checker/api/check.h"
#include "checker/api/exploration_run.h"
#include "semantics/model/graph_model.h"

namespace tfmc::api {

// Marks observable the races of `r`, a complete and nondeterministic check over `model`
// explored by `run`, whose two nodes fail to commute in some stored state.
void mark_noncommuting_races(sem::GraphModel& model, ExplorationRun& run, CheckResult& r);

// Explores `program` as the check did: same value store, reduction level and limits. `label`
// names the run in progress reports.
using ExploreProgram =
    std::function<CheckResult(const sem::Program& program, const std::string& label)>;

// Classifies every race of `result`, the check of `program`, with two runs of `explore` per
// race (one when the first is stopped by a limit). A deterministic or incomplete result is
// left as it is.
void classify_races(const sem::Program& program, CheckResult& result,
                    const ExploreProgram& explore);

}  // namespace tfmc::api
