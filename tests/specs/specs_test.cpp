// The seeds' programs in specs/ against the outcome sets their sources state.
//
// Each expected set below is derived by hand from the MAPL paper (seeds/000) or the resource
// variable RFC (seeds/004), as the header comment of each .tfg explains; none is taken from
// tfmc's output. The outcomes are checked through the library (check_program_text) and the
// exit code through the built tfmc executable.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/check_text.h"
#include "support/process.h"

namespace {

namespace fs = std::filesystem;
using tfmc::api::NamedValues;

struct ExpectedOutcome {
  NamedValues outputs;    // sorted by name
  NamedValues variables;  // sorted by name
  // The nodes that never fire, sorted; empty exactly when the outcome is not stuck.
  std::vector<std::string> blocked = {};
  bool operator<(const ExpectedOutcome& o) const {
    return std::tie(outputs, variables, blocked) < std::tie(o.outputs, o.variables, o.blocked);
  }
};

struct SpecCase {
  std::string path;  // relative to the source root
  int exit_code;
  std::vector<ExpectedOutcome> outcomes;
};

std::string call(const std::string& f, const std::string& a, const std::string& b) {
  return f + "(" + a + ", " + b + ")";
}

// Figure 1's replica inputs: C split by the uninterpreted Split, each half projected.
const std::string D = "Project(Split.0(C))";
const std::string E = "Project(Split.1(C))";

// An outcome of a program whose output r equals its only variable x.
ExpectedOutcome r_equals_x(const std::string& value) { return {{{"r", value}}, {{"x", value}}}; }

// The RFC examples' outcomes hold i32 scalars.
std::string i32(int v) { return "i32{" + std::to_string(v) + "}"; }

const std::vector<SpecCase>& spec_cases() {
  static const std::vector<SpecCase> cases = {
      // Section 3.2.2: with the control edge every order ends with x = B and outputs B.
      {"specs/paper/write_read_ordered.tfg", 0, {{{{"r", "B"}}, {{"x", "B"}}}}},
      // Without it the Read may also run first and output the initial A.
      {"specs/paper/write_read_unordered.tfg",
       1,
       {{{{"r", "A"}}, {{"x", "B"}}}, {{{"r", "B"}}, {{"x", "B"}}}}},
      // Figure 1: the two Assign-Adds commute only up to the algebra of Add.
      {"specs/paper/figure1.tfg",
       1,
       {r_equals_x(call("Add", call("Add", "B", D), E)),
        r_equals_x(call("Add", call("Add", "B", E), D))}},
      // Figure 4: Read, Add, Write replicas; both may read B, and the last Write wins.
      {"specs/paper/figure4_lost_update.tfg",
       1,
       {r_equals_x(call("Add", call("Add", "B", D), E)),
        r_equals_x(call("Add", call("Add", "B", E), D)), r_equals_x(call("Add", "B", D)),
        r_equals_x(call("Add", "B", E))}},
      // Assign-Concat: the two orders give different tensors.
      {"specs/paper/figure1_assign_concat.tfg",
       1,
       {r_equals_x(call("Concat", call("Concat", "B", D), E)),
        r_equals_x(call("Concat", call("Concat", "B", E), D))}},
      // Footnotes 2 and 4: the uninitialized variable reads as an error tensor.
      {"specs/paper/uninitialized_read.tfg", 0, {r_equals_x("Error(uninitialized)")}},
      // Footnote 6: writing B is the actual initialization.
      {"specs/paper/write_initializes.tfg", 0, {r_equals_x("B")}},
      // RFC, simplest non-trivial example: r0 == 2 && r1 == 0 is unreachable.
      {"specs/rfc/control_dependency.tfg",
       1,
       {{{{"r0", i32(0)}, {"r1", i32(0)}}, {{"X", i32(1)}, {"Y", i32(2)}}},
        {{{"r0", i32(0)}, {"r1", i32(1)}}, {{"X", i32(1)}, {"Y", i32(2)}}},
        {{{"r0", i32(2)}, {"r1", i32(1)}}, {{"X", i32(1)}, {"Y", i32(2)}}}}},
      // RFC, load/store ordering: X == 1 implies r0 == 5.
      {"specs/rfc/load_store_ordering.tfg",
       1,
       {{{{"r0", i32(0)}}, {{"X", i32(2)}, {"Y", i32(5)}}},
        {{{"r0", i32(5)}}, {{"X", i32(1)}, {"Y", i32(5)}}},
        {{{"r0", i32(5)}}, {{"X", i32(2)}, {"Y", i32(5)}}}}},
      // The same with the load hoisted: every combination, X == 1 with r0 == 0 included.
      {"specs/rfc/load_store_hoisted.tfg",
       1,
       {{{{"r0", i32(0)}}, {{"X", i32(1)}, {"Y", i32(5)}}},
        {{{"r0", i32(0)}}, {{"X", i32(2)}, {"Y", i32(5)}}},
        {{{"r0", i32(5)}}, {{"X", i32(1)}, {"Y", i32(5)}}},
        {{{"r0", i32(5)}}, {{"X", i32(2)}, {"Y", i32(5)}}}}},
      // RFC, resource updates as read, compute, write: an increment may be lost.
      {"specs/rfc/increment_read_compute_write.tfg",
       1,
       {{{}, {{"X", i32(1)}}}, {{}, {{"X", i32(2)}}}}},
      // Atomic Assign-Adds: X is always 2.
      {"specs/rfc/increment_atomic.tfg", 0, {{{}, {{"X", i32(2)}}}}},
      // RFC rule 4: d completes only after e, which follows the write, so r reads 1; the second
      // Dequeue can never complete, so the one outcome is stuck.
      {"specs/rfc/queue_blocking.tfg", 1, {{{{"r", i32(1)}}, {{"X", i32(1)}}, {"never"}}}},
      // Read, compute, write increments inside Lock and Unlock: never a lost update.
      {"specs/rfc/mutex_increment.tfg", 0, {{{}, {{"X", i32(2)}}}}},
      // Footnotes 2 and 5: c is B or an error (then the AssignAdd has no effect), k is 1, 2 or
      // 3; every combination.
      {"specs/paper/nondeterministic_choice.tfg",
       1,
       {{{{"r", "A"}}, {{"n", i32(11)}, {"x", "A"}}},
        {{{"r", "A"}}, {{"n", i32(12)}, {"x", "A"}}},
        {{{"r", "A"}}, {{"n", i32(13)}, {"x", "A"}}},
        {{{"r", call("Add", "A", "B")}}, {{"n", i32(11)}, {"x", call("Add", "A", "B")}}},
        {{{"r", call("Add", "A", "B")}}, {{"n", i32(12)}, {"x", call("Add", "A", "B")}}},
        {{{"r", call("Add", "A", "B")}}, {{"n", i32(13)}, {"x", call("Add", "A", "B")}}}}},
  };
  return cases;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("specs: every seed program reaches exactly its documented outcomes", "[specs]") {
  for (const SpecCase& c : spec_cases()) {
    DYNAMIC_SECTION(c.path) {
      const std::string text = read_file(fs::path(TFMC_SOURCE_DIR) / c.path);
      // The full exploration and the default reduction must both give exactly these.
      for (const auto reduction :
           {tfmc::check::Reduction::None, tfmc::check::Reduction::Stubborn}) {
        INFO("reduction " << tfmc::check::reduction_name(reduction));
        const tfmc::support::TextCheck r =
            tfmc::support::check_text(c.path, text, {}, {}, reduction);
        REQUIRE(r.exploration.complete);
        std::vector<ExpectedOutcome> got;
        for (const auto& o : r.outcomes) {
          std::vector<std::string> blocked = o.blocked;
          std::sort(blocked.begin(), blocked.end());
          CHECK(o.stuck == !blocked.empty());
          got.push_back({o.outputs, o.variables, blocked});
        }
        std::vector<ExpectedOutcome> want = c.outcomes;
        std::sort(want.begin(), want.end());
        // Equal vectors: the same set, and tfmc lists it in the documented sorted order.
        CHECK(got.size() == want.size());
        for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
          INFO("outcome " << i);
          CHECK(got[i].outputs == want[i].outputs);
          CHECK(got[i].variables == want[i].variables);
          CHECK(got[i].blocked == want[i].blocked);
        }
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
  std::set<std::string> listed;
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
