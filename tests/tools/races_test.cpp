// The race report: `tfmc races`, the "races" of `tfmc check` (text and JSON), and the
// observability classification (checker/api/race_classification.h). Race lists follow the
// happens-before rule (tests/semantics/model/happens_before_test.cpp); each observability verdict
// is worked out by hand from the outcome sets of the two forced orders.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "checker/api/race_classification.h"
#include "semantics/build/program_builder.h"
#include "support/check_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;

using tfmc::test::Json;

// Two races: ia and ib add 1 to x in either order (x = 2 both ways: benign); w and r on y
// give r = A (r first) or r = B (w first): observable. Lines: ia 5, ib 6, w 7, r 8.
const char* kMixed =
    "var x = i32{0}\n"
    "var y = A\n"
    "input B\n"
    "one = Const {value=i32{1}}\n"
    "ia = AssignAdd(&x, one)\n"
    "ib = AssignAdd(&x, one)\n"
    "w = Write(&y, B)\n"
    "r = Read(&y)\n"
    "output r\n";

// A race as "FIRST:LINE SECOND:LINE VARIABLE KIND OBSERVABLE", OBSERVABLE being true, false,
// null or - (absent); every race object must have exactly the documented keys.
std::vector<std::string> races_in(const Json& doc, bool classified) {
  std::vector<std::string> out;
  const Json& races = doc.at("races");
  REQUIRE(races.is(Json::Kind::Array));
  for (const Json& race : races.items) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : race.members) keys.push_back(key);
    std::vector<std::string> expected = {"first", "second", "variable", "kind"};
    if (classified) expected.push_back("observable");
    if (classified && race.at("observable").is(Json::Kind::Null)) {
      expected.push_back("unknown_reason");
    }
    CHECK(keys == expected);
    const auto end = [](const Json& e) {
      CHECK(e.members.size() == 2);
      return e.at("node").text + ":" + e.at("line").text;
    };
    std::string observable = "-";
    if (const Json* o = race.find("observable")) {
      observable = o->is(Json::Kind::Null) ? "null" : o->boolean ? "true" : "false";
    }
    out.push_back(end(race.at("first")) + " " + end(race.at("second")) + " " +
                  race.at("variable").text + " " + race.at("kind").text + " " + observable);
  }
  return out;
}

using Lines = std::vector<std::string>;

Lines check_races(const std::vector<std::string>& args) {
  const Result r = tfmc_run(args);
  REQUIRE(r.code != 2);
  return races_in(tfmc::test::parse_json(r.out), true);
}

}  // namespace

TEST_CASE("races lists each race with lines, variable and kind", "[tools][races]") {
  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");
  const Result one = tfmc_run({"races", unordered});
  CHECK(one.code == 1);
  CHECK(one.out ==
        "w (" + unordered + ":6) and r (" + unordered + ":7) on x: read-write\n1 race\n");
  CHECK(one.err.empty());

  const Result none = tfmc_run({"races", source_path("specs/paper/write_read_ordered.tfg")});
  CHECK(none.code == 0);
  CHECK(none.out == "no races\n");

  const std::string f4 = source_path("specs/paper/figure4_lost_update.tfg");
  const Result three = tfmc_run({"races", f4});
  CHECK(three.code == 1);
  CHECK(three.out == "rd1 (" + f4 + ":20) and wr2 (" + f4 + ":25) on x: read-write\n" + "wr1 (" +
                         f4 + ":22) and rd2 (" + f4 + ":23) on x: read-write\n" + "wr1 (" + f4 +
                         ":22) and wr2 (" + f4 + ":25) on x: write-write\n" + "3 races\n");
}

TEST_CASE("races --json lists the races without observability", "[tools][races]") {
  const std::string path = write_test_file("mixed.tfg", kMixed);
  const Result r = tfmc_run({"races", path, "--json", "--feed", "B=f32{1}"});
  CHECK(r.code == 1);
  const Json doc = tfmc::test::parse_json(r.out);
  CHECK(doc.members.size() == 2);
  CHECK(doc.at("program").text == path);
  CHECK(races_in(doc, false) == Lines{"ia:5 ib:6 x update-update -", "w:7 r:8 y read-write -"});

  const Result none =
      tfmc_run({"races", source_path("specs/paper/write_read_ordered.tfg"), "--json"});
  CHECK(none.code == 0);
  CHECK(tfmc::test::parse_json(none.out).at("races").items.empty());
}

