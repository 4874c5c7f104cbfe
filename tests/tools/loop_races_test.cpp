// Races in loops: one entry per node pair with the iterations that race (checker/api/race.h,
// tools/app/race_iterations.h), and forced orders that a DEAD instance cannot turn into a
// change of outcome (semantics/program/order.h). Every verdict is worked out by hand.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "checker/api/race.h"
#include "semantics/build/loop_unrolling.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"
#include "tools/app/race_iterations.h"

namespace {

using tfmc::test::Json;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;
using Lines = std::vector<std::string>;

std::string iterations(const Json& list) {
  std::string out = "[";
  for (const Json& k : list.items) out += (out.size() > 1 ? "," : "") + k.text;
  return out + "]";
}

std::string verdict(const Json& item) {
  const Json& o = item.at("observable");
  return o.is(Json::Kind::Null) ? "null" : o.boolean ? "observable" : "benign";
}

tfmc::api::Race race(std::string first, std::vector<std::uint32_t> a, std::string second,
                     std::vector<std::uint32_t> b, std::optional<bool> observable) {
  tfmc::api::Race r;
  r.first = std::move(first);
  r.second = std::move(second);
  r.first_iterations = std::move(a);
  r.second_iterations = std::move(b);
  r.variable = std::string("x");  // not from a char*: GCC 12 warns (-Wrestrict, wrongly)
  r.kind = "read-write";
  r.observable = observable;
  if (!observable) r.unknown_reason = "stopped";
  return r;
}

}  // namespace

// loop_race_parallel.tfg with 3 iterations: iterations 0 and 1 run the body, iteration 2
// leaves the loop. Iteration 2 is the last one unrolled: its rd and wr run only in a run that
// would start iteration 3, beyond the bound, so their races are not listed (FORMAT.md,
// "Races"). parallel_iterations 2 makes iteration 2 wait for all of iteration 0, so the
// unordered pairs left are rd[0]/wr[1], rd[1]/wr[0] and wr[0]/wr[1]. Verdicts:
//   rd[0]/wr[1], rd[1]/wr[0]: both reads before both writes gives x = 1, else x = 2; the
//     two orders of either pair change the value read in a reachable state: observable.
//   wr[0]/wr[1]: both orders reach x = 1 and x = 2: benign.
TEST_CASE("check groups the races of a loop by node pair with their iterations",
          "[tools][races][loops]") {
  const std::string file = source_path("specs/control_flow/loop_race_parallel.tfg");
  const auto r = tfmc_run({"check", file, "--max-iterations", "3", "--json", "--quiet"});
  CHECK(r.code == 1);
  const Json doc = tfmc::test::parse_json(r.out);
  const auto& races = doc.at("races").items;
  REQUIRE(races.size() == 2);
  Lines pairs;
  std::set<std::string> instances;
  for (const Json& group : races) {
    pairs.push_back(group.at("first").at("node").text + ":" + group.at("first").at("line").text +
                    " " + group.at("second").at("node").text + ":" +
                    group.at("second").at("line").text + " " + group.at("kind").text + " " +
                    verdict(group));
    for (const Json& item : group.at("instances").items) {
      instances.insert(item.at("first").text + iterations(item.at("first_iterations")) + " " +
                       item.at("second").text + iterations(item.at("second_iterations")) + " " +
                       verdict(item));
    }
  }
  CHECK(pairs == Lines{"rd:20 wr:22 read-write observable", "wr:22 wr:22 write-write benign"});
  CHECK(instances == std::set<std::string>{"rd[0][0] wr[1][1] observable",
                                           "rd[1][1] wr[0][0] observable",
                                           "wr[0][0] wr[1][1] benign"});

  const auto text = tfmc_run({"check", file, "--max-iterations", "3", "--quiet"});
  const std::string at = " (" + file + ":";
  CHECK(text.out.find("races: 2 (1 observable, 1 benign)\n"
                      "  observable: rd" +
                      at + "20) and wr" + at +
                      "22) on x: read-write\n"
                      "    iterations 0 of rd and 1 of wr: observable\n"
                      "    iterations 1 of rd and 0 of wr: observable\n"
                      "  benign: wr" +
                      at + "22) and wr" + at +
                      "22) on x: write-write\n"
                      "    iterations 0 of wr and 1 of wr: benign\n") != std::string::npos);
}

