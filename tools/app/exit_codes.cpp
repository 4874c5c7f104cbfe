#include "tools/app/exit_codes.h"

namespace tfmc::app {

int check_exit_code(const api::CheckResult& r) {
  if (!r.exploration.complete) {
    const bool only_bounds = r.exploration.stop_reason == check::StopReason::MaxIterations;
    return only_bounds && r.nondeterminism_proven() ? kExitNondeterministic : kExitIncomplete;
  }
  return r.deterministic() ? kExitOk : kExitNondeterministic;
}

int compare_exit_code(const api::CompareResult& r, bool require_equivalent) {
  if (!r.complete) return kExitIncomplete;
  const bool ok = require_equivalent ? *r.equivalent : *r.refines;
  return ok ? kExitOk : kExitNondeterministic;
}

}  // namespace tfmc::app
