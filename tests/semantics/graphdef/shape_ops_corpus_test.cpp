// A shape op's attribute that tfmc cannot take is a located error naming the node (the graph
// of the shape and index ops TensorFlow wrote is checked with the other TensorFlow-valued
// graphs, tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "semantics/graphdef/graph_text.h"

TEST_CASE("shape ops graph: a MirrorPad mode other than REFLECT or SYMMETRIC names its node",
          "[graphdef][shape_ops]") {
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string paddings =
      node("p", "Const", {},
           attr("dtype", "type: DT_INT32") +
               attr("value",
                    "tensor { dtype: DT_INT32 tensor_shape { dim { size: 0 } dim { size: 2 } } }"));
  const std::string graph = tfmc::test::float_const("x", "1") + paddings +
                            node("m", "MirrorPad", {"x", "p"}, attr("mode", "s: \"CONSTANT\""));
  const std::string err = tfmc::test::error_of("bad_mirror_pad.pbtxt", graph, {"--fetch", "m"});
  CHECK(err.find("bad_mirror_pad.pbtxt:") != std::string::npos);
  CHECK(err.find("error: attribute 'mode' of MirrorPad must be REFLECT or SYMMETRIC\n"
                 "    name: \"m\"") != std::string::npos);
}
