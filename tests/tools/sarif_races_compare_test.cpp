// `--format sarif` of races and compare, and the choice of output format; every log is held
// to the schema's properties as sarif_test.cpp describes.
#include <catch2/catch.hpp>
#include <regex>

#include "tools/sarif_checks.h"

using namespace sarif_checks;

TEST_CASE("races --format sarif", "[tools][sarif]") {
  // Figure 4: rd1 (20) and wr2 (25), wr1 (22) and rd2 (23), wr1 (22) and wr2 (25).
  const std::string f4 = source_path("specs/paper/figure4_lost_update.tfg");
  const Result r = tfmc_run({"races", f4, "--format", "sarif"});
  CHECK(r.code == 1);
  const Json log = valid_sarif(r.out, kRacesRules);
  CHECK(results_of(log) == Lines{"tfmc/race warning " + f4 + ":20 -> " + f4 + ":25",
                                 "tfmc/race warning " + f4 + ":22 -> " + f4 + ":23",
                                 "tfmc/race warning " + f4 + ":22 -> " + f4 + ":25"});
  CHECK(message(log, 2) ==
        "wr1 and [wr2](1) race on x (write-write): no path of edges orders them.");
  CHECK(related_message(log, 2, 0) == "wr2, the other access to x");

  const Result none =
      tfmc_run({"races", source_path("specs/paper/write_read_ordered.tfg"), "--format", "sarif"});
  CHECK(none.code == 0);
  CHECK(results_of(valid_sarif(none.out, kRacesRules)).empty());
}

TEST_CASE("compare --format sarif", "[tools][sarif]") {
  const std::string ordered = source_path("specs/paper/write_read_ordered.tfg");
  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");

  // The ordered program reaches only r = B; dropping the control edge adds r = A (r fires
  // before w), which differs from BEFORE's only outcome in r, AFTER's line 7.
  const Result fails = tfmc_run({"compare", ordered, unordered, "--format", "sarif"});
  CHECK(fails.code == 1);
  const Json flog = valid_sarif(fails.out, kCompareRules);
  CHECK(results_of(flog) == Lines{"tfmc/refinement-failure error " + unordered + ":7"});
  const std::string added = message(flog, 0);
  CHECK(starts_with(added,
                    "AFTER reaches an outcome that BEFORE cannot: output r = A, variable x = B. "
                    "The nearest outcome of BEFORE differs in r: output r = B, variable x = B. "
                    "Witness in AFTER: "));
  // The witness fires r before w, as every run that reads A must.
  std::istringstream witness(added.substr(added.rfind(": ") + 2));
  Lines fired;
  for (std::string node; witness >> node;) fired.push_back(node);
  REQUIRE(!fired.empty());
  fired.back().pop_back();  // the closing period
  const auto r_at = std::find(fired.begin(), fired.end(), "r");
  REQUIRE(r_at != fired.end());
  CHECK(std::find(fired.begin(), r_at, "w") == r_at);

  // The other way round AFTER refines BEFORE (exit 0) and loses r = A: a note at the
  // statement of AFTER's r (line 8).
  const Result refines = tfmc_run({"compare", unordered, ordered, "--format", "sarif"});
  CHECK(refines.code == 0);
  const Json rlog = valid_sarif(refines.out, kCompareRules);
  CHECK(results_of(rlog) == Lines{"tfmc/lost-outcome note " + ordered + ":8"});
  CHECK(starts_with(message(rlog, 0),
                    "AFTER no longer reaches an outcome of BEFORE: output r = A, variable x = B. "
                    "The nearest outcome of AFTER differs in r: output r = B, variable x = B. "
                    "Witness in BEFORE: "));
  // --equivalent changes the exit code, not the log.
  const Result equivalent =
      tfmc_run({"compare", unordered, ordered, "--format", "sarif", "--equivalent"});
  CHECK(equivalent.code == 1);
  CHECK(results_of(valid_sarif(equivalent.out, kCompareRules)) == results_of(rlog));
}

