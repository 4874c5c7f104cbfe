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
  // Without its dtype, as a SavedModel's function writes an attribute at its default: the
  // FullInt form's default, DT_UINT64, is refused; the float forms draw f32, TensorFlow's
  // default (tf.raw_ops.StatelessRandomUniform of shape [2] and seed [1, 2] gives these).
  const std::string full_int =
      inputs + node("r", "StatelessRandomUniformFullInt", {"shape", "seed"});
  CHECK(tfmc::test::error_of("full_int_default.pbtxt", full_int, {"--fetch", "r"})
            .find("its attribute dtype = DT_UINT64 cannot be mapped") != std::string::npos);
  const std::string two = node("two", "Const", {},
                               attr("value",
                                    "tensor { dtype: DT_INT32 tensor_shape { dim { size: "
                                    "1 } } int_val: 2 }"));
  const tfmc::test::Checked c = tfmc::test::check_graph(
      "uniform_default.pbtxt", inputs + two + node("u", "StatelessRandomUniform", {"two", "seed"}),
      {"--fetch", "u"});
  INFO(c.err);
  REQUIRE(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"u", "f32[2]{0.8440604, 0.19204533}"}}, {}}});
}
