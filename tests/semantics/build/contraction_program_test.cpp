// BatchMatMulV2 and Einsum in .tfg programs and TensorFlow graphs (specs/FORMAT.md,
// "Operations"): their outcomes, the equation spelt as a name, the terms they build on
// symbols, and the located errors for an equation tfmc does not take.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/build/outcome_checks.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graph_text.h"

using namespace outcome_checks;

TEST_CASE("BatchMatMulV2 and Einsum compute in programs", "[contraction]") {
  expect_outcomes(
      "x = Const {value=f32[1,2,2]{1, 2, 3, 4}}\n"
      "y = Const {value=f32[2,2]{1, 0, 1, 1}}\n"
      "p = BatchMatMulV2(x, y) {adj_y=true}\n"
      "e = Einsum(x, y) {equation=abc.cd-abd}\n"
      "t = Einsum(y) {equation=ij-ji}\n"
      "output p\noutput e\noutput t\n",
      {{{{"e", "f32[1,2,2]{3, 2, 7, 4}"},
         {"p", "f32[1,2,2]{1, 3, 3, 7}"},
         {"t", "f32[2,2]{1, 1, 0, 1}"}},
        {}}});
}

TEST_CASE("BatchMatMulV2 and Einsum build terms with their attributes in the head",
          "[contraction]") {
  expect_outcomes(
      "input A\ninput B\n"
      "p = BatchMatMulV2(A, B) {adj_x=true}\n"
      "e = Einsum(A, B) {equation=ab.bc-ac}\n"
      "output p\noutput e\n",
      {{{{"e", "Einsum{equation=ab.bc-ac}(A, B)"}, {"p", "BatchMatMulV2{adj_x=true}(A, B)"}}, {}}});
}

TEST_CASE("an equation tfmc does not take is a located error", "[contraction]") {
  CHECK(error_of("input A\ne = Einsum(A) {equation=ii-i}\n")
            .find("t.tfg:2:25: error: attribute 'equation' of Einsum must be an equation tfmc "
                  "takes, with no label twice in one operand or the output") == 0);
  CHECK(error_of("input A\ne = Einsum(A) {equation=3}\n").find("t.tfg:2:25: error:") == 0);
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string graph = tfmc::test::float_const("x", "1") +
                            node("e", "Einsum", {"x"}, attr("equation", "s: \"...a->a\""));
  const std::string err = tfmc::test::error_of("bad_einsum.pbtxt", graph, {"--fetch", "e"});
  CHECK(err.find("bad_einsum.pbtxt:") != std::string::npos);
  CHECK(err.find("its attribute equation = \"...a->a\" cannot be mapped: tfmc takes equations "
                 "with no ellipsis (\"...\")\n    name: \"e\"") != std::string::npos);
}
