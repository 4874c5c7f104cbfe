// The attributes of the element-wise, bias and reduction ops that tfmc cannot map are located
// errors (the graph of these ops TensorFlow wrote is checked with the other TensorFlow-valued
// graphs, tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "graph_text.h"

TEST_CASE("elementwise graph: a data_format or output_type tfmc lacks is a located error",
          "[graphdef][elementwise_ops]") {
  using tfmc::test::attr;
  using tfmc::test::error_of;
  using tfmc::test::float_const;
  using tfmc::test::node;
  const std::string a = float_const("a", "1");
  CHECK_THAT(error_of("format.pbtxt",
                      a + node("b", "BiasAdd", {"a", "a"}, attr("data_format", "s: \"NCDHW\"")),
                      {"--fetch", "b"}),
             Catch::Contains("node 'b' (BiasAdd): its attribute data_format = \"NCDHW\" cannot "
                             "be mapped: tfmc has NHWC and NCHW"));
  CHECK_THAT(error_of("index.pbtxt",
                      a + node("m", "ArgMax", {"a", "a"}, attr("output_type", "type: DT_INT16")),
                      {"--fetch", "m"}),
             Catch::Contains("node 'm' (ArgMax): its attribute output_type = DT_INT16 cannot be "
                             "mapped"));
}
