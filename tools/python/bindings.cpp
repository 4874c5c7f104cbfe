// tfmc._tfmc: the checking API (checker/api/) for the tfmc Python package
// (tools/python/tfmc/). Three calls, each the library form of a command: check, compare and
// races, taking what the command's options say as keyword arguments and returning the plain
// objects of python_results.h, which the package wraps.
//
// Errors are exceptions: InputError for what the command line refuses with exit 2 (its message
// is the command's located message), InternalError for what it ends with exit 4 (its message
// is the command's line). The package defines both (tfmc/_errors.py) and hands them to
// set_error_types.
//
// A call runs its work on a thread of its own, the GIL released, while the calling thread
// watches (interruption.h): it checks for signals every tenth of a second, so that Ctrl-C
// (KeyboardInterrupt) stops the work as --max-seconds would and is raised once the work has
// returned, and calls the progress callback, when one is given, with each progress report.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <sstream>

#include "checker/api/check.h"
#include "checker/api/compare.h"
#include "checker/api/race.h"
#include "checker/api/session.h"
#include "checker/limit_watch.h"
#include "semantics/model/happens_before.h"
#include "tools/app/cli.h"
#include "tools/app/exit_codes.h"
#include "tools/python/interruption.h"
#include "tools/python/python_results.h"

namespace py = pybind11;

namespace tfmc::python {
namespace {

// The exception types of the package (header).
py::object input_error_type;
py::object internal_error_type;

[[noreturn]] void raise(const py::object& type, std::string message) {
  while (!message.empty() && message.back() == '\n') message.pop_back();
  PyErr_SetString(type.ptr(), message.c_str());
  throw py::error_already_set();
}

// Runs `work` as the command line runs a command (app::guard_internal_errors), watched
// (interruption.h), turning its failures into the package's exceptions.
template <typename Work>
auto run_command(Work work, Interruption& watch) -> decltype(work()) {
  std::optional<decltype(work())> result;
  std::string input_error;
  std::ostringstream out, err;
  const int code = watch.run([&] {
    return app::guard_internal_errors(
        [&] {
          try {
            result.emplace(work());
          } catch (const sem::InputError& e) {
            input_error = e.what();
            return static_cast<int>(app::kExitBadInput);
          }
          return static_cast<int>(app::kExitOk);
        },
        out, err);
  });
  if (code == app::kExitBadInput) raise(input_error_type, input_error);
  if (code != app::kExitOk) raise(internal_error_type, err.str());
  return std::move(*result);
}

// The session options of a call: the command line's FILEs and session options. `contents`
// holds the files given in memory, by the names `files` gives them.
api::SessionOptions session_options(const std::vector<std::string>& files,
                                    const std::map<std::string, py::bytes>& contents,
                                    const std::vector<std::string>& feeds,
                                    const std::vector<std::string>& fetch,
                                    const std::vector<std::string>& target,
                                    const std::vector<std::string>& init, std::uint32_t concurrent,
                                    std::uint32_t runs) {
  api::SessionOptions s;
  s.files = files;
  for (const auto& [name, bytes] : contents) s.contents[name] = std::string(bytes);
  s.feeds = feeds;
  s.graph.run.fetches = fetch;
  s.graph.run.targets = target;
  s.graph.run.inits = init;
  s.concurrent = concurrent;
  s.runs = runs;
  return s;
}

check::Reduction reduction_named(const std::string& name) {
  static const std::map<std::string, check::Reduction> kReductions = {
      {"none", check::Reduction::None},
      {"eager", check::Reduction::Eager},
      {"stubborn", check::Reduction::Stubborn}};
  const auto it = kReductions.find(name);
  if (it == kReductions.end()) {
    raise(input_error_type,
          fmt::format("tfmc: reduction '{}': expected none, eager or stubborn", name));
  }
  return it->second;
}

// The checking API's options for every exploration of a call, stopped by `watch`.
api::CheckOptions check_options(const std::string& reduction, unsigned threads,
                                std::uint64_t max_states, double max_seconds,
                                std::uint64_t max_memory, Interruption& watch) {
  api::CheckOptions c;
  c.reduction = reduction_named(reduction);
  c.parallel.threads = threads;
  c.limits.max_states = max_states;
  c.limits.max_seconds = max_seconds;
  c.limits.max_memory_bytes = max_memory;
  c.limits.since = std::chrono::steady_clock::now();
  c.limits.stop = &watch.stop;
  c.progress = watch.sink();
  return c;
}

py::dict check(const std::vector<std::string>& files,
               const std::map<std::string, py::bytes>& contents,
               const std::vector<std::string>& feeds, const std::vector<std::string>& fetch,
               const std::vector<std::string>& target, const std::vector<std::string>& init,
               std::uint32_t concurrent, std::uint32_t runs, const std::string& reduction,
               unsigned threads, std::uint64_t max_states, double max_seconds,
               std::uint64_t max_memory, bool classify_races, const py::object& progress) {
  const api::SessionOptions session =
      session_options(files, contents, feeds, fetch, target, init, concurrent, runs);
  Interruption watch(progress);
  api::CheckOptions options =
      check_options(reduction, threads, max_states, max_seconds, max_memory, watch);
  options.classify_races = classify_races;
  sem::ValueStore values;
  const api::CheckResult result = run_command(
      [&] {
        api::SessionFacts facts;
        const sem::Program program = api::load_session(session, values, nullptr, &facts);
        api::CheckResult r = api::check(program, values, options);
        r.refs = facts.refs;
        return r;
      },
      watch);
  return check_dict(result, values);
}

py::dict compare(const std::vector<std::string>& before, const std::vector<std::string>& after,
                 const std::map<std::string, py::bytes>& contents,
                 const std::vector<std::string>& feeds, const std::vector<std::string>& fetch,
                 const std::vector<std::string>& target, const std::vector<std::string>& init,
                 std::uint32_t concurrent, std::uint32_t runs,
                 const std::map<std::string, std::string>& renames,
                 const std::vector<std::string>& ignored, bool require_equivalent,
                 const std::string& reduction, unsigned threads, std::uint64_t max_states,
                 double max_seconds, std::uint64_t max_memory, const py::object& progress) {
  api::SessionOptions before_session =
      session_options(before, contents, feeds, fetch, target, init, concurrent, runs);
  api::SessionOptions after_session = before_session;
  after_session.files = after;
  Interruption watch(progress);
  const api::CheckOptions options =
      check_options(reduction, threads, max_states, max_seconds, max_memory, watch);
  api::NameMapping mapping;
  mapping.renames.assign(renames.begin(), renames.end());
  mapping.ignored = ignored;
  // One value store for both sides, so that equal values have equal ids (compare.h).
  sem::ValueStore values;
  const api::CompareResult result = run_command(
      [&] {
        const sem::Program b = api::load_session(before_session, values);
        const sem::Program a = api::load_session(after_session, values);
        api::CheckResult before_result = api::explore(b, values, options, "before");
        api::CheckResult after_result = api::explore(a, values, options, "after");
        return api::compare(std::move(before_result), std::move(after_result), mapping, values);
      },
      watch);
  return compare_dict(result, values, require_equivalent);
}

py::dict races(const std::vector<std::string>& files,
               const std::map<std::string, py::bytes>& contents,
               const std::vector<std::string>& feeds, const std::vector<std::string>& fetch,
               const std::vector<std::string>& target, const std::vector<std::string>& init,
               std::uint32_t concurrent, std::uint32_t runs, double max_seconds,
               std::uint64_t max_memory) {
  const api::SessionOptions session =
      session_options(files, contents, feeds, fetch, target, init, concurrent, runs);
  Interruption watch{py::none()};
  check::Limits limits;
  limits.max_seconds = max_seconds;
  limits.max_memory_bytes = max_memory;
  limits.stop = &watch.stop;
  struct Found {
    std::string program;
    std::vector<api::Race> races;
    bool complete = true;
  };
  const Found found = run_command(
      [&] {
        sem::ValueStore values;
        const sem::Program program = api::load_session(session, values);
        check::LimitWatch limit(limits);
        const sem::Concurrency concurrency = sem::analyze_concurrency(
            program, [&limit] { return limit.reached() != check::StopReason::None; });
        return Found{program.file, api::races_of(program, concurrency), !concurrency.stopped};
      },
      watch);
  return races_dict(found.program, found.races, found.complete);
}

}  // namespace
}  // namespace tfmc::python

