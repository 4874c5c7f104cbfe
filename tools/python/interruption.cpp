#include "tools/python/interruption.h"

#include <chrono>
#include <thread>

namespace py = pybind11;

namespace tfmc::python {

api::ProgressSink Interruption::sink() {
  if (progress_.is_none()) return {};
  return [this](const check::Progress& p, const std::string& label) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      report_.emplace(p, label);
    }
    changed_.notify_all();
  };
}

int Interruption::run(const std::function<int()>& work) {
  int result = 0;
  std::thread worker([&] {
    result = work();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    changed_.notify_all();
  });
  std::optional<py::error_already_set> raised;
  for (;;) {
    std::optional<std::pair<check::Progress, std::string>> report;
    {
      py::gil_scoped_release unlocked;
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait_for(lock, std::chrono::milliseconds(100),
                        [this] { return done_ || report_.has_value(); });
      if (done_) break;
      report.swap(report_);
    }
    if (raised) continue;  // stopping: wait for the work to return
    if (PyErr_CheckSignals() != 0) {
      raised.emplace();  // takes the pending exception
    } else if (report) {
      const auto& [p, label] = *report;
      try {
        progress_(label, p.seconds, p.states, p.transitions, p.queued);
      } catch (py::error_already_set& e) {
        raised.emplace(std::move(e));
      }
    }
    if (raised) stop = true;
  }
  worker.join();
  if (raised) throw std::move(*raised);
  return result;
}

}  // namespace tfmc::python
