// Nondeterministic nodes: Choice(a, b, ...) outputs any one of its inputs, RandomInt {min, max}
// any i32 in [min, max]; each alternative is its own transition (the MAPL paper's footnotes 2
// and 5: a function that is a relation).
//
// Every outcome set is derived by hand from that rule and checked under --reduction none,
// eager and stubborn, which must agree exactly.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/build/outcome_checks.h"

using namespace outcome_checks;

TEST_CASE("Choice outputs any one of its inputs", "[choice]") {
  expect_outcomes("input A\ninput B\nc = Choice(A, B)\noutput c\n", each_of("c", {"A", "B"}));
  expect_outcomes("input A\ninput B\ninput C\nc = Choice(A, B, C)\noutput c\n",
                  each_of("c", {"A", "B", "C"}));
  // Any kind of value: a term, a concrete tensor, an error.
  expect_outcomes(
      "input A\n"
      "input u = i32[2]{1, 2}\n"
      "input v = i32[3]{1, 2, 3}\n"
      "t = Neg(A)\n"
      "k = Const {value=f64[2]{0.25, -1}}\n"
      "bad = Add(u, v)\n"
      "c = Choice(t, k, bad)\n"
      "output c\n",
      each_of("c", {"Neg(A)", "f64[2]{0.25, -1}", "Error(shape)"}));
}

TEST_CASE("a Choice of one value is deterministic", "[choice]") {
  expect_outcomes("input A\nc = Choice(A)\noutput c\n", each_of("c", {"A"}));
  // Equal alternatives lead to the same state.
  expect_outcomes("input A\nc = Choice(A, A, A)\nn = Neg(c)\noutput n\n", each_of("n", {"Neg(A)"}));
  expect_outcomes(
      "a = Const {value=i32{7}}\nb = Const {value=i32{7}}\nc = Choice(a, b)\noutput c\n",
      each_of("c", {i32(7)}));
}

TEST_CASE("every alternative is a transition of its own", "[choice]") {
  // Without reduction: the initial state and one state per alternative; each is final.
  const support::TextCheck r =
      support::check_text("t.tfg", "input A\ninput B\ninput C\nc = Choice(A, B, C)\noutput c\n", {},
                          {}, Reduction::None);
  CHECK(r.exploration.states == 4);
  CHECK(r.exploration.transitions == 3);
  CHECK(r.exploration.finals.size() == 3);
  // Two alternatives with one value: two transitions into one state.
  const support::TextCheck same = support::check_text(
      "t.tfg", "input A\nc = Choice(A, A)\noutput c\n", {}, {}, Reduction::None);
  // States: initial, after A~copy1, after c. Transitions: the copy, then c twice.
  CHECK(same.exploration.states == 3);
  CHECK(same.exploration.transitions == 3);
  CHECK(same.exploration.finals.size() == 1);
}

TEST_CASE("every use of a Choice's result sees the same choice", "[choice]") {
  // c is shared through a Copy: s is Add(A, A) or Add(B, B), never Add(A, B).
  expect_outcomes("input A\ninput B\nc = Choice(A, B)\ns = Add(c, c)\noutput s\noutput c\n",
                  {{{{"c", "A"}, {"s", "Add(A, A)"}}, {}}, {{{"c", "B"}, {"s", "Add(B, B)"}}, {}}});
}

TEST_CASE("independent choices combine", "[choice]") {
  // 2 x 3 combinations; a Choice of a Choice offers every leaf.
  Outcomes all;
  for (const char* x : {"A", "B"}) {
    for (const char* y : {"C", "D", "E"}) all.insert(Outcome{{{"p", x}, {"q", y}}, {}});
  }
  expect_outcomes(
      "input A\ninput B\ninput C\ninput D\ninput E\n"
      "p = Choice(A, B)\nq = Choice(C, D, E)\noutput p\noutput q\n",
      all);
  expect_outcomes("input A\ninput B\ninput C\ni = Choice(A, B)\no = Choice(i, C)\noutput o\n",
                  each_of("o", {"A", "B", "C"}));
}

