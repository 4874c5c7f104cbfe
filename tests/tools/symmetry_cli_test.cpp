// --symmetry on the command line (FORMAT.md, "Symmetry reduction" and "The JSON result"): auto
// reduces --concurrent copies, and towers inside one graph, and reports it, the outcomes and
// races stay those of --symmetry none, and replicas or graph where a session has none is a
// clear error, exit 2.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/programs.h"
#include "support/tfmc_run.h"

using tfmc::test::Json;
using tfmc::test::kIncrementProgram;
using tfmc::test::tfmc_run;

namespace {

std::set<std::string> outcome_texts(const Json& doc) {
  std::set<std::string> out;
  for (const Json& o : doc.at("outcomes").items) {
    std::string text;
    for (const auto& [name, value] : o.at("outputs").members) text += name + "=" + value.text + " ";
    for (const auto& [name, value] : o.at("variables").members) {
      text += name + "=" + value.text + " ";
    }
    out.insert(text);
  }
  return out;
}

}  // namespace

TEST_CASE("symmetry auto reduces concurrent copies and keeps every outcome", "[tools][symmetry]") {
  const std::string path = tfmc::test::write_test_file("increment.tfg", kIncrementProgram);
  const auto plain = tfmc_run({"check", path, "--concurrent", "3", "--symmetry", "none", "--json"});
  const auto reduced = tfmc_run({"check", path, "--concurrent", "3", "--json"});
  REQUIRE(plain.code == 1);
  REQUIRE(reduced.code == 1);
  const Json a = tfmc::test::parse_json(plain.out);
  const Json b = tfmc::test::parse_json(reduced.out);
  CHECK(a.at("symmetry").text == "none");
  CHECK(b.at("symmetry").text == "replicas");
  CHECK(a.at("stats").find("orbit_states") == nullptr);
  REQUIRE(b.at("stats").at("replica_classes").items.size() == 1);
  CHECK(b.at("stats").at("replica_classes").items[0].text == "3");
  CHECK(b.at("stats").at("orbit_states").text == a.at("stats").at("states").text);
  CHECK(std::stod(b.at("stats").at("states").text) < std::stod(a.at("stats").at("states").text));
  // r@1, r@2, r@3 each read 0, 1 or 2 in some order of the increments: every permutation of
  // an outcome is listed.
  CHECK(outcome_texts(a) == outcome_texts(b));
  CHECK(outcome_texts(b).size() == a.at("outcomes").items.size());
  CHECK(a.at("races").items.size() == b.at("races").items.size());
  for (std::size_t k = 0; k < a.at("races").items.size(); ++k) {
    CHECK(a.at("races").items[k].at("observable").boolean ==
          b.at("races").items[k].at("observable").boolean);
  }
  const auto text = tfmc_run({"check", path, "--concurrent", "3"});
  CHECK(text.out.find("symmetry: replicas (interchangeable executions: 3; the ") !=
        std::string::npos);
}

TEST_CASE("symmetry replicas without interchangeable executions is an error", "[tools][symmetry]") {
  const std::string path = tfmc::test::write_test_file("increment.tfg", kIncrementProgram);
  const auto alone = tfmc_run({"check", path, "--symmetry", "replicas"});
  CHECK(alone.code == 2);
  CHECK(alone.err ==
        "tfmc: --symmetry replicas: no two executions of the program are copies of each other "
        "(--symmetry auto explores such a program without)\n");
  const auto single = tfmc_run({"check", path, "--json"});
  CHECK(single.code == 0);
  CHECK(tfmc::test::parse_json(single.out).at("symmetry").text == "none");
  const auto bogus = tfmc_run({"check", path, "--symmetry", "towers"});
  CHECK(bogus.code == 2);
}

