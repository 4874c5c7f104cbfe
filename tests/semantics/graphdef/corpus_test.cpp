// The graphs real TensorFlow wrote (testdata/graphdef/, tools/tf/make_corpus.py), each
// checked with the arguments of its NAME.args, under the MAPL semantics and under --refs
// alias, for exactly the outcomes reasoned out below from what the graph computes.
// tools/tf/cross_check.py runs the same graphs in TensorFlow and checks that everything TensorFlow
// does is among these outcomes.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::ListedOutcome;
using Vars = std::vector<std::pair<std::string, std::string>>;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/" + file);
}

std::vector<std::string> args_of(const std::string& name) {
  std::istringstream in(tfmc::test::read_file(corpus(name + ".args")));
  std::vector<std::string> args;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) args.push_back(line);
  }
  return args;
}

ListedOutcome vars(Vars v) { return {{}, std::move(v)}; }

// The expected outcomes of each graph of the corpus.
const std::map<std::string, std::vector<ListedOutcome>>& expected() {
  static const std::map<std::string, std::vector<ListedOutcome>> kExpected = {
      // 0 + 1 + 1 in either order.
      {"resource_assign_adds", {vars({{"v", "f32{2}"}})}},
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
  };
  return kExpected;
}

// Under --refs alias, where they differ: two unlocked ref AssignAdds may lose an update, and
// a ref read through Identity shares the buffer, so the fetch sees the write.
const std::map<std::string, std::vector<ListedOutcome>>& expected_alias() {
  static const std::map<std::string, std::vector<ListedOutcome>> kExpected = {
      {"ref_assign_adds", {vars({{"v", "f32{1}"}}), vars({{"v", "f32{2}"}})}},
      {"ref_read_races_assign", {{{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}}},
  };
  return kExpected;
}

}  // namespace

TEST_CASE("corpus: every graph TensorFlow wrote checks to its outcomes", "[graphdef][corpus]") {
  std::vector<std::string> graphs;
  for (const auto& entry : std::filesystem::directory_iterator(corpus(""))) {
    const std::string ext = entry.path().extension();
    if (ext == ".pbtxt" || ext == ".pb") graphs.push_back(entry.path().filename());
  }
  CHECK(graphs.size() == expected().size() + 3);  // three graphs are written binary too
  for (const std::string& file : graphs) {
    const std::string name = std::filesystem::path(file).stem();
    for (const bool alias : {false, true}) {
      DYNAMIC_SECTION(file << (alias ? " --refs alias" : "")) {
        REQUIRE(expected().count(name) == 1);
        const auto& want =
            alias && expected_alias().count(name) ? expected_alias().at(name) : expected().at(name);
        std::vector<std::string> args = {"check", corpus(file)};
        for (const std::string& a : args_of(name)) args.push_back(a);
        if (alias) args.insert(args.end(), {"--refs", "alias"});
        args.insert(args.end(), {"--json", "--quiet"});
        const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
        INFO(r.err);
        CHECK(r.err.empty());  // every op mapped: no warning
        CHECK(r.code == (want.size() == 1 ? 0 : 1));
        tfmc::test::check_outcome_list(tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out)),
                                       want);
      }
    }
  }
}
