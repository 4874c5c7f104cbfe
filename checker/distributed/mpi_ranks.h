// The processes of a distributed exploration: MPI's world communicator, which mpirun starts
// (Open MPI on a cluster, or oversubscribed on one machine). Every rank runs the same program
// on the same input; each owns the states whose hash falls to it.
//
// Waits are bounded (BoundedWait): a collective is started without blocking and tested until
// it completes or `timeout_s` passes with nothing done, when RankTimeout is thrown. A rank that
// died or cannot be reached thus ends the run with an error instead of a hang.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfmc::dist {

// A wait on other ranks that passed its bound.
class RankTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The bound of one wait on other ranks: the waiter tries, and says after each try whether
// anything moved (a message came, a send or a collective completed).
class BoundedWait {
 public:
  explicit BoundedWait(double timeout_s);
  // Something moved: the bound counts from now.
  void moved();
  // Nothing moved: gives the core to another process for a moment (ranks may outnumber the
  // cores), and throws RankTimeout, "WHAT for N s: ...", once timeout_s seconds have
  // passed since the wait began or last moved. `what` is made only then.
  template <class What>
  void idle(const What& what) const {
    if (yield_expired()) throw RankTimeout(message(what()));
  }

 private:
  bool yield_expired() const;
  std::string message(const std::string& what) const;

  double timeout_s_;
  std::chrono::steady_clock::time_point last_;
};

class MpiRanks {
 public:
  // Starts MPI in this process (the thread that makes it is the one that calls MPI), once.
  explicit MpiRanks(double timeout_s = 60);
  // Ends MPI.
  ~MpiRanks();
  MpiRanks(const MpiRanks&) = delete;
  MpiRanks& operator=(const MpiRanks&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // The element-wise sums and maxima over every rank of `mine` (the same length on every
  // rank). Throw RankTimeout.
  std::vector<std::uint64_t> sum(std::span<const std::uint64_t> mine) const;
  std::vector<std::uint64_t> max(std::span<const std::uint64_t> mine) const;
  // Every rank's `mine`, in rank order, on every rank. Throws RankTimeout.
  std::vector<std::vector<unsigned char>> all_gather(std::span<const unsigned char> mine) const;

  // Ends every rank of the run at once with exit status `code` (after an error on this rank,
  // so that no other waits for it).
  [[noreturn]] void abort(int code) const;

 private:
  std::vector<std::uint64_t> reduce(std::span<const std::uint64_t> mine, bool maximum) const;

  int rank_ = 0;
  int size_ = 1;
  double timeout_s_;
};

}  // namespace tfmc::dist
