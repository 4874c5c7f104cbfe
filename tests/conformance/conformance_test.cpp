// Black-box conformance of tfmc against the contract ../shared/FORMAT.md, "What tfmc checks" to
// "How functions and assignments compute".
//
// Every expected value below is derived from the contract's sentences (quoted or named in the
// comment above each case) by hand, or, for float bits, with numpy in the dtype (each
// operation rounded separately, reductions in the order of FORMAT.md, "Arithmetic on concrete
// tensors");
// none is taken from tfmc's output. Programs run through the library (support/check_text.h, over
// checker/api/check.h); exit codes, stderr and the JSON document through the built tfmc executable.
#include <catch2/catch.hpp>

#include "conformance/conformance_checks.h"
#include "support/files.h"
#include "support/json_reader.h"

using namespace conformance_checks;

// Section 3: errors propagate (first error argument, every output, declared fns included,
// before any term is built) and the Assign rules for errors and uninitialized variables.
TEST_CASE("errors and stateful rules", "[conformance]") {
  require_outcomes(
      "input b = i32{2}\ninput z = i32{0}\ninput f = f32{1}\nvar x\nr = Read(&x)\n"
      "d = Div(b, z)\ne = Add(b, f)\ng = Add(d, e)\nh = Add(e, d)\nk = Add(r, d)\n"
      "fn F : 2 -> 2\ns = F(A, d)\ns2 = Split(d) {num=2}\ninput A\n"
      "output g\noutput h\noutput k\noutput s:1\noutput s2:1\n",
      {{{{"g", "Error(arithmetic)"},
         {"h", "Error(type)"},
         {"k", "Error(uninitialized)"},
         {"s2:1", "Error(arithmetic)"},
         {"s:1", "Error(arithmetic)"}},
        {{"x", "Error(uninitialized)"}}}});
  // An error tensor input leaves the variable unchanged (Write is Assign-Snd).
  require_outcomes(
      "var x = A\nvar y = B\nvar z = i32{1}\nvar u\ninput Z = i32{0}\ninput O = i32{1}\n"
      "d = Div(O, Z)\nw = Write(&x, d)\na = AssignAdd(&y, d)\nb = Assign(&z, d) {f=Sub}\n"
      "c = Assign(&u, d) {f=Snd}\n",
      {{{}, {{"u", "Error(uninitialized)"}, {"x", "A"}, {"y", "B"}, {"z", "i32{1}"}}}});
  // An f that fails on valid inputs stores its error.
  require_outcomes(
      "var x = i32{1}\ninput N = i32[2]{1}\na = Assign(&x, N) {f=Concat, axis=1}\n"
      "var y = i32{1}\ninput F = f32{1}\nb = AssignAdd(&y, F)\nvar z = i32{5}\ninput Z = i32{0}\n"
      "c = Assign(&z, Z) {f=Div}\n",
      {{{}, {{"x", "Error(shape)"}, {"y", "Error(type)"}, {"z", "Error(arithmetic)"}}}});
  // Write initializes an uninitialized variable; AssignAdd does not.
  require_outcomes("var x\nvar y\ninput t = i32{3}\na = Write(&x, t)\nb = AssignAdd(&y, t)\n",
                   {{{}, {{"x", "i32{3}"}, {"y", "Error(uninitialized)"}}}});
  // Assign's f: Snd, Concat with its axis, a declared fn with its attributes.
  require_outcomes(
      "var x = i32[1,2]{1, 2}\ninput t = i32[1,2]{5}\na = Assign(&x, t) {f=Concat, axis=1}\n"
      "var y = A\nfn F : 2 -> 1\nb = Assign(&y, t2) {f=F, k=3}\ninput t2\n"
      "var z = i32{1}\nc = Assign(&z, s) {f=Snd}\ninput s = i32{5}\n",
      {{{}, {{"x", "i32[1,4]{1, 2, 5, 5}"}, {"y", "F{k=3}(A, t2)"}, {"z", "i32{5}"}}}});
}

// Sections 1 and 6: unnamed results are not in the outcome, every variable is; outcomes are
// sorted by (outputs, variables) as (name, value) lists; AssignAdd is atomic.
TEST_CASE("outcome sets and their order", "[conformance]") {
  require_outcomes("var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\n", {{{}, {{"x", "B"}}}});
  require_outcomes(
      "var x = i32{0}\ninput O = i32{1}\ninput T = i32{2}\na1 = AssignAdd(&x, O)\n"
      "a2 = AssignAdd(&x, T)\nr = Read(&x)\noutput r\n",
      {{{{"r", "i32{0}"}}, {{"x", "i32{3}"}}},
       {{{"r", "i32{1}"}}, {{"x", "i32{3}"}}},
       {{{"r", "i32{2}"}}, {{"x", "i32{3}"}}},
       {{{"r", "i32{3}"}}, {{"x", "i32{3}"}}}});
  std::vector<Expected> expected;
  for (const char* b : {"P", "Z"})
    for (const char* r : {"A", "P", "Q"})
      for (const char* x : {"P", "Q"})
        expected.push_back({{{"B", b}, {"a", r}, {"a.", r}, {"b", r}}, {{"B", "P"}, {"x", x}}});
  require_outcomes(
      "var x = A\nvar B = Z\ninput P\ninput Q\nw1 = Write(&x, P)\nw2 = Write(&x, Q)\n"
      "r1 = Read(&x)\nw3 = Write(&B, P)\nr2 = Read(&B)\noutput r1 as b\noutput r2 as B\n"
      "output r1 as a.\noutput r1 as a\n",
      expected);
}

