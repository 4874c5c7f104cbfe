// The seeds' programs in specs/ against the outcome sets their sources state.
//
// Each spec program's expected outcomes and exit code live once, in the regression case of
// testdata/ that names it in its file `spec` (testdata/README.md): the runner checks the tfmc
// executable's JSON against them with --reduction none; here the outcomes are checked through
// the library (support/check_text.h, over checker/api/check.h) under the full exploration and the
// default reduction, and the exit code through the built tfmc executable under the default
// reduction. Each expected set is derived by hand from the MAPL paper (seeds/000) or the resource
// variable RFC (seeds/004), as the header comment of each .tfg explains; none is taken from tfmc's
// output.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/check_text.h"
#include "support/files.h"
#include "support/process.h"
#include "support/testdata.h"

namespace {

namespace fs = std::filesystem;

using tfmc::test::ListedOutcome;
using tfmc::test::SpecOutcomes;

}  // namespace

TEST_CASE("specs: every seed program reaches exactly its documented outcomes", "[specs]") {
  for (const SpecOutcomes& c : tfmc::test::spec_outcomes()) {
    DYNAMIC_SECTION(c.spec) {
      const std::string text = tfmc::test::read_file(tfmc::test::source_path(c.spec));
      // The full exploration and the default reduction must both give exactly these.
      for (const auto reduction :
           {tfmc::check::Reduction::None, tfmc::check::Reduction::Stubborn}) {
        INFO("reduction " << tfmc::check::reduction_name(reduction));
        const tfmc::support::TextCheck r =
            tfmc::support::check_text(c.spec, text, {}, {}, reduction);
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
  for (const SpecOutcomes& c : tfmc::test::spec_outcomes()) {
    DYNAMIC_SECTION(c.spec) {
      const auto p =
          tfmc::test::run_process(TFMC_BINARY, {"check", c.spec, "--quiet"}, TFMC_SOURCE_DIR);
      INFO(p.err);
      CHECK(p.exit_code == c.exit_code);
    }
  }
}

// specs/sessions/ (several files and session options), specs/rewrites/ (pairs for compare)
// and specs/control_flow/ (loops, run at several bounds) have test files of their own, which
// check that each of their programs is run.
TEST_CASE("specs: every .tfg under specs/ has its expected outcomes here", "[specs]") {
  std::multiset<std::string> listed;
  for (const SpecOutcomes& c : tfmc::test::spec_outcomes()) listed.insert(c.spec);
  const fs::path root(TFMC_SOURCE_DIR);
  for (const auto& entry : fs::recursive_directory_iterator(root / "specs")) {
    if (entry.path().extension() != ".tfg") continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    if (rel.rfind("specs/sessions/", 0) == 0 || rel.rfind("specs/rewrites/", 0) == 0 ||
        rel.rfind("specs/control_flow/", 0) == 0) {
      continue;
    }
    INFO(rel);
    CHECK(listed.count(rel) == 1);
  }
}
