// `--format sarif` of check, races and compare (tools/app/sarif.h, specs/FORMAT.md "SARIF
// output"). Every log is held to the properties the SARIF 2.1.0 schema requires at each level
// (sarifLog: version, runs; run: tool; tool: driver; toolComponent: name; reportingDescriptor:
// id; result: message; message: text or id; physicalLocation: artifactLocation; region:
// startLine >= 1) and to the references inside it (ruleId and ruleIndex name one rule, each
// embedded link names a related location). The expected results (rule, level, FILE:LINE of
// each location) are worked out by hand from the programs' statements, races and outcomes.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;

using tfmc::test::Json;
using Lines = std::vector<std::string>;

const Lines kCheckRules = {"tfmc/race-observable",  "tfmc/race-benign", "tfmc/race-unknown",
                           "tfmc/nondeterministic", "tfmc/stuck",       "tfmc/incomplete"};
const Lines kRacesRules = {"tfmc/race"};
const Lines kCompareRules = {"tfmc/refinement-failure", "tfmc/lost-outcome", "tfmc/incomplete"};

bool is_integer(const Json& j) {
  return j.is(Json::Kind::Number) && j.text.find_first_of(".eE") == std::string::npos;
}

void check_text(const Json& j) {
  REQUIRE(j.is(Json::Kind::Object));
  const Json* text = j.find("text");
  REQUIRE(text != nullptr);
  CHECK(text->is(Json::Kind::String));
  CHECK(!text->text.empty());
}

// message: an object with "text" or "id" (tfmc always writes text).
void check_message(const Json& m) {
  REQUIRE(m.is(Json::Kind::Object));
  CHECK((m.find("text") != nullptr || m.find("id") != nullptr));
  check_text(m);
}

// The ids that the embedded links `[label](N)` of a message text refer to, or nothing when
// the text has a `[` or `]` that is neither escaped with a backslash nor part of a link.
std::optional<std::vector<int>> links_in(const std::string& text) {
  std::vector<int> ids;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;  // an escaped character
      continue;
    }
    if (text[i] == ']') return std::nullopt;
    if (text[i] != '[') continue;
    std::size_t close = i + 1;
    while (close < text.size() && text[close] != ']') close += text[close] == '\\' ? 2 : 1;
    if (close + 1 >= text.size() || text[close + 1] != '(') return std::nullopt;
    const std::size_t end = text.find(')', close + 2);
    if (end == std::string::npos) return std::nullopt;
    const std::string id = text.substr(close + 2, end - close - 2);
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    ids.push_back(std::stoi(id));
    i = end;
  }
  return ids;
}

// A URI reference as tfmc writes one: unreserved characters, sub-delimiters, `@`, `/` and
// percent-encoded bytes.
bool is_uri_reference(const std::string& uri) {
  for (std::size_t i = 0; i < uri.size(); ++i) {
    const char c = uri[i];
    if (c == '%') {
      if (i + 2 >= uri.size() || !std::isxdigit(static_cast<unsigned char>(uri[i + 1])) ||
          !std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
        return false;
      }
      i += 2;
    } else if (!std::isalnum(static_cast<unsigned char>(c)) &&
               std::string("-._~!$&'()*+,;=@/").find(c) == std::string::npos) {
      return false;
    }
  }
  return !uri.empty();
}

// location: physicalLocation (artifactLocation with a uri, region with startLine >= 1); a
// related location also has an id and a message.
void check_location(const Json& location, bool related) {
  REQUIRE(location.is(Json::Kind::Object));
  const Json& physical = location.at("physicalLocation");
  REQUIRE(physical.is(Json::Kind::Object));
  const Json& artifact = physical.at("artifactLocation");
  REQUIRE(artifact.is(Json::Kind::Object));
  CHECK(is_uri_reference(artifact.at("uri").text));
  const Json& region = physical.at("region");
  REQUIRE(region.is(Json::Kind::Object));
  REQUIRE(is_integer(region.at("startLine")));
  CHECK(region.at("startLine").number >= 1);
  if (related) {
    REQUIRE(is_integer(location.at("id")));
    CHECK(location.at("id").number >= 0);
    check_message(location.at("message"));
  }
}

bool is_level(const std::string& level) {
  return level == "none" || level == "note" || level == "warning" || level == "error";
}

