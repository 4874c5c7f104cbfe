// The session examples of specs/sessions/ (and two seed programs under session options)
// against the outcome sets their headers derive by hand, through the built tfmc executable.
//
// Each case runs `tfmc check ARGS --json` once with --reduction none and once with the default
// reduction, and checks the exact outcome set (outputs, variables, blocked nodes), the exit
// code and the JSON keys a session sets. None of the expected sets is taken from tfmc's output.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/json_reader.h"
#include "support/literals.h"
#include "support/outcome_list.h"
#include "support/process.h"
#include "support/testdata.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::Json;

using Outcome = tfmc::test::ListedOutcome;

struct SessionCase {
  std::vector<std::string> args;  // FILEs (relative to the source root) and session options
  std::string program;            // the JSON "program"
  int exit_code;
  std::vector<Outcome> outcomes;
};

const std::string kDir = "specs/sessions/";

using tfmc::test::i32;

// The weight of the SGD examples: 1 - 0.25 - 0.25 after both steps, 1 - 0.25 after one.
const Outcome kBothSteps{{}, {{"w", "f32{0.5}"}}};
const Outcome kLostStep{{}, {{"w", "f32{0.75}"}}};

// A seed program under session options that keep its documented outcomes (those of its
// testdata case, support/testdata.h); args[0] is the program.
SessionCase spec_session(const std::vector<std::string>& args) {
  const tfmc::test::SpecOutcomes spec = tfmc::test::spec_outcomes(args[0]);
  return {args, spec.spec, spec.exit_code, spec.outcomes};
}

const std::vector<SessionCase>& session_cases() {
  static const std::vector<SessionCase> cases = {
      // Run r increments c (persisting from run r-1) and reads it after the increment.
      {{kDir + "repeated_runs.tfg", "--runs", "3"},
       kDir + "repeated_runs.tfg",
       0,
       {{{{"c@1", i32(1)}, {"c@2", i32(2)}, {"c@3", i32(3)}}, {{"c", i32(3)}}}}},
      {{kDir + "repeated_runs.tfg"},
       kDir + "repeated_runs.tfg",
       0,
       {{{{"c", i32(1)}}, {{"c", i32(1)}}}}},
      // Both Reads may fire before either Write: the second Write repeats the first.
      {{kDir + "sgd_read_compute_write.tfg", "--concurrent", "2"},
       kDir + "sgd_read_compute_write.tfg",
       1,
       {kBothSteps, kLostStep}},
      {{kDir + "sgd_read_compute_write.tfg"}, kDir + "sgd_read_compute_write.tfg", 0, {kLostStep}},
      // Atomic updates never lose a step; split into read, compute, write they may.
      {{kDir + "sgd_assign_add.tfg", "--concurrent", "2"},
       kDir + "sgd_assign_add.tfg",
       0,
       {kBothSteps}},
      {{kDir + "sgd_assign_add.tfg", "--concurrent", "2", "--model", "rfc"},
       kDir + "sgd_assign_add.tfg",
       1,
       {kBothSteps, kLostStep}},
      {{kDir + "sgd_apply_gradient_descent.tfg", "--concurrent", "2", "--model", "executor"},
       kDir + "sgd_apply_gradient_descent.tfg",
       0,
       {kBothSteps}},
      {{kDir + "sgd_apply_gradient_descent.tfg", "--concurrent", "2", "--model", "rfc"},
       kDir + "sgd_apply_gradient_descent.tfg",
       1,
       {kBothSteps, kLostStep}},
      // The section serializes the increments: each one reads what the previous one wrote.
      {{kDir + "section_increment.tfg", "--concurrent", "2"},
       kDir + "section_increment.tfg",
       0,
       {{{}, {{"X", i32(2)}}}}},
      {{kDir + "section_increment.tfg", "--concurrent", "3"},
       kDir + "section_increment.tfg",
       0,
       {{{}, {{"X", i32(3)}}}}},
      {{kDir + "section_increment.tfg"},
       kDir + "section_increment.tfg",
       0,
       {{{}, {{"X", i32(1)}}}}},
      // The target keeps the Write that the output does not need: the race stays.
      {{kDir + "prune_target.tfg", "--prune"},
       kDir + "prune_target.tfg",
       1,
       {{{{"r", "A"}}, {{"x", "B"}}}, {{{"r", "B"}}, {{"x", "B"}}}}},
      // Without a target, pruning drops the Write: x keeps A and the Read sees it.
      {{"specs/paper/write_read_unordered.tfg", "--prune"},
       "specs/paper/write_read_unordered.tfg",
       0,
       {{{{"r", "A"}}, {{"x", "A"}}}}},
      spec_session({"specs/paper/write_read_unordered.tfg"}),
      // The RFC's two increments: atomic under the executor, read-compute-write under rfc.
      spec_session({"specs/rfc/increment_atomic.tfg", "--model", "executor"}),
      {{"specs/rfc/increment_atomic.tfg", "--model", "rfc"},
       "specs/rfc/increment_atomic.tfg",
       1,
       {{{}, {{"X", i32(1)}}}, {{}, {{"X", i32(2)}}}}},
      // Two graphs sharing x: the reader (execution 2) reads before or after the write.
      {{kDir + "two_graphs_writer.tfg", kDir + "two_graphs_reader.tfg"},
       kDir + "two_graphs_writer.tfg, " + kDir + "two_graphs_reader.tfg",
       1,
       {{{{"r@2", i32(0)}}, {{"x", i32(7)}}}, {{{"r@2", i32(7)}}, {{"x", i32(7)}}}}},
      // Run 2 starts after both graphs of run 1: its Read sees 7.
      {{kDir + "two_graphs_writer.tfg", kDir + "two_graphs_reader.tfg", "--runs", "2"},
       kDir + "two_graphs_writer.tfg, " + kDir + "two_graphs_reader.tfg",
       1,
       {{{{"r@1.2", i32(0)}, {"r@2.2", i32(7)}}, {{"x", i32(7)}}},
        {{{"r@1.2", i32(7)}, {"r@2.2", i32(7)}}, {{"x", i32(7)}}}}},
      {{kDir + "two_graphs_writer.tfg"},
       kDir + "two_graphs_writer.tfg",
       0,
       {{{}, {{"x", i32(7)}}}}},
      {{kDir + "two_graphs_reader.tfg"},
       kDir + "two_graphs_reader.tfg",
       0,
       {{{{"r", i32(0)}}, {{"x", i32(0)}}}}},
      // The Dequeue waits for the Enqueue of the other graph.
      {{kDir + "queue_producer.tfg", kDir + "queue_consumer.tfg"},
       kDir + "queue_producer.tfg, " + kDir + "queue_consumer.tfg",
       0,
       {{{{"got@2", i32(5)}}, {}}}},
      // The feed names an input of the producer only.
      {{kDir + "queue_producer.tfg", kDir + "queue_consumer.tfg", "--feed", "item=i32{9}"},
       kDir + "queue_producer.tfg, " + kDir + "queue_consumer.tfg",
       0,
       {{{{"got@2", i32(9)}}, {}}}},
      // Each run's Dequeue empties the queue that run's Enqueue filled.
      {{kDir + "queue_producer.tfg", kDir + "queue_consumer.tfg", "--runs", "2"},
       kDir + "queue_producer.tfg, " + kDir + "queue_consumer.tfg",
       0,
       {{{{"got@1.2", i32(5)}, {"got@2.2", i32(5)}}, {}}}},
      // Run 1 fills the queue of capacity 1; run 2's Enqueue can never fire.
      {{kDir + "queue_producer.tfg", "--runs", "2"},
       kDir + "queue_producer.tfg",
       1,
       {{{}, {}, {"put@2"}}}},
      // Nothing enqueues: the Dequeue never fires and its output stays empty.
      {{kDir + "queue_consumer.tfg"},
       kDir + "queue_consumer.tfg",
       1,
       {{{{"got", "EMPTY"}}, {}, {"get"}}}},
      // Run 1 is stuck, so the barrier and all of run 2 never fire.
      {{kDir + "queue_consumer.tfg", "--runs", "2"},
       kDir + "queue_consumer.tfg",
       1,
       {{{{"got@1", "EMPTY"}, {"got@2", "EMPTY"}}, {}, {"&q@get@2", "get@1", "get@2", "~run2"}}}},
  };
  return cases;
}

}  // namespace

