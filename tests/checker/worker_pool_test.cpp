// WorkerPool: every worker runs each job once, and an exception thrown on any thread reaches
// the caller of run() instead of ending the process.
#include "checker/worker_pool.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

using tfmc::check::WorkerPool;

TEST_CASE("a pool runs each job on every worker asked for, once", "[checker][pool]") {
  WorkerPool pool(4);
  REQUIRE(pool.size() == 4);
  for (unsigned workers : {1u, 4u, 2u, 3u}) {
    std::vector<std::atomic<int>> runs(4);
    pool.run(workers, [&](unsigned w) { runs[w].fetch_add(1); });
    for (unsigned w = 0; w < 4; ++w) CHECK(runs[w].load() == (w < workers ? 1 : 0));
  }
}

TEST_CASE("an exception thrown by a job reaches the caller of run", "[checker][pool]") {
  WorkerPool pool(3);
  for (unsigned thrower : {0u, 1u, 2u}) {
    std::atomic<int> finished{0};
    CHECK_THROWS_WITH(pool.run(3,
                               [&](unsigned w) {
                                 if (w == thrower) throw std::runtime_error("worker failed");
                                 finished.fetch_add(1);
                               }),
                      "worker failed");
    CHECK(finished.load() == 2);  // the others ran to their end
  }
  // The pool still works after a failure.
  std::atomic<int> runs{0};
  pool.run(3, [&](unsigned) { runs.fetch_add(1); });
  CHECK(runs.load() == 3);
}
