// Hogwild workers that TensorFlow built in one tf.Graph (testdata/graphdef/hogwild_workers,
// tools/tf/make_hogwild_graph.py): K identical workers each read the resource variables w and b
// and assign_sub one SGD step of a linear model from both. Each use of a variable's handle takes
// it through a Var node of its own (FORMAT.md, "TensorFlow graph files"), so --symmetry graph
// and auto find the workers as one class of K towers (FORMAT.md, "Symmetry reduction"); the
// outcomes must be exactly those of --symmetry none, each witness must replay to its outcome,
// and the values of (w, b) must be those TensorFlow computes for every interleaving of the
// workers' reads and updates (hogwild_workers_cases.inc, hex floats). Workers whose constants
// differ are no towers.
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/session.h"
#include "differential/symmetry_checks.h"
#include "semantics/errors/diagnostics.h"
#include "support/files.h"
#include "support/testdata.h"

namespace {

using tfmc::api::CheckOptions;
using tfmc::api::CheckResult;
using tfmc::api::Symmetry;

struct Case {
  const char* graph;
  double w0, w1, b;
};
const Case kCases[] = {
#include "hogwild_workers_cases.inc"
};

using Bits = std::array<std::uint32_t, 3>;  // w[0], w[1], b as f32 bits

std::set<Bits> expected(const std::string& graph) {
  std::set<Bits> values;
  for (const Case& c : kCases) {
    if (c.graph == graph) {
      values.insert({std::bit_cast<std::uint32_t>(static_cast<float>(c.w0)),
                     std::bit_cast<std::uint32_t>(static_cast<float>(c.w1)),
                     std::bit_cast<std::uint32_t>(static_cast<float>(c.b))});
    }
  }
  return values;
}

// The graph's program for the run its .args file names (--init and --target pairs).
tfmc::sem::Program load(const std::string& graph, tfmc::sem::ValueStore& values) {
  const std::string base = tfmc::test::source_path("testdata/graphdef/hogwild_workers/" + graph);
  tfmc::api::SessionOptions session;
  session.files = {base + ".pbtxt"};
  const std::vector<std::string> args =
      tfmc::test::nonempty_lines(tfmc::test::read_file(base + ".args"));
  for (std::size_t k = 0; k + 1 < args.size(); k += 2) {
    REQUIRE((args[k] == "--init" || args[k] == "--target"));
    (args[k] == "--init" ? session.graph.run.inits : session.graph.run.targets)
        .push_back(args[k + 1]);
  }
  return tfmc::api::load_session(session, values);
}

CheckResult explore(const tfmc::sem::Program& program, tfmc::sem::ValueStore& values,
                    Symmetry symmetry) {
  CheckOptions options;
  options.symmetry = symmetry;
  return tfmc::api::explore(program, values, options, "");
}

// The (w, b) of each outcome, as bits; every outcome's witness replays to it.
std::set<Bits> finals(const CheckResult& r, const tfmc::sem::Program& program,
                      tfmc::sem::ValueStore& values) {
  tfmc::difftest::WitnessReplay replay(program, values);
  std::set<Bits> out;
  for (const tfmc::api::Outcome& o : r.outcomes) {
    CHECK(replay.reaches(o));
    CHECK_FALSE(o.stuck);
    REQUIRE(o.variables.size() == 2);
    REQUIRE(o.variables[0].name == "b");
    REQUIRE(o.variables[1].name == "w");
    const tfmc::eval::Tensor& b = values.get(o.variables[0].value).tensor;
    const tfmc::eval::Tensor& w = values.get(o.variables[1].value).tensor;
    REQUIRE(b.bytes.size() == 4);
    REQUIRE(w.bytes.size() == 8);
    Bits bits;
    std::memcpy(&bits[0], w.bytes.data(), 8);
    std::memcpy(&bits[2], b.bytes.data(), 4);
    out.insert(bits);
  }
  return out;
}

}  // namespace

TEST_CASE("Hogwild workers built in one tf.Graph are one class of towers, outcomes kept",
          "[graphdef][symmetry][hogwild]") {
  for (int workers : {2, 3}) {
    const std::string graph = "workers" + std::to_string(workers);
    INFO(graph);
    tfmc::sem::ValueStore values;
    const tfmc::sem::Program program = load(graph, values);
    const CheckResult plain = explore(program, values, Symmetry::None);
    REQUIRE(plain.exploration.complete);
    CHECK(finals(plain, program, values) == expected(graph));
    for (Symmetry symmetry : {Symmetry::Graph, Symmetry::Auto}) {
      const CheckResult reduced = explore(program, values, symmetry);
      REQUIRE(reduced.exploration.complete);
      CHECK(reduced.symmetry == Symmetry::Graph);
      CHECK(reduced.replica_classes == std::vector<std::size_t>{std::size_t(workers)});
      CHECK(reduced.exploration.states < plain.exploration.states);
      CHECK(tfmc::difftest::compared(reduced) == tfmc::difftest::compared(plain));
      CHECK(finals(reduced, program, values) == expected(graph));
    }
  }
}

TEST_CASE("Hogwild workers with different constants are no towers",
          "[graphdef][symmetry][hogwild]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = load("different2", values);
  const CheckResult automatic = explore(program, values, Symmetry::Auto);
  REQUIRE(automatic.exploration.complete);
  CHECK(automatic.symmetry == Symmetry::None);
  CHECK(finals(automatic, program, values) == expected("different2"));
  CHECK_THROWS_AS(explore(program, values, Symmetry::Graph), tfmc::sem::InputError);
}
