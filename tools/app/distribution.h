// `--distributed` (check and compare): the command runs on every rank of an MPI run
// (mpirun -n N tfmc check FILE --distributed), its explorations over all ranks together
// (checker/api/distributed/distributed_run.h), and rank 0 prints the result; the other ranks
// print nothing, on stdout or stderr, unless the run fails there. Without the option, or in a
// tfmc built without MPI (where the option is an error that says how to get it), the command
// runs in this process alone.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>

#include "checker/api/check.h"

namespace tfmc::app {

struct Distribution {
  bool on = false;                      // --distributed
  double rank_timeout_s = 120;          // --rank-timeout
  std::size_t message_bytes = 1 << 16;  // --message-bytes
};

// Runs `command` with the streams to print on and the engine of its checks (empty: this
// process): as `distribution` asks. A failure on the way between ranks (a rank that died or
// does not answer) prints "tfmc: error: ..." and ends every rank with exit code 4.
int run_distributed(const Distribution& distribution, std::ostream& out, std::ostream& err,
                    const std::function<int(const api::Engine& engine, std::ostream& out,
                                            std::ostream& err)>& command);

}  // namespace tfmc::app
