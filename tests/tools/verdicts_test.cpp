// Verdicts that rest on values tfmc does not know (FORMAT.md, "Control flow: conditionals and
// loops", "The JSON result", "Exit codes", "SARIF output"): a branch on an uninterpreted
// function or a symbol is an assumption of the runs that take it, shown with their outcomes;
// outcomes that differ only in such assumptions make the check inconclusive (exit 5), and
// outcomes that also differ by the schedule keep it nondeterministic (exit 1). Also the
// warning about variables never given a value, and `races` under --max-seconds and
// --max-memory. Every expected outcome is worked out by hand in the programs' headers.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"
#include "tools/sarif_checks.h"

namespace {

using tfmc::test::Json;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;
using Lines = std::vector<std::string>;

// The text report without its "explored:" line, whose time varies.
std::string without_timing(const std::string& text) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    if (line.rfind("explored: ", 0) != 0) out += line + "\n";
  }
  return out;
}

// An outcome's assumption sets as "NODE:CONDITION=true|false" lists joined by " & ", one
// string per set; every assumption must have exactly the keys node, condition and assumed.
Lines assumption_sets(const Json& outcome) {
  Lines out;
  const Json* sets = outcome.find("assumptions");
  if (sets == nullptr) return out;
  for (const Json& set : sets->items) {
    std::string text;
    for (const Json& a : set.items) {
      REQUIRE(a.members.size() == 3);
      text += (text.empty() ? "" : " & ") + a.at("node").text + ":" + a.at("condition").text + "=" +
              (a.at("assumed").boolean ? "true" : "false");
    }
    out.push_back(text);
  }
  return out;
}

const std::string kTwoSwitches = "testdata/inconclusive_fn_cond_two_switches/graph.tfg";
const std::string kSymbolAndRace = "testdata/assumptions_symbol_branch_with_race/graph.tfg";
const std::string kLoop = "testdata/inconclusive_fn_branch_in_loop/graph.tfg";

}  // namespace

TEST_CASE("check: outcomes that only a fn's value decides are inconclusive, exit 5",
          "[tools][verdicts]") {
  const std::string file = source_path(kTwoSwitches);
  const auto text = tfmc_run({"check", file, "--quiet"});
  CHECK(text.code == 5);
  CHECK(text.err.empty());
  CHECK(without_timing(text.out) ==
        "tfmc check " + file +
            "\n"
            "verdict: inconclusive: 2 outcomes depend on uninterpreted values\n"
            "reduction: stubborn (12 transitions fired eagerly between stored states)\n"
            "\n"
            "races: none\n"
            "\n"
            "outcome 1 of 2:\n"
            "  output m1 = i32{-1}\n"
            "  output m2 = i32{2}\n"
            "  assumes: f(X) is true at s1\n"
            "  witness: p one two p~copy1 s1 a m1 s2 b m2\n"
            "\n"
            "outcome 2 of 2:\n"
            "  output m1 = i32{1}\n"
            "  output m2 = i32{-2}\n"
            "  assumes: f(X) is false at s1\n"
            "  witness: p one two p~copy1 s1 a m1 s2 b m2\n");

  const auto json = tfmc_run({"check", file, "--json", "--quiet"});
  CHECK(json.code == 5);
  const Json doc = tfmc::test::parse_json(json.out);
  CHECK(!doc.at("deterministic").boolean);
  CHECK(doc.at("inconclusive").boolean);
  CHECK(doc.find("warnings") == nullptr);
  const auto& outcomes = doc.at("outcomes").items;
  REQUIRE(outcomes.size() == 2);
  Lines keys;
  for (const auto& [key, value] : outcomes[0].members) keys.push_back(key);
  CHECK(keys == Lines{"outputs", "variables", "stuck", "assumptions", "witness"});
  CHECK(assumption_sets(outcomes[0]) == Lines{"s1:f(X)=true"});
  CHECK(assumption_sets(outcomes[1]) == Lines{"s1:f(X)=false"});

  // The result sits at s1 (line 11), the Switch of outcome 1's first assumption.
  const auto sarif = tfmc_run({"check", file, "--format", "sarif", "--quiet"});
  CHECK(sarif.code == 5);
  const Json log = sarif_checks::valid_sarif(sarif.out, sarif_checks::kCheckRules);
  CHECK(sarif_checks::results_of(log) == Lines{"tfmc/inconclusive warning " + file + ":11"});
  CHECK(sarif_checks::message(log, 0) ==
        file +
            " is inconclusive: 2 outcomes depend on uninterpreted values. Outcome 1: output m1 "
            "= i32{-1}, output m2 = i32{2}, assuming f(X) is true at s1. Outcome 2: output m1 = "
            "i32{1}, output m2 = i32{-2}, assuming f(X) is false at s1.");
}

