// The convolutions in .tfg programs (specs/FORMAT.md, "Operations"): their outcomes, the terms
// they build on symbols with their window in the head, and the located errors for window
// attributes of the wrong kind or missing.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/build/outcome_checks.h"
#include "semantics/errors/diagnostics.h"

using namespace outcome_checks;

TEST_CASE("the convolutions compute in programs", "[conv]") {
  expect_outcomes(
      "x = Const {value=f32[1,2,2,1]{1, 2, 3, 4}}\n"
      "w = Const {value=f32[2,2,1,1]{1, 1, 1, 1}}\n"
      "y = Conv2D(x, w) {strides=[1,1,1,1], padding=SAME}\n"
      "s = Const {value=i32[4]{2, 2, 1, 1}}\n"
      "g = Conv2DBackpropFilter(x, s, y) {strides=[1,1,1,1], padding=SAME}\n"
      "output y\noutput g\n",
      {{{{"g", "f32[2,2,1,1]{59, 48, 54, 40}"}, {"y", "f32[1,2,2,1]{10, 6, 7, 4}"}}, {}}});
}

TEST_CASE("the convolutions build terms on symbols, the window in the head", "[conv]") {
  expect_outcomes(
      "input A\ninput B\n"
      "y = Conv2D(A, B) {strides=[1,2,2,1], padding=EXPLICIT, "
      "explicit_paddings=[0,0,1,1,1,1,0,0], dilations=[1,1,1,1], data_format=NHWC}\n"
      "d = DepthwiseConv2dNative(A, B) {strides=[1,1,1,1], padding=VALID, "
      "dilations=[1,2,2,1], data_format=NCHW}\n"
      "output y\noutput d\n",
      {{{{"d",
          "DepthwiseConv2dNative{data_format=NCHW, dilations=[1,2,2,1], padding=VALID, "
          "strides=[1,1,1,1]}(A, B)"},
         {"y",
          "Conv2D{explicit_paddings=[0,0,1,1,1,1,0,0], padding=EXPLICIT, "
          "strides=[1,2,2,1]}(A, B)"}},
        {}}});
}

TEST_CASE("the convolutions' window attributes of the wrong kind are located errors", "[conv]") {
  CHECK(error_of("input A\ny = Conv2D(A, A) {strides=[1,1], padding=SAME}\n")
            .find("t.tfg:2:27: error: attribute 'strides' of Conv2D must be a list of 4 positive "
                  "integers") == 0);
  CHECK(error_of("input A\ny = Conv2D(A, A) {strides=[1,1,1,1], padding=FULL}\n")
            .find("must be SAME, VALID or EXPLICIT") != std::string::npos);
  CHECK(error_of(
            "input A\ny = Conv2D(A, A) {strides=[1,1,1,1], padding=VALID, dilations=[0,1,1,1]}\n")
            .find("attribute 'dilations' of Conv2D must be a list of 4 positive integers") !=
        std::string::npos);
  CHECK(error_of("input A\ny = Conv2D(A, A) {strides=[1,1,1,1], padding=EXPLICIT, "
                 "explicit_paddings=[0,0,-1,0,0,0,0,0]}\n")
            .find("must be a list of 8 non-negative integers") != std::string::npos);
  CHECK(error_of("input A\ny = Conv2D(A, A) {strides=[1,1,1,1]}\n").find("padding") !=
        std::string::npos);
  CHECK(error_of("input A\ny = Conv2D(A, A) {strides=[1,1,1,1], padding=SAME, data_format=NDHWC}\n")
            .find("must be NHWC or NCHW") != std::string::npos);
}
