// Assumption sets of outcomes (checker/api/outcome.h): how the sets of the runs that reach one
// outcome simplify, when two outcomes can be reached under one choice of the unknown values,
// and when one side of a comparison covers an outcome of the other. Conditions are plain
// value ids here (1000, 1001, ...): only their identity matters.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "checker/api/outcome.h"

namespace {

using tfmc::api::Assumption;
using tfmc::api::Assumptions;
using tfmc::api::Outcome;

constexpr tfmc::sem::ValueId kT = 1000, kU = 1001, kV = 1002;

// "T" for kT assumed true, "!T" for false, in the order given.
Assumptions set(const std::vector<std::string>& literals) {
  Assumptions out;
  for (const std::string& l : literals) {
    const bool truth = l[0] != '!';
    const char name = truth ? l[0] : l[1];
    out.push_back({std::string("s") + name, name == 'T' ? kT : name == 'U' ? kU : kV, truth});
  }
  return out;
}

// An outcome with one output of value `value`, reached by runs that assumed `runs`.
Outcome reached(tfmc::sem::ValueId value, const std::vector<Assumptions>& runs) {
  Outcome o;
  o.outputs.push_back({"r", value});
  for (std::size_t i = 0; i < runs.size(); ++i) add_assumptions(o, runs[i], i == 0);
  return o;
}

// The sets of `o` as "T & !U" strings.
std::vector<std::string> sets_of(const Outcome& o) {
  std::vector<std::string> out;
  for (const Assumptions& s : o.assumptions) {
    std::string text;
    for (const Assumption& a : s)
      text += (text.empty() ? "" : " & ") + (a.truth ? "" : std::string("!")) + a.node.substr(1);
    out.push_back(text);
  }
  return out;
}

}  // namespace

TEST_CASE("an outcome's assumption sets simplify as runs are added", "[checker][assumptions]") {
  // A run without assumptions makes the outcome unconditional, first or later.
  CHECK(reached(10, {set({})}).assumptions.empty());
  CHECK(reached(10, {set({"T"}), set({})}).assumptions.empty());
  CHECK(reached(10, {set({}), set({"T"})}).assumptions.empty());
  // A set that holds another adds nothing; a smaller one replaces the larger.
  CHECK(sets_of(reached(10, {set({"T"}), set({"T", "U"})})) == std::vector<std::string>{"T"});
  CHECK(sets_of(reached(10, {set({"T", "U"}), set({"T"})})) == std::vector<std::string>{"T"});
  // Both truths of one condition, the rest equal: the rest suffices, down to nothing.
  CHECK(sets_of(reached(10, {set({"T", "U"}), set({"T", "!U"})})) == std::vector<std::string>{"T"});
  CHECK(reached(10, {set({"T", "U"}), set({"T", "!U"}), set({"!T"})}).assumptions.empty());
  // Unrelated sets stay, in the order their runs came.
  CHECK(sets_of(reached(10, {set({"T", "!U"}), set({"!T", "U"})})) ==
        std::vector<std::string>{"T & !U", "!T & U"});
}

TEST_CASE("two outcomes are compatible when some of their runs' assumptions agree",
          "[checker][assumptions]") {
  const Outcome t = reached(10, {set({"T"})});
  const Outcome not_t = reached(11, {set({"!T"})});
  const Outcome u = reached(12, {set({"U"})});
  const Outcome any = reached(13, {set({})});
  CHECK_FALSE(compatible(t, not_t));
  CHECK(compatible(t, u));  // T and U may hold together
  CHECK(compatible(any, not_t));
  CHECK(compatible(reached(14, {set({"!T", "U"}), set({"T", "!U"})}), reached(15, {set({"T"})})));
}

TEST_CASE("one side covers an outcome when its assumptions imply the other's",
          "[checker][assumptions]") {
  const Outcome t = reached(10, {set({"T"})});
  const Outcome tu = reached(10, {set({"T", "U"})});
  CHECK(covered(tu, {&t}));        // T & U implies T
  CHECK_FALSE(covered(t, {&tu}));  // T leaves U open
  // T, or !T & U, or !T & !U: every choice of T and U is covered, so an outcome without
  // assumptions is too (a split on T, then on U).
  const Outcome split = reached(10, {set({"T"}), set({"!T", "U"})});
  const Outcome rest = reached(10, {set({"!T", "!U"})});
  CHECK(covered(reached(10, {set({})}), {&split, &rest}));
  CHECK_FALSE(covered(reached(10, {set({})}), {&split}));
  CHECK(covered(reached(10, {set({"!T", "!U", "V"})}), {&rest}));

  // difference says why an outcome is missing: 10 only under T there, 11 under V, which U
  // neither implies nor contradicts, 12 nowhere; 13 under T & U there is covered by T.
  std::vector<tfmc::api::Shortfall> why;
  const auto missing = difference({reached(10, {set({"!T"})}), reached(11, {set({"U"})}),
                                   reached(12, {set({"T"})}), reached(13, {set({"T", "U"})})},
                                  {t, reached(11, {set({"V"})}), reached(13, {set({"T"})})},
                                  tfmc::api::Matching::AcrossPrograms, &why);
  REQUIRE(missing.size() == 3);
  CHECK(missing[0].outputs[0].value == 10);
  CHECK(missing[1].outputs[0].value == 11);
  CHECK(missing[2].outputs[0].value == 12);
  CHECK(why == std::vector<tfmc::api::Shortfall>{tfmc::api::Shortfall::Contradicted,
                                                 tfmc::api::Shortfall::Uncovered,
                                                 tfmc::api::Shortfall::Absent});
}
