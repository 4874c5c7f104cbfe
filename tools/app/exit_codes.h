// The exit codes of every tfmc command, in one place (FORMAT.md, "Exit codes"), and how
// the checking API's results map to them.
#pragma once

#include "checker/api/check.h"
#include "checker/api/compare.h"

namespace tfmc::app {

enum ExitCode : int {
  kExitOk = 0,                // check: complete, exactly one outcome, not stuck; other commands: ok
  kExitNondeterministic = 1,  // check: complete with more than one outcome or a stuck outcome
  kExitBadInput = 2,          // bad usage or bad input; nothing explored
  kExitIncomplete = 3,        // a limit stopped exploration; partial results printed
  kExitInternalError = 4,     // a bug in tfmc: a broken invariant; the one line says which
  // check: complete with several outcomes that differ only where their runs assumed values of
  // uninterpreted functions or symbols (CheckResult::inconclusive); compare: the verdict fails
  // only through such assumptions (CompareResult::inconclusive)
  kExitInconclusive = 5,
};

// check: 3 when incomplete, else 0 when deterministic, 5 when inconclusive, else 1.
int check_exit_code(const api::CheckResult& r);
// compare: 3 when incomplete, else 0 when AFTER refines BEFORE (is equivalent, with
// `require_equivalent`), 5 when it does not only through outcomes the other side reaches under
// other assumptions (CompareResult::inconclusive), else 1.
int compare_exit_code(const api::CompareResult& r, bool require_equivalent);

}  // namespace tfmc::app
