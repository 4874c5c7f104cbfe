// Black-box conformance of tfmc to its contract (conformance_test.cpp says how the expected
// values are derived): INIT and --feed values, literals and their canonical printing, terms,
// arithmetic and Cast.
#include <catch2/catch.hpp>

#include "conformance/conformance_checks.h"

using namespace conformance_checks;

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

// Section 3: IEEE arithmetic in the dtype, no FMA, reductions in TensorFlow's order from +0
// (so a sum of several -0 is +0, a lone -0 passes through), integer wraparound, Div
// truncation, zero divisors.
TEST_CASE("arithmetic", "[conformance]") {
  struct Case {
    const char* expr;
    std::vector<std::string> inputs;
    const char* value;
  };
  const std::vector<Case> cases = {
      {"Sum(i0)", {"f32[2]{-0}"}, "f32{0}"},
      {"Sum(i0)", {"f32[1]{-0}"}, "f32{-0}"},
      {"Sum(i0) {axis=0}", {"f32[3,1]{-0, -0, -0}"}, "f32[1]{0}"},
      {"Sum(i0)", {"f32[9]{1, 1, 1, 1, 1, 1, 1, 1e8, -1e8}"}, "f32{0}"},
      {"Sum(i0)", {"f32[3]{1e8, 1, -1e8}"}, "f32{0}"},
      {"Sum(i0)", {"f32[4]{0.1, 0.2, 0.3, 0.4}"}, "f32{1}"},
      {"Sum(i0) {axis=-2}", {"f32[2,3]{1,2,3,4,5,6}"}, "f32[3]{5, 7, 9}"},
      {"Sum(i0) {axis=2}", {"f32[2,2]{1}"}, "Error(shape)"},
      {"Sum(i0)", {"i32[2]{2147483647, 1}"}, "i32{-2147483648}"},
      // MatMul rounds as TensorFlow 2.21's CPU kernel (these are its values): f32 fuses each
      // multiply-add, f64 does not, and every inner product starts from +0.
      {"MatMul(i0, i1)",
       {"f32[1,2]{1, 0x1.000002p0}", "f32[2,1]{-0x1.000004p0, 0x1.000002p0}"},
       "f32[1,1]{1.4210855e-14}"},
      {"MatMul(i0, i1)",
       {"f64[1,2]{1, 0x1.0000000000001p0}", "f64[2,1]{-0x1.0000000000002p0, 0x1.0000000000001p0}"},
       "f64[1,1]{0}"},
      {"MatMul(i0, i1)", {"f32[1,2]{-0, -0}", "f32[2,1]{1, 1}"}, "f32[1,1]{0}"},
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
