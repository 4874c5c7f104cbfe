// GroupedAdd (FORMAT.md, "Operations"): a tree of additions in the order TensorFlow's graph
// optimizer regroups it into: TensorFlow 2.21's values of the trees the comments name, in a
// tf.function, where the optimizer rewrites them. In f32, 1 + 3e-8 rounds to 1 but 1 + 6e-8 to
// 1.0000001, so adding the two small terms first shows.
#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

TEST_CASE("GroupedAdd adds the arguments of one shape left to right", "[gpu_eval][grouped_add]") {
  // TensorFlow wrote 1 + (3e-8 + 3e-8) and ran ((1 + 3e-8) + 3e-8).
  CHECK(run(BuiltinOp::GroupedAdd, {"f32{1}", "f32{3e-8}", "f32{3e-8}"}) == "f32{1}");
  CHECK(run(BuiltinOp::GroupedAdd, {"f32{3e-8}", "f32{3e-8}", "f32{1}"}) == "f32{1.0000001}");
  CHECK(run(BuiltinOp::GroupedAdd, {"f32[2]{1, -2}"}) == "f32[2]{1, -2}");
  CHECK(run(BuiltinOp::GroupedAdd, {"i32[2]{2147483647, 1}", "i32[2]{1, 2}"}) ==
        "i32[2]{-2147483648, 3}");
}

TEST_CASE("GroupedAdd adds the groups' sums from the smallest shape's up",
          "[gpu_eval][grouped_add]") {
  // A residual x + (y * scale + offset) ran as offset + (x + y * scale): the offset, of the
  // smallest shape, comes first, then the sum of the two of the larger one.
  CHECK(run(BuiltinOp::GroupedAdd, {"f32[2]{1, 1}", "f32[2]{3e-8, 0}", "f32{3e-8}"}) ==
        "f32[2]{1, 1}");
  // Three shapes: [] first, then [2], then [2,2]'s two arguments (TensorFlow's values of
  // A + (s + (v + D))).
  CHECK(run(BuiltinOp::GroupedAdd,
            {"f32[2,2]{1, 1, 1, 1}", "f32{3e-8}", "f32[2]{3e-8, -1}", "f32[2,2]{0, 0, 0, 1}"}) ==
        "f32[2,2]{1.0000001, 5.9604645e-08, 1.0000001, 1}");
}

TEST_CASE("GroupedAdd refuses mixed dtypes, bools and shapes that do not broadcast",
          "[gpu_eval][grouped_add]") {
  CHECK(run(BuiltinOp::GroupedAdd, {"f32{1}", "f64{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::GroupedAdd, {"f32[2]{1, 2}", "f64[3]{1, 2, 3}"}) == "Error(type)");
  CHECK(run(BuiltinOp::GroupedAdd, {"bool{true}", "bool{false}"}) == "Error(type)");
  CHECK(run(BuiltinOp::GroupedAdd, {"f32[2]{1, 2}", "f32[3]{1, 2, 3}"}) == "Error(shape)");
}
