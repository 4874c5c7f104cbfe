// The TensorFlow-form operations in .tfg programs (specs/FORMAT.md, "Operations"):
// exact outcome sets of small programs, the terms they build on symbols, VarIsInitialized
// racing a Write, and the builder's errors for their arities and attributes.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/build/outcome_checks.h"
#include "semantics/errors/diagnostics.h"

using namespace outcome_checks;

TEST_CASE("TensorFlow-form ops compute in programs", "[tf_ops]") {
  expect_outcomes(
      "x = Const {value=f32[2,2]{1, 2, 3, 4}}\n"
      "axes = Const {value=i32[1]{1}}\n"
      "s = Sum(x, axes) {keep_dims=true}\n"
      "m = MatMul(x, x) {transpose_b=true}\n"
      "d = Const {value=i32[1]{3}}\n"
      "one = Const {value=i32{1}}\n"
      "f = Fill(d, one)\n"
      "p = Pack(f, f) {axis=1}\n"
      "i = IdentityN(s, p)\n"
      "output i:0\noutput i:1\noutput m\n",
      {{{{"i:0", "f32[2,1]{3, 7}"},
         {"i:1", "i32[3,2]{1, 1, 1, 1, 1, 1}"},
         {"m", "f32[2,2]{5, 11, 11, 25}"}},
        {}}});
}

TEST_CASE("TensorFlow-form ops build terms on symbols, non-default attributes in the head",
          "[tf_ops]") {
  expect_outcomes(
      "input A\ninput B\n"
      "m = MatMul(A, B) {transpose_a=true}\n"
      "axes = Const {value=i32[1]{0}}\n"
      "s = Sum(A, axes) {keep_dims=true}\n"
      "p = Pack(A, B) {axis=1}\n"
      "sh = Shape(A) {out_type=i64}\n"
      "n = AddN(A, B, A)\n"
      "output m\noutput s\noutput p\noutput sh\noutput n\n",
      {{{{"m", "MatMul{transpose_a=true}(A, B)"},
         {"n", "AddN(A, B, A)"},
         {"p", "Pack{axis=1}(A, B)"},
         {"s", "Sum{keep_dims=true}(A, i32[1]{0})"},
         {"sh", "Shape{out_type=i64}(A)"}},
        {}}});
}

TEST_CASE("IdentityN passes errors and symbols through, and NoOp only orders", "[tf_ops]") {
  expect_outcomes(
      "var x\ninput A\n"
      "r = Read(&x)\n"
      "i = IdentityN(r, A)\n"
      "n = NoOp() after i\n"
      "w = Write(&x, A) after n\n"
      "output i:0\noutput i:1\n",
      {{{{"i:0", "Error(uninitialized)"}, {"i:1", "A"}}, {{"x", "A"}}}});
}

TEST_CASE("VarIsInitialized races a Write of the variable", "[tf_ops]") {
  const std::string text =
      "var x\ninput A\n"
      "w = Write(&x, A)\n"
      "ok = VarIsInitialized(&x)\n"
      "output ok\n";
  expect_outcomes(
      text, {{{{"ok", "bool{false}"}}, {{"x", "A"}}}, {{{"ok", "bool{true}"}}, {{"x", "A"}}}});
  const support::TextCheck r = support::check_text("t.tfg", text, {}, {});
  REQUIRE(r.races.size() == 1);
  expect_outcomes("var x = i32{0}\nok = VarIsInitialized(&x)\noutput ok\n",
                  {{{{"ok", "bool{true}"}}, {{"x", i32(0)}}}});
}

TEST_CASE("TensorFlow-form ops: arity and attribute errors", "[tf_ops]") {
  CHECK(error_of("input A\ninput B\ns = Sum(A, B) {axis=0}\n") ==
        "t.tfg:3:16: error: Sum with two arguments takes its axis as its second argument, not "
        "as an attribute\n  s = Sum(A, B) {axis=0}\n                 ^\n");
  CHECK(error_of("input A\ns = Reshape(A)\n").find("Reshape needs the attribute 'shape'") !=
        std::string::npos);
  CHECK(error_of("input A\ninput B\ns = Reshape(A, B)\noutput s\n") == "");
  CHECK(error_of("input A\nm = MatMul(A, A) {transpose_a=1}\n").find("must be true or false") !=
        std::string::npos);
  CHECK(error_of("input A\ns = Shape(A) {out_type=f32}\n").find("must be i32 or i64") !=
        std::string::npos);
  CHECK(error_of("input A\ns = Select(A, A)\n").find("Select takes 3 arguments but 2 given") !=
        std::string::npos);
  CHECK(error_of("input A\nn = NoOp(A)\n").find("NoOp takes 0 arguments but 1 given") !=
        std::string::npos);
  CHECK(error_of("input A\nn = NoOp()\nc = Neg(n)\n") != "");
}