TEST_CASE("compare --format sarif points at every value that differs", "[tools][sarif]") {
  // BEFORE adds 1 to x and y, AFTER adds 2: every name differs. AFTER's lines: x 1, y 2, the
  // Read that outputs r 6; BEFORE has one more line, so a location in BEFORE would show.
  const char* kAfter =
      "var x = i32{0}\n"
      "var y = i32{0}\n"
      "k = Const {value=i32{2}}\n"
      "ax = AssignAdd(&x, k)\n"
      "ay = AssignAdd(&y, k)\n"
      "r = Read(&x) after ax\n"
      "output r\n";
  const std::string after = tfmc::test::write_test_file("sarif_after.tfg", kAfter);
  std::string before_text = std::string("# adds one\n") + kAfter;
  before_text.replace(before_text.find("i32{2}"), 6, "i32{1}");
  const std::string before = tfmc::test::write_test_file("sarif_before.tfg", before_text);

  const Result r = tfmc_run({"compare", before, after, "--format", "sarif"});
  CHECK(r.code == 1);
  const Json log = valid_sarif(r.out, kCompareRules);
  CHECK(results_of(log) ==
        Lines{"tfmc/refinement-failure error " + after + ":6 -> " + after + ":1 -> " + after + ":2",
              "tfmc/lost-outcome note " + after + ":6 -> " + after + ":1 -> " + after + ":2"});
  CHECK(starts_with(message(log, 0),
                    "AFTER reaches an outcome that BEFORE cannot: output r = i32{2}, variable x = "
                    "i32{2}, variable y = i32{2}. The nearest outcome of BEFORE differs in r, "
                    "[x](1), [y](2): output r = i32{1}, variable x = i32{1}, variable y = "
                    "i32{1}. Witness in AFTER: "));
  CHECK(related_message(log, 0, 0) == "variable x");
  CHECK(related_message(log, 0, 1) == "variable y");
  CHECK(starts_with(message(log, 1),
                    "AFTER no longer reaches an outcome of BEFORE: output r = i32{1}, variable x "
                    "= i32{1}, variable y = i32{1}. The nearest outcome of AFTER differs in r, "
                    "[x](1), [y](2): output r = i32{2}, variable x = i32{2}, variable y = "
                    "i32{2}. Witness in BEFORE: "));
}

TEST_CASE("compare --format sarif when a limit stops both explorations", "[tools][sarif]") {
  // Both sides have two outcomes, which one stored state cannot reach: both stop.
  const std::string before = source_path("specs/paper/write_read_unordered.tfg");
  const std::string after = tfmc::test::write_test_file(
      "sarif_unordered.tfg", "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n");
  const Result r = tfmc_run({"compare", before, after, "--format", "sarif", "--max-states", "1"});
  CHECK(r.code == 3);
  const Json log = valid_sarif(r.out, kCompareRules);
  CHECK(results_of(log) == Lines{"tfmc/incomplete warning " + before + ":1",
                                 "tfmc/incomplete warning " + after + ":1"});
  CHECK(starts_with(message(log, 0),
                    "The exploration of BEFORE (" + before + ") was stopped by --max-states"));
  CHECK(starts_with(message(log, 1),
                    "The exploration of AFTER (" + after + ") was stopped by --max-states"));
}

namespace {

// `text` with each "in S s" (an exploration time) read as "in X s".
std::string without_seconds(const std::string& text) {
  return std::regex_replace(text, std::regex("in [0-9.]+ s"), "in X s");
}

}  // namespace

TEST_CASE("the format option chooses the output, and --json is --format json", "[tools][sarif]") {
  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");
  for (const char* command : {"check", "races"}) {
    const Result text = tfmc_run({command, unordered});
    // The text report of check gives its exploration time, which differs from run to run.
    CHECK(without_seconds(tfmc_run({command, unordered, "--format", "text"}).out) ==
          without_seconds(text.out));
    const Result json = tfmc_run({command, unordered, "--json"});
    CHECK(tfmc::test::parse_json(json.out).at("program").text == unordered);
    const Result both = tfmc_run({command, unordered, "--json", "--format", "json"});
    CHECK(both.code == json.code);
    CHECK(tfmc::test::parse_json(both.out).at("program").text == unordered);
    // --json with another format is a usage error, before anything is explored.
    const Result clash = tfmc_run({command, unordered, "--json", "--format", "sarif"});
    CHECK(clash.code == 2);
    CHECK(clash.out.empty());
    CHECK(clash.err == "tfmc: --json contradicts --format sarif\n");
    const Result unknown = tfmc_run({command, unordered, "--format", "xml"});
    CHECK(unknown.code == 2);
    CHECK(unknown.out.empty());
  }
  const Result clash = tfmc_run({"compare", unordered, unordered, "--format", "text", "--json"});
  CHECK(clash.code == 2);
  CHECK(clash.out.empty());
  for (const char* command : {"check", "races", "compare"}) {
    const Result help = tfmc_run({command, "--help"});
    CHECK(help.out.find("--format") != std::string::npos);
    CHECK(help.out.find("SARIF 2.1.0") != std::string::npos);
  }
}
