// One MPI request awaited within a bound (BoundedWait, mpi_ranks.h): for the distributed
// layer's own files, which call MPI.
#pragma once

#include <mpi.h>

#include <functional>
#include <string>

namespace tfmc::dist {

// Tests `request` until it completes; throws RankTimeout, naming `what` (made only then),
// after `timeout_s` seconds.
void wait_bounded(MPI_Request& request, double timeout_s, const std::function<std::string()>& what);

}  // namespace tfmc::dist
