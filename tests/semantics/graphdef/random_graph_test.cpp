// A random op's result dtype that tfmc has no tensors of is an error naming the node (the
// dropout graph TensorFlow wrote is checked with the other TensorFlow-valued graphs,
// tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "graph_text.h"

TEST_CASE("random graph: a result dtype tfmc has no tensors of is an error naming the node",
          "[graphdef][random]") {
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string inputs =
      node("seed", "Const", {},
           attr("value",
                "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } int_val: 1 "
                "int_val: 2 }")) +
      node("shape", "Const", {},
           attr("value", "tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } } int_val: 3 }"));
  const auto draw = [&](const std::string& type) {
    return inputs + node("r", "StatelessRandomUniformFullInt", {"shape", "seed"},
                         attr("dtype", "type: " + type));
  };
  CHECK(tfmc::test::error_of("uint64.pbtxt", draw("DT_UINT64"), {"--fetch", "r"})
            .find("node 'r' (StatelessRandomUniformFullInt): its attribute dtype = DT_UINT64 "
                  "cannot be mapped") != std::string::npos);
  CHECK(tfmc::test::error_of("float_bits.pbtxt", draw("DT_FLOAT"), {"--fetch", "r"})
            .find("i32 or i64") != std::string::npos);
  CHECK(tfmc::test::check_graph("int64.pbtxt", draw("DT_INT64"), {"--fetch", "r"}).code == 0);
}
