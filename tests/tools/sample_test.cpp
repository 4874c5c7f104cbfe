// `tfmc sample` and `tfmc check --likelihood` on the command line (FORMAT.md, "tfmc sample"):
// on the TensorFlow corpus's lost update and read race, the sampled counts' intervals hold the
// exact probabilities check --likelihood prints, and the report's 95% intervals are the Wilson
// intervals of its counts; the text report's lines; --compare-exhaustive; exit codes and
// option errors; the help of the new options.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"
#include "tools/app/sample_report.h"

namespace {

using tfmc::test::Json;
using tfmc::test::parse_json;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;

// The lines of a corpus graph's .args file: its --init, --fetch and --target options.
std::vector<std::string> corpus_args(const std::string& args_file) {
  std::ifstream in(source_path(args_file));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

// `command FILE ARGS... extra...` on a corpus graph.
std::vector<std::string> corpus_command(const std::string& command, const std::string& graph,
                                        const std::string& args_file,
                                        const std::vector<std::string>& extra) {
  std::vector<std::string> out = {command, source_path(graph)};
  for (const std::string& a : corpus_args(args_file)) out.push_back(a);
  out.insert(out.end(), extra.begin(), extra.end());
  return out;
}

// The outcomes' values as text, to match a sample's outcomes with a check's.
std::string values_of(const Json& outcome) {
  std::string out;
  for (const auto& [name, v] : outcome.at("outputs").members) out += name + "=" + v.text + ";";
  for (const auto& [name, v] : outcome.at("variables").members) out += name + "=" + v.text + ";";
  return out;
}

}  // namespace

TEST_CASE("sample: the corpus's lost update and read race within their exact probabilities",
          "[tools][sample]") {
  const std::vector<std::vector<std::string>> graphs = {
      {"testdata/graphdef/lost_update.pbtxt", "testdata/graphdef/lost_update.args"},
      {"testdata/graphdef/read_races_assign.pbtxt",
       "testdata/graphdef/ref_read_races_assign.args"}};
  for (const std::vector<std::string>& g : graphs) {
    CAPTURE(g[0]);
    const auto exact = tfmc_run(corpus_command(
        "check", g[0], g[1], {"--likelihood", "--json", "--no-race-classification"}));
    REQUIRE(exact.code == 1);
    const auto sampled = tfmc_run(
        corpus_command("sample", g[0], g[1], {"--schedules", "20000", "--seed", "5", "--json"}));
    REQUIRE(sampled.code == 1);
    const Json check_doc = parse_json(exact.out);
    const Json sample_doc = parse_json(sampled.out);
    CHECK(check_doc.at("likelihood").at("complete").boolean);
    const Json& probabilities = check_doc.at("likelihood").at("probabilities");
    const Json& outcomes = check_doc.at("outcomes");
    REQUIRE(probabilities.items.size() == outcomes.items.size());
    // Every outcome is found, in the check's order, with its exact probability inside the
    // interval at z = 4.42 (a miss by chance: 1e-5).
    const Json& found = sample_doc.at("outcomes");
    const Json& frequencies = sample_doc.at("frequencies");
    REQUIRE(found.items.size() == outcomes.items.size());
    double sum = 0;
    for (std::size_t i = 0; i < outcomes.items.size(); ++i) {
      CHECK(values_of(found.items[i]) == values_of(outcomes.items[i]));
      const double p = probabilities.items[i].at("value").number;
      sum += p;
      const auto hits = static_cast<std::uint64_t>(frequencies.items[i].at("schedules").number);
      CAPTURE(i, p, hits);
      const auto [low, high] = tfmc::app::wilson_interval(hits, 20000, 4.42);
      CHECK(low <= p);
      CHECK(p <= high);
      const auto [low95, high95] = tfmc::app::wilson_interval(hits, 20000, tfmc::app::kZ95);
      CHECK(frequencies.items[i].at("interval").items[0].number == Approx(low95));
      CHECK(frequencies.items[i].at("interval").items[1].number == Approx(high95));
      CHECK(frequencies.items[i].at("frequency").number == Approx(hits / 20000.0));
    }
    CHECK(sum == Approx(1));
  }
}

TEST_CASE("sample: the text report", "[tools][sample]") {
  const auto r = tfmc_run({"sample", source_path("specs/paper/write_read_unordered.tfg"),
                           "--schedules", "1000", "--seed", "3", "--threads", "1"});
  CHECK(r.code == 1);
  CHECK(r.out.find("scheduler: uniform (each step fires one of the enabled transitions, all as "
                   "likely), seed 3\n") != std::string::npos);
  CHECK(r.out.find("schedules: 1000 of 1000 in ") != std::string::npos);
  CHECK(r.out.find("on 1 thread (") != std::string::npos);
  CHECK(r.out.find("), 4000 transitions fired\noutcomes found: 2\n") != std::string::npos);
  CHECK(r.out.find("\noutcome 1 of 2:\n  schedules: ") != std::string::npos);
  CHECK(r.out.find("\noutcome 2 of 2:\n  schedules: ") != std::string::npos);
  CHECK(r.out.find(" (95% interval ") != std::string::npos);
  CHECK(r.out.find("  output r = A\n  variable x = B\n  witness: ") != std::string::npos);
  const auto pct = tfmc_run({"sample", source_path("specs/paper/write_read_unordered.tfg"),
                             "--schedules", "100", "--scheduler", "pct", "--depth", "2"});
  CHECK(pct.code == 1);
  CHECK(pct.out.find("scheduler: pct (depth 2: random priorities, 1 priority change point), "
                     "seed 0\n") != std::string::npos);
}

TEST_CASE("sample: --compare-exhaustive lists what each side missed", "[tools][sample]") {
  const std::string file = source_path("specs/paper/write_read_unordered.tfg");
  const auto stopped = tfmc_run({"sample", file, "--schedules", "500", "--compare-exhaustive",
                                 "--max-states", "1", "--json"});
  CHECK(stopped.code == 1);
  const Json doc = parse_json(stopped.out);
  const Json& exhaustive = doc.at("exhaustive");
  CHECK_FALSE(exhaustive.at("complete").boolean);
  CHECK(exhaustive.at("stop_reason").text == "max-states");
  CHECK(exhaustive.at("outcomes").number == 0);
  REQUIRE(exhaustive.at("not_reached").items.size() == 2);
  CHECK(exhaustive.at("not_reached").items[0].number == 0);
  CHECK(exhaustive.at("not_reached").items[1].number == 1);
  CHECK(exhaustive.at("not_sampled").items.empty());
  const auto text =
      tfmc_run({"sample", file, "--schedules", "500", "--compare-exhaustive", "--max-states", "1"});
  CHECK(text.out.find("exhaustive run: INCOMPLETE (stopped by --max-states), 0 outcomes in 1 "
                      "states\nnot reached by the exhaustive run: outcomes 1, 2\nnot found by "
                      "sampling: none\n") != std::string::npos);
  // One schedule finds one of the two outcomes and the check the other: exit 1, as the two
  // outcomes together say, where the schedule's alone would say 0.
  const auto one = tfmc_run({"sample", file, "--schedules", "1", "--compare-exhaustive"});
  CHECK(one.code == 1);
  CHECK(tfmc_run({"sample", file, "--schedules", "1"}).code == 0);
  CHECK(one.out.find("exhaustive run: complete, 2 outcomes in ") != std::string::npos);
  CHECK(one.out.find("not reached by the exhaustive run: none\nnot found by sampling: 1 outcome "
                     "of the exhaustive run (listed last)\n") != std::string::npos);
  CHECK(one.out.find("\nexhaustive outcome 1 of 1 not found by sampling:\n") != std::string::npos);
}

TEST_CASE("sample: exit codes", "[tools][sample]") {
  CHECK(
      tfmc_run({"sample", source_path("specs/paper/write_read_ordered.tfg"), "--schedules", "100"})
          .code == 0);
  const auto stopped = tfmc_run({"sample", source_path("specs/paper/write_read_unordered.tfg"),
                                 "--schedules", "1000000000000", "--max-seconds", "0.2"});
  CHECK(stopped.code == 3);
  CHECK(stopped.err.find("tfmc: sampling stopped by --max-seconds after ") != std::string::npos);
  CHECK(stopped.out.find("(stopped by --max-seconds)") != std::string::npos);
  const std::string file = source_path("specs/paper/write_read_unordered.tfg");
  CHECK(tfmc_run({"sample", file, "--depth", "0"}).code == 2);
  CHECK(tfmc_run({"sample", file, "--scheduler", "random"}).code == 2);
  CHECK(tfmc_run({"sample", file, "--schedules", "0"}).code == 2);
  CHECK(tfmc_run({"sample", file, "--max-memory", "12Q"}).code == 2);
  const auto missing = tfmc_run({"sample", "no_such_file.tfg"});
  CHECK(missing.code == 2);
  const auto sarif = tfmc_run({"check", file, "--likelihood", "--format", "sarif"});
  CHECK(sarif.code == 2);
  CHECK(sarif.err == "tfmc: --likelihood has no SARIF form; use --format text or json\n");
}

TEST_CASE("check --likelihood: the text report and a stop", "[tools][sample]") {
  const std::string file = source_path("specs/paper/write_read_unordered.tfg");
  const auto r = tfmc_run({"check", file, "--likelihood"});
  CHECK(r.code == 1);
  CHECK(r.out.find("\nlikelihood under the uniform scheduler (exact, over 10 states of the "
                   "unreduced graph in ") != std::string::npos);
  CHECK(r.out.find(" s):\n  outcome 1 of 2: 1/2 = 0.5\n  outcome 2 of 2: 1/2 = 0.5\n") !=
        std::string::npos);
  const auto stopped = tfmc_run({"check", file, "--likelihood", "--max-states", "3", "--json"});
  CHECK(stopped.code == 3);
  const Json doc = parse_json(stopped.out);
  CHECK_FALSE(doc.at("likelihood").at("complete").boolean);
  CHECK(doc.at("likelihood").at("stop_reason").text == "max-states");
  CHECK(doc.at("likelihood").find("probabilities") == nullptr);
}

TEST_CASE("sample and --likelihood: help", "[tools][sample]") {
  const auto help = tfmc_run({"sample", "--help"});
  CHECK(help.code == 0);
  for (const char* option : {"--schedules", "--scheduler", "--depth", "--seed",
                             "--compare-exhaustive", "--threads", "--max-seconds", "--json"}) {
    CAPTURE(option);
    CHECK(help.out.find(option) != std::string::npos);
  }
  CHECK(tfmc_run({"check", "--help"}).out.find("--likelihood") != std::string::npos);
  CHECK(tfmc_run({"--help"}).out.find("sample") != std::string::npos);
}
