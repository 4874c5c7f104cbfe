// The Update node (FORMAT.md, "How functions and assignments compute"): an optimizer's update
// reads and writes all its variables in one atomic step, with Assign's error rules; races on
// every variable it touches are reported; --model rfc splits it into reads, a compute and
// writes.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::Json;
using Variables = std::vector<std::pair<std::string, std::string>>;

const char* const kDeclarations =
    "input lr = f32{0.5}\n"
    "input g = f32[2]{1, -1}\n"
    "input mom = f32{0.5}\n";

tfmc::test::CliResult run(const std::string& program, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check", tfmc::test::write_test_file("update.tfg", program)};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--json", "--quiet"});
  return tfmc::test::tfmc_run(args);
}

// The variables of each outcome, in tfmc's order.
std::vector<Variables> outcome_variables(const std::string& program,
                                         std::vector<std::string> extra = {}) {
  const tfmc::test::CliResult r = run(program, std::move(extra));
  INFO(r.err);
  REQUIRE((r.code == 0 || r.code == 1));
  const Json result = tfmc::test::parse_json(r.out);
  std::vector<Variables> out;
  for (const Json& o : result.at("outcomes").items) {
    Variables v;
    for (const auto& [name, value] : o.at("variables").members) v.emplace_back(name, value.text);
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

TEST_CASE("an Update writes every variable from its step's outputs", "[update]") {
  // m = 0.5 * 0.5 + g = {1.25, -1}; w = w - m * 0.5.
  const std::string program = std::string("var w = f32[2]{1, 2}\nvar m = f32[2]{0.5, 0}\n") +
                              kDeclarations + "s = ApplyMomentum(&w, &m, lr, g, mom)\n";
  CHECK(outcome_variables(program) ==
        std::vector<Variables>{{{"m", "f32[2]{1.25, -1}"}, {"w", "f32[2]{0.375, 2.5}"}}});
}

TEST_CASE("an Update follows Assign's error rules", "[update]") {
  const std::string start = std::string("var w = f32[2]{1, 2}\n") + kDeclarations;
  SECTION("an error tensor changes no variable") {
    const std::string program =
        start +
        "var m = f32[2]{0.5, 0}\ninput a = f32[3]{1, 2, 3}\nbad = Add(g, a)\n"
        "s = ApplyMomentum(&w, &m, lr, bad, mom)\n";
    CHECK(outcome_variables(program) ==
          std::vector<Variables>{{{"m", "f32[2]{0.5, 0}"}, {"w", "f32[2]{1, 2}"}}});
  }
  SECTION("an uninitialized slot keeps its error, and the weight its value") {
    const std::string program = start + "var m\ns = ApplyMomentum(&w, &m, lr, g, mom)\n";
    CHECK(outcome_variables(program) ==
          std::vector<Variables>{{{"m", "Error(uninitialized)"}, {"w", "f32[2]{1, 2}"}}});
  }
  SECTION("a step that fails on valid tensors stores its error in every variable") {
    const std::string program = start +
                                "var m = f32[2]{0.5, 0}\ninput g3 = f32[3]{1, 2, 3}\n"
                                "s = ApplyMomentum(&w, &m, lr, g3, mom)\n";
    CHECK(outcome_variables(program) ==
          std::vector<Variables>{{{"m", "Error(shape)"}, {"w", "Error(shape)"}}});
  }
  SECTION("symbols give one term per variable") {
    const std::string program = std::string("var w = W\nvar m = M\n") + kDeclarations +
                                "s = ApplyMomentum(&w, &m, lr, g, mom) {use_nesterov=true}\n";
    const std::string args = "(W, M, f32{0.5}, f32[2]{1, -1}, f32{0.5})";
    CHECK(outcome_variables(program) ==
          std::vector<Variables>{{{"m", "MomentumStep{use_nesterov=true}.1" + args},
                                  {"w", "MomentumStep{use_nesterov=true}.0" + args}}});
  }
}

TEST_CASE("two unordered Updates race on each of their variables", "[update]") {
  const std::string program = std::string("var w = f32[2]{1, 2}\nvar m = f32[2]{0.5, 0}\n") +
                              kDeclarations +
                              "s1 = ApplyMomentum(&w, &m, lr, g, mom)\n"
                              "s2 = ApplyMomentum(&w, &m, lr, g, mom) {use_nesterov=true}\n";
  const tfmc::test::CliResult r = run(program);
  REQUIRE(r.code == 1);
  const Json result = tfmc::test::parse_json(r.out);
  std::set<std::pair<std::string, std::string>> races;
  for (const Json& race : result.at("races").items) {
    races.emplace(race.at("variable").text, race.at("kind").text);
  }
  CHECK(races == std::set<std::pair<std::string, std::string>>{{"m", "update-update"},
                                                               {"w", "update-update"}});
  // Atomic, the two orders give two weights (each step sees the other's slot or not); split
  // into reads, compute and writes, the steps can also both read the initial values.
  const auto atomic = outcome_variables(program);
  const auto split = outcome_variables(program, {"--model", "rfc"});
  CHECK(atomic.size() == 2);
  CHECK(split.size() > atomic.size());
  for (const Variables& v : atomic) {
    CHECK(std::find(split.begin(), split.end(), v) != split.end());
  }
}

TEST_CASE("the rfc model splits an Update into reads, a compute and writes", "[update]") {
  const std::string program = std::string("var w = f32[2]{1, 2}\nvar m = f32[2]{0.5, 0}\n") +
                              kDeclarations + "s = ApplyMomentum(&w, &m, lr, g, mom)\n";
  const tfmc::test::CliResult r = run(program, {"--model", "rfc"});
  REQUIRE(r.code == 0);
  const Json result = tfmc::test::parse_json(r.out);
  const Json& outcome = result.at("outcomes").items.at(0);
  CHECK(outcome.at("variables").at("m").text == "f32[2]{1.25, -1}");
  CHECK(outcome.at("variables").at("w").text == "f32[2]{0.375, 2.5}");
  std::set<std::string> fired;
  for (const Json& t : outcome.at("witness").items) fired.insert(t.text);
  for (const char* node : {"&w@s~read0", "&m@s~read1", "s~read0", "s~read1", "s~update", "&w@s",
                           "&m@s~write1", "s", "s~write1"}) {
    CHECK(fired.count(node) == 1);
  }
}

TEST_CASE("an Update's arguments are checked as it is read", "[update]") {
  const auto error = [](const std::string& program) {
    const tfmc::test::CliResult r = run(program);
    CHECK(r.code == 2);
    return r.err;
  };
  const std::string start =
      std::string("var w = f32[2]{1, 2}\nvar m = f32[2]{0.5, 0}\n") + kDeclarations;
  CHECK_THAT(error(start + "s = ApplyMomentum(&w, &m, lr, g)\n"),
             Catch::Contains("ApplyMomentum takes 5 arguments but 4 given"));
  CHECK_THAT(error(start + "s = ApplyMomentum(&w, lr, lr, g, mom)\n"),
             Catch::Contains("argument 2 of ApplyMomentum must be a variable edge"));
  CHECK_THAT(error(start + "s = ApplyMomentum(&w, &m, lr, g, mom) {nesterov=true}\n"),
             Catch::Contains("nesterov"));
}
