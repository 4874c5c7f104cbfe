// Black-box conformance of tfmc to its contract (conformance_test.cpp says how the expected
// values are derived): names, references, comments, fn declarations and the errors of
// rejected programs.
#include <catch2/catch.hpp>

#include "conformance/conformance_checks.h"

using namespace conformance_checks;

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