TEST_CASE("sessions: every example reaches exactly its documented outcomes", "[specs][sessions]") {
  for (const SessionCase& c : session_cases()) {
    DYNAMIC_SECTION(tfmc::test::tfmc_command(c.args)) {
      // The full exploration and the default reduction must both give exactly these.
      for (const std::string reduction : {"none", "stubborn"}) {
        INFO("reduction " << reduction);
        std::vector<std::string> args = {"check"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        args.insert(args.end(), {"--json", "--quiet"});
        if (reduction == "none") args.insert(args.end(), {"--reduction", "none"});
        const auto p = tfmc::test::run_process(TFMC_BINARY, args, TFMC_SOURCE_DIR);
        INFO(p.err);
        CHECK(p.exit_code == c.exit_code);
        const Json result = tfmc::test::parse_json(p.out);
        CHECK(result.at("program").text == c.program);
        CHECK(result.at("complete").boolean);
        CHECK(result.at("deterministic").boolean == (c.exit_code == 0));
        CHECK(result.at("reduction").text == reduction);
        if (reduction == "none") CHECK(result.at("stats").at("eager_firings").text == "0");
        tfmc::test::check_outcome_list(tfmc::test::outcomes_in_json(result), c.outcomes);
      }
    }
  }
}

TEST_CASE("sessions: every .tfg under specs/sessions/ is run here", "[specs][sessions]") {
  std::set<std::string> used;
  for (const SessionCase& c : session_cases()) {
    for (const std::string& a : c.args) {
      if (a.size() > 4 && a.compare(a.size() - 4, 4, ".tfg") == 0) used.insert(a);
    }
  }
  const fs::path root(TFMC_SOURCE_DIR);
  for (const auto& entry : fs::directory_iterator(root / kDir)) {
    if (entry.path().extension() != ".tfg") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    INFO(rel);
    CHECK(used.count(rel) == 1);
  }
}
