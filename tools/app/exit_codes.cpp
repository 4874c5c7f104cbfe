#include "tools/app/exit_codes.h"

namespace tfmc::app {

int check_exit_code(const api::CheckResult& r) {
  if (!r.exploration.complete) {
    const bool only_bounds = r.exploration.stop_reason == check::StopReason::MaxIterations;
    return only_bounds && r.nondeterminism_proven() ? kExitNondeterministic : kExitIncomplete;
  }
  if (r.deterministic()) return kExitOk;
  return r.inconclusive() ? kExitInconclusive : kExitNondeterministic;
}

int compare_exit_code(const api::CompareResult& r, bool require_equivalent) {
  if (!r.complete) return kExitIncomplete;
  const bool ok = require_equivalent ? *r.equivalent : *r.refines;
  if (ok) return kExitOk;
  return r.inconclusive(require_equivalent) ? kExitInconclusive : kExitNondeterministic;
}

}  // namespace tfmc::app