TEST_CASE("races lists a loop's node pairs with the iterations that race",
          "[tools][races][loops]") {
  const std::string file = source_path("specs/control_flow/loop_race_parallel.tfg");
  // Iterations 0 to 3; the body of iteration 3 runs only in runs the bound cuts short.
  const auto r = tfmc_run({"races", file, "--max-iterations", "4"});
  CHECK(r.code == 1);
  const std::string at = " (" + file + ":";
  CHECK(r.out == "rd" + at + "20) and wr" + at + "22) on x: read-write\n" +
                     "  iterations k of rd and k+1 of wr: k = 0, 1\n" +
                     "  iterations k+1 of rd and k of wr: k = 0, 1\n" + "wr" + at + "22) and wr" +
                     at + "22) on x: write-write\n" +
                     "  iterations k of wr and k+1 of wr: k = 0, 1\n" + "2 races\n");
}

TEST_CASE("a race group reads as patterns of iterations", "[tools][races][loops]") {
  using tfmc::api::race_groups;
  using tfmc::app::race_iteration_lines;
  // No loop: no iteration lines.
  const auto plain = race_groups({race("w", {}, "r", {}, true)});
  REQUIRE(plain.size() == 1);
  CHECK_FALSE(plain[0].in_loops());
  CHECK(race_iteration_lines(plain[0], true).empty());

  // A root-frame writer against every iteration of a reader; one unknown makes the pair
  // unknown unless another race of it is observable.
  const auto writer =
      race_groups({race("rd[0]", {0}, "w", {}, false), race("rd[1]", {1}, "w", {}, std::nullopt),
                   race("rd[2]", {2}, "w", {}, false)});
  REQUIRE(writer.size() == 1);
  CHECK(writer[0].pair.first == "rd");
  CHECK_FALSE(writer[0].pair.observable.has_value());
  CHECK(writer[0].pair.unknown_reason == "stopped");
  CHECK(race_iteration_lines(writer[0], true) ==
        Lines{"k of rd and w: benign for k = 0, 2; unknown for k = 1"});
  CHECK(race_iteration_lines(writer[0], false) == Lines{"k of rd and w: k = 0..2"});

  // Nested frames, composed executions (`@2`) and a pattern met once.
  const auto nested = race_groups({race("a[1,0]@2", {1, 0}, "b[1,1]@2", {1, 1}, true),
                                   race("a[0,3]@2", {0, 3}, "b[1,4]@2", {1, 4}, false),
                                   race("a[0,4]@2", {0, 4}, "b[1,5]@2", {1, 5}, false),
                                   race("a[0,5]@2", {0, 5}, "b[1,6]@2", {1, 6}, false),
                                   race("a[0,7]@2", {0, 7}, "b[1,8]@2", {1, 8}, false)});
  REQUIRE(nested.size() == 1);
  CHECK(nested[0].pair.first == "a@2");
  CHECK(nested[0].pair.second == "b@2");
  CHECK(nested[0].pair.observable == true);
  // [1,0]/[1,1] shifts by k = 0; [0,3]/[1,4] by k = 0 with its own pattern [k,k+3]/[k+1,k+4]
  // ... so each of the last four is a pattern of its own.
  CHECK(race_iteration_lines(nested[0], true) ==
        Lines{"[1,0] of a@2 and [1,1] of b@2: observable", "[0,3] of a@2 and [1,4] of b@2: benign",
              "[0,4] of a@2 and [1,5] of b@2: benign", "[0,5] of a@2 and [1,6] of b@2: benign",
              "[0,7] of a@2 and [1,8] of b@2: benign"});
}

TEST_CASE("a statement's name drops the iterations of its instance", "[semantics][loops]") {
  CHECK(tfmc::sem::statement_name("add[2]") == "add");
  CHECK(tfmc::sem::statement_name("inner/add[1,0]") == "inner/add");
  CHECK(tfmc::sem::statement_name("add[2]@1.2") == "add@1.2");
  CHECK(tfmc::sem::statement_name("add@1") == "add@1");
  CHECK(tfmc::sem::instance_name("add", {1, 0}) == "add[1,0]");
  CHECK(tfmc::sem::instance_name("add", {}) == "add");
}
