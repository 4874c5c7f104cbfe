#include "checker/worker_pool.h"

#include <sched.h>

#include <atomic>

namespace tfmc::check {

WorkerPool::WorkerPool(unsigned threads) {
  for (unsigned w = 1; w < threads; ++w) threads_.emplace_back([this, w] { serve(w); });
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard<std::mutex> hold(lock_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::run(unsigned workers, const std::function<void(unsigned)>& job) {
  if (workers > 1) {
    const std::lock_guard<std::mutex> hold(lock_);
    job_ = &job;
    workers_ = workers;
    running_ = workers - 1;
    failure_ = nullptr;
    ++generation_;
  }
  if (workers > 1) start_.notify_all();
  std::exception_ptr failure;
  try {
    job(0);
  } catch (...) {
    failure = std::current_exception();
  }
  if (workers > 1) {
    std::unique_lock<std::mutex> hold(lock_);
    done_.wait(hold, [this] { return running_ == 0; });
    job_ = nullptr;
    if (failure == nullptr) failure = failure_;
  }
  if (failure != nullptr) std::rethrow_exception(failure);
}

void WorkerPool::serve(unsigned w) {
  std::size_t seen = 0;
  for (;;) {
    const std::function<void(unsigned)>* job = nullptr;
    {
      std::unique_lock<std::mutex> hold(lock_);
      start_.wait(hold, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (w < workers_) job = job_;
    }
    if (job == nullptr) continue;
    std::exception_ptr failure;
    try {
      (*job)(w);
    } catch (...) {
      failure = std::current_exception();
    }
    {
      const std::lock_guard<std::mutex> hold(lock_);
      if (failure != nullptr && failure_ == nullptr) failure_ = failure;
      if (--running_ == 0) done_.notify_one();
    }
  }
}

void for_each_item(WorkerPool* pool, unsigned workers, std::size_t n,
                   const std::function<void(unsigned, std::size_t)>& fn) {
  std::atomic<std::size_t> next{0};
  const auto job = [&](unsigned w) {
    for (std::size_t k = next.fetch_add(1); k < n; k = next.fetch_add(1)) fn(w, k);
  };
  if (pool != nullptr && workers > 1) {
    pool->run(workers, job);
  } else {
    job(0);
  }
}

unsigned available_cores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<unsigned>(n);
  }
  const unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? n : 1;
}

}  // namespace tfmc::check
