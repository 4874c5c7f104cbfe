// Black-box conformance of tfmc against the contract ../shared/FORMAT.md, sections 1 to 6.
//
// Every expected value below is derived from the contract's sentences (quoted or named in the
// comment above each case) by hand, or, for float bits, with numpy in the dtype (each
// operation rounded separately, reductions accumulated in index order from the first term);
// none is taken from tfmc's output. Programs run through the library (check_program_text);
// exit codes, stderr and the JSON document through the built tfmc executable.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/process.h"
#include "tools/app/commands.h"

namespace {

namespace fs = std::filesystem;
using tfmc::app::NamedValues;

struct Expected {
  NamedValues outputs;    // sorted by name
  NamedValues variables;  // sorted by name
};

tfmc::app::CheckResult check(const std::string& text, const std::vector<std::string>& feeds = {}) {
  return tfmc::app::check_program_text("c.tfg", text, feeds, {});
}

// Asserts the exact outcome list, in the contract's order (section 6), and that none is stuck.
void require_outcomes(const std::string& text, const std::vector<Expected>& expected,
                      const std::vector<std::string>& feeds = {}) {
  INFO(text);
  const tfmc::app::CheckResult r = check(text, feeds);
  REQUIRE(r.exploration.complete);
  REQUIRE(r.outcomes.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(r.outcomes[i].outputs == expected[i].outputs);
    CHECK(r.outcomes[i].variables == expected[i].variables);
    CHECK_FALSE(r.outcomes[i].stuck);
  }
  CHECK(r.deterministic() == (expected.size() == 1));
}

// The value of output `r` of a program that has exactly one outcome.
std::string value_of_r(const std::string& text) {
  INFO(text);
  const tfmc::app::CheckResult r = check(text);
  REQUIRE(r.outcomes.size() == 1);
  for (const auto& [name, value] : r.outcomes[0].outputs)
    if (name == "r") return value;
  FAIL("no output r");
  return {};
}

// `r = EXPR` over inputs i0, i1, ... holding `inputs`, output r.
std::string eval(const std::string& expr, const std::vector<std::string>& inputs) {
  std::string text;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    text += "input i" + std::to_string(i) + " = " + inputs[i] + "\n";
  return value_of_r(text + "r = " + expr + "\noutput r\n");
}

// The printed form of a literal given as an input's INIT.
std::string printed(const std::string& literal) {
  return value_of_r("input r = " + literal + "\noutput r\n");
}

// The first line of the diagnostics for a rejected program ("" when it is accepted).
std::string first_error(const std::string& text) {
  try {
    check(text);
  } catch (const tfmc::sem::InputError& e) {
    return tfmc::test::first_line(e.what());
  }
  return "";
}

// The LINE of a first error line "c.tfg:LINE:COL: error: ..."; the contract fixes the LINE and
// the layout, the column is the tool's choice, so it is only required to be a positive number.
int error_line(const std::string& text) {
  const std::string first = first_error(text);
  INFO(text << "\n=> " << first);
  REQUIRE(first.rfind("c.tfg:", 0) == 0);
  const std::size_t line_end = first.find(':', 6);
  const std::size_t col_end = first.find(':', line_end + 1);
  REQUIRE(line_end != std::string::npos);
  REQUIRE(col_end != std::string::npos);
  const std::string column = first.substr(line_end + 1, col_end - line_end - 1);
  REQUIRE(!column.empty());
  for (char c : column) REQUIRE(std::isdigit(static_cast<unsigned char>(c)));
  REQUIRE(std::stoi(column) > 0);
  REQUIRE(first.substr(col_end, 9) == ": error: ");
  return std::stoi(first.substr(6, line_end - 6));
}

tfmc::test::ProcessResult run_tfmc(const std::vector<std::string>& args) {
  return tfmc::test::run_process(TFMC_BINARY, args, fs::temp_directory_path());
}

const char* kRace = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";

}  // namespace

