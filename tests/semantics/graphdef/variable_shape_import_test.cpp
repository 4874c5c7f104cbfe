// VariableShape imports as a read of its variable and Shape of the value (FORMAT.md,
// "TensorFlow graph files"): it sees the shape the variable holds when it runs, so it races
// with a write that changes it; its out_type carries over, and one tfmc lacks names the node.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/graphdef/graph_text.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

// A resource variable v initialized to a scalar by `init`; w writes a [2] tensor.
std::string graph(const std::string& shape_attrs) {
  const std::string pair =
      node("pair", "Const", {},
           attr("dtype", "type: DT_FLOAT") +
               attr("value",
                    "tensor { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } "
                    "float_val: 3 float_val: 4 }"));
  return resource_var("v", "v") + float_const("one", "1") + pair +
         node("v/Assign", "AssignVariableOp", {"v", "one"}) + node("init", "NoOp", {"^v/Assign"}) +
         node("w", "AssignVariableOp", {"v", "pair"}) +
         node("s", "VariableShape", {"v"}, shape_attrs);
}

}  // namespace

TEST_CASE("import: VariableShape sees the shape its variable holds when it runs",
          "[graphdef][import]") {
  const Checked c = check_graph("variable_shape.pbtxt", graph(""),
                                {"--init", "init", "--fetch", "s", "--target", "w"});
  INFO(c.err);
  CHECK(c.code == 1);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"s", "i32[0]{}"}}, {{"v", "f32[2]{3, 4}"}}},
                                              {{{"s", "i32[1]{2}"}}, {{"v", "f32[2]{3, 4}"}}}});
}

TEST_CASE("import: VariableShape keeps its out_type, and of an uninitialized variable errs",
          "[graphdef][import]") {
  const Checked wide =
      check_graph("variable_shape_i64.pbtxt", graph(attr("out_type", "type: DT_INT64")),
                  {"--init", "init", "--fetch", "s"});
  INFO(wide.err);
  CHECK(wide.code == 0);
  tfmc::test::check_outcome_list(wide.outcomes, {{{{"s", "i64[0]{}"}}, {{"v", "f32{1}"}}}});
  const Checked unset = check_graph("variable_shape_uninit.pbtxt", graph(""), {"--fetch", "s"});
  CHECK(unset.code == 0);
  tfmc::test::check_outcome_list(
      unset.outcomes, {{{{"s", "Error(uninitialized)"}}, {{"v", "Error(uninitialized)"}}}});
}

TEST_CASE("import: a VariableShape out_type tfmc lacks names its node", "[graphdef][import]") {
  const std::string err = error_of("variable_shape_f32.pbtxt",
                                   graph(attr("out_type", "type: DT_FLOAT")), {"--fetch", "s"});
  CHECK(err.find("variable_shape_f32.pbtxt:") != std::string::npos);
  CHECK(err.find("error: node 's' (VariableShape): its attribute out_type = DT_FLOAT cannot be "
                 "mapped: tfmc has DT_INT32 and DT_INT64") != std::string::npos);
}
