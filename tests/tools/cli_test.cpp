// The tfmc command line: usage errors, help, version, exit codes, JSON shape and dot output.
#include "tools/app/cli.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "support/process.h"

namespace {

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result tfmc_run(std::vector<std::string> args) {
  args.insert(args.begin(), "tfmc");
  std::ostringstream out, err;
  const int code = tfmc::app::run_tfmc(args, out, err);
  return {code, out.str(), err.str()};
}

std::string write_temp(const std::string& name, const std::string& text) {
  return tfmc::test::write_test_file(name, text);
}

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
  const std::string path = write_temp("race.tfg", kRace);
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
  const Result race = tfmc_run({"check", write_temp("race.tfg", kRace), "--json"});
  CHECK(race.code == 1);
  CHECK(race.out.find("\"deterministic\": false") != std::string::npos);
  const Result ordered = tfmc_run({"check", write_temp("ordered.tfg", kOrdered), "--json"});
  CHECK(ordered.code == 0);
  CHECK(ordered.out.find("\"deterministic\": true") != std::string::npos);
  CHECK(ordered.out.find("\"outputs\": {\"r\": \"B\"}") != std::string::npos);
  const Result limited = tfmc_run({"check", write_temp("race.tfg", kRace), "--json", "--max-states",
                                   "3", "--reduction", "none"});
  CHECK(limited.code == 3);
  CHECK(limited.out.find("\"complete\": false") != std::string::npos);
  CHECK(limited.out.find("\"stop_reason\": \"max-states\"") != std::string::npos);
  CHECK(limited.err.find("incomplete") != std::string::npos);
}

TEST_CASE("feeds replace inputs and the last one wins", "[tools][cli]") {
  const std::string path = write_temp("ordered.tfg", kOrdered);
  const Result r =
      tfmc_run({"check", path, "--json", "--feed", "B=f32{1}", "--feed", "B=i32[2]{7, -1}"});
  CHECK(r.code == 0);
  CHECK(r.out.find("\"r\": \"i32[2]{7, -1}\"") != std::string::npos);
}

TEST_CASE("text report names the verdict, outcomes and witnesses", "[tools][cli]") {
  const Result r = tfmc_run({"check", write_temp("race.tfg", kRace)});
  CHECK(r.code == 1);
  CHECK(r.out.find("nondeterministic: 2 outcomes") != std::string::npos);
  CHECK(r.out.find("output r = A") != std::string::npos);
  CHECK(r.out.find("output r = B") != std::string::npos);
  CHECK(r.out.find("witness: ") != std::string::npos);
}

TEST_CASE("dot draws the three edge kinds in the paper's styles", "[tools][cli][dot]") {
  const Result r = tfmc_run({"dot", write_temp("ordered.tfg", kOrdered)});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("digraph tfmc {", 0) == 0);
  CHECK(r.out.find("style=solid") != std::string::npos);
  CHECK(r.out.find("style=dashed") != std::string::npos);
  CHECK(r.out.find("style=dotted") != std::string::npos);
  CHECK(r.out.find("Var(x)") != std::string::npos);
  const std::string out_path = tfmc::test::write_test_file("out.dot", "");
  std::remove(out_path.c_str());
  CHECK(tfmc_run({"dot", write_temp("ordered.tfg", kOrdered), "-o", out_path}).code == 0);
  std::ifstream in(out_path);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == r.out);
}