// Section 2: names take . / - ; `N:K`; `output REF` is named REF; an output may name an input.
TEST_CASE("names, N:K references and output names", "[conformance]") {
  require_outcomes("input a.b/c-d\nn.1/x-y = Neg(a.b/c-d)\noutput n.1/x-y\noutput a.b/c-d\n",
                   {{{{"a.b/c-d", "a.b/c-d"}, {"n.1/x-y", "Neg(a.b/c-d)"}}, {}}});
  require_outcomes(
      "input C\ns = Split(C) {num=3, axis=1}\noutput s:2\noutput s:0 as first\noutput s\n",
      {{{{"first", "Split{axis=1, num=3}.0(C)"},
         {"s", "Split{axis=1, num=3}.0(C)"},
         {"s:2", "Split{axis=1, num=3}.2(C)"}},
        {}}});
  require_outcomes("var x-y/z.w = A\nr = Read(&x-y/z.w)\noutput r\n",
                   {{{{"r", "A"}}, {{"x-y/z.w", "A"}}}});
  // Variables have their own namespace, so an output and a variable may share a name.
  require_outcomes("var x = A\nx = Read(&x)\noutput x\n", {{{{"x", "A"}}, {{"x", "A"}}}});
}

// Section 2: keywords are not reserved; names may be used before their line.
TEST_CASE("keywords as names and use before definition", "[conformance]") {
  require_outcomes(
      "input input\nvar var\nfn fn : 1 -> 1\noutput = Neg(input)\nafter = fn(output)\n"
      "as = Identity(after) after output\nr = Read(&var)\noutput as as output_x\n"
      "output output as as\noutput after\noutput r as var\n",
      {{{{"after", "fn(Neg(input))"},
         {"as", "Neg(input)"},
         {"output_x", "fn(Neg(input))"},
         {"var", "Error(uninitialized)"}},
        {{"var", "Error(uninitialized)"}}}});
  require_outcomes(
      "output r\noutput n as m\nr = Read(&x) after w\nw = Write(v, B)\nv = Var(x)\n"
      "n = F(B)\nfn F : 1 -> 1\ninput B\nvar x = A\n",
      {{{{"m", "F(B)"}, {"r", "B"}}, {{"x", "B"}}}});
}

// Section 2: comments, blank lines, CRLF line ends; a node without arguments.
TEST_CASE("comments, blank lines and argument-less nodes", "[conformance]") {
  require_outcomes("# c\n   \ninput A   # t\n\tn = Neg(A)\t# u\r\noutput n#x\r\n",
                   {{{{"n", "Neg(A)"}}, {}}});
  require_outcomes(
      "c = Const() {value=i32{1}}\nd = Const {value=f32[2]{1}}\ne = Const {value=S}\n"
      "output c\noutput d\noutput e\n",
      {{{{"c", "i32{1}"}, {"d", "f32[2]{1, 1}"}, {"e", "S"}}, {}}});
  require_outcomes("", {{{}, {}}});
}

// Section 2: shared results go through implicit Copy nodes; one output used twice, an input
// used twice and by an output; explicit Var nodes are shared like any result.
TEST_CASE("shared results and explicit Var nodes", "[conformance]") {
  require_outcomes("input A\ns = Add(A, A)\nn = Neg(A)\noutput s\noutput n\noutput A\n",
                   {{{{"A", "A"}, {"n", "Neg(A)"}, {"s", "Add(A, A)"}}, {}}});
  require_outcomes("input A\nn = Neg(A)\nm = Mul(n, n)\noutput n\noutput n as n2\noutput m\n",
                   {{{{"m", "Mul(Neg(A), Neg(A))"}, {"n", "Neg(A)"}, {"n2", "Neg(A)"}}, {}}});
  require_outcomes(
      "var x = i32{1}\nc = Const {value=i32{2}}\nv = Var(x)\na = AssignAdd(v, c)\nr = Read(v)\n"
      "output r\n",
      {{{{"r", "i32{1}"}}, {{"x", "i32{3}"}}}, {{{"r", "i32{3}"}}, {{"x", "i32{3}"}}}});
  // The paper's first example, with and without the control edge (README and section 3.2.2).
  require_outcomes(kRace, {{{{"r", "A"}}, {{"x", "B"}}}, {{{"r", "B"}}, {{"x", "B"}}}});
  require_outcomes("var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n",
                   {{{{"r", "B"}}, {{"x", "B"}}}});
}