TEST_CASE("a chosen value goes through variables and races", "[choice]") {
  // The chosen value is written; the Read races with the Write: it sees the initial X or the
  // chosen value.
  expect_outcomes(
      "var X = X0\ninput A\ninput B\nc = Choice(A, B)\nw = Write(&X, c)\nr = Read(&X)\noutput r\n",
      {{{{"r", "A"}}, {{"X", "A"}}},
       {{{"r", "B"}}, {{"X", "B"}}},
       {{{"r", "X0"}}, {{"X", "A"}}},
       {{{"r", "X0"}}, {{"X", "B"}}}});
  // A chosen error makes the AssignAdd a no-op (footnote 5).
  expect_outcomes(
      "var x = i32{1}\n"
      "input u = i32[2]{1, 2}\ninput v = i32[3]{1, 2, 3}\n"
      "bad = Add(u, v)\n"
      "one = Const {value=i32{1}}\n"
      "c = Choice(one, bad)\n"
      "a = AssignAdd(&x, c)\n",
      {Outcome{{}, {{"x", i32(2)}}}, Outcome{{}, {{"x", i32(1)}}}});
}

TEST_CASE("RandomInt outputs any i32 in [min, max]", "[choice]") {
  expect_outcomes("k = RandomInt {min=-1, max=1}\noutput k\n",
                  each_of("k", {"i32{-1}", "i32{0}", "i32{1}"}));
  expect_outcomes("k = RandomInt {max=3, min=3}\noutput k\n", each_of("k", {i32(3)}));
  expect_outcomes("k = RandomInt() {min=-2147483648, max=-2147483647}\noutput k\n",
                  each_of("k", {i32(-2147483648LL), i32(-2147483647)}));
  // Its values are i32 scalars: adding an i64 is a type error, adding an i32 wraps.
  expect_outcomes(
      "k = RandomInt {min=2147483647, max=2147483647}\n"
      "l = Const {value=i64{1}}\n"
      "i = Const {value=i32{1}}\n"
      "e = Add(k, l)\n"
      "s = Add(k, i)\n"
      "output e\noutput s\n",
      {{{{"e", "Error(type)"}, {"s", i32(-2147483648LL)}}, {}}});
  // Ordered by `after` like any node.
  expect_outcomes(
      "var x = i32{0}\n"
      "one = Const {value=i32{1}}\n"
      "w = Write(&x, one)\n"
      "k = RandomInt {min=0, max=1} after w\n"
      "a = AssignAdd(&x, k)\n"
      "r = Read(&x) after a\n"
      "output r\n",
      {{{{"r", i32(1)}}, {{"x", i32(1)}}}, {{{"r", i32(2)}}, {{"x", i32(2)}}}});
}

TEST_CASE("RandomInt may have 4096 values", "[choice]") {
  // The whole range under --reduction none. The stubborn set of a state with k enabled
  // alternatives costs about k^3 steps (every start closes over all k siblings, each scanning
  // its k racing partners): 4096 values take minutes there, so the reductions get 256.
  const auto values_from = [](int first, int count) {
    std::vector<std::string> values;
    for (int v = first; v < first + count; ++v) values.push_back(i32(v));
    return values;
  };
  const support::TextCheck all = support::check_text(
      "t.tfg", "k = RandomInt {min=1000, max=5095}\noutput k\n", {}, {}, Reduction::None);
  Outcomes got;
  for (const api::PrintedOutcome& o : all.outcomes) got.insert({o.outputs, o.variables});
  CHECK(got == each_of("k", values_from(1000, 4096)));
  CHECK(all.outcomes.size() == 4096);
  expect_outcomes("k = RandomInt {min=-128, max=127}\noutput k\n",
                  each_of("k", values_from(-128, 256)));
}

TEST_CASE("fn may redeclare Choice as an uninterpreted function", "[choice]") {
  // Like any built-in function name (FORMAT.md, "Statements"), Choice then builds terms.
  expect_outcomes("fn Choice : 2 -> 1\ninput A\ninput B\nc = Choice(A, B)\noutput c\n",
                  each_of("c", {"Choice(A, B)"}));
}
