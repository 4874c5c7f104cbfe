// The MPI test programs' shared main (mpi_test_main.cpp): MPI starts once per process, before
// the Catch2 tests, and ends after them, once every rank has given its verdict (a rank whose
// test failed makes every rank's exit status 1).
#pragma once

#include "checker/distributed/mpi_ranks.h"

namespace tfmc::testing {

// The ranks of this run, for the tests.
dist::MpiRanks& world();

}  // namespace tfmc::testing