// Section 2: `fn` may redeclare a built-in; it means the uninterpreted function everywhere,
// also above the declaration and as Assign's f; implicit Copy nodes stay pass-through.
TEST_CASE("fn redeclares built-in functions", "[conformance]") {
  require_outcomes(
      "input C\ns = Split(C)\na = Add(s:0, s:1)\nfn Split : 1 -> 2\nfn Add : 2 -> 1\noutput a\n",
      {{{{"a", "Add(Split.0(C), Split.1(C))"}}, {}}});
  require_outcomes("fn Add : 2 -> 1\ninput a = i32{1}\ninput b = i32{2}\ns = Add(a, b)\noutput s\n",
                   {{{{"s", "Add(i32{1}, i32{2})"}}, {}}});
  require_outcomes("var x = A\ninput B\na = Assign(&x, B) {f=Add}\nfn Add : 2 -> 1\n",
                   {{{}, {{"x", "Add(A, B)"}}}});
  require_outcomes("fn Identity : 1 -> 1\ninput A\ni = Identity(A)\noutput i\n",
                   {{{{"i", "Identity(A)"}}, {}}});
  require_outcomes(
      "input A\nn = Neg(A)\nm = Copy(A)\np = Mul(A, A)\noutput n\noutput m:1\noutput p\n"
      "fn Copy : 1 -> 2\n",
      {{{{"m:1", "Copy.1(A)"}, {"n", "Neg(A)"}, {"p", "Mul(A, A)"}}, {}}});
  for (const char* op : {"Var", "Read", "Write", "AssignAdd", "AssignSub", "Assign"})
    CHECK(error_line(std::string("input A\nfn ") + op + " : 2 -> 1\n") == 2);
}

// Section 2: the error classes, exit 2, and the LINE of the statement at fault.
TEST_CASE("rejected programs name the statement at fault", "[conformance]") {
  struct Case {
    const char* text;
    int line;
  };
  const std::vector<Case> cases = {
      {"input A\nn = Frob(A)\n", 2},                              // unknown op
      {"input A\nn = Neg(A, A)\n", 2},                            // arity
      {"input A\nn = Concat(A)\n", 2},                            // Concat needs 2 or more
      {"input A\noutput zz\n", 2},                                // undefined name in output
      {"input A\nn = Neg(zz)\n", 2},                              // undefined name in a node
      {"input A\nn = Neg(A) after zz\n", 2},                      // undefined node in after
      {"input A\nn = Neg(A) after A\n", 2},                       // after names nodes only
      {"fn F : 1 -> 1\ninput A\nn = Neg(A) after F\n", 3},        // ... not functions
      {"v = Var(zz)\n", 1},                                       // undefined variable
      {"input A\nn = Neg(A)\noutput n:1\n", 3},                   // missing output
      {"input A\nt = Neg(A:1)\n", 2},                             // an input has output 0 only
      {"input A\nr = Read(A)\n", 2},                              // tensor where variable needed
      {"var x = A\nv = Var(x)\nn = Neg(v)\n", 3},                 // variable where tensor needed
      {"var x = A\nv = Var(x)\noutput v\n", 3},                   // output of a variable edge
      {"var x = A\noutput &x\n", 2},                              //
      {"var x = A\ninput B\nw = Write(&x, B)\nn = Neg(w)\n", 4},  // Assign ops have no outputs
      {"var x = A\ninput B\nw = Write(&x, B)\noutput w\n", 4},    //
      {"input A\noutput A as n\noutput A as n\n", 3},             // output names are unique
      {"input C\ns = Split(C) {num=2}\noutput s:1\noutput s:1\n", 4},  // `s:1` named s:1
      {"input A\ninput A\n", 2},                                       // duplicate name
      {"fn A : 1 -> 1\ninput A\n", 2},                                 // one namespace
      {"var x = A\nvar x = B\n", 2},                                   // duplicate variable
      {"input A\nb = Neg(a)\nc = Neg(A)\na = Neg(b)\n", 2},            // cycle: its first node
      {"input A\nb = Neg(A) after c\nc = Neg(b)\n", 2},          // cycle through a control edge
      {"input A\na = Neg(a)\n", 2},                              //
      {"input A = i32{2147483648}\n", 1},                        // out-of-range integer
      {"input A = bool{1}\n", 1},                                // bad literal
      {"input A = f32[2]{1, 2, 3}\n", 1},                        //
      {"input A\nn = Split(A)\n", 2},                            // Split needs num
      {"input A\nn = Cast(A)\n", 2},                             // Cast needs to
      {"input A\nn = Cast(A) {to=i8}\n", 2},                     //
      {"input A\nn = Reshape(A)\n", 2},                          // Reshape needs shape
      {"input A\nn = Reshape(A) {shape=[1,-1,-1]}\n", 2},        // one -1 at most
      {"c = Const()\n", 1},                                      // Const needs value
      {"c = Const {value=3}\n", 1},                              // a typed literal or a symbol
      {"var x = A\ninput B\na = Assign(&x, B)\n", 3},            // Assign needs f
      {"var x = A\ninput B\na = Assign(&x, B) {f=Neg}\n", 3},    // f must be binary
      {"var x = A\ninput B\na = Assign(&x, B) {f=Split}\n", 3},  //
      {"var x = A\ninput B\na = Assign(&x, B) {f=G}\n", 3},      //
      {"fn F : 2 -> 2\nvar x = A\ninput B\na = Assign(&x, B) {f=F}\n", 4},  // F : 2 -> 1 only
      {"var x = A\ninput B\na = Assign(&x, B) {f=Add, axis=1}\n", 3},       // attributes go to f
      {"input A\nn = Sum(A) {num=2}\n", 2},                                 // unknown attribute
      {"input A\nn = Neg(A) {bogus=1}\n", 2},                               //
      {"input A\nc = Const {value=f32{1}, dtype=f32}\n", 2},                //
      {"var x = A\ninput B\na = AssignAdd(&x, B) {f=Sub}\n", 3},            //
  };
  for (const Case& c : cases) CHECK(error_line(c.text) == c.line);
}

