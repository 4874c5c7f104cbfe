// The convolutions' attributes that tfmc cannot map are errors located at the node, and a
// call whose shapes do not fit is Error(shape) (the graph TensorFlow wrote with these ops is
// checked with the other TensorFlow-valued graphs, tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "graph_text.h"

namespace {

using tfmc::test::attr;
using tfmc::test::float_const;
using tfmc::test::node;

const std::string kWindow =
    attr("strides", "list { i: 1 i: 1 i: 1 i: 1 }") + attr("padding", "s: \"SAME\"");

}  // namespace

TEST_CASE("conv graph: a window or data_format tfmc lacks is a located error", "[graphdef][conv]") {
  using tfmc::test::error_of;
  const std::string a = float_const("a", "1");
  CHECK_THAT(
      error_of("format.pbtxt",
               a + node("c", "Conv2D", {"a", "a"}, kWindow + attr("data_format", "s: \"NCDHW\"")),
               {"--fetch", "c"}),
      Catch::Contains("node 'c' (Conv2D): its attribute data_format = \"NCDHW\" cannot "
                      "be mapped: tfmc has NHWC and NCHW"));
  CHECK_THAT(
      error_of("strides.pbtxt",
               a + node("c", "DepthwiseConv2dNative", {"a", "a"},
                        attr("strides", "list { i: 1 i: 1 }") + attr("padding", "s: \"VALID\"")),
               {"--fetch", "c"}),
      Catch::Contains("attribute 'strides' of DepthwiseConv2dNative must be a list of 4 "
                      "positive integers"));
  CHECK_THAT(error_of("padding.pbtxt",
                      a + node("c", "Conv2DBackpropInput", {"a", "a", "a"},
                               attr("strides", "list { i: 1 i: 1 i: 1 i: 1 }") +
                                   attr("padding", "s: \"FULL\"")),
                      {"--fetch", "c"}),
             Catch::Contains("must be SAME, VALID or EXPLICIT"));
}

TEST_CASE("conv graph: scalar arguments are Error(shape)", "[graphdef][conv]") {
  const tfmc::test::Checked r = tfmc::test::check_graph(
      "shape.pbtxt", float_const("a", "1") + node("c", "Conv2D", {"a", "a"}, kWindow),
      {"--fetch", "c"});
  CHECK(r.code == 0);
  REQUIRE(r.outcomes.size() == 1);
  CHECK(r.outcomes[0].outputs ==
        std::vector<std::pair<std::string, std::string>>{{"c", "Error(shape)"}});
}