TEST_CASE("symmetry auto reduces towers inside one graph and keeps every outcome",
          "[tools][symmetry]") {
  // Three read-add-write towers on x, each read an output of its own.
  std::string text = "var x = i32{0}\n";
  for (const char* i : {"1", "2", "3"}) {
    const std::string n = i;
    text += "one" + n + " = Const {value=i32{1}}\nr" + n + " = Read(&x)\ns" + n + " = Add(r" + n +
            ", one" + n + ")\nw" + n + " = Write(&x, s" + n + ")\noutput r" + n + "\n";
  }
  const std::string path = tfmc::test::write_test_file("towers.tfg", text);
  const auto plain =
      tfmc_run({"check", path, "--symmetry", "none", "--reduction", "none", "--json"});
  const auto reduced = tfmc_run({"check", path, "--reduction", "none", "--json"});
  const auto graph =
      tfmc_run({"check", path, "--symmetry", "graph", "--reduction", "none", "--json"});
  REQUIRE(plain.code == 1);
  REQUIRE(reduced.code == 1);
  REQUIRE(graph.code == 1);
  const Json a = tfmc::test::parse_json(plain.out);
  const Json b = tfmc::test::parse_json(reduced.out);
  CHECK(a.at("symmetry").text == "none");
  CHECK(b.at("symmetry").text == "graph");
  CHECK(tfmc::test::parse_json(graph.out).at("symmetry").text == "graph");
  const Json& stats = b.at("stats");
  REQUIRE(stats.at("replica_classes").items.size() == 1);
  CHECK(stats.at("replica_classes").items[0].text == "3");
  CHECK(stats.at("automorphism_generators").number == 2);
  CHECK(stats.at("ignored_generators").number == 0);
  // Under --reduction none the orbits hold exactly the states stored without symmetry.
  CHECK(stats.at("orbit_states").number == a.at("stats").at("states").number);
  CHECK(stats.at("states").number < a.at("stats").at("states").number);
  CHECK(outcome_texts(a) == outcome_texts(b));
  CHECK(a.at("outcomes").items.size() == b.at("outcomes").items.size());
  const auto shown = tfmc_run({"check", path});
  CHECK(shown.out.find("symmetry: graph (towers per class: 3; 2 automorphism generators, 0 not "
                       "permutations of whole towers and unused; the ") != std::string::npos);
}

TEST_CASE("symmetry graph without towers is an error", "[tools][symmetry]") {
  const std::string path = tfmc::test::write_test_file("increment.tfg", kIncrementProgram);
  const auto alone = tfmc_run({"check", path, "--symmetry", "graph"});
  CHECK(alone.code == 2);
  CHECK(alone.err ==
        "tfmc: --symmetry graph: the program's graph has no automorphisms that fix its variables "
        "(--symmetry auto explores such a program without)\n");
}

TEST_CASE("graphs past twenty thousand nodes and edges are searched for towers",
          "[tools][symmetry]") {
  // Two increments, each with its own constant and its read an output, beside a chain of
  // 10,000 Identity nodes: the search's cost follows the towers, not the chain.
  std::string text = std::string(kIncrementProgram) +
                     "one2 = Const {value=i32{1}}\nr2 = Read(&x)\ns2 = Add(r2, one2)\n" +
                     "w2 = Write(&x, s2)\noutput r2\nc0 = Const {value=i32{0}}\n";
  for (int k = 1; k <= 10000; ++k) text += fmt::format("c{} = Identity(c{})\n", k, k - 1);
  const std::string path = tfmc::test::write_test_file("long_chain.tfg", text);
  for (const char* symmetry : {"graph", "auto"}) {
    const auto searched = tfmc_run({"check", path, "--symmetry", symmetry, "--json", "--quiet"});
    REQUIRE(searched.code == 1);  // the two increments race
    const Json doc = tfmc::test::parse_json(searched.out);
    CHECK(doc.at("symmetry").text == "graph");
    REQUIRE(doc.at("stats").at("replica_classes").items.size() == 1);
    CHECK(doc.at("stats").at("replica_classes").items[0].text == "2");
  }
}