// Section 2: "the first line printed is the first error in file order", across error kinds
// found by different stages (here: names, arity, attributes, kinds, duplicates, cycles).
TEST_CASE("the first error printed is the first in file order", "[conformance]") {
  CHECK(error_line("input A\nm = Neg(A) {bogus=1}\nn = Neg(zz)\n") == 2);
  CHECK(error_line("input A\nn = Neg(zz)\nm = Neg(A) {bogus=1}\n") == 2);
  CHECK(error_line("input A\nc = Neg(zz)\na = Neg(b)\nb = Neg(a)\n") == 2);
  CHECK(error_line("input A\nb = Neg(a)\nz = Neg(A, A)\na = Neg(b)\n") == 2);
  CHECK(error_line("var x\ninput A\na = Neg(A, A)\nr = Read(A)\nq = Split(A)\ninput A\n") == 3);
  CHECK(error_line("input A\noutput zz\nfn F : 1 -> 1\nfn F : 1 -> 1\n") == 2);
  CHECK(error_line("input A\ninput A\nn = Neg(A, A)\n") == 2);
  CHECK(error_line("input A\nd = Neg(e)\nc = Neg(b)\nb = Neg(c)\ne = Neg(d)\n") == 2);
}

// Section 2: INIT and --feed values; a later --feed wins; range rules of literals.
TEST_CASE("INIT and --feed values", "[conformance]") {
  const std::string p = "input a\ninput b = i32{5}\ns = Add(a, b)\noutput s\n";
  require_outcomes(p, {{{{"s", "Add(a, i32{5})"}}, {}}});
  require_outcomes(p, {{{{"s", "i32{6}"}}, {}}}, {"a=i32{1}"});
  require_outcomes(p, {{{{"s", "Add(Z, i32{5})"}}, {}}}, {"a=Z"});
  require_outcomes(p, {{{{"s", "i32{7}"}}, {}}}, {"a=i32{1}", "a=i32{2}"});
  require_outcomes(p, {{{{"s", "i32{8}"}}, {}}}, {"b=i32{7}", "a=i32{1}"});
  require_outcomes("input a\noutput a\n", {{{{"a", "f32{inf}"}}, {}}}, {"a=f32{1e39}"});
  for (const char* bad : {"zz=i32{1}", "s=i32{1}", "a=i32{99999999999}", "a", "a=1"})
    CHECK_THROWS_AS(check(p, {bad}), tfmc::sem::InputError);
  require_outcomes("var x = i32{1}\nvar y = Q\n", {{{}, {{"x", "i32{1}"}, {"y", "Q"}}}});
}