TEST_CASE("check: a fn in a loop's branch gives outcomes under several assumption sets",
          "[tools][verdicts]") {
  const std::string file = source_path(kLoop);
  const auto text = tfmc_run({"check", file, "--max-iterations", "3", "--quiet"});
  CHECK(text.code == 5);
  CHECK(text.out.find("verdict: inconclusive: 3 outcomes depend on uninterpreted values\n") !=
        std::string::npos);
  CHECK(text.out.find("  variable x = i32{1}\n"
                      "  assumes: even(i32{0}) is false at t[0]; even(i32{1}) is true at t[1]\n"
                      "  or assumes: even(i32{0}) is true at t[0]; even(i32{1}) is false at "
                      "t[1]\n") != std::string::npos);

  // Every reduction level and thread count finds the same outcomes and assumptions.
  Lines first;
  for (const char* reduction : {"none", "eager", "stubborn"}) {
    for (const char* threads : {"1", "3"}) {
      const auto r = tfmc_run({"check", file, "--max-iterations", "3", "--json", "--quiet",
                               "--reduction", reduction, "--threads", threads});
      CHECK(r.code == 5);
      const Json doc = tfmc::test::parse_json(r.out);
      Lines seen;
      for (const Json& o : doc.at("outcomes").items) {
        seen.push_back(o.at("variables").at("x").text + " " +
                       std::to_string(assumption_sets(o).size()));
      }
      CHECK(seen == Lines{"i32{0} 1", "i32{1} 2", "i32{2} 1"});
    }
  }
}

TEST_CASE("check: a symbol's branch beside a race stays nondeterministic, assumptions shown",
          "[tools][verdicts]") {
  const std::string file = source_path(kSymbolAndRace);
  const auto text = tfmc_run({"check", file, "--quiet"});
  CHECK(text.code == 1);
  CHECK(text.out.find("verdict: nondeterministic: 4 outcomes, 4 of them under assumptions "
                      "about uninterpreted values\n") != std::string::npos);
  CHECK(text.out.find("outcome 1 of 4:\n"
                      "  output m = i32{-1}\n"
                      "  output r = i32{0}\n"
                      "  variable v = i32{1}\n"
                      "  assumes: P is true at s\n") != std::string::npos);

  const auto json = tfmc_run({"check", file, "--json", "--quiet"});
  CHECK(json.code == 1);
  const Json doc = tfmc::test::parse_json(json.out);
  CHECK(!doc.at("inconclusive").boolean);
  Lines seen;
  for (const Json& o : doc.at("outcomes").items) {
    seen.push_back(o.at("outputs").at("m").text + " " + o.at("outputs").at("r").text + " " +
                   assumption_sets(o).at(0));
  }
  CHECK(seen == Lines{"i32{-1} i32{0} s:P=true", "i32{-1} i32{1} s:P=true",
                      "i32{1} i32{0} s:P=false", "i32{1} i32{1} s:P=false"});

  const auto sarif = tfmc_run({"check", file, "--format", "sarif", "--quiet"});
  const Json log = sarif_checks::valid_sarif(sarif.out, sarif_checks::kCheckRules);
  CHECK(sarif_checks::results_of(log) ==
        Lines{"tfmc/nondeterministic warning " + file + ":1",
              "tfmc/race-observable warning " + file + ":11 -> " + file + ":12"});
  CHECK(sarif_checks::message(log, 0) ==
        file +
            " is nondeterministic: 4 outcomes. Outcome 1: output m = i32{-1}, output r = "
            "i32{0}, variable v = i32{1}, assuming P is true at s. Outcome 2: output m = "
            "i32{-1}, output r = i32{1}, variable v = i32{1}, assuming P is true at s. And 2 "
            "more outcomes.");

  // Fed, P is a value: one branch, no assumption, the race alone.
  const auto fed = tfmc_run({"check", file, "--feed", "P=bool{true}", "--json", "--quiet"});
  CHECK(fed.code == 1);
  const Json fed_doc = tfmc::test::parse_json(fed.out);
  REQUIRE(fed_doc.at("outcomes").items.size() == 2);
  for (const Json& o : fed_doc.at("outcomes").items) CHECK(o.find("assumptions") == nullptr);
}

