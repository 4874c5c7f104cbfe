// Orders added to a built Program. The race report (checker/api/race_classification.h) forces one
// order of a race, a before b, by adding the control edge a -> b, and explores the result.
#pragma once

#include <cstdint>

#include "semantics/program/program.h"
#include "semantics/program/program_walks.h"  // reaches

namespace tfmc::sem {

// A copy of `program` with one more control edge, from node `from` to node `to`: what
// `to = ... after from` would have added, so `to` cannot fire before `from` has. The edge is
// appended to `edges` (every variable slot moves up by one) and to the two nodes' control
// lists; nothing else changes, and the invariants of program.h still hold (a GO input edge of
// `to` stays: it is full from the start and does not change when `to` can fire).
// Throws std::invalid_argument when either index is out of range, when `from` == `to`, or when
// `to` reaches `from` (the edge would close a cycle).
Program with_control_edge(const Program& program, std::uint32_t from, std::uint32_t to);

}  // namespace tfmc::sem
