// The exit codes of every tfmc command, in one place (FORMAT.md section 5).
#pragma once

namespace tfmc::app {

enum ExitCode : int {
  kExitOk = 0,                // check: complete, exactly one outcome, not stuck; other commands: ok
  kExitNondeterministic = 1,  // check: complete with more than one outcome or a stuck outcome
  kExitBadInput = 2,          // bad usage or bad input; nothing explored
  kExitIncomplete = 3,        // a limit stopped exploration; partial results printed
};

}  // namespace tfmc::app
