// The shape and index ops in .tfg programs (specs/FORMAT.md, "Operations"): their outcomes,
// ShapeN's outputs, the terms they build on symbols with their non-default attributes, and the
// located errors for attributes of the wrong kind.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/build/outcome_checks.h"
#include "semantics/errors/diagnostics.h"

using namespace outcome_checks;

TEST_CASE("shape and index ops compute in programs", "[shape_ops]") {
  expect_outcomes(
      "x = Const {value=i32[2,3]{1, 2, 3, 4, 5, 6}}\n"
      "b = Const {value=i32[2]{-1, -1}}\n"
      "e = Const {value=i32[2]{0, 0}}\n"
      "s = Const {value=i32[2]{-1, -2}}\n"
      "r = StridedSlice(x, b, e, s) {end_mask=3}\n"
      "i = Const {value=i64[2]{2, 0}}\n"
      "ax = Const {value=i32{1}}\n"
      "g = GatherV2(x, i, ax)\n"
      "n = ShapeN(x, g, r) {out_type=i64}\n"
      "w = Where(x)\n"
      "output r\noutput g\noutput n:2\noutput w\n",
      {{{{"g", "i32[2,2]{3, 1, 6, 4}"},
         {"n:2", "i64[2]{2, 2}"},
         {"r", "i32[2,2]{6, 4, 3, 1}"},
         {"w", "i64[6,2]{0, 0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 2}"}},
        {}}});
}

TEST_CASE("shape and index ops build terms on symbols, non-default attributes in the head",
          "[shape_ops]") {
  expect_outcomes(
      "input A\ninput B\n"
      "q = Squeeze(A) {squeeze_dims=[0]}\n"
      "s = StridedSlice(A, B, B, B) {shrink_axis_mask=1, begin_mask=0}\n"
      "m = MirrorPad(A, B) {mode=SYMMETRIC}\n"
      "h = OneHot(A, B, B, B) {axis=-1}\n"
      "n = ShapeN(A, B)\n"
      "output q\noutput s\noutput m\noutput h\noutput n:1\n",
      {{{{"h", "OneHot(A, B, B, B)"},
         {"m", "MirrorPad{mode=SYMMETRIC}(A, B)"},
         {"n:1", "ShapeN.1(A, B)"},
         {"q", "Squeeze{squeeze_dims=[0]}(A)"},
         {"s", "StridedSlice{shrink_axis_mask=1}(A, B, B, B)"}},
        {}}});
}

TEST_CASE("shape and index ops' attributes of the wrong kind are located errors", "[shape_ops]") {
  CHECK(error_of("input A\nq = Squeeze(A) {squeeze_dims=0}\n")
            .find("t.tfg:2:30: error: attribute 'squeeze_dims' of Squeeze must be a list") == 0);
  CHECK(error_of("input A\ns = StridedSlice(A, A, A, A) {end_mask=2147483648}\n")
            .find("t.tfg:2:40: error: attribute 'end_mask' of StridedSlice must be a 32-bit "
                  "integer") == 0);
  CHECK(error_of("input A\nm = MirrorPad(A, A) {mode=CONSTANT}\n")
            .find("must be REFLECT or SYMMETRIC") != std::string::npos);
  CHECK(error_of("input A\nr = Rank(A) {out_type=i64}\n").find("t.tfg:2:14: error:") == 0);
  CHECK(error_of("input A\nr = ExpandDims(A)\n").find("ExpandDims takes 2 arguments but 1 given") !=
        std::string::npos);
}
