// The pooling ops' attributes that tfmc cannot map are located errors, and a bad window is
// one too (the graph TensorFlow wrote with these ops is checked with the other
// TensorFlow-valued graphs, tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "graph_text.h"

namespace {

using tfmc::test::attr;
using tfmc::test::error_of;
using tfmc::test::float_const;
using tfmc::test::node;

std::string window(const std::string& ksize) {
  return attr("ksize", "list { i: " + ksize + " }") +
         attr("strides", "list { i: 1 i: 1 i: 1 i: 1 }");
}

}  // namespace

TEST_CASE("pool graph: NCHW, EXPLICIT padding and depth pooling are located errors",
          "[graphdef][pool]") {
  const std::string a = float_const("a", "1");
  const std::string square = "1 i: 2 i: 2 i: 1";
  CHECK_THAT(error_of("nchw.pbtxt",
                      a + node("p", "MaxPool", {"a"},
                               window(square) + attr("padding", "s: \"VALID\"") +
                                   attr("data_format", "s: \"NCHW\"")),
                      {"--fetch", "p"}),
             Catch::Contains("node 'p' (MaxPool): its attribute data_format = \"NCHW\" cannot "
                             "be mapped: TensorFlow's CPU kernels pool NHWC tensors only"));
  CHECK_THAT(
      error_of("explicit.pbtxt",
               a + node("p", "AvgPool", {"a"}, window(square) + attr("padding", "s: \"EXPLICIT\"")),
               {"--fetch", "p"}),
      Catch::Contains("node 'p' (AvgPool): its attribute padding = \"EXPLICIT\" cannot be "
                      "mapped: tfmc has SAME and VALID"));
  CHECK_THAT(error_of("depth.pbtxt",
                      a + node("p", "MaxPool", {"a"},
                               window("1 i: 1 i: 1 i: 2") + attr("padding", "s: \"SAME\"")),
                      {"--fetch", "p"}),
             Catch::Contains("depth.pbtxt:8:3: error: attribute 'ksize' of MaxPool must be a "
                             "list [1,h,w,1]"));
}