// Section 6: the witness lists every node fired, the implicit ones included.
TEST_CASE("witnesses fire every node once", "[conformance]") {
  const tfmc::support::TextCheck r =
      check("input A\ns = Add(A, A)\nn = Neg(A)\noutput s\noutput n\noutput A\n");
  REQUIRE(r.outcomes.size() == 1);
  // s and n, plus one Copy per extra consumer of A (4 consumers: 3 implicit Copy nodes).
  CHECK(r.outcomes[0].witness.size() == 5);
  const tfmc::support::TextCheck race = check(kRace);
  for (const auto& o : race.outcomes) {
    CHECK(o.witness.size() == 4);  // w, r and the two implicit Var nodes of &x
    CHECK(std::find(o.witness.begin(), o.witness.end(), "w") != o.witness.end());
    CHECK(std::find(o.witness.begin(), o.witness.end(), "r") != o.witness.end());
  }
}

// Section 5: exit codes, one JSON document, errors as FILE:LINE:COL on stderr.
TEST_CASE("command line exit codes and JSON", "[conformance]") {
  const std::string race = tfmc::test::write_test_file("race.tfg", kRace);
  const tfmc::test::ProcessResult nondet = run_tfmc({"check", race, "--json", "--quiet"});
  CHECK(nondet.exit_code == 1);
  const tfmc::test::Json doc = tfmc::test::parse_json(nondet.out);
  CHECK(doc.at("program").text == race);
  CHECK(doc.at("complete").boolean);
  CHECK_FALSE(doc.at("deterministic").boolean);
  const tfmc::test::Json& stats = doc.at("stats");
  for (const char* key : {"states", "transitions", "final_states", "seconds"})
    CHECK(stats.at(key).is(tfmc::test::Json::Kind::Number));
  CHECK(stats.at("final_states").text == "2");
  const tfmc::test::Json& outcomes = doc.at("outcomes");
  REQUIRE(outcomes.items.size() == 2);
  CHECK(outcomes.items[0].at("outputs").at("r").text == "A");
  CHECK(outcomes.items[1].at("outputs").at("r").text == "B");
  CHECK_FALSE(outcomes.items[0].at("stuck").boolean);
  CHECK(outcomes.items[0].at("witness").items.size() == 4);

  const std::string ordered =
      tfmc::test::write_test_file("ordered.tfg",
                                  "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\n"
                                  "output r\n");
  const tfmc::test::ProcessResult det = run_tfmc({"check", ordered, "--json", "--quiet"});
  CHECK(det.exit_code == 0);
  CHECK(tfmc::test::parse_json(det.out).at("deterministic").boolean);
  CHECK(run_tfmc({"check", ordered, "--quiet"}).exit_code == 0);

  const std::string bad = tfmc::test::write_test_file("bad.tfg", "input A\n\nn = Neg(zz)\n");
  const tfmc::test::ProcessResult rejected = run_tfmc({"check", bad, "--json", "--quiet"});
  CHECK(rejected.exit_code == 2);
  CHECK(tfmc::test::first_line(rejected.err).rfind(bad + ":3:", 0) == 0);
  CHECK(run_tfmc({"dot", bad}).exit_code == 2);
  CHECK(run_tfmc({"dot", ordered}).exit_code == 0);
  CHECK(run_tfmc({"check", race, "--feed", "zz=A"}).exit_code == 2);
  CHECK(run_tfmc({"check", race, "--bogus"}).exit_code == 2);
  CHECK(run_tfmc({"--help"}).exit_code == 0);
  CHECK(run_tfmc({"--version"}).exit_code == 0);
}

// Sections 5 and 6: --max-states N stores at most N states; stopping exits 3, incomplete.
TEST_CASE("a max-states limit bounds the stored states", "[conformance]") {
  const std::string p =
      tfmc::test::write_test_file("three_way.tfg",
                                  "var x = A\ninput B\ninput C\nw = Write(&x, B)\n"
                                  "v = Write(&x, C)\nr = Read(&x)\noutput r\n");
  const tfmc::test::ProcessResult full = run_tfmc({"check", p, "--json", "--quiet"});
  CHECK(full.exit_code == 1);
  const tfmc::test::Json full_doc = tfmc::test::parse_json(full.out);
  CHECK(full_doc.at("outcomes").items.size() == 6);  // r in {A, B, C} times x in {B, C}
  const int states = std::stoi(full_doc.at("stats").at("states").text);
  for (int n : {1, 3, states - 1}) {
    const tfmc::test::ProcessResult limited =
        run_tfmc({"check", p, "--json", "--quiet", "--max-states", std::to_string(n)});
    CHECK(limited.exit_code == 3);
    const tfmc::test::Json doc = tfmc::test::parse_json(limited.out);
    CHECK_FALSE(doc.at("complete").boolean);
    CHECK_FALSE(doc.at("deterministic").boolean);
    CHECK(std::stoi(doc.at("stats").at("states").text) <= n);
  }
  const tfmc::test::ProcessResult exact =
      run_tfmc({"check", p, "--json", "--quiet", "--max-states", std::to_string(states)});
  CHECK(exact.exit_code == 1);
  CHECK(tfmc::test::parse_json(exact.out).at("complete").boolean);
}