// Section 3: canonical printing of literals (fill form expanded, shapes without spaces,
// Python-repr floats with the shortest digits of the dtype, out-of-range floats infinite).
TEST_CASE("literal reading and canonical printing", "[conformance]") {
  struct Case {
    const char* literal;
    const char* printed;
  };
  const std::vector<Case> cases = {
      {"f32[2,3]{0}", "f32[2,3]{0, 0, 0, 0, 0, 0}"},
      {"f32[2]{ 1 ,2 }", "f32[2]{1, 2}"},
      {"i32[2]{5}", "i32[2]{5, 5}"},
      {"f32[1]{1}", "f32[1]{1}"},
      {"i32[0]{}", "i32[0]{}"},
      {"f32[2,0]{}", "f32[2,0]{}"},
      {"bool[2]{true, false}", "bool[2]{true, false}"},
      {"i64{-9223372036854775808}", "i64{-9223372036854775808}"},
      {"i32{-0}", "i32{0}"},
      {"f32{1e16}", "f32{1e+16}"},
      {"f64{1e16}", "f64{1e+16}"},
      {"f64{1e15}", "f64{1000000000000000}"},
      {"f32{1.5e-5}", "f32{1.5e-05}"},
      {"f64{0.0001}", "f64{0.0001}"},
      {"f64{0.00001}", "f64{1e-05}"},
      {"f32{0.1}", "f32{0.1}"},
      {"f32{100000000}", "f32{100000000}"},
      {"f32{1.0}", "f32{1}"},
      {"f32{-0.0}", "f32{-0}"},
      {"f32{16777217}", "f32{16777216}"},
      {"f64{123456789012345678}", "f64{1.2345678901234568e+17}"},
      {"f64{9007199254740993}", "f64{9007199254740992}"},
      {"f64{5e-324}", "f64{5e-324}"},
      {"f32{0x1p-149}", "f32{1e-45}"},
      {"f32{0x1.fffffep127}", "f32{3.4028235e+38}"},
      {"f64[2]{0x1.8p1, -0x1p-2}", "f64[2]{3, -0.25}"},
      {"f32{1e39}", "f32{inf}"},
      {"f32{-1e39}", "f32{-inf}"},
      {"f64{1e309}", "f64{inf}"},
      {"f32{3.4028236e38}", "f32{inf}"},
      {"f32{1e-50}", "f32{0}"},
      {"f32{-1e-50}", "f32{-0}"},
      {"f32[3]{nan, -nan, inf}", "f32[3]{nan, nan, inf}"},
      // Correct rounding of decimal text in f32 (just above the halfway point 1 + 2^-24).
      {"f32{1.0000000596046447753906251}", "f32{1.0000001}"},
      {"f32{1.000000059604644775390625}", "f32{1}"},
  };
  for (const Case& c : cases) CHECK(printed(c.literal) == c.printed);
}

// Section 3: every NaN is one value, so outcomes differing only in NaN sign or payload merge.
TEST_CASE("NaN is one value", "[conformance]") {
  require_outcomes(
      "var x = f32{0}\ninput P = f32{nan}\ninput Q = f32{-nan}\ninput Z = f32{0}\n"
      "d = Div(Z, Z)\nn = Neg(P)\nw1 = Write(&x, P)\nw2 = Write(&x, Q)\nw3 = Write(&x, d)\n"
      "w4 = Write(&x, n)\n",
      {{{}, {{"x", "f32{nan}"}}}});
}

