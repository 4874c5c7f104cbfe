// The CPU kernels of the scatter updates' steps and of Unique (cpu_sparse_variable_ops.h,
// cpu_unique.h) on the edge cases that TensorFlow's graphs in testdata/graphdef/embedding/ do
// not reach: what TensorFlow 2.21's kernels refuse (measured with tools/tf/'s TensorFlow:
// "updates must not contain 0" for Div of any dtype, an index outside the first dimension,
// negative ones included), integer wrapping, bool variables and empty indices. The values of
// the float cases with duplicate indices, NaN, infinities and signed zeros are TensorFlow's, in
// tests/semantics/graphdef/embedding_corpus_test.cpp.
#include "tests/gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

TEST_CASE("scatter steps: duplicate indices apply in index order", "[gpu_eval][scatter]") {
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "i32[3]{1, 0, 1}", "f32[3]{10, 20, 30}"}) ==
        "f32[2]{21, 42}");
  CHECK(run(BuiltinOp::ScatterUpdateStep,
            {"f32[2]{1, 2}", "i64[3]{1, 0, 1}", "f32[3]{10, 20, 30}"}) == "f32[2]{20, 30}");
  // (1e8 + 1) + -1e8 rounds the 1 away; 1e8 + (1 + -1e8) would not.
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[1]{0}", "i32[3]{0, 0, 0}", "f32[3]{1e8, 1, -1e8}"}) ==
        "f32[1]{0}");
}

TEST_CASE("scatter steps: rows of a matrix, scalar updates, integers wrap", "[gpu_eval][scatter]") {
  CHECK(run(BuiltinOp::ScatterSubStep, {"f32[2,2]{1, 2, 3, 4}", "i32[1]{1}", "f32[1,2]{0.5, 1}"}) ==
        "f32[2,2]{1, 2, 2.5, 3}");
  CHECK(run(BuiltinOp::ScatterMulStep, {"f32[2,2]{1, 2, 3, 4}", "i32[1]{0}", "f32{3}"}) ==
        "f32[2,2]{3, 6, 3, 4}");
  CHECK(run(BuiltinOp::ScatterAddStep, {"i32[1]{2147483647}", "i32[1]{0}", "i32[1]{1}"}) ==
        "i32[1]{-2147483648}");
  CHECK(run(BuiltinOp::ScatterDivStep, {"i32[2]{7, -7}", "i32[2]{0, 1}", "i32[2]{2, 2}"}) ==
        "i32[2]{3, -3}");
  CHECK(run(BuiltinOp::ScatterMaxStep, {"i64[2]{7, -7}", "i32[2]{1, 1}", "i64[2]{-9, 5}"}) ==
        "i64[2]{7, 5}");
  CHECK(run(BuiltinOp::ScatterUpdateStep, {"bool[2]{true, true}", "i32[1]{1}", "bool[1]{false}"}) ==
        "bool[2]{true, false}");
}

TEST_CASE("scatter steps: what TensorFlow refuses", "[gpu_eval][scatter]") {
  CHECK(run(BuiltinOp::ScatterDivStep, {"f32[2]{1, 2}", "i32[1]{0}", "f32[1]{-0}"}) ==
        "Error(arithmetic)");
  CHECK(run(BuiltinOp::ScatterDivStep, {"i32[2]{1, 2}", "i32[2]{0, 1}", "i32[2]{1, 0}"}) ==
        "Error(arithmetic)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "i32[1]{2}", "f32[1]{1}"}) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "i32[1]{-1}", "f32[1]{1}"}) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2,2]{1, 2, 3, 4}", "i32[1]{0}", "f32[2]{1, 1}"}) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32{1}", "i32[1]{0}", "f32[1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "f32[1]{0}", "f32[1]{1}"}) ==
        "Error(type)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "i32[1]{0}", "f64[1]{1}"}) ==
        "Error(type)");
  CHECK(run(BuiltinOp::ScatterAddStep, {"bool[1]{true}", "i32[1]{0}", "bool[1]{true}"}) ==
        "Error(type)");
  // No indices: TensorFlow checks no shapes then.
  CHECK(run(BuiltinOp::ScatterAddStep, {"f32[2]{1, 2}", "i32[0]{}", "f32[0,3]{}"}) ==
        "f32[2]{1, 2}");
}

TEST_CASE("Unique: first occurrences, -0 equal to +0, every NaN its own", "[gpu_eval][scatter]") {
  CHECK(run(BuiltinOp::Unique, {"f32[6]{0, nan, 3, -0, nan, 3}"}, cast_to(DType::I32)) ==
        "f32[4]{0, nan, 3, nan} | i32[6]{0, 1, 2, 0, 3, 2}");
  CHECK(run(BuiltinOp::Unique, {"i32[3]{5, 5, 4}"}, cast_to(DType::I64)) ==
        "i32[2]{5, 4} | i64[3]{0, 0, 1}");
  CHECK(run(BuiltinOp::Unique, {"f32[0]{}"}, cast_to(DType::I32)) == "f32[0]{} | i32[0]{}");
  CHECK(run(BuiltinOp::Unique, {"f32[1,1]{1}"}, cast_to(DType::I32)) == "Error(shape)");
}
