// The tfmc command line: usage errors, help, version, exit codes, JSON shape and dot output.
#include "tools/app/cli.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/programs.h"
#include "support/tfmc_run.h"
#include "tools/app/command_options.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::Json;
using tfmc::test::lost_update_program;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;

const char* kRace = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";
const char* kOrdered = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n";

// The text report of `tfmc check PATH --reduction none OPTION VALUE` (which exits 1), without
// the exploration time, the one line that may differ between runs.
std::string unreduced_report(const std::string& path, const char* option, const char* value) {
  const Result r =
      tfmc_run({"check", path, "--reduction", "none", "--symmetry", "none", option, value});
  CHECK(r.code == 1);
  std::string out = r.out;
  const std::size_t at = out.find(" in ");
  return out.erase(at, out.find('\n', at) - at);
}

}  // namespace

TEST_CASE("help and version exit 0", "[tools][cli]") {
  const Result help = tfmc_run({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("check") != std::string::npos);
  CHECK(help.out.find("dot") != std::string::npos);
  // It names the graph files it checks besides .tfg programs.
  for (const char* kind : {".tfg", "GraphDef", "MetaGraphDef (.meta)", "saved_model.pb"}) {
    CHECK(help.out.find(kind) != std::string::npos);
  }
  const Result check_help = tfmc_run({"check", "--help"});
  CHECK(check_help.code == 0);
  CHECK(check_help.out.find("--max-states") != std::string::npos);
  const Result version = tfmc_run({"--version"});
  CHECK(version.code == 0);
  // The version and the commit the build was configured from (or "unknown").
  CHECK(version.out.rfind("tfmc 0.1.0 (commit ", 0) == 0);
  CHECK(version.out.ends_with(")\n"));
}

TEST_CASE("bad usage exits 2", "[tools][cli]") {
  CHECK(tfmc_run({}).code == 2);
  CHECK(tfmc_run({"frobnicate"}).code == 2);
  CHECK(tfmc_run({"check"}).code == 2);
  CHECK(tfmc_run({"check", "/nonexistent/x.tfg"}).code == 2);
  const std::string path = write_test_file("race.tfg", kRace);
  CHECK(tfmc_run({"check", path, "--max-states", "abc"}).code == 2);
  const Result memory = tfmc_run({"check", path, "--max-memory", "lots"});
  CHECK(memory.code == 2);
  CHECK(memory.err.find("--max-memory") != std::string::npos);
  const Result feed = tfmc_run({"check", path, "--feed", "nosuch=f32{1}"});
  CHECK(feed.code == 2);
  CHECK(feed.err.find("nosuch") != std::string::npos);
  CHECK(tfmc_run({"check", path, "--feed", "B"}).code == 2);
  CHECK(tfmc_run({"check", path, "--feed", "B=f32{"}).code == 2);
}

TEST_CASE("check exit codes follow the outcome count", "[tools][cli]") {
  const Result race = tfmc_run({"check", write_test_file("race.tfg", kRace), "--json"});
  CHECK(race.code == 1);
  CHECK(race.out.find("\"deterministic\": false") != std::string::npos);
  const Result ordered = tfmc_run({"check", write_test_file("ordered.tfg", kOrdered), "--json"});
  CHECK(ordered.code == 0);
  CHECK(ordered.out.find("\"deterministic\": true") != std::string::npos);
  CHECK(ordered.out.find("\"outputs\": {\"r\": \"B\"}") != std::string::npos);
  const Result limited = tfmc_run({"check", write_test_file("race.tfg", kRace), "--json",
                                   "--max-states", "3", "--reduction", "none"});
  CHECK(limited.code == 3);
  CHECK(limited.out.find("\"complete\": false") != std::string::npos);
  CHECK(limited.out.find("\"stop_reason\": \"max-states\"") != std::string::npos);
  CHECK(limited.err.find("incomplete") != std::string::npos);
}

TEST_CASE("feeds replace inputs and the last one wins", "[tools][cli]") {
  const std::string path = write_test_file("ordered.tfg", kOrdered);
  const Result r =
      tfmc_run({"check", path, "--json", "--feed", "B=f32{1}", "--feed", "B=i32[2]{7, -1}"});
  CHECK(r.code == 0);
  CHECK(r.out.find("\"r\": \"i32[2]{7, -1}\"") != std::string::npos);
}

TEST_CASE("text report names the verdict, outcomes and witnesses", "[tools][cli]") {
  const Result r = tfmc_run({"check", write_test_file("race.tfg", kRace)});
  CHECK(r.code == 1);
  CHECK(r.out.find("nondeterministic: 2 outcomes") != std::string::npos);
  CHECK(r.out.find("output r = A") != std::string::npos);
  CHECK(r.out.find("output r = B") != std::string::npos);
  CHECK(r.out.find("witness: ") != std::string::npos);
}

TEST_CASE("dot draws the three edge kinds in the paper's styles", "[tools][cli][dot]") {
  const Result r = tfmc_run({"dot", write_test_file("ordered.tfg", kOrdered)});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("digraph tfmc {", 0) == 0);
  CHECK(r.out.find("style=solid") != std::string::npos);
  CHECK(r.out.find("style=dashed") != std::string::npos);
  CHECK(r.out.find("style=dotted") != std::string::npos);
  CHECK(r.out.find("Var(x)") != std::string::npos);
  const std::string out_path = write_test_file("out.dot", "");
  std::remove(out_path.c_str());
  CHECK(tfmc_run({"dot", write_test_file("ordered.tfg", kOrdered), "-o", out_path}).code == 0);
  CHECK(tfmc::test::read_file(out_path) == r.out);
}

