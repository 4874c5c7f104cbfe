// A call of the Python module that runs its work on a thread of its own, the GIL released,
// while the calling thread watches it: every tenth of a second it checks for signals
// (PyErr_CheckSignals, which only the main thread may do) and hands the latest progress
// report to the progress callback. A signal handler's exception (KeyboardInterrupt on Ctrl-C)
// or one the callback raises sets `stop`, which the work's limits watch (Limits::stop), so that
// the work stops as at --max-seconds; the exception is raised again once the work has returned.
// Python code runs on the calling thread only.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "checker/api/check.h"

namespace tfmc::python {

class Interruption {
 public:
  // `progress`: None, or called as progress(label, seconds, states stored, transitions, states
  // queued), `label` "" for a check's own exploration (check.h ProgressSink).
  explicit Interruption(pybind11::object progress) : progress_(std::move(progress)) {}

  // Runs `work` on a thread of its own and returns its result, watching it as the header
  // says; `work` must not touch Python objects. Called with the GIL held.
  int run(const std::function<int()>& work);

  // The sink that gives the watching thread the work's progress reports.
  api::ProgressSink sink();

  std::atomic<bool> stop{false};

 private:
  pybind11::object progress_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool done_ = false;
  std::optional<std::pair<check::Progress, std::string>> report_;  // not yet handed on
};

}  // namespace tfmc::python
