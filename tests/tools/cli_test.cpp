// The tfmc command line: usage errors, help, version, exit codes, JSON shape and dot output.
#include "tools/app/cli.h"

#include <catch2/catch.hpp>
#include <cstdio>

#include "support/files.h"
#include "support/tfmc_run.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;

const char* kRace = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";
const char* kOrdered = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n";

}  // namespace

TEST_CASE("help and version exit 0", "[tools][cli]") {
  const Result help = tfmc_run({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("check") != std::string::npos);
  CHECK(help.out.find("dot") != std::string::npos);
  const Result check_help = tfmc_run({"check", "--help"});
  CHECK(check_help.code == 0);
  CHECK(check_help.out.find("--max-states") != std::string::npos);
  const Result version = tfmc_run({"--version"});
  CHECK(version.code == 0);
  CHECK(version.out.rfind("tfmc ", 0) == 0);
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
  std::string text = "var x = i32{0}\n";
  for (const char* w : {"1", "2", "3", "4"}) {
    const std::string n = w;
    text += "r" + n + " = Read(&x)\nc" + n + " = Const {value=i32{1}}\na" + n + " = Add(r" + n +
            ", c" + n + ")\nw" + n + " = Write(&x, a" + n + ")\n";
  }
  const std::string path = write_test_file("lost_update4.tfg", text);
  CHECK(tfmc_run({"check", path, "--threads", "1025"}).code == 2);
  CHECK(tfmc_run({"check", path, "--threads", "-1"}).code == 2);
  CHECK(tfmc_run({"check", path, "--threads", "two"}).code == 2);
  const auto report = [&](const char* threads) {
    const Result r = tfmc_run({"check", path, "--reduction", "none", "--threads", threads});
    CHECK(r.code == 1);
    // The exploration time is the one line that may differ.
    std::string out = r.out;
    const std::size_t at = out.find(" in ");
    return out.erase(at, out.find('\n', at) - at);
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