TEST_CASE("threads: 0 to 1024 of them and every count prints the same report", "[tools][cli]") {
  // lost_update with 4 workers, unreduced: 77 212 states (SPIN finds as many on the Promela
  // model of tools/bench/lost_update_promela.py) and x = 1, 2, 3 or 4, in levels of up to
  // thousands, so that two and three threads share them (a level of fewer than 512 states is
  // one thread's).
  const std::string path = write_test_file("lost_update4.tfg", lost_update_program(4));
  CHECK(tfmc_run({"check", path, "--threads", "1025"}).code == 2);
  CHECK(tfmc_run({"check", path, "--threads", "-1"}).code == 2);
  CHECK(tfmc_run({"check", path, "--threads", "two"}).code == 2);
  const auto report = [&](const char* threads) {
    return unreduced_report(path, "--threads", threads);
  };
  const std::string one = report("1");
  CHECK(one.find("77212 states") != std::string::npos);
  CHECK(one.find("outcome 4 of 4") != std::string::npos);
  CHECK(report("2") == one);
  CHECK(report("3") == one);
  CHECK(report("0") == one);
  const Result json = tfmc_run({"check", path, "--threads", "3", "--json"});
  CHECK(json.out.find("\"threads\": 3") != std::string::npos);
}

TEST_CASE("store: fingerprints report what the exact store reports, marked with their odds",
          "[tools][cli]") {
  // lost_update with 3 workers, unreduced: 4085 states.
  const std::string path = write_test_file("lost_update3.tfg", lost_update_program(3));
  CHECK(tfmc_run({"check", path, "--store", "bogus"}).code == 2);
  const auto report = [&](const char* store) { return unreduced_report(path, "--store", store); };
  const std::string exact = report("compressed");
  CHECK(exact.find("4085 states") != std::string::npos);
  CHECK(exact.find("store:") == std::string::npos);
  std::string hashed = report("fingerprint");
  const std::size_t line = hashed.find("store: fingerprint (64-bit hashes)");
  REQUIRE(line != std::string::npos);
  CHECK(hashed.find("probability that one was missed is about") != std::string::npos);
  CHECK(hashed.erase(line, hashed.find('\n', line) + 1 - line) == exact);
  const Result json = tfmc_run({"check", path, "--store", "fingerprint", "--reduction", "none",
                                "--symmetry", "none", "--json"});
  const Json doc = tfmc::test::parse_json(json.out);
  const Json& stats = doc.at("stats");
  CHECK(stats.at("store").text == "fingerprint");
  // n (m - n) / 2^64 with n = 4085 states and m = transitions + 1.
  const double n = 4085, m = stats.at("transitions").number + 1;
  CHECK(stats.at("collision_probability").number == Approx(n * (m - n) / 18446744073709551616.0));
  // The key, 8 bytes of identity and 8 of link a state on disk.
  CHECK(stats.at("disk_bytes").number > 16 * n);
  const Json exact_doc = tfmc::test::parse_json(tfmc_run({"check", path, "--json"}).out);
  CHECK(exact_doc.at("stats").at("store").text == "compressed");
  CHECK(exact_doc.at("stats").find("collision_probability") == nullptr);
}

TEST_CASE("a state file the machine cannot make ends the run with exit 4 and no bug report",
          "[tools][cli]") {
  const std::string path = write_test_file("lost_update2.tfg", lost_update_program(2));
  const char* was = std::getenv("TMPDIR");
  const std::string saved = was != nullptr ? was : "";
  setenv("TMPDIR", "/nonexistent/tfmc", 1);
  const Result r = tfmc_run({"check", path});
  if (was != nullptr) {
    setenv("TMPDIR", saved.c_str(), 1);
  } else {
    unsetenv("TMPDIR");
  }
  CHECK(r.code == 4);
  CHECK(r.err.find("tfmc: error: cannot make the state file in /nonexistent/tfmc (set TMPDIR): ") ==
        0);
  CHECK(r.err.find("bug") == std::string::npos);
}

TEST_CASE("the --max-memory size is a decimal count with a binary unit", "[tools][cli]") {
  const auto bytes = [](const std::string& text) -> std::optional<std::uint64_t> {
    std::uint64_t b = 0;
    if (!tfmc::app::memory_limit(text, b)) return std::nullopt;
    return b;
  };
  CHECK(bytes("123") == 123u);
  CHECK(bytes("512K") == 512u << 10);
  CHECK(bytes("64M") == 64u << 20);
  CHECK(bytes("4G") == std::uint64_t{4} << 30);
  CHECK(bytes("4GiB") == std::uint64_t{4} << 30);
  CHECK(bytes("4g") == std::uint64_t{4} << 30);
  CHECK(bytes("010M") == 10u << 20);  // decimal, not octal
  CHECK(bytes("0") == 0u);
  CHECK(bytes("000") == 0u);
  CHECK(bytes("0K") == 0u);
  CHECK(bytes("00M") == 0u);
  CHECK(bytes("0B") == 0u);
  CHECK(bytes("5Ki") == 5u << 10);
  for (const char* bad :
       {"lots", "12X", "1.5G", "-1", "K", "0x100", "+5M", " 5M", "1 K", "0 8", "5M "}) {
    INFO(bad);
    CHECK_FALSE(bytes(bad).has_value());
  }
  std::uint64_t physical = 0;
  CHECK(tfmc::app::memory_limit("", physical));
}
