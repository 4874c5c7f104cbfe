// The regression runner: every folder under testdata/ is one case (testdata/README.md).
//
// It runs `tfmc check graph.tfg OPTIONS... --json` with the working directory at the case
// folder (so "program" is always "graph.tfg"), or, for a case whose file `spec` names a program
// of specs/, `tfmc check SPEC OPTIONS... --json` at the source root (so "program" is that path).
// It compares the exit code with expected_exit,
// then either the first line of stderr with expected_stderr (stdout must be empty), or the
// JSON document with expected.json: program, complete, stop_reason, deterministic,
// stats.states, stats.transitions, stats.final_states and the outcomes exactly (outputs and
// variables as ordered name/value lists, stuck), blocked and witness as multisets of node
// names (the witness is one of many valid firing orders). It also checks that every stats key
// of specs/FORMAT.md is present. Volatile stats (seconds, store_bytes, disk_bytes, ...) are not
// compared; nor are the counts when expected.json has no "stats", nor a witness that it leaves out.
//
// A case folder holding a file `knownbug` documents a bug not fixed yet: its mismatches are
// warnings, and the case fails once it passes, so that the marker goes with the fix.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/process.h"
#include "support/testdata.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::Json;
using tfmc::test::nonempty_lines;
using tfmc::test::read_file;

bool json_equal(const Json& a, const Json& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Json::Kind::Null:
      return true;
    case Json::Kind::Bool:
      return a.boolean == b.boolean;
    case Json::Kind::Number:
      return a.number == b.number;
    case Json::Kind::String:
      return a.text == b.text;
    case Json::Kind::Array:
      return a.items.size() == b.items.size() &&
             std::equal(a.items.begin(), a.items.end(), b.items.begin(), json_equal);
    case Json::Kind::Object:
      return a.members.size() == b.members.size() &&
             std::equal(a.members.begin(), a.members.end(), b.members.begin(),
                        [](const auto& x, const auto& y) {
                          return x.first == y.first && json_equal(x.second, y.second);
                        });
  }
  return false;
}

// Compact text of a value, for messages.
std::string show(const Json& v) {
  switch (v.kind) {
    case Json::Kind::Null:
      return "null";
    case Json::Kind::Bool:
      return v.boolean ? "true" : "false";
    case Json::Kind::Number:
      return v.text;
    case Json::Kind::String:
      return "\"" + v.text + "\"";
    case Json::Kind::Array: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + show(v.items[i]);
      return out + "]";
    }
    case Json::Kind::Object: {
      std::string out = "{";
      for (std::size_t i = 0; i < v.members.size(); ++i) {
        out += (i ? ", \"" : "\"") + v.members[i].first + "\": " + show(v.members[i].second);
      }
      return out + "}";
    }
  }
  return "?";
}

// The strings of an array, sorted: witness and blocked lists compared as multisets.
std::vector<std::string> sorted_names(const Json& list) {
  std::vector<std::string> out;
  for (const Json& item : list.items) out.push_back(item.text);
  std::sort(out.begin(), out.end());
  return out;
}

class CaseChecker {
 public:
  explicit CaseChecker(std::vector<std::string>& problems) : problems_(problems) {}

  void same(const std::string& what, const Json& want, const Json* got) {
    if (got == nullptr) {
      problems_.push_back(what + ": missing, expected " + show(want));
    } else if (!json_equal(want, *got)) {
      problems_.push_back(what + ": expected " + show(want) + ", got " + show(*got));
    }
  }

  void same_names(const std::string& what, const Json& want, const Json* got) {
    if (got == nullptr || !got->is(Json::Kind::Array)) {
      problems_.push_back(what + ": missing or not a list");
    } else if (sorted_names(want) != sorted_names(*got)) {
      problems_.push_back(what + ": expected the nodes " + show(want) + " in some order, got " +
                          show(*got));
    }
  }

  void compare_outcome(const std::string& where, const Json& want, const Json& got) {
    for (const char* key : {"outputs", "variables", "stuck"}) {
      same(where + "." + key, want.at(key), got.find(key));
    }
    if (const Json* witness = want.find("witness")) {
      same_names(where + ".witness", *witness, got.find("witness"));
    }
    if (const Json* assumptions = want.find("assumptions")) {
      same(where + ".assumptions", *assumptions, got.find("assumptions"));
    } else if (got.find("assumptions") != nullptr) {
      problems_.push_back(where + ".assumptions: present, but the expected outcome has none");
    }
    const bool stuck = want.at("stuck").boolean;
    if (stuck) {
      same_names(where + ".blocked", want.at("blocked"), got.find("blocked"));
    } else if (got.find("blocked") != nullptr) {
      problems_.push_back(where + ".blocked: present in an outcome that is not stuck");
    }
  }

