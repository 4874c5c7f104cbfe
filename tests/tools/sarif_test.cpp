// `--format sarif` of check, races and compare (tools/app/sarif.h, specs/FORMAT.md, "SARIF
// output"). Every log is held to the properties the SARIF 2.1.0 schema requires at each level
// (sarifLog: version, runs; run: tool; tool: driver; toolComponent: name; reportingDescriptor:
// id; result: message; message: text or id; physicalLocation: artifactLocation; region:
// startLine >= 1) and to the references inside it (ruleId and ruleIndex name one rule, each
// embedded link names a related location). The expected results (rule, level, FILE:LINE of
// each location) are worked out by hand from the programs' statements, races and outcomes.
#include <catch2/catch.hpp>

#include "tools/sarif_checks.h"

using namespace sarif_checks;

TEST_CASE("check --format sarif: a deterministic program", "[tools][sarif]") {
  // w is ordered before r: one outcome and no race, so no result.
  const Result ordered =
      tfmc_run({"check", source_path("specs/paper/write_read_ordered.tfg"), "--format", "sarif"});
  CHECK(ordered.code == 0);
  CHECK(results_of(valid_sarif(ordered.out, kCheckRules)).empty());

  // ia and ib (lines 8 and 9) both add 1 to X: X = 2 in either order, a benign race.
  const std::string atomic = source_path("specs/rfc/increment_atomic.tfg");
  const Result r = tfmc_run({"check", atomic, "--format", "sarif"});
  CHECK(r.code == 0);
  const Json log = valid_sarif(r.out, kCheckRules);
  CHECK(results_of(log) == Lines{"tfmc/race-benign note " + atomic + ":8 -> " + atomic + ":9"});
  CHECK(message(log, 0) ==
        "ia and [ib](1) race on X (update-update): their order does not change the outcomes.");
  CHECK(related_message(log, 0, 0) == "ib, the other access to X");
}

TEST_CASE("check --format sarif: nondeterminism and an observable race", "[tools][sarif]") {
  // Read before Write gives r = A, Write before Read r = B; w is line 6, r line 7.
  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");
  const Result r = tfmc_run({"check", unordered, "--format", "sarif"});
  CHECK(r.code == 1);
  const Json log = valid_sarif(r.out, kCheckRules);
  CHECK(results_of(log) ==
        Lines{"tfmc/nondeterministic warning " + unordered + ":1",
              "tfmc/race-observable warning " + unordered + ":6 -> " + unordered + ":7"});
  CHECK(message(log, 0) == unordered +
                               " is nondeterministic: 2 outcomes. Outcome 1: output r = A, "
                               "variable x = B. Outcome 2: output r = B, variable x = B.");
  CHECK(message(log, 1) ==
        "w and [r](1) race on x (read-write): their order changes the outcomes.");

  // Figure 1: a1 (line 13) and a2 (line 14) add D and E to x = B in either order.
  const std::string figure1 = source_path("specs/paper/figure1.tfg");
  const Result f = tfmc_run({"check", figure1, "--format", "sarif"});
  CHECK(f.code == 1);
  const Json flog = valid_sarif(f.out, kCheckRules);
  CHECK(results_of(flog) ==
        Lines{"tfmc/nondeterministic warning " + figure1 + ":1",
              "tfmc/race-observable warning " + figure1 + ":13 -> " + figure1 + ":14"});
  const std::string de = "Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))";
  const std::string ed = "Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))";
  CHECK(message(flog, 0) == figure1 + " is nondeterministic: 2 outcomes. Outcome 1: output r = " +
                                de + ", variable x = " + de + ". Outcome 2: output r = " + ed +
                                ", variable x = " + ed + ".");
}