// Section 3: terms, attributes that differ from their defaults, keys sorted.
TEST_CASE("terms print their non-default attributes", "[conformance]") {
  require_outcomes(
      "input A\ninput C\ns = Sum(A) {axis=1}\nc = Cast(s) {to=i32}\np = Split(C) {num=2}\n"
      "q = Split(C) {axis=0, num=2}\nk = Concat(A, C) {axis=0}\noutput c\noutput p:0 as sp\n"
      "output q:1 as sq\noutput k\n",
      {{{{"c", "Cast{to=i32}(Sum{axis=1}(A))"},
         {"k", "Concat(A, C)"},
         {"sp", "Split{num=2}.0(C)"},
         {"sq", "Split{num=2}.1(C)"}},
        {}}});
  CHECK(eval("Sum(i0)", {"A"}) == "Sum(A)");
  CHECK(eval("Sum(i0) {axis=0}", {"A"}) == "Sum{axis=0}(A)");
  CHECK(eval("Add(i0, i1)", {"f32[2]{1}", "A"}) == "Add(f32[2]{1, 1}, A)");
  CHECK(eval("Identity(i0)", {"A"}) == "A");
  CHECK(eval("Identity(i0)", {"f32{-0}"}) == "f32{-0}");
}

// Section 3: IEEE arithmetic in the dtype, no FMA, reductions in index order from the first
// term (so an all -0 sum is -0), integer wraparound, Div truncation, zero divisors.
TEST_CASE("arithmetic", "[conformance]") {
  struct Case {
    const char* expr;
    std::vector<std::string> inputs;
    const char* value;
  };
  const std::vector<Case> cases = {
      {"Sum(i0)", {"f32[2]{-0}"}, "f32{-0}"},
      {"Sum(i0) {axis=0}", {"f32[3,1]{-0, -0, -0}"}, "f32[1]{-0}"},
      {"Sum(i0)", {"f32[3]{1e8, 1, -1e8}"}, "f32{0}"},
      {"Sum(i0)", {"f32[4]{0.1, 0.2, 0.3, 0.4}"}, "f32{1}"},
      {"Sum(i0) {axis=-2}", {"f32[2,3]{1,2,3,4,5,6}"}, "f32[3]{5, 7, 9}"},
      {"Sum(i0) {axis=2}", {"f32[2,2]{1}"}, "Error(shape)"},
      {"Sum(i0)", {"i32[2]{2147483647, 1}"}, "i32{-2147483648}"},
      {"MatMul(i0, i1)",
       {"f32[1,2]{1, 0x1.000002p0}", "f32[2,1]{-0x1.000004p0, 0x1.000002p0}"},
       "f32[1,1]{0}"},
      {"MatMul(i0, i1)",
       {"f64[1,2]{1, 0x1.0000000000001p0}", "f64[2,1]{-0x1.0000000000002p0, 0x1.0000000000001p0}"},
       "f64[1,1]{0}"},
      {"MatMul(i0, i1)", {"f32[1,2]{-0, -0}", "f32[2,1]{1, 1}"}, "f32[1,1]{-0}"},
      {"MatMul(i0, i1)", {"f32[2]{1}", "f32[2,1]{1}"}, "Error(shape)"},
      {"MatMul(i0, i1)", {"i32[1,2]{2147483647, 1}", "i32[2,1]{1, 1}"}, "i32[1,1]{-2147483648}"},
      {"Add(i0, i1)", {"i32{2147483647}", "i32{1}"}, "i32{-2147483648}"},
      {"Sub(i0, i1)", {"i32{-2147483648}", "i32{1}"}, "i32{2147483647}"},
      {"Mul(i0, i1)", {"i64{4294967296}", "i64{4294967296}"}, "i64{0}"},
      {"Neg(i0)", {"i32{-2147483648}"}, "i32{-2147483648}"},
      {"Div(i0, i1)", {"i32{-7}", "i32{2}"}, "i32{-3}"},
      {"Div(i0, i1)", {"i32{7}", "i32{-2}"}, "i32{-3}"},
      {"Div(i0, i1)", {"i64{-9223372036854775808}", "i64{-1}"}, "i64{-9223372036854775808}"},
      {"Div(i0, i1)", {"i32[3]{1,2,3}", "i32[3]{1,0,1}"}, "Error(arithmetic)"},
      {"Div(i0, i1)", {"i32[3]{1,2,3}", "i32{0}"}, "Error(arithmetic)"},
      {"Div(i0, i1)", {"f32{1}", "f32{0}"}, "f32{inf}"},
      {"Div(i0, i1)", {"f32{0}", "f32{-0}"}, "f32{nan}"},
      {"Add(i0, i1)", {"i32[2,1]{1,2}", "i32[3]{10,20,30}"}, "i32[2,3]{11, 21, 31, 12, 22, 32}"},
      {"Add(i0, i1)", {"i32[2,3]{1}", "i32[2]{1,2}"}, "Error(shape)"},
      {"Add(i0, i1)", {"i32{1}", "i64{1}"}, "Error(type)"},
      {"Div(i0, i1)", {"i32[2]{1,2}", "f32[3]{1,0,1}"}, "Error(type)"},  // type before shape
      {"Maximum(i0, i1)",
       {"f32[4]{nan, 1, -0, 0}", "f32[4]{1, nan, 0, -0}"},
       "f32[4]{nan, nan, 0, 0}"},
      {"Minimum(i0, i1)",
       {"f32[4]{nan, 1, -0, 0}", "f32[4]{1, nan, 0, -0}"},
       "f32[4]{nan, nan, -0, -0}"},
      {"Relu(i0)", {"f32[4]{-0, nan, -1, 2}"}, "f32[4]{0, nan, 0, 2}"},
      {"Relu(i0)", {"i32[2]{-3, 3}"}, "i32[2]{0, 3}"},
      {"Equal(i0, i1)", {"f32[3]{nan, -0, 1}", "f32[3]{nan, 0, 1}"}, "bool[3]{false, true, true}"},
      {"Less(i0, i1)", {"f32[3]{nan, -0, 1}", "f32[3]{nan, 0, 2}"}, "bool[3]{false, false, true}"},
      {"Greater(i0, i1)", {"i32[2]{1,2}", "i32{1}"}, "bool[2]{false, true}"},
      {"Concat(i0, i1) {axis=1}",
       {"i32[2,1]{1,2}", "i32[2,2]{3,4,5,6}"},
       "i32[2,3]{1, 3, 4, 2, 5, 6}"},
      {"Concat(i0, i1) {axis=-1}",
       {"i32[2,1]{1,2}", "i32[2,2]{3,4,5,6}"},
       "i32[2,3]{1, 3, 4, 2, 5, 6}"},
      {"Concat(i0, i1)", {"i32[1]{1}", "f32[2,2]{1}"}, "Error(type)"},
      {"Split(i0) {num=2, axis=1}", {"i32[2,2]{1,2,3,4}"}, "i32[2,1]{1, 3}"},
      {"Split(i0) {num=3}", {"f32[4]{1,2,3,4}"}, "Error(shape)"},
      {"Reshape(i0) {shape=[2,-1]}", {"i32[6]{1,2,3,4,5,6}"}, "i32[2,3]{1, 2, 3, 4, 5, 6}"},
      {"Reshape(i0) {shape=[4,-1]}", {"i32[6]{1,2,3,4,5,6}"}, "Error(shape)"},
      {"Reshape(i0) {shape=[]}", {"i32[1]{7}"}, "i32{7}"},
  };
  for (const Case& c : cases) {
    INFO(c.expr);
    CHECK(eval(c.expr, c.inputs) == c.value);
  }
}

