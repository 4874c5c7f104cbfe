// Which executions of a session are interchangeable (checker/api/program_replicas.h), on
// sessions as tfmc builds them: --concurrent copies, the copies of each run with --runs,
// one file given twice, different files, critical sections.
#include "checker/api/program_replicas.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "checker/api/session.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"
#include "support/files.h"
#include "support/programs.h"

using tfmc::test::kIncrementProgram;

namespace {

// The sizes of the replica classes of the session, or the reason there are none.
struct Found {
  std::vector<std::size_t> classes;
  std::string why_not;
};

Found replicas(std::vector<std::string> files, std::uint32_t concurrent, std::uint32_t runs = 1) {
  tfmc::api::SessionOptions session;
  session.files = std::move(files);
  session.concurrent = concurrent;
  session.runs = runs;
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(session, values);
  tfmc::eval::CpuEvaluator evaluator;
  const tfmc::sem::GraphModel model(program, values, evaluator);
  Found found;
  const auto symmetry = tfmc::api::program_replicas(program, model, found.why_not);
  if (symmetry) found.classes = symmetry->class_sizes();
  return found;
}

}  // namespace

TEST_CASE("concurrent copies of a program are one class of replicas", "[checker][symmetry]") {
  const std::string path = tfmc::test::write_test_file("increment.tfg", kIncrementProgram);
  CHECK(replicas({path}, 4).classes == std::vector<std::size_t>{4});
  // One file given twice is two copies too.
  CHECK(replicas({path, path}, 1).classes == std::vector<std::size_t>{2});
  // Each run's copies are a class: run 2's wait for the barrier that run 1's feed.
  CHECK(replicas({path}, 2, 2).classes == std::vector<std::size_t>{2, 2});
  // Runs of one execution differ (only the later ones wait for a barrier).
  const Found runs = replicas({path}, 1, 3);
  CHECK(runs.classes.empty());
  CHECK(runs.why_not == "no two executions of the program are copies of each other");
}

TEST_CASE("different programs and critical sections have no replicas", "[checker][symmetry]") {
  const std::string a = tfmc::test::write_test_file("increment.tfg", kIncrementProgram);
  const std::string b = tfmc::test::write_test_file(
      "decrement.tfg",
      "var x = i32{0}\none = Const {value=i32{1}}\nr = Read(&x)\ns = Sub(r, one)\n"
      "w = Write(&x, s)\noutput r\n");
  CHECK(replicas({a, b}, 1).classes.empty());
  // Two copies of each file: a class of each.
  CHECK(replicas({a, b}, 2).classes == std::vector<std::size_t>{2, 2});
  const std::string section = tfmc::test::write_test_file(
      "section.tfg", std::string(kIncrementProgram) + "section inc : r, s, w\n");
  const Found guarded = replicas({section}, 2);
  CHECK(guarded.classes.empty());
  CHECK(guarded.why_not == "the program has critical sections");
}