TEST_CASE("check: concrete conditions make no assumption", "[tools][verdicts]") {
  const std::string conditional = source_path("specs/control_flow/conditional_update.tfg");
  for (const Lines& args :
       {Lines{source_path("specs/paper/write_read_unordered.tfg")},
        Lines{conditional, "--feed", "p=bool{true}"}, Lines{conditional, "--feed", "p=bool{false}"},
        Lines{source_path("specs/control_flow/loop_race_parallel.tfg")}}) {
    Lines command = {"check", "--json", "--quiet"};
    command.insert(command.end(), args.begin(), args.end());
    const auto r = tfmc_run(command);
    const Json doc = tfmc::test::parse_json(r.out);
    CHECK(!doc.at("inconclusive").boolean);
    CHECK(r.code == (doc.at("deterministic").boolean ? 0 : 1));
    for (const Json& o : doc.at("outcomes").items) CHECK(o.find("assumptions") == nullptr);
    CHECK(r.out.find("assum") == std::string::npos);
  }
}

TEST_CASE("check: a branch both ways to the same values is deterministic", "[tools][verdicts]") {
  // Either way of f(X) outputs i32{1}: the two assumption sets together cover every value of
  // f(X), so the outcome needs none.
  const std::string file = write_test_file("same_both_ways.tfg",
                                           "fn f : 1 -> 1\n"
                                           "input X\n"
                                           "p = f(X)\n"
                                           "one = Const {value=i32{1}}\n"
                                           "s = Switch(one, p)\n"
                                           "m = Merge(s:0, s:1)\n"
                                           "output m\n");
  const auto r = tfmc_run({"check", file, "--json", "--quiet"});
  CHECK(r.code == 0);
  const Json doc = tfmc::test::parse_json(r.out);
  CHECK(doc.at("deterministic").boolean);
  REQUIRE(doc.at("outcomes").items.size() == 1);
  CHECK(doc.at("outcomes").items[0].find("assumptions") == nullptr);
}

