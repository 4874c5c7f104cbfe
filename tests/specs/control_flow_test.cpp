// The control-flow examples of specs/control_flow/ against the outcome sets their headers
// derive by hand, through the built tfmc executable.
//
// Each case runs `tfmc check ARGS --json` at every reduction level it lists and checks the
// exact outcome set (outputs, variables, blocked nodes and the loop bounds reached), the exit
// code, and `complete` and `stop_reason`. The full exploration (--reduction none) interleaves
// every node of every unrolled iteration, DEAD ones included, so the cases that run it bound
// the loops with the fewest iterations their runs need. None of the expected sets is taken
// from tfmc's output.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/json_reader.h"
#include "support/literals.h"
#include "support/outcome_list.h"
#include "support/process.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::i32;
using tfmc::test::Json;
using Outcome = tfmc::test::ListedOutcome;

struct FlowCase {
  std::vector<std::string> args;  // the FILE (relative to specs/control_flow/) and options
  std::vector<std::string> reductions;
  int exit_code;
  std::vector<Outcome> outcomes;
  // Per outcome, in the same order: the NextIteration instances whose bound it reached.
  std::vector<std::vector<std::string>> bounds = {};
};

const std::string kDir = "specs/control_flow/";
const std::vector<std::string> kAll = {"none", "eager", "stubborn"};
const std::vector<std::string> kReduced = {"eager", "stubborn"};