// Section 3: Cast rules and bool operands.
TEST_CASE("Cast and bool operands", "[conformance]") {
  struct Case {
    const char* expr;
    const char* input;
    const char* value;
  };
  const std::vector<Case> cases = {
      {"Cast(i0) {to=i32}", "f32[4]{1.9, -1.9, -0.5, 0.5}", "i32[4]{1, -1, 0, 0}"},
      {"Cast(i0) {to=i32}", "f32{nan}", "Error(arithmetic)"},
      {"Cast(i0) {to=i32}", "f32[2]{1, inf}", "Error(arithmetic)"},
      {"Cast(i0) {to=i32}", "f32{2147483648}", "Error(arithmetic)"},
      {"Cast(i0) {to=i32}", "f64{-2147483648.9}", "i32{-2147483648}"},
      {"Cast(i0) {to=i64}", "f64{9223372036854775807}", "Error(arithmetic)"},
      {"Cast(i0) {to=f32}", "i32{16777217}", "f32{16777216}"},
      {"Cast(i0) {to=f32}", "i32{16777219}", "f32{16777220}"},
      {"Cast(i0) {to=f64}", "i64{9007199254740995}", "f64{9007199254740996}"},
      {"Cast(i0) {to=f64}", "f32{0.1}", "f64{0.10000000149011612}"},
      {"Cast(i0) {to=f32}", "f64{1e300}", "f32{inf}"},
      {"Cast(i0) {to=bool}", "f32[5]{0, -0, nan, 0.5, -inf}",
       "bool[5]{false, false, true, true, true}"},
      {"Cast(i0) {to=bool}", "i32[3]{0, -1, 2}", "bool[3]{false, true, true}"},
      {"Cast(i0) {to=f32}", "bool[2]{true, false}", "f32[2]{1, 0}"},
      {"Cast(i0) {to=i64}", "bool[2]{true, false}", "i64[2]{1, 0}"},
      {"Cast(i0) {to=i32}", "A", "Cast{to=i32}(A)"},
      {"Neg(i0)", "bool{true}", "Error(type)"},
      {"Relu(i0)", "bool{true}", "Error(type)"},
      {"Sum(i0)", "bool[2]{true}", "Error(type)"},
      {"Sum(i0) {axis=5}", "bool[2]{true}", "Error(type)"},  // type before shape
      {"Add(i0, i0)", "bool{true}", "Error(type)"},
      {"Div(i0, i0)", "bool{true}", "Error(type)"},
      {"Maximum(i0, i0)", "bool{true}", "Error(type)"},
      {"Less(i0, i0)", "bool{true}", "Error(type)"},
      {"MatMul(i0, i0)", "bool[1,1]{true}", "Error(type)"},
      {"Equal(i0, i0)", "bool[2]{true, false}", "bool[2]{true, true}"},
      {"Concat(i0, i0)", "bool[1]{true}", "bool[2]{true, true}"},
  };
  for (const Case& c : cases) {
    INFO(c.expr << " of " << c.input);
    CHECK(eval(c.expr, {c.input}) == c.value);
  }
}

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
  const tfmc::app::CheckResult r =
      check("input A\ns = Add(A, A)\nn = Neg(A)\noutput s\noutput n\noutput A\n");
  REQUIRE(r.outcomes.size() == 1);
  // s and n, plus one Copy per extra consumer of A (4 consumers: 3 implicit Copy nodes).
  CHECK(r.outcomes[0].witness.size() == 5);
  const tfmc::app::CheckResult race = check(kRace);
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

