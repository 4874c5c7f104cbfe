// The seeds' programs in specs/ against the outcome sets their sources state.
//
// Each spec program's expected outcomes and exit code live once, in the regression case of
// testdata/ that names it in its file `spec` (testdata/README.md): the runner checks the tfmc
// executable's JSON against them with --reduction none; here the outcomes are checked through
// the library (check_program_text) under the full exploration and the default reduction, and
// the exit code through the built tfmc executable under the default reduction. Each expected
// set is derived by hand from the MAPL paper (seeds/000) or the resource variable RFC
// (seeds/004), as the header comment of each .tfg explains; none is taken from tfmc's output.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/process.h"
#include "support/testdata.h"
#include "tools/app/commands.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::Json;

using tfmc::test::ListedOutcome;

struct SpecCase {
  std::string path;  // relative to the source root
  int exit_code;
  std::vector<ListedOutcome> outcomes;
};

// The spec programs with their expected outcomes: the testdata cases that name a spec program
// and explore it completely (a case that stops at a limit checks something else).
std::vector<SpecCase> spec_cases() {
  std::vector<SpecCase> cases;
  for (const fs::path& dir : tfmc::test::testdata_cases()) {
    const std::string spec = tfmc::test::case_spec(dir);
    if (spec.empty()) continue;
    const Json want = tfmc::test::parse_json(tfmc::test::read_file(dir / "expected.json"));
    if (!want.at("complete").boolean) continue;
    cases.push_back({spec, std::stoi(tfmc::test::read_file(dir / "expected_exit")),
                     tfmc::test::expected_outcomes(dir)});
  }
  return cases;
}

}  // namespace

TEST_CASE("specs: every seed program reaches exactly its documented outcomes", "[specs]") {
  for (const SpecCase& c : spec_cases()) {
    DYNAMIC_SECTION(c.path) {
      const std::string text = tfmc::test::read_file(tfmc::test::source_path(c.path));
      // The full exploration and the default reduction must both give exactly these.
      for (const auto reduction :
           {tfmc::check::Reduction::None, tfmc::check::Reduction::Stubborn}) {
        INFO("reduction " << tfmc::check::reduction_name(reduction));
        const tfmc::app::CheckResult r =
            tfmc::app::check_program_text(c.path, text, {}, {}, reduction);
        REQUIRE(r.exploration.complete);
        std::vector<ListedOutcome> got;
        for (const auto& o : r.outcomes) {
          std::vector<std::string> blocked = o.blocked;
          std::sort(blocked.begin(), blocked.end());
          CHECK(o.stuck == !blocked.empty());
          got.push_back({o.outputs, o.variables, blocked});
        }
        tfmc::test::check_outcome_list(got, c.outcomes);
        CHECK(r.exit_code() == c.exit_code);
        CHECK(r.deterministic() == (c.exit_code == 0));
      }
    }
  }
}

TEST_CASE("specs: the tfmc executable exits with each program's documented code", "[specs]") {
  for (const SpecCase& c : spec_cases()) {
    DYNAMIC_SECTION(c.path) {
      const auto p =
          tfmc::test::run_process(TFMC_BINARY, {"check", c.path, "--quiet"}, TFMC_SOURCE_DIR);
      INFO(p.err);
      CHECK(p.exit_code == c.exit_code);
    }
  }
}

// specs/sessions/ (several files and session options) and specs/rewrites/ (pairs for
// compare) have test files of their own, which check that each of their programs is run.
TEST_CASE("specs: every .tfg under specs/ has its expected outcomes here", "[specs]") {
  std::multiset<std::string> listed;
  for (const SpecCase& c : spec_cases()) listed.insert(c.path);
  const fs::path root(TFMC_SOURCE_DIR);
  for (const auto& entry : fs::recursive_directory_iterator(root / "specs")) {
    if (entry.path().extension() != ".tfg") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    if (rel.rfind("specs/sessions/", 0) == 0 || rel.rfind("specs/rewrites/", 0) == 0) continue;
    INFO(rel);
    CHECK(listed.count(rel) == 1);
  }
}