const std::vector<FlowCase>& flow_cases() {
  static const std::vector<FlowCase> cases = {
      {{"counter_loop.tfg", "--max-iterations", "4"},
       kAll,
       0,
       {{{{"out", i32(3)}}, {{"x", i32(3)}}}}},
      {{"counter_loop.tfg"}, kReduced, 0, {{{{"out", i32(3)}}, {{"x", i32(3)}}}}},
      // Iteration 3 would decide to leave the loop; it is past the bound.
      {{"counter_loop.tfg", "--max-iterations", "3"},
       kAll,
       3,
       {{{{"out", "DEAD"}}, {{"x", i32(3)}}}},
       {{"n[2]"}}},
      {{"conditional_update.tfg", "--feed", "p=bool{true}"},
       kAll,
       0,
       {{{{"i", i32(0)}, {"r", i32(1)}}, {{"x", i32(1)}}}}},
      {{"conditional_update.tfg", "--feed", "p=bool{false}"},
       kAll,
       0,
       {{{{"i", i32(1)}, {"r", i32(2)}}, {{"x", i32(2)}}}}},
      // Unfed, p is a symbol: each outcome assumes it one way, so the verdict is inconclusive.
      {{"conditional_update.tfg"},
       kAll,
       5,
       {{{{"i", i32(0)}, {"r", i32(1)}}, {{"x", i32(1)}}},
        {{{"i", i32(1)}, {"r", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_race_parallel.tfg", "--max-iterations", "3"},
       kAll,
       1,
       {{{{"out", i32(2)}}, {{"x", i32(1)}}}, {{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_race_parallel.tfg"},
       kReduced,
       1,
       {{{{"out", i32(2)}}, {{"x", i32(1)}}}, {{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_race_serial.tfg", "--max-iterations", "3"},
       kAll,
       0,
       {{{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_race_serial.tfg"}, kReduced, 0, {{{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_constant.tfg", "--max-iterations", "3"},
       kAll,
       1,
       {{{{"done", i32(2)}, {"out", i32(2)}}, {{"x", i32(1)}}},
        {{{"done", i32(2)}, {"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_constant.tfg"},
       kReduced,
       1,
       {{{{"done", i32(2)}, {"out", i32(2)}}, {{"x", i32(1)}}},
        {{{"done", i32(2)}, {"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"section_two_loops.tfg", "--max-iterations", "3"},
       kAll,
       0,
       {{{{"out2", i32(4)}}, {{"x", i32(1)}}}}},
      {{"loop_constant_merge.tfg", "--max-iterations", "4"},
       kAll,
       0,
       {{{{"out", i32(2)}}, {{"x", i32(3)}}}}},
      {{"loop_constant_merge.tfg"}, kReduced, 0, {{{{"out", i32(2)}}, {{"x", i32(3)}}}}},
      {{"loop_section.tfg", "--max-iterations", "3"},
       kAll,
       0,
       {{{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_section.tfg"}, kReduced, 0, {{{{"out", i32(2)}}, {{"x", i32(2)}}}}},
      {{"loop_concurrent_writer.tfg", "--max-iterations", "3"},
       kAll,
       1,
       {{{{"acc", i32(0)}}, {{"x", i32(5)}}},
        {{{"acc", i32(10)}}, {{"x", i32(5)}}},
        {{{"acc", i32(5)}}, {{"x", i32(5)}}}}},
      {{"cond_in_loop.tfg", "--max-iterations", "4"},
       kReduced,
       0,
       {{{{"total", i32(12)}}, {{"x", i32(12)}}}}},
      {{"trip_count_race.tfg", "--max-iterations", "4"},
       kAll,
       1,
       {{{{"out", i32(1)}}, {{"count", i32(1)}, {"n", i32(1)}}},
        {{{"out", i32(2)}}, {{"count", i32(2)}, {"n", i32(1)}}},
        {{{"out", i32(3)}}, {{"count", i32(3)}, {"n", i32(1)}}}}},
      // The runs that leave at k = 3 need iteration 3: they reach the bound, while the other
      // two outcomes already prove the result nondeterministic (exit 1, incomplete).
      {{"trip_count_race.tfg", "--max-iterations", "3"},
       kAll,
       1,
       {{{{"out", "DEAD"}}, {{"count", i32(3)}, {"n", i32(1)}}},
        {{{"out", i32(1)}}, {{"count", i32(1)}, {"n", i32(1)}}},
        {{{"out", i32(2)}}, {{"count", i32(2)}, {"n", i32(1)}}}},
       {{"next[2]"}, {}, {}}},
  };
  return cases;
}

std::vector<std::string> bounds_in(const Json& outcome) {
  std::vector<std::string> out;
  if (const Json* b = outcome.find("iteration_bound")) {
    for (const Json& item : b->items) {
      out.push_back(item.at("node").text);
      CHECK(item.at("frame").text == "loop");
    }
  }
  return out;
}

}  // namespace

TEST_CASE("control flow: each example reaches exactly its derived outcomes", "[specs]") {
  for (const FlowCase& c : flow_cases()) {
    for (const std::string& reduction : c.reductions) {
      std::vector<std::string> args = {"check", kDir + c.args[0]};
      args.insert(args.end(), c.args.begin() + 1, c.args.end());
      args.insert(args.end(), {"--json", "--quiet", "--reduction", reduction});
      DYNAMIC_SECTION(tfmc::test::tfmc_command(args)) {
        const auto p = tfmc::test::run_process(TFMC_BINARY, args, TFMC_SOURCE_DIR);
        INFO(p.err);
        CHECK(p.exit_code == c.exit_code);
        const Json result = tfmc::test::parse_json(p.out);
        const bool bounded = !c.bounds.empty();
        CHECK(result.at("complete").boolean == !bounded);
        CHECK((result.find("stop_reason") != nullptr) == bounded);
        if (bounded) CHECK(result.at("stop_reason").text == "max-iterations");
        tfmc::test::check_outcome_list(tfmc::test::outcomes_in_json(result), c.outcomes);
        const auto& listed = result.at("outcomes").items;
        for (std::size_t i = 0; i < listed.size(); ++i) {
          const std::vector<std::string> want =
              bounded ? c.bounds.at(i) : std::vector<std::string>{};
          CHECK(bounds_in(listed[i]) == want);
        }
      }
    }
  }
}

TEST_CASE("control flow: every .tfg under specs/control_flow/ is run here", "[specs]") {
  std::set<std::string> used;
  for (const FlowCase& c : flow_cases()) used.insert(c.args[0]);
  for (const auto& entry : fs::directory_iterator(fs::path(TFMC_SOURCE_DIR) / kDir)) {
    if (entry.path().extension() != ".tfg") continue;
    INFO(entry.path().filename().string());
    CHECK(used.count(entry.path().filename().string()) == 1);
  }
}