// Section 2: "the first line printed is the first error in file order", whatever the kinds of
// the errors; a name declared on a line with a syntax error is not reported as undefined.
TEST_CASE("syntax errors and later checks are reported in file order", "[conformance]") {
  CHECK(first_error("input A\nn = Neg(zz)\ninput B = i32{99999999999}\n") ==
        "c.tfg:2:9: error: undefined name 'zz'");
  CHECK(first_error("input A\nn = Neg(A, A)\nx = Neg(A\n") ==
        "c.tfg:2:5: error: Neg takes 1 argument but 2 given");
  CHECK(first_error("input A\nn = Neg(zz)\nfn F : 1 -> x\n") ==
        "c.tfg:2:9: error: undefined name 'zz'");
  // `x` and `v` are declared by broken lines: only the syntax errors are reported.
  CHECK(first_error("input A\nb = Neg(x)\nx = Neg(A\n") ==
        "c.tfg:3:10: error: expected ',' or ')' but found end of line");
  CHECK(first_error("r = Read(&v)\nvar v = f33{1}\n") == "c.tfg:2:9: error: unknown dtype 'f33'");
}

// Section 2: an output is named "REF as written".
TEST_CASE("outputs keep the reference as written", "[conformance]") {
  const auto r = check("input C\ns = Split(C) {num=2}\noutput s:01\noutput s:1\noutput C:00\n");
  REQUIRE(r.outcomes.size() == 1);
  const NamedValues expected = {
      {"C:00", "C"}, {"s:01", "Split{num=2}.1(C)"}, {"s:1", "Split{num=2}.1(C)"}};
  CHECK(r.outcomes[0].outputs == expected);
}

TEST_CASE("an out-of-range index names the number", "[conformance]") {
  CHECK(first_error("input C\ns = Split(C) {num=2}\noutput s:99999999999999999999\n") ==
        "c.tfg:3:10: error: integer 99999999999999999999 is out of range");
}