PYBIND11_MODULE(_tfmc, m) {
  using namespace tfmc::python;
  m.doc() = "The tfmc checking API; the tfmc package wraps it (use that).";
  m.def(
      "set_error_types",
      [](py::object input, py::object internal) {
        input_error_type = std::move(input);
        internal_error_type = std::move(internal);
      },
      "The exception types raised for bad input (exit 2) and internal errors (exit 4).");
  const auto session_args = [] {
    return std::make_tuple(py::arg("contents"), py::arg("feeds"), py::arg("fetch"),
                           py::arg("target"), py::arg("init"), py::arg("concurrent"),
                           py::arg("runs"));
  };
  std::apply(
      [&](auto... session) {
        m.def("check", &check, py::arg("files"), session..., py::arg("reduction"),
              py::arg("threads"), py::arg("max_states"), py::arg("max_seconds"),
              py::arg("max_memory"), py::arg("classify_races"), py::arg("progress"),
              "tfmc check FILES...: a dict of the result (python_results.h).");
        m.def("compare", &compare, py::arg("before"), py::arg("after"), session...,
              py::arg("renames"), py::arg("ignored"), py::arg("require_equivalent"),
              py::arg("reduction"), py::arg("threads"), py::arg("max_states"),
              py::arg("max_seconds"), py::arg("max_memory"), py::arg("progress"),
              "tfmc compare BEFORE AFTER: a dict of the result (python_results.h).");
        m.def("races", &races, py::arg("files"), session..., py::arg("max_seconds"),
              py::arg("max_memory"), "tfmc races FILES...: a dict of the races found.");
      },
      session_args());
  // The module's state is Python objects; release them before the interpreter ends.
  py::module_::import("atexit").attr("register")(py::cpp_function([] {
    input_error_type = py::object();
    internal_error_type = py::object();
  }));
}
