// The graphs real TensorFlow wrote (testdata/graphdef/, tools/tf/make_corpus.py), each
// checked with the arguments of its NAME.args, under --refs alias (the default: TensorFlow's
// executor) and under the MAPL semantics (--refs mapl), for exactly the outcomes reasoned out
// below from what the graph computes.
// tools/tf/cross_check.py runs the same graphs in TensorFlow and checks that everything TensorFlow
// does is among these outcomes. A graph NAME_v2 is NAME's program written with control flow v2
// (functional While and If): it must check to exactly NAME's outcomes.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::ListedOutcome;
using Vars = std::vector<std::pair<std::string, std::string>>;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/" + file);
}

std::vector<std::string> args_of(const std::string& name) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(name + ".args")));
}

ListedOutcome vars(Vars v) { return {{}, std::move(v)}; }

// The expected outcomes of each graph of the corpus.
const std::map<std::string, std::vector<ListedOutcome>>& expected() {
  static const std::map<std::string, std::vector<ListedOutcome>> kExpected = {
      // 0 + 1 + 1 in either order.
      {"resource_assign_adds", {vars({{"v", "f32{2}"}})}},
      // Under MAPL; the lost update under alias is below.
      {"ref_assign_adds", {vars({{"v", "f32{2}"}})}},
      // The read before the write (1) or after it (2).
      {"read_races_assign",
       {{{{"r", "f32{1}"}}, {{"v", "f32{2}"}}}, {{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
      {"ref_read_races_assign",
       {{{{"r", "f32{1}"}}, {{"v", "f32{2}"}}}, {{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
      // Both reads before both writes lose an update.
      {"lost_update", {vars({{"v", "f32{1}"}}), vars({{"v", "f32{2}"}})}},
      {"control_dependency", {{{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
      {"group", {vars({{"v", "f32{3}"}})}},
      // 1e8 + 1 rounds to 1e8 in f32: the 1 survives only when added after the other two.
      {"float_sum_order", {vars({{"s", "f32{0}"}}), vars({{"s", "f32{1}"}})}},
      // total 2 -> 6, count 1 -> 2; the mean reads each before or after its update.
      {"streaming_mean",
       {{{{"mean", "f32{1}"}}, {{"count", "f32{2}"}, {"total", "f32{6}"}}},
        {{{"mean", "f32{2}"}}, {{"count", "f32{2}"}, {"total", "f32{6}"}}},
        {{{"mean", "f32{3}"}}, {{"count", "f32{2}"}, {"total", "f32{6}"}}},
        {{{"mean", "f32{6}"}}, {{"count", "f32{2}"}, {"total", "f32{6}"}}}}},
      // The update op reads after its own updates: (1 + 5) / 2.
      {"metrics_mean",
       {{{{"mean/update_op:0", "f32{3}"}}, {{"mean/count", "f32{2}"}, {"mean/total", "f32{6}"}}}}},
      {"fifo_queue", {{{{"d", "f32{1}"}}, {}}, {{{"d", "f32{2}"}}, {}}}},
      {"placeholders", {{{{"y", "f32[2]{2.5, 4.5}"}}, {}}}},
      // pred = [0.5, 1], pred - y = [-1.5, -2], dloss/dpred = [-3, -4]; dw = 1*-3 + 2*-4 = -11,
      // db = -7; with rate 0.125: w = 0.5 + 1.375, b = 0 + 0.875.
      {"gradient_descent", {vars({{"b", "f32[1]{0.875}"}, {"w", "f32[1,1]{1.875}"}})}},
      // w = 1, each step w -= 0.25 * 2 * (w as read): 0.5 then 0.25, or 0 from two reads of 1.
      {"hogwild", {vars({{"w", "f32{0.25}"}}), vars({{"w", "f32{0}"}})}},
      // The counter i + 1 waits for its iteration's assign_add, so the three iterations (i = 0,
      // 1, 2; i = 3 ends the loop) add 1 each, one after the other, to v = 0.
      {"while_assign_add", {{{{"n", "i32{3}"}}, {{"v", "f32{3}"}}}}},
      // The fed predicate takes one branch; the untaken one never runs. v = 1, then the
      // branch's update; r reads v after it.
      {"cond_update_true", {{{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
      {"cond_update_false", {{{{"r", "f32{0}"}}, {{"v", "f32{0}"}}}}},
      // Each iteration reads v and assigns the read + 1. Only `done` waits for the assign; the
      // counter i does not, so iteration 1 starts (its read needs only the counter) while
      // iteration 0 may not have assigned yet: both read 0 and v = 1, or one after the other
      // and v = 2. Both loop variables count the 2 iterations.
      {"loop_race_parallel",
       {{{{"done", "i32{2}"}, {"n", "i32{2}"}}, {{"v", "f32{1}"}}},
        {{{"done", "i32{2}"}, {"n", "i32{2}"}}, {{"v", "f32{2}"}}}}},
      // parallel_iterations=1: iteration 1 starts only once every node of iteration 0 has run,
      // its assign included, so it reads 1: v = 2.
      {"loop_race_serial", {{{{"done", "i32{2}"}, {"n", "i32{2}"}}, {{"v", "f32{2}"}}}}},
      // Two reads of v, each before (1) or after (2) the assign w outside the loop: the sum is
      // 1 + 1, 1 + 2 or 2 + 2; v = 2 at the end.
      {"loop_reads_write",
       {{{{"total", "f32{2}"}}, {{"v", "f32{2}"}}},
        {{{"total", "f32{3}"}}, {{"v", "f32{2}"}}},
        {{{"total", "f32{4}"}}, {{"v", "f32{2}"}}}}},
      // Iteration 0 (i < 1) takes the true branch, +1; iteration 1 the false one, +10; each
      // counter waits for its iteration's update.
      {"cond_in_loop", {{{{"n", "i32{2}"}}, {{"v", "f32{11}"}}}}},
      // No variables: x = 1, iteration 0 (i < 1) adds 1, iteration 1 multiplies by 3.
      {"stateless_loop", {{{{"x", "f32{6}"}}, {}}}},
      // i = 0 and 2 of range(4) are even: hits 2, s = 0 // 2 + 2 // 2 = 1.
      {"floormod_loop", {{{{"hits", "i32{2}"}, {"s", "i32{1}"}}, {}}}},
  };
  return kExpected;
}

// Under --refs alias, the default, where they differ (as TensorFlow runs them,
// tools/tf/cross_check.py): two unlocked ref AssignAdds may lose an update, and a ref read
// through Identity shares the buffer, so the fetch sees the write.
const std::map<std::string, std::vector<ListedOutcome>>& expected_alias() {
  static const std::map<std::string, std::vector<ListedOutcome>> kExpected = {
      {"ref_assign_adds", {vars({{"v", "f32{1}"}}), vars({{"v", "f32{2}"}})}},
      {"ref_read_races_assign", {{{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
  };
  return kExpected;
}

// The graph files of the corpus: NAME.pbtxt and NAME.pb.
std::vector<std::string> graph_files() {
  std::vector<std::string> graphs;
  for (const auto& entry : std::filesystem::directory_iterator(corpus(""))) {
    const std::string ext = entry.path().extension();
    if (ext == ".pbtxt" || ext == ".pb") graphs.push_back(entry.path().filename());
  }
  return graphs;
}

std::string stem(const std::string& file) { return std::filesystem::path(file).stem(); }

// The v1 twin NAME of NAME_v2, else "".
std::string v1_twin(const std::string& name) {
  const std::string suffix = "_v2";
  if (!name.ends_with(suffix)) return "";
  return name.substr(0, name.size() - suffix.size());
}

// `tfmc check` of a corpus graph with the arguments of its NAME.args, under the default
// (--refs alias) or --refs mapl.
tfmc::test::CliResult check_graph(const std::string& file, bool alias) {
  std::vector<std::string> args = {"check", corpus(file)};
  for (const std::string& a : args_of(stem(file))) args.push_back(a);
  if (!alias) args.insert(args.end(), {"--refs", "mapl"});
  args.insert(args.end(), {"--json", "--quiet"});
  return tfmc::test::tfmc_run(args);
}

void check_expected_outcomes(const std::string& file) {
  const std::string name = stem(file);
  for (const bool alias : {false, true}) {
    DYNAMIC_SECTION(file << (alias ? "" : " --refs mapl")) {
      REQUIRE(expected().count(name) == 1);
      const auto& want =
          alias && expected_alias().count(name) ? expected_alias().at(name) : expected().at(name);
      const tfmc::test::CliResult r = check_graph(file, alias);
      INFO(r.err);
      CHECK(r.err.find("warning") == std::string::npos);  // every op mapped
      CHECK(r.code == (want.size() == 1 ? 0 : 1));
      tfmc::test::check_outcome_list(tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out)),
                                     want);
    }
  }
}

}  // namespace

TEST_CASE("corpus: every graph TensorFlow wrote checks to its outcomes", "[graphdef][corpus]") {
  std::size_t v1_graphs = 0;
  for (const std::string& file : graph_files()) {
    if (!v1_twin(stem(file)).empty()) continue;  // the test case below
    ++v1_graphs;
    check_expected_outcomes(file);
  }
  CHECK(v1_graphs == expected().size() + 3);  // three graphs are written binary too
}

// The v2 graphs hold functional control flow (While, If and their stateless forms), which
// the import lowers to the v1 primitives: each must reach exactly its v1 twin's outcomes.
TEST_CASE("corpus: each graph with control flow v2 checks to its v1 twin's outcomes",
          "[graphdef][corpus]") {
  std::size_t v2_graphs = 0;
  for (const std::string& file : graph_files()) {
    const std::string twin = v1_twin(stem(file));
    if (twin.empty()) continue;
    ++v2_graphs;
    for (const bool alias : {false, true}) {
      DYNAMIC_SECTION(file << (alias ? "" : " --refs mapl")) {
        // The twins run the same Session.run: outputs and variables have the same names.
        REQUIRE(args_of(stem(file)) == args_of(twin));
        const tfmc::test::CliResult v1 = check_graph(twin + ".pbtxt", alias);
        const tfmc::test::CliResult v2 = check_graph(file, alias);
        INFO(v2.err);
        CHECK(v2.err.find("warning") == std::string::npos);
        CHECK(v2.code == v1.code);
        REQUIRE(v2.code <= 1);
        tfmc::test::check_outcome_list(
            tfmc::test::outcomes_in_json(tfmc::test::parse_json(v2.out)),
            tfmc::test::outcomes_in_json(tfmc::test::parse_json(v1.out)));
      }
    }
  }
  CHECK(v2_graphs == 8);  // make_corpus.py writes eight graphs in both forms
}
