#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <vector>

#include "mpi/mpi_world.h"

namespace {
tfmc::dist::MpiRanks* ranks = nullptr;
}  // namespace

tfmc::dist::MpiRanks& tfmc::testing::world() { return *ranks; }

int main(int argc, char** argv) {
  auto owned = std::make_unique<tfmc::dist::MpiRanks>(60);
  ranks = owned.get();
  const int failed = Catch::Session().run(argc, argv);
  // A test may leave messages unmatched: every rank waits for the others before MPI ends.
  const std::vector<std::uint64_t> verdict = {static_cast<std::uint64_t>(failed != 0)};
  const bool any_failed = ranks->max(verdict)[0] != 0;
  owned.reset();
  return any_failed ? 1 : 0;
}