TEST_CASE("check --format sarif: stuck outcomes point at the blocked nodes", "[tools][sarif]") {
  // `never` (line 19) dequeues from a queue that d already emptied: every run ends stuck with
  // it unfired, and r = X = 1. wx (line 15) and r (line 18) race statically, yet r always
  // reads after the write, through the queue: benign.
  const std::string queue = source_path("specs/rfc/queue_blocking.tfg");
  const Result r = tfmc_run({"check", queue, "--format", "sarif"});
  CHECK(r.code == 1);
  const Json log = valid_sarif(r.out, kCheckRules);
  CHECK(results_of(log) == Lines{"tfmc/stuck error " + queue + ":19",
                                 "tfmc/race-benign note " + queue + ":15 -> " + queue + ":18"});
  CHECK(starts_with(message(log, 0),
                    "Outcome 1 of 1 is stuck, blocked forever: never. Values: output r = i32{1}, "
                    "variable X = i32{1}. Witness: "));

  // d (line 3) dequeues from a queue nothing fills, and r (line 4) waits for d: both blocked,
  // r never produces its output.
  const std::string two = tfmc::test::write_test_file("sarif_stuck.tfg",
                                                      "var X = i32{0}\n"
                                                      "queue q {capacity=1}\n"
                                                      "d = Dequeue(&q)\n"
                                                      "r = Read(&X) after d\n"
                                                      "output r\n");
  const Result s = tfmc_run({"check", two, "--format", "sarif"});
  CHECK(s.code == 1);
  const Json slog = valid_sarif(s.out, kCheckRules);
  CHECK(results_of(slog) == Lines{"tfmc/stuck error " + two + ":3 -> " + two + ":4"});
  CHECK(starts_with(message(slog, 0),
                    "Outcome 1 of 1 is stuck, blocked forever: d, [r](1). Values: output r = "
                    "EMPTY, variable X = i32{0}. Witness: "));
  CHECK(related_message(slog, 0, 0) == "r is blocked forever");
}

TEST_CASE("check --format sarif: a stopped exploration", "[tools][sarif]") {
  // Figure 4 has several outcomes, so one stored state cannot complete it, nor find two
  // outcomes: no nondeterminism result, and its three races stay unclassified.
  const std::string f4 = source_path("specs/paper/figure4_lost_update.tfg");
  const Result r = tfmc_run({"check", f4, "--format", "sarif", "--max-states", "1"});
  CHECK(r.code == 3);
  const Json log = valid_sarif(r.out, kCheckRules);
  CHECK(results_of(log) == Lines{"tfmc/incomplete warning " + f4 + ":1",
                                 "tfmc/race-unknown note " + f4 + ":20 -> " + f4 + ":25",
                                 "tfmc/race-unknown note " + f4 + ":22 -> " + f4 + ":23",
                                 "tfmc/race-unknown note " + f4 + ":22 -> " + f4 + ":25"});
  CHECK(starts_with(message(log, 0), "The exploration of " + f4 + " was stopped by --max-states"));
  CHECK(message(log, 1) ==
        "rd1 and [wr2](1) race on x (read-write): whether their order changes the outcomes is "
        "unknown: the exploration was stopped by --max-states.");
  CHECK(r.err.find("exploration stopped by --max-states") != std::string::npos);
}

TEST_CASE("check --format sarif: escaped messages, encoded paths, several files",
          "[tools][sarif]") {
  // The values print with brackets, which a SARIF text must escape; the path has a space.
  const std::string path = tfmc::test::write_test_file("sarif with space.tfg",
                                                       "var x = f32[2]{0, 0}\n"
                                                       "input B = f32[2]{1, 2}\n"
                                                       "w = Write(&x, B)\n"
                                                       "r = Read(&x)\n"
                                                       "output r\n");
  const std::string uri = path.substr(0, path.rfind('/')) + "/sarif%20with%20space.tfg";
  const Result r = tfmc_run({"check", path, "--format", "sarif"});
  CHECK(r.code == 1);
  const Json log = valid_sarif(r.out, kCheckRules);
  CHECK(results_of(log) == Lines{"tfmc/nondeterministic warning " + uri + ":1",
                                 "tfmc/race-observable warning " + uri + ":3 -> " + uri + ":4"});
  CHECK(message(log, 0) == path +
                               " is nondeterministic: 2 outcomes. Outcome 1: output r = "
                               "f32\\[2\\]{0, 0}, variable x = f32\\[2\\]{1, 2}. Outcome 2: "
                               "output r = f32\\[2\\]{1, 2}, variable x = f32\\[2\\]{1, 2}.");

  // Two FILEs sharing x: the writer's w (its line 4) and the reader's r (its line 2) race,
  // and each location names the file its node comes from.
  const std::string writer = tfmc::test::write_test_file(
      "sarif_writer.tfg", "# writer\nvar x = A\ninput B\nw = Write(&x, B)\n");
  const std::string reader =
      tfmc::test::write_test_file("sarif_reader.tfg", "var x = A\nr = Read(&x)\noutput r\n");
  const Result both = tfmc_run({"check", writer, reader, "--format", "sarif"});
  CHECK(both.code == 1);
  const Json blog = valid_sarif(both.out, kCheckRules);
  const Lines results = results_of(blog);
  REQUIRE(results.size() == 2);
  CHECK(results[0] == "tfmc/nondeterministic warning " + writer + ":1");
  CHECK((results[1] == "tfmc/race-observable warning " + reader + ":2 -> " + writer + ":4" ||
         results[1] == "tfmc/race-observable warning " + writer + ":4 -> " + reader + ":2"));
}