  void compare_document(const Json& want, const Json& got) {
    for (const char* key : {"program", "complete", "deterministic"}) {
      same(key, want.at(key), got.find(key));
    }
    if (const Json* inconclusive = want.find("inconclusive")) {
      same("inconclusive", *inconclusive, got.find("inconclusive"));
    }
    const Json* stop = want.find("stop_reason");
    if (stop != nullptr) {
      same("stop_reason", *stop, got.find("stop_reason"));
    } else if (got.find("stop_reason") != nullptr) {
      problems_.push_back("stop_reason: present, but the expected run is complete");
    }
    const Json* stats = got.find("stats");
    if (stats == nullptr) {
      problems_.push_back("stats: missing");
    } else {
      if (const Json* want_stats = want.find("stats")) {
        for (const char* key : {"states", "transitions", "final_states"}) {
          same(std::string("stats.") + key, want_stats->at(key), stats->find(key));
        }
      }
      for (const char* key :
           {"seconds", "state_slots", "store_bytes", "disk_bytes", "values", "evaluations"}) {
        const Json* v = stats->find(key);
        if (v == nullptr || !v->is(Json::Kind::Number)) {
          problems_.push_back(std::string("stats.") + key + ": missing or not a number");
        }
      }
    }
    const Json& want_outcomes = want.at("outcomes");
    const Json* got_outcomes = got.find("outcomes");
    if (got_outcomes == nullptr || !got_outcomes->is(Json::Kind::Array)) {
      problems_.push_back("outcomes: missing or not a list");
      return;
    }
    if (got_outcomes->items.size() != want_outcomes.items.size()) {
      problems_.push_back("outcomes: expected " + std::to_string(want_outcomes.items.size()) +
                          ", got " + std::to_string(got_outcomes->items.size()) + ": " +
                          show(*got_outcomes));
      return;
    }
    for (std::size_t i = 0; i < want_outcomes.items.size(); ++i) {
      compare_outcome("outcomes[" + std::to_string(i) + "]", want_outcomes.items[i],
                      got_outcomes->items[i]);
    }
  }

 private:
  std::vector<std::string>& problems_;
};

// Runs one case; returns its mismatches (empty when it passes).
std::vector<std::string> run_case(const fs::path& dir) {
  std::vector<std::string> problems;
  const std::string spec = tfmc::test::case_spec(dir);
  std::vector<std::string> args = {"check", spec.empty() ? "graph.tfg" : spec};
  for (const std::string& a : nonempty_lines(read_file(dir / "options"))) args.push_back(a);
  args.push_back("--json");
  const fs::path cwd = spec.empty() ? dir : fs::path(TFMC_SOURCE_DIR);
  const tfmc::test::ProcessResult p = tfmc::test::run_process(TFMC_BINARY, args, cwd);

  const int want_exit = std::stoi(read_file(dir / "expected_exit"));
  if (p.exit_code != want_exit) {
    problems.push_back("exit code: expected " + std::to_string(want_exit) + ", got " +
                       std::to_string(p.exit_code) + "; stderr: " + p.err);
  }
  if (fs::exists(dir / "expected_stderr")) {
    const std::string want = tfmc::test::first_line(read_file(dir / "expected_stderr"));
    const std::string got = tfmc::test::first_line(p.err);
    if (got != want) {
      problems.push_back("stderr first line: expected '" + want + "', got '" + got + "'");
    }
    if (!p.out.empty()) problems.push_back("stdout: expected nothing, got: " + p.out);
    return problems;
  }
  Json got;
  try {
    got = tfmc::test::parse_json(p.out);
  } catch (const tfmc::test::JsonError& e) {
    problems.push_back(std::string("stdout is not one JSON document: ") + e.what() + "\n" + p.out);
    return problems;
  }
  const Json want = tfmc::test::parse_json(read_file(dir / "expected.json"));
  CaseChecker(problems).compare_document(want, got);
  return problems;
}

}  // namespace

TEST_CASE("regression: every testdata case is well formed", "[regression]") {
  const std::vector<fs::path> cases = tfmc::test::testdata_cases();
  CHECK(cases.size() >= 12);
  for (const fs::path& dir : cases) {
    INFO(dir.filename().string());
    // Either a program of its own or the path of a spec program that exists.
    const std::string spec = tfmc::test::case_spec(dir);
    CHECK(fs::is_regular_file(dir / "graph.tfg") == spec.empty());
    if (!spec.empty()) CHECK(fs::is_regular_file(fs::path(TFMC_SOURCE_DIR) / spec));
    CHECK(fs::is_regular_file(dir / "options"));
    CHECK(fs::is_regular_file(dir / "expected_exit"));
    // Exactly one of the two expectations.
    CHECK(fs::exists(dir / "expected.json") != fs::exists(dir / "expected_stderr"));
  }
}

TEST_CASE("regression: every testdata case gives its expected result", "[regression]") {
  for (const fs::path& dir : tfmc::test::testdata_cases()) {
    DYNAMIC_SECTION(dir.filename().string()) {
      std::vector<std::string> problems;
      try {
        problems = run_case(dir);
      } catch (const std::exception& e) {  // a malformed case file or a process failure
        problems.push_back(std::string("cannot run the case: ") + e.what());
      }
      if (fs::exists(dir / "knownbug")) {
        const std::string bug = tfmc::test::first_line(read_file(dir / "knownbug"));
        if (problems.empty()) FAIL("known bug no longer shows; remove knownbug: " << bug);
        WARN("known bug (" << bug << "): " << problems.front());
      } else {
        for (const std::string& problem : problems) FAIL_CHECK(problem);
      }
    }
  }
}
