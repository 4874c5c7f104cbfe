#include "checker/distributed/mpi_ranks.h"

#include <mpi.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "checker/distributed/mpi_wait.h"
#include "semantics/errors/invariant.h"

namespace tfmc::dist {

BoundedWait::BoundedWait(double timeout_s)
    : timeout_s_(timeout_s), last_(std::chrono::steady_clock::now()) {}

void BoundedWait::moved() { last_ = std::chrono::steady_clock::now(); }

bool BoundedWait::yield_expired() const {
  std::this_thread::yield();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - last_).count() >
         timeout_s_;
}

std::string BoundedWait::message(const std::string& what) const {
  return what + " for " + std::to_string(static_cast<int>(timeout_s_)) +
         " s: a rank died or cannot be reached";
}

void wait_bounded(MPI_Request& request, double timeout_s,
                  const std::function<std::string()>& what) {
  const BoundedWait wait(timeout_s);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done != 0) return;
    wait.idle(what);
  }
}

MpiRanks::MpiRanks(double timeout_s) : timeout_s_(timeout_s) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  TFMC_CHECK(provided >= MPI_THREAD_FUNNELED, "MPI offers threads that call it from one thread");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiRanks::~MpiRanks() { MPI_Finalize(); }

std::vector<std::uint64_t> MpiRanks::reduce(std::span<const std::uint64_t> mine,
                                            bool maximum) const {
  std::vector<std::uint64_t> out(mine.size());
  MPI_Request request;
  MPI_Iallreduce(mine.data(), out.data(), static_cast<int>(mine.size()), MPI_UINT64_T,
                 maximum ? MPI_MAX : MPI_SUM, MPI_COMM_WORLD, &request);
  wait_bounded(request, timeout_s_,
               [] { return std::string("a rank did not take part in a collective"); });
  return out;
}

std::vector<std::uint64_t> MpiRanks::sum(std::span<const std::uint64_t> mine) const {
  return reduce(mine, false);
}

std::vector<std::uint64_t> MpiRanks::max(std::span<const std::uint64_t> mine) const {
  return reduce(mine, true);
}

std::vector<std::vector<unsigned char>> MpiRanks::all_gather(
    std::span<const unsigned char> mine) const {
  const int count = static_cast<int>(mine.size());
  TFMC_CHECK(mine.size() == static_cast<std::size_t>(count), "a gathered part under 2 GiB");
  std::vector<int> counts(static_cast<std::size_t>(size_));
  MPI_Request request;
  MPI_Iallgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
  wait_bounded(request, timeout_s_,
               [] { return std::string("a rank did not take part in a gather"); });
  std::vector<int> offsets(counts.size(), 0);
  std::size_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(counts[r]);
  }
  TFMC_CHECK(total < (std::size_t{1} << 31), "gathered parts under 2 GiB in all");
  std::vector<unsigned char> all(total);
  MPI_Iallgatherv(mine.data(), count, MPI_BYTE, all.data(), counts.data(), offsets.data(), MPI_BYTE,
                  MPI_COMM_WORLD, &request);
  wait_bounded(request, timeout_s_,
               [] { return std::string("a rank did not take part in a gather"); });
  std::vector<std::vector<unsigned char>> out;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    const auto* first = all.data() + offsets[r];
    out.emplace_back(first, first + counts[r]);
  }
  return out;
}

void MpiRanks::abort(int code) const {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return; the compiler is told so
}

}  // namespace tfmc::dist