TEST_CASE("check: outcomes all uninitialized warn, naming the variables", "[tools][verdicts]") {
  const std::string file = write_test_file("never_written.tfg",
                                           "var v\n"
                                           "var w = i32{1}\n"
                                           "r = Read(&v)\n"
                                           "output r\n");
  const std::string warning =
      "every outcome holds Error(uninitialized): variable v is never given a value. Give it one: "
      "an INIT in a .tfg program (var v = VALUE); in a TensorFlow graph file, --init with the "
      "graph's initializer (and --feed for the placeholders it reads); in a SavedModel, the "
      "values of its variables/ checkpoint";
  const auto text = tfmc_run({"check", file, "--quiet"});
  CHECK(text.code == 0);
  CHECK(text.err == "tfmc: warning: " + warning + "\n");
  const auto json = tfmc_run({"check", file, "--json", "--quiet"});
  const Json doc = tfmc::test::parse_json(json.out);
  REQUIRE(doc.at("warnings").items.size() == 1);
  CHECK(doc.at("warnings").items[0].text == warning);
  CHECK(doc.members.back().first == "warnings");

  // Written before the end by every run, but read before that in every run: the warning
  // stays; written before every read: no warning.
  const std::string late = write_test_file("written_late.tfg",
                                           "var v\n"
                                           "r = Read(&v)\n"
                                           "one = Const {value=i32{1}}\n"
                                           "w = Write(&v, one) after r\n"
                                           "output r\n");
  CHECK(tfmc_run({"check", late, "--quiet"}).err == "tfmc: warning: " + warning + "\n");
  const std::string early = write_test_file("written_early.tfg",
                                            "var v\n"
                                            "one = Const {value=i32{1}}\n"
                                            "w = Write(&v, one)\n"
                                            "r = Read(&v) after w\n"
                                            "output r\n");
  const auto fine = tfmc_run({"check", early, "--json", "--quiet"});
  CHECK(fine.err.empty());
  CHECK(tfmc::test::parse_json(fine.out).find("warnings") == nullptr);
}

