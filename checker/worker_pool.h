// A fixed set of threads that run one job at a time: run(n, job) calls job(w) for each
// worker w in [0, n), worker 0 on the calling thread, and returns when every call has. The
// explorer runs a job per level (expand, then renumber), so the threads are made once per
// exploration, not once per level.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tfmc::check {

class WorkerPool {
 public:
  // A pool of `threads` workers in all (the caller's thread counts as one).
  explicit WorkerPool(unsigned threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }
  // Runs job(w) for w in [0, workers), workers <= size(), and waits for all of them. When
  // jobs throw (memory exhausted, a broken invariant), run throws the first exception once
  // every job has returned; a job should then see that the others have failed and stop.
  void run(unsigned workers, const std::function<void(unsigned)>& job);

 private:
  void serve(unsigned w);

  std::vector<std::thread> threads_;  // workers 1 .. size() - 1
  std::mutex lock_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  unsigned workers_ = 0;        // of the current job
  unsigned running_ = 0;        // threads of the current job still at it
  std::size_t generation_ = 0;  // jobs started
  bool stopping_ = false;
  std::exception_ptr failure_;  // the first exception a job of the current run threw
};

// Runs fn(w, k) for every k in [0, n) on `workers` workers w of `pool` (nullptr: this
// thread, as worker 0), handing out items one at a time.
void for_each_item(WorkerPool* pool, unsigned workers, std::size_t n,
                   const std::function<void(unsigned, std::size_t)>& fn);

// The number of threads "all cores" means here: the cores this process may run on.
unsigned available_cores();

}  // namespace tfmc::check
