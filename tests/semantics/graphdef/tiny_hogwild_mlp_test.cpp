// Hogwild training of testdata/savedmodel/mlp_tiny_hogwild (tools/tf/make_tiny_hogwild_mlp.py):
// K concurrent SGD steps of a 2-2-1 MLP that TensorFlow saved, whose train_step updates the
// output layer's weights w2 and returns nothing. tfmc must find exactly the values of w2 that
// TensorFlow computes for the K! histories of the steps' reads and updates
// (tiny_hogwild_mlp_cases.inc, hex floats), at every reduction level, with and without
// symmetry. The step's function has no outputs: its run is its call (not the whole graph,
// whose saver functions hold ops tfmc cannot map).
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

struct Case {
  int steps;
  double w0, w1;
};
const Case kCases[] = {
#include "tiny_hogwild_mlp_cases.inc"
};

using Bits = std::pair<std::uint32_t, std::uint32_t>;

std::set<Bits> expected(int steps) {
  std::set<Bits> values;
  for (const Case& c : kCases) {
    if (c.steps == steps) {
      values.insert({std::bit_cast<std::uint32_t>(static_cast<float>(c.w0)),
                     std::bit_cast<std::uint32_t>(static_cast<float>(c.w1))});
    }
  }
  return values;
}

// `tfmc check` of K concurrent train steps with `flags`; the w2 of each outcome, as bits.
std::set<Bits> checked(int steps, const std::vector<std::string>& flags) {
  std::vector<std::string> args = {"check",
                                   tfmc::test::source_path("testdata/savedmodel/mlp_tiny_hogwild"),
                                   "--function",
                                   "train_step",
                                   "--feed",
                                   "x=f32[1,2]{0.3, 1.2}",
                                   "--feed",
                                   "y=f32[1,1]{0.7}",
                                   "--concurrent",
                                   std::to_string(steps),
                                   "--no-race-classification",
                                   "--json",
                                   "--quiet"};
  args.insert(args.end(), flags.begin(), flags.end());
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.code == (steps == 1 ? 0 : 1));
  std::set<Bits> values;
  for (const tfmc::test::ListedOutcome& o :
       tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out))) {
    CHECK(o.outputs.empty());
    CHECK(o.blocked.empty());
    REQUIRE(o.variables.size() == 1);
    CHECK(o.variables[0].first == "w2");
    // f32[2,1]{A, B}: the two numbers between the braces.
    const std::string& text = o.variables[0].second;
    const std::size_t open = text.find('{');
    REQUIRE(text.rfind("f32[2,1]{", 0) == 0);
    char* end = nullptr;
    const float a = std::strtof(text.c_str() + open + 1, &end);
    REQUIRE(std::string(end, 2) == ", ");
    const float b = std::strtof(end + 2, &end);
    REQUIRE(std::string(end) == "}");
    values.insert({std::bit_cast<std::uint32_t>(a), std::bit_cast<std::uint32_t>(b)});
  }
  return values;
}

}  // namespace

TEST_CASE("Hogwild SGD steps of a tiny MLP leave TensorFlow's values of every history",
          "[graphdef][savedmodel][hogwild]") {
  const std::size_t counts[] = {1, 2, 5, 15, 45, 147};
  for (int steps = 1; steps <= 6; ++steps) {
    INFO(steps << " concurrent steps");
    REQUIRE(expected(steps).size() == counts[steps - 1]);
    CHECK(checked(steps, {}) == expected(steps));
  }
}

TEST_CASE("Hogwild SGD steps of a tiny MLP: the same values at every reduction and symmetry",
          "[graphdef][savedmodel][hogwild]") {
  for (int steps = 2; steps <= 4; ++steps) {
    INFO(steps << " concurrent steps");
    for (const char* reduction : {"eager", "stubborn"}) {
      for (const char* symmetry : {"none", "replicas"}) {
        INFO("--reduction " << reduction << " --symmetry " << symmetry);
        CHECK(checked(steps, {"--reduction", reduction, "--symmetry", symmetry}) ==
              expected(steps));
      }
    }
  }
}