TEST_CASE("races takes --max-seconds and --max-memory", "[tools][races][verdicts]") {
  const std::string file = source_path("specs/paper/figure4_lost_update.tfg");
  const auto roomy = tfmc_run({"races", file, "--max-seconds", "600", "--max-memory", "0"});
  CHECK(roomy.code == 1);
  CHECK(roomy.out.find("3 races\n") != std::string::npos);
  // One byte of memory: the analysis stops before its first search, with no race found.
  const auto stopped = tfmc_run({"races", file, "--max-memory", "1"});
  CHECK(stopped.code == 3);
  CHECK(stopped.out == "no races\n");
  CHECK(stopped.err ==
        "tfmc: the race analysis was stopped by --max-memory: the races listed may not be all\n");
  const auto bad = tfmc_run({"races", file, "--max-memory", "12X"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "tfmc: --max-memory: '12X' is not a size such as 512M or 4G\n");
  CHECK(tfmc_run({"races", file, "--max-seconds", "-1"}).code == 2);
}

// kTwoSwitches' program branching on `fn_name`(X), with the Merges `m1` and `m2` as given
// (a is -1 on s1's false way, b is -2 on s2's true way).
std::string two_switches(const std::string& fn_name, const std::string& m1, const std::string& m2) {
  return "fn " + fn_name + " : 1 -> 1\n" + "input X\n" + "p = " + fn_name + "(X)\n" +
         "one = Const {value=i32{1}}\n"
         "two = Const {value=i32{2}}\n"
         "s1 = Switch(one, p)\n"
         "s2 = Switch(two, p)\n"
         "a = Neg(s1:0)\n"
         "b = Neg(s2:1)\n" +
         m1 + "\n" + m2 +
         "\n"
         "output m1\n"
         "output m2\n";
}

TEST_CASE("compare matches outcomes under their assumptions", "[tools][compare][verdicts]") {
  // BEFORE: m1 = -1, m2 = 2 when f(X) is true; m1 = 1, m2 = -2 when false.
  const std::string before = source_path(kTwoSwitches);
  CHECK(tfmc_run({"compare", before, before, "--quiet"}).code == 0);

  // The same values under the opposite truths of the same f(X): under f(X) true AFTER gives
  // what BEFORE gives under false. Not a refinement, whatever f is: exit 1.
  const std::string negated = write_test_file(
      "negated.tfg", two_switches("f", "m1 = Merge(s1:1, a)", "m2 = Merge(b, s2:0)"));
  const auto n = tfmc_run({"compare", before, negated, "--quiet"});
  CHECK(n.code == 1);
  CHECK(n.out.find("verdict: AFTER does NOT refine BEFORE: 2 outcomes that BEFORE cannot "
                   "reach\n") != std::string::npos);
  CHECK(n.out.find("added outcome 1 of 2 (reached by BEFORE only under contradicting "
                   "assumptions; witness in AFTER):\n"
                   "  output m1 = i32{-1}\n"
                   "  output m2 = i32{2}\n"
                   "  assumes: f(X) is false at s1\n") != std::string::npos);
  const Json doc =
      tfmc::test::parse_json(tfmc_run({"compare", before, negated, "--json", "--quiet"}).out);
  CHECK(doc.at("added_why").items.size() == 2);
  CHECK(doc.at("added_why").items[0].text == "contradicted");
  CHECK(doc.at("lost_why").items[1].text == "contradicted");

  // The same values under g(X), a function BEFORE does not call: whether g(X) is f(X) decides
  // the verdict, which tfmc cannot know: inconclusive, exit 5.
  const std::string renamed = write_test_file(
      "renamed.tfg", two_switches("g", "m1 = Merge(a, s1:1)", "m2 = Merge(s2:0, b)"));
  const auto g = tfmc_run({"compare", before, renamed, "--quiet"});
  CHECK(g.code == 5);
  CHECK(g.out.find("verdict: inconclusive: 2 outcomes of AFTER that BEFORE reaches under "
                   "assumptions about uninterpreted values that may not cover AFTER's\n") !=
        std::string::npos);
  CHECK(g.out.find("added outcome 1 of 2 (reached by BEFORE under assumptions that may not "
                   "cover these; witness in AFTER):\n"
                   "  output m1 = i32{-1}\n"
                   "  output m2 = i32{2}\n"
                   "  assumes: g(X) is false at s1\n") != std::string::npos);
  const auto sarif = tfmc_run({"compare", before, renamed, "--format", "sarif", "--quiet"});
  CHECK(sarif.code == 5);

  // A value BEFORE never reaches stays a plain added outcome: exit 1.
  const std::string other = write_test_file(
      "other_value.tfg", two_switches("g", "m1 = Merge(a, one)", "m2 = Merge(s2:0, b)"));
  const Json odoc =
      tfmc::test::parse_json(tfmc_run({"compare", before, other, "--json", "--quiet"}).out);
  CHECK(tfmc_run({"compare", before, other, "--quiet"}).code == 1);
  bool absent = false;
  for (const Json& w : odoc.at("added_why").items) absent = absent || w.text == "absent";
  CHECK(absent);
}

TEST_CASE("check: a TF2 loop whose branch takes an unmapped op's value is inconclusive",
          "[tools][verdicts][graphdef]") {
  // floormod_loop.pbtxt counts the even i below n with `if i % 2 == 0`; with FloorMod renamed
  // to an op without a mapping, each of the four branches assumes Equal(Mod(i, 2), 0) one way
  // or the other: 16 runs, 9 distinct (hits, s), and nothing but those values tells them
  // apart.
  std::string text = tfmc::test::read_file(source_path("testdata/graphdef/floormod_loop.pbtxt"));
  const std::size_t at = text.find("op: \"FloorMod\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, 14, "op: \"Mod2\"");
  const std::string file = write_test_file("unmapped_mod_loop.pbtxt", text);
  const auto r =
      tfmc_run({"check", file, "--feed", "n=i32{4}", "--fetch", "hits", "--fetch", "s", "--quiet"});
  CHECK(r.code == 5);
  CHECK(r.out.find("verdict: inconclusive: 9 outcomes depend on uninterpreted values\n") !=
        std::string::npos);
  CHECK(r.out.find("  assumes: Equal(Mod2{T=DT_INT32}(i32{0}, i32{2}), i32{0}) is false at "
                   "PartitionedCall/while/body/cond/switch_pred[0]; ") != std::string::npos);
  CHECK(r.err.find("op Mod2 has no mapping") != std::string::npos);
}
