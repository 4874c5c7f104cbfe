// Explorations over the ranks of an MPI run (checker/distributed/distributed_explorer.h), as
// an Engine of checks (check.h): every rank runs the same check, each exploration of it on
// every rank together, and every rank ends with the same result (outcomes in its own value
// store), so that race classification and compare take the same steps on all of them. Rank 0
// reports it.
#pragma once

#include "checker/api/exploration_run.h"
#include "checker/distributed/distributed_options.h"
#include "checker/distributed/mpi_ranks.h"

namespace tfmc::api {

// The engine of checks that explore over `ranks`; they must outlive it.
Engine distributed_engine(const dist::MpiRanks& ranks, dist::DistributedOptions options);

}  // namespace tfmc::api