TEST_CASE("races rejects bad input as check does", "[tools][races]") {
  CHECK(tfmc_run({"races"}).code == 2);
  const Result missing = tfmc_run({"races", "/nonexistent/x.tfg"});
  CHECK(missing.code == 2);
  CHECK(missing.out.empty());
  const std::string bad = write_test_file("bad.tfg", "var x = A\nr = Read(&y)\noutput r\n");
  const Result undefined = tfmc_run({"races", bad});
  CHECK(undefined.code == 2);
  CHECK(undefined.out.empty());
  CHECK(undefined.err.rfind(bad + ":2:", 0) == 0);
  const Result feed =
      tfmc_run({"races", source_path("specs/paper/write_read_unordered.tfg"), "--feed", "Z=A"});
  CHECK(feed.code == 2);
  CHECK(feed.err.find("'Z'") != std::string::npos);
  CHECK(tfmc_run({"races", source_path("specs/paper/write_read_unordered.tfg"), "--feed", "B"})
            .code == 2);
}

TEST_CASE("help documents races and the classification switch", "[tools][races]") {
  const Result help = tfmc_run({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("races") != std::string::npos);
  const Result races_help = tfmc_run({"races", "--help"});
  CHECK(races_help.code == 0);
  CHECK(races_help.out.find("--json") != std::string::npos);
  const Result check_help = tfmc_run({"check", "--help"});
  CHECK(check_help.out.find("--no-race-classification") != std::string::npos);
}

TEST_CASE("check classifies the races of a nondeterministic result", "[tools][races]") {
  // Write before Read gives r = B, Read before Write r = A.
  CHECK(check_races({"check", source_path("specs/paper/write_read_unordered.tfg"), "--json"}) ==
        Lines{"w:6 r:7 x read-write true"});
  // a1 before a2 gives Add(Add(B, D), E), a2 before a1 Add(Add(B, E), D).
  CHECK(check_races({"check", source_path("specs/paper/figure1.tfg"), "--json"}) ==
        Lines{"a1:13 a2:14 x update-update true"});
  // With O1 = Add(Add(B, D), E), O2 = Add(Add(B, E), D), O3 = Add(B, D), O4 = Add(B, E):
  // rd1 before wr2 allows O1, O3, O4 and wr2 before rd1 only O2; symmetrically for wr1 and
  // rd2; wr1 before wr2 allows O1, O4 and wr2 before wr1 O2, O3.
  CHECK(check_races({"check", source_path("specs/paper/figure4_lost_update.tfg"), "--json"}) ==
        Lines{"rd1:20 wr2:25 x read-write true", "wr1:22 rd2:23 x read-write true",
              "wr1:22 wr2:25 x write-write true"});
  CHECK(check_races(
            {"check", write_test_file("mixed.tfg", kMixed), "--json", "--reduction", "none"}) ==
        Lines{"ia:5 ib:6 x update-update false", "w:7 r:8 y read-write true"});
}

TEST_CASE("a race that only matters with another is observable", "[tools][races]") {
  // Three non-atomic increments of x = 0 end with x = 1, 2 or 3. A race involves replicas i
  // and j (k is the third); with either order of its two nodes forced, all three values stay
  // reachable: x = 3 runs the replicas one after another, the replica of the pair's first node
  // first; x = 2 runs that replica alone first, then the other two both read 1 and write 2;
  // x = 1 lets k read 0 first and write last, with i and j run one after the other in between.
  // So forcing one order never changes the outcome set. Yet every pair fails to commute in
  // some reachable state: ri and wj both enabled after rj read 0 (ri reads 0 before wj, 1
  // after); wi and wj both enabled after ri read 0, then wk wrote 1, then rj read 1 (they
  // write 1 and 2). So all nine races are observable.
  const std::string three = write_test_file("three.tfg",
                                            "var x = i32{0}\n"
                                            "one = Const {value=i32{1}}\n"
                                            "r1 = Read(&x)\n"
                                            "a1 = Add(r1, one)\n"
                                            "w1 = Write(&x, a1)\n"
                                            "r2 = Read(&x)\n"
                                            "a2 = Add(r2, one)\n"
                                            "w2 = Write(&x, a2)\n"
                                            "r3 = Read(&x)\n"
                                            "a3 = Add(r3, one)\n"
                                            "w3 = Write(&x, a3)\n");
  const Result r = tfmc_run({"check", three, "--json"});
  CHECK(r.code == 1);
  const Json doc = tfmc::test::parse_json(r.out);
  CHECK(doc.at("outcomes").items.size() == 3);
  CHECK(races_in(doc, true) == Lines{"r1:3 w2:8 x read-write true", "r1:3 w3:11 x read-write true",
                                     "w1:5 r2:6 x read-write true", "w1:5 w2:8 x write-write true",
                                     "w1:5 r3:9 x read-write true", "w1:5 w3:11 x write-write true",
                                     "r2:6 w3:11 x read-write true", "w2:8 r3:9 x read-write true",
                                     "w2:8 w3:11 x write-write true"});
}

TEST_CASE("every race of a deterministic result is benign", "[tools][races]") {
  // Two atomic increments of 0 by 1 give X = 2 in either order.
  const Result r = tfmc_run({"check", source_path("specs/rfc/increment_atomic.tfg"), "--json"});
  CHECK(r.code == 0);
  CHECK(races_in(tfmc::test::parse_json(r.out), true) == Lines{"ia:8 ib:9 X update-update false"});
  CHECK(check_races({"check", source_path("specs/rfc/increment_atomic.tfg"), "--json",
                     "--no-race-classification"}) == Lines{"ia:8 ib:9 X update-update false"});
  CHECK(
      check_races({"check", source_path("specs/paper/write_read_ordered.tfg"), "--json"}).empty());
}

TEST_CASE("observability is unknown when not classified or stopped", "[tools][races]") {
  const std::string mixed = write_test_file("mixed.tfg", kMixed);
  const Result skipped = tfmc_run({"check", mixed, "--json", "--no-race-classification"});
  CHECK(skipped.code == 1);
  const Json doc = tfmc::test::parse_json(skipped.out);
  CHECK(races_in(doc, true) ==
        Lines{"ia:5 ib:6 x update-update null", "w:7 r:8 y read-write null"});
  CHECK(doc.at("races").items[0].at("unknown_reason").text == "not classified");

  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");
  const Result stopped =
      tfmc_run({"check", unordered, "--json", "--max-states", "3", "--reduction", "none"});
  CHECK(stopped.code == 3);
  const Json partial = tfmc::test::parse_json(stopped.out);
  CHECK(races_in(partial, true) == Lines{"w:6 r:7 x read-write null"});
  CHECK(partial.at("races").items[0].at("unknown_reason").text ==
        "the exploration was stopped by --max-states");
  const Result text =
      tfmc_run({"check", unordered, "--max-states", "3", "--reduction", "none", "--quiet"});
  CHECK(text.out.find("races: 1 (1 unknown)\n  unknown: w (" + unordered + ":6) and r (" +
                      unordered +
                      ":7) on x: read-write (the exploration was stopped by --max-states)\n") !=
        std::string::npos);
}

TEST_CASE("a limit that stops a forced-order run leaves the race unknown", "[tools][races]") {
  tfmc::sem::ValueStore values;
  const std::string path = source_path("specs/paper/write_read_unordered.tfg");
  const tfmc::sem::Program program =
      tfmc::sem::load_program_text(path, tfmc::test::read_file(path), {}, values);
  tfmc::api::CheckOptions full;
  full.reduction = tfmc::check::Reduction::None;
  tfmc::api::CheckResult result = tfmc::api::explore(program, values, full, "");
  REQUIRE(result.exploration.complete);
  REQUIRE(result.races.size() == 1);
  CHECK(result.races[0].unknown_reason == "not classified");
  // The forced runs may store 2 states; either order needs more (&x@w, &x@r, w and r fire
  // one at a time from the initial state).
  tfmc::api::CheckOptions tight = full;
  tight.limits.max_states = 2;
  std::vector<std::string> labels;
  tfmc::api::classify_races(program, result,
                            [&](const tfmc::sem::Program& ordered, const std::string& label) {
                              labels.push_back(label);
                              return tfmc::api::explore(ordered, values, tight, label);
                            });
  CHECK(labels == std::vector<std::string>{"w before r"});  // the other order is not needed
  CHECK_FALSE(result.races[0].observable.has_value());
  CHECK(result.races[0].unknown_reason == "the run with w before r was stopped by --max-states");
}

TEST_CASE("a memory limit that stops a forced-order run leaves the races after it unexplored",
          "[tools][races][limits]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("m.tfg", kMixed, {}, values);
  tfmc::api::CheckOptions full;
  tfmc::api::CheckResult result = tfmc::api::explore(program, values, full, "");
  REQUIRE(result.exploration.complete);
  REQUIRE(result.races.size() == 2);
  // Any process is past one byte: the first forced run stops at once, and --max-memory, which
  // bounds the whole command, leaves the second race unexplored.
  tfmc::api::CheckOptions tight = full;
  tight.limits.max_memory_bytes = 1;
  std::vector<std::string> labels;
  tfmc::api::classify_races(program, result,
                            [&](const tfmc::sem::Program& ordered, const std::string& label) {
                              labels.push_back(label);
                              return tfmc::api::explore(ordered, values, tight, label);
                            });
  CHECK(labels == std::vector<std::string>{"ia before ib"});
  CHECK(result.classification_stop == tfmc::check::StopReason::MaxMemory);
  CHECK_FALSE(result.races[0].observable.has_value());
  CHECK(result.races[0].unknown_reason == "the run with ia before ib was stopped by --max-memory");
  CHECK_FALSE(result.races[1].observable.has_value());
  CHECK(result.races[1].unknown_reason == "not classified: --max-memory was reached first");
}

TEST_CASE("the text report lists observable races first, then benign ones", "[tools][races]") {
  const std::string mixed = write_test_file("mixed.tfg", kMixed);
  const Result r = tfmc_run({"check", mixed});
  CHECK(r.code == 1);
  CHECK(r.out.find("races: 2 (1 observable, 1 benign)\n"
                   "  observable: w (" +
                   mixed + ":7) and r (" + mixed + ":8) on y: read-write\n" + "  benign: ia (" +
                   mixed + ":5) and ib (" + mixed + ":6) on x: update-update\n") !=
        std::string::npos);
  const Result none = tfmc_run({"check", source_path("specs/paper/write_read_ordered.tfg")});
  CHECK(none.out.find("races: none\n") != std::string::npos);
}

TEST_CASE("the library classifies only when asked", "[tools][races]") {
  const tfmc::support::TextCheck plain = tfmc::support::check_text("m.tfg", kMixed, {}, {});
  REQUIRE(plain.races.size() == 2);
  CHECK_FALSE(plain.races[0].observable.has_value());
  const tfmc::support::TextCheck classified =
      tfmc::support::check_text("m.tfg", kMixed, {}, {}, tfmc::check::Reduction::Stubborn, true);
  REQUIRE(classified.races.size() == 2);
  CHECK(classified.races[0].observable == false);
  CHECK(classified.races[1].observable == true);
  CHECK(classified.outcomes.size() == plain.outcomes.size());
}

TEST_CASE("a race whose read no outcome uses is benign", "[tools][races]") {
  // r and s both race with w. s is an output: read before w it gives 0, after it 5. r's value
  // goes to an unnamed output edge, which no outcome shows, so the two orders of w and r differ
  // only in a slot that cannot reach an outcome: benign.
  const std::string path = write_test_file("unused.tfg",
                                           "var x = i32{0}\n"
                                           "c = Const {value=i32{5}}\n"
                                           "w = Write(&x, c)\n"
                                           "r = Read(&x)\n"
                                           "s = Read(&x)\n"
                                           "output s\n");
  for (const char* reduction : {"none", "stubborn"}) {
    INFO(reduction);
    const Result result = tfmc_run({"check", path, "--json", "--reduction", reduction});
    CHECK(result.code == 1);
    CHECK(races_in(tfmc::test::parse_json(result.out), true) ==
          Lines{"w:3 r:4 x read-write false", "w:3 s:5 x read-write true"});
  }
}