// Parses `text` as a SARIF 2.1.0 log with one run of tfmc whose driver lists `rules` in this
// order, checks every level of it, and returns it.
Json valid_sarif(const std::string& text, const Lines& rules) {
  const Json log = tfmc::test::parse_json(text);
  REQUIRE(log.is(Json::Kind::Object));
  CHECK(log.at("version").text == "2.1.0");
  CHECK(log.at("$schema").text == "https://json.schemastore.org/sarif-2.1.0.json");
  const Json& runs = log.at("runs");
  REQUIRE(runs.is(Json::Kind::Array));
  REQUIRE(runs.items.size() == 1);
  const Json& run = runs.items[0];
  REQUIRE(run.is(Json::Kind::Object));
  const Json& tool = run.at("tool");
  REQUIRE(tool.is(Json::Kind::Object));
  const Json& driver = tool.at("driver");
  REQUIRE(driver.is(Json::Kind::Object));
  CHECK(driver.at("name").text == "tfmc");
  CHECK("tfmc " + driver.at("version").text + "\n" == tfmc_run({"--version"}).out);

  const Json& descriptors = driver.at("rules");
  REQUIRE(descriptors.is(Json::Kind::Array));
  Lines ids;
  for (const Json& rule : descriptors.items) {
    REQUIRE(rule.is(Json::Kind::Object));
    ids.push_back(rule.at("id").text);
    CHECK(!rule.at("name").text.empty());
    check_text(rule.at("shortDescription"));
    check_text(rule.at("fullDescription"));
    check_text(rule.at("help"));
    CHECK(is_level(rule.at("defaultConfiguration").at("level").text));
  }
  CHECK(ids == rules);

  const Json& results = run.at("results");
  REQUIRE(results.is(Json::Kind::Array));
  for (const Json& result : results.items) {
    REQUIRE(result.is(Json::Kind::Object));
    check_message(result.at("message"));
    const std::string& rule_id = result.at("ruleId").text;
    REQUIRE(is_integer(result.at("ruleIndex")));
    const auto index = static_cast<std::size_t>(result.at("ruleIndex").number);
    REQUIRE(index < descriptors.items.size());
    CHECK(descriptors.items[index].at("id").text == rule_id);
    CHECK(result.at("level").text ==
          descriptors.items[index].at("defaultConfiguration").at("level").text);
    const Json& locations = result.at("locations");
    REQUIRE(locations.is(Json::Kind::Array));
    REQUIRE(locations.items.size() == 1);
    check_location(locations.items[0], false);
    std::set<int> related_ids;
    if (const Json* related = result.find("relatedLocations")) {
      REQUIRE(related->is(Json::Kind::Array));
      for (const Json& location : related->items) {
        check_location(location, true);
        CHECK(related_ids.insert(static_cast<int>(location.at("id").number)).second);
        CHECK(links_in(location.at("message").at("text").text) == std::vector<int>{});
      }
    }
    // Every related location is linked from the message, and every link names one.
    const std::optional<std::vector<int>> links = links_in(result.at("message").at("text").text);
    REQUIRE(links.has_value());
    CHECK(std::set<int>(links->begin(), links->end()) == related_ids);
    const Json& fingerprints = result.at("partialFingerprints");
    REQUIRE(fingerprints.is(Json::Kind::Object));
    REQUIRE(fingerprints.members.size() == 1);
    CHECK(fingerprints.members[0].second.is(Json::Kind::String));
  }
  return log;
}

const Json& results_array(const Json& log) { return log.at("runs").items[0].at("results"); }

std::string place(const Json& location) {
  const Json& physical = location.at("physicalLocation");
  return physical.at("artifactLocation").at("uri").text + ":" +
         physical.at("region").at("startLine").text;
}

// Each result as "RULE LEVEL URI:LINE", then " -> URI:LINE" per related location.
Lines results_of(const Json& log) {
  Lines out;
  for (const Json& result : results_array(log).items) {
    std::string line = result.at("ruleId").text + " " + result.at("level").text + " " +
                       place(result.at("locations").items[0]);
    if (const Json* related = result.find("relatedLocations")) {
      for (const Json& location : related->items) line += " -> " + place(location);
    }
    out.push_back(line);
  }
  return out;
}

std::string message(const Json& log, std::size_t i) {
  return results_array(log).items.at(i).at("message").at("text").text;
}

std::string related_message(const Json& log, std::size_t i, std::size_t k) {
  return results_array(log)
      .items.at(i)
      .at("relatedLocations")
      .items.at(k)
      .at("message")
      .at("text")
      .text;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

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

TEST_CASE("the format option chooses the output, and --json is --format json", "[tools][sarif]") {
  const std::string unordered = source_path("specs/paper/write_read_unordered.tfg");
  for (const char* command : {"check", "races"}) {
    const Result text = tfmc_run({command, unordered});
    CHECK(tfmc_run({command, unordered, "--format", "text"}).out == text.out);
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
