// Orders added to a built Program. The race report (checker/api/race_classification.h) forces one
// order of a race, a before b, and explores the result.
#pragma once

#include <cstdint>

#include "semantics/program/program.h"
#include "semantics/program/program_walks.h"  // reaches

namespace tfmc::sem {

// A copy of `program` in which node `to` cannot fire before node `from` has fired, whether
// `from` fires live or DEAD: a Barrier node named `~order` (NodeKind::Barrier, which sends GO
// even on DEAD inputs) with a control edge from `from` and one to `to`. A plain control edge
// would carry `from`'s DEAD to `to` and stop `to` from running, which is not an order; through
// the Barrier the order is all that changes. The node and its two edges are appended (every
// variable slot moves up by two); the invariants of program.h still hold (a GO input edge of
// `to` stays: it is full from the start and does not change when `to` can fire).
// Throws std::invalid_argument when either index is out of range, when `from` == `to`, or when
// `to` reaches `from` (the order would close a cycle).
Program with_order(const Program& program, std::uint32_t from, std::uint32_t to);

}  // namespace tfmc::sem
