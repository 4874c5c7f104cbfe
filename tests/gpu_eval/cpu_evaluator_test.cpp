// CpuEvaluator: every BuiltinOp, broadcasting, error kinds and their order, IEEE corner cases
// (-0, NaN, rounding in the tensor's dtype) and integer wraparound.
// Tensors are written and compared as canonical literals (semantics/values/tensor_text.h), which
// identify float bits exactly up to the NaN payload.
#include <catch2/catch.hpp>

#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

TEST_CASE("Add works element-wise in every numeric dtype", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Add, {"f32[3]{1, 2.5, -3}", "f32[3]{10, 0.25, 3}"}) ==
        "f32[3]{11, 2.75, 0}");
  CHECK(run(BuiltinOp::Add, {"f64[2]{0.1, 1}", "f64[2]{0.2, 2}"}) ==
        "f64[2]{0.30000000000000004, 3}");
  CHECK(run(BuiltinOp::Add, {"i32[2]{1, -5}", "i32[2]{2, 3}"}) == "i32[2]{3, -2}");
  CHECK(run(BuiltinOp::Add, {"i64{40}", "i64{2}"}) == "i64{42}");
  CHECK(run(BuiltinOp::Add, {"f32{0.1}", "f32{0.2}"}) == "f32{0.3}");
}

TEST_CASE("Element-wise ops broadcast like numpy", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Add, {"f32[2,1]{1, 2}", "f32[3]{10, 20, 30}"}) ==
        "f32[2,3]{11, 21, 31, 12, 22, 32}");
  CHECK(run(BuiltinOp::Sub, {"i32[3]{10, 20, 30}", "i32[2,1]{1, 2}"}) ==
        "i32[2,3]{9, 19, 29, 8, 18, 28}");
  CHECK(run(BuiltinOp::Mul, {"i32{2}", "i32[2,2]{1, 2, 3, 4}"}) == "i32[2,2]{2, 4, 6, 8}");
  CHECK(run(BuiltinOp::Mul, {"i32[2,2]{1, 2, 3, 4}", "i32{3}"}) == "i32[2,2]{3, 6, 9, 12}");
  CHECK(run(BuiltinOp::Add, {"i32[2,1,3]{1, 2, 3, 4, 5, 6}", "i32[2,1]{10, 20}"}) ==
        "i32[2,2,3]{11, 12, 13, 21, 22, 23, 14, 15, 16, 24, 25, 26}");
  CHECK(run(BuiltinOp::Add, {"i32[1,3]{1, 2, 3}", "i32[1,1]{100}"}) == "i32[1,3]{101, 102, 103}");
  CHECK(run(BuiltinOp::Add, {"f32[0]{}", "f32[1]{1}"}) == "f32[0]{}");
  CHECK(run(BuiltinOp::Add, {"f32[2,0]{}", "f32[0]{}"}) == "f32[2,0]{}");
  CHECK(run(BuiltinOp::Add, {"f32[2]{1, 2}", "f32[3]{1, 2, 3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Add, {"f32[2,3]{0}", "f32[2]{0}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Add, {"f32[0]{}", "f32[2]{1, 2}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Equal, {"i32[2,1]{1, 2}", "i32[2]{1, 2}"}) ==
        "bool[2,2]{true, false, false, true}");
}

TEST_CASE("Float arithmetic rounds once in the tensor's dtype", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Add, {"f32{16777216}", "f32{1}"}) == "f32{16777216}");
  CHECK(run(BuiltinOp::Add, {"f64{16777216}", "f64{1}"}) == "f64{16777217}");
  CHECK(run(BuiltinOp::Add, {"f32{16777216}", "f32{3}"}) == "f32{16777220}");
  CHECK(run(BuiltinOp::Mul, {"f32{3.4028235e38}", "f32{2}"}) == "f32{inf}");
  CHECK(run(BuiltinOp::Mul, {"f32{1e-45}", "f32{0.5}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Div, {"f32{1}", "f32{3}"}) == "f32{0.33333334}");
  CHECK(run(BuiltinOp::Div, {"f64{1}", "f64{3}"}) == "f64{0.3333333333333333}");
  CHECK(run(BuiltinOp::Sub, {"f32{1}", "f32{1}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Sub, {"f32{-0}", "f32{0}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Add, {"f32{-0}", "f32{0}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Add, {"f32{-0}", "f32{-0}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Add, {"f32{inf}", "f32{-inf}"}) == "f32{nan}");
  CHECK(run(BuiltinOp::Mul, {"f64{-0}", "f64{5}"}) == "f64{-0}");
}

TEST_CASE("Integer arithmetic wraps around", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Add, {"i32{2147483647}", "i32{1}"}) == "i32{-2147483648}");
  CHECK(run(BuiltinOp::Sub, {"i32{-2147483648}", "i32{1}"}) == "i32{2147483647}");
  CHECK(run(BuiltinOp::Mul, {"i32{65536}", "i32{65536}"}) == "i32{0}");
  CHECK(run(BuiltinOp::Mul, {"i32{-2147483648}", "i32{-1}"}) == "i32{-2147483648}");
  CHECK(run(BuiltinOp::Mul, {"i32{123456789}", "i32{1000}"}) == "i32{-1097262584}");
  CHECK(run(BuiltinOp::Add, {"i64{9223372036854775807}", "i64{1}"}) == "i64{-9223372036854775808}");
  CHECK(run(BuiltinOp::Mul, {"i64{4294967296}", "i64{4294967296}"}) == "i64{0}");
  CHECK(run(BuiltinOp::Neg, {"i32[2]{-2147483648, 5}"}) == "i32[2]{-2147483648, -5}");
  CHECK(run(BuiltinOp::Neg, {"i64{-9223372036854775808}"}) == "i64{-9223372036854775808}");
}

TEST_CASE("Div truncates integers toward zero and rejects any zero divisor", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Div, {"i32[4]{7, -7, 7, -7}", "i32[4]{2, 2, -2, -2}"}) ==
        "i32[4]{3, -3, -3, 3}");
  CHECK(run(BuiltinOp::Div, {"i32{-2147483648}", "i32{-1}"}) == "i32{-2147483648}");
  CHECK(run(BuiltinOp::Div, {"i64{-9223372036854775808}", "i64{-1}"}) ==
        "i64{-9223372036854775808}");
  CHECK(run(BuiltinOp::Div, {"i64[2]{9, 10}", "i64{-3}"}) == "i64[2]{-3, -3}");
  CHECK(run(BuiltinOp::Div, {"i32[3]{1, 2, 3}", "i32[3]{1, 0, 1}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Div, {"i32[2,2]{1, 2, 3, 4}", "i32[2]{5, 0}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Div, {"i64{0}", "i64{0}"}) == "Error(arithmetic)");
  // A division that never happens (empty result) cannot fail.
  CHECK(run(BuiltinOp::Div, {"i32[0]{}", "i32[1]{0}"}) == "i32[0]{}");
  // Shape is checked before arithmetic.
  CHECK(run(BuiltinOp::Div, {"i32[2]{1, 2}", "i32[3]{0}"}) == "Error(shape)");
}

TEST_CASE("Float Div follows IEEE-754", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Div, {"f32[4]{1, -1, 0, 1}", "f32[4]{0, 0, 0, -0}"}) ==
        "f32[4]{inf, -inf, nan, -inf}");
  CHECK(run(BuiltinOp::Div, {"f64[2]{7, -7}", "f64{2}"}) == "f64[2]{3.5, -3.5}");
}

TEST_CASE("Neg flips the sign of every element", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Neg, {"f32[4]{0, -0, 1.5, inf}"}) == "f32[4]{-0, 0, -1.5, -inf}");
  CHECK(run(BuiltinOp::Neg, {"f64{nan}"}) == "f64{nan}");
  CHECK(run(BuiltinOp::Neg, {"i32[2]{3, -4}"}) == "i32[2]{-3, 4}");
  CHECK(run(BuiltinOp::Neg, {"bool{true}"}) == "Error(type)");
}

TEST_CASE("Maximum and Minimum propagate NaN and order -0 below +0", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Maximum, {"f32[3]{1, 5, -2}", "f32[3]{3, 4, -2}"}) == "f32[3]{3, 5, -2}");
  CHECK(run(BuiltinOp::Minimum, {"f32[3]{1, 5, -2}", "f32[3]{3, 4, -2}"}) == "f32[3]{1, 4, -2}");
  CHECK(run(BuiltinOp::Maximum, {"f32[4]{nan, 1, nan, -inf}", "f32[4]{1, nan, nan, inf}"}) ==
        "f32[4]{nan, nan, nan, inf}");
  CHECK(run(BuiltinOp::Minimum, {"f64[4]{nan, 1, nan, -inf}", "f64[4]{1, nan, nan, inf}"}) ==
        "f64[4]{nan, nan, nan, -inf}");
  CHECK(run(BuiltinOp::Maximum, {"f32[4]{-0, 0, -0, 0}", "f32[4]{0, -0, -0, 0}"}) ==
        "f32[4]{0, 0, -0, 0}");
  CHECK(run(BuiltinOp::Minimum, {"f32[4]{-0, 0, -0, 0}", "f32[4]{0, -0, -0, 0}"}) ==
        "f32[4]{-0, -0, -0, 0}");
  CHECK(run(BuiltinOp::Maximum, {"f64[2]{-0, 0}", "f64[2]{0, -0}"}) == "f64[2]{0, 0}");
  CHECK(run(BuiltinOp::Minimum, {"f64[2]{-0, 0}", "f64[2]{0, -0}"}) == "f64[2]{-0, -0}");
  CHECK(run(BuiltinOp::Maximum, {"i32[3]{-1, 7, -2147483648}", "i32{0}"}) == "i32[3]{0, 7, 0}");
  CHECK(run(BuiltinOp::Minimum, {"i64[2]{-1, 7}", "i64{0}"}) == "i64[2]{-1, 0}");
  CHECK(run(BuiltinOp::Maximum, {"bool{true}", "bool{false}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Minimum, {"bool{true}", "bool{false}"}) == "Error(type)");
}

TEST_CASE("Relu is Maximum(x, 0)", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Relu, {"f32[6]{-3, -0, 0, 2.5, nan, -inf}"}) ==
        "f32[6]{0, 0, 0, 2.5, nan, 0}");
  CHECK(run(BuiltinOp::Relu, {"f64[2]{-1e-300, inf}"}) == "f64[2]{0, inf}");
  CHECK(run(BuiltinOp::Relu, {"i32[3]{-2147483648, 0, 5}"}) == "i32[3]{0, 0, 5}");
  CHECK(run(BuiltinOp::Relu, {"i64{-1}"}) == "i64{0}");
  CHECK(run(BuiltinOp::Relu, {"bool[2]{true, false}"}) == "Error(type)");
}

TEST_CASE("Comparisons give bool tensors with IEEE semantics", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Equal, {"f32[4]{1, nan, -0, 2}", "f32[4]{1, nan, 0, 3}"}) ==
        "bool[4]{true, false, true, false}");
  CHECK(run(BuiltinOp::Equal, {"bool[2]{true, false}", "bool{true}"}) == "bool[2]{true, false}");
  CHECK(run(BuiltinOp::Equal, {"i64[2]{5, 6}", "i64[2]{5, 5}"}) == "bool[2]{true, false}");
  // NotEqual is Equal's negation: NaN differs from itself, -0 does not differ from +0.
  CHECK(run(BuiltinOp::NotEqual, {"f32[4]{1, nan, -0, 2}", "f32[4]{1, nan, 0, 3}"}) ==
        "bool[4]{false, true, false, true}");
  CHECK(run(BuiltinOp::NotEqual, {"bool[2]{true, false}", "bool{true}"}) == "bool[2]{false, true}");
  CHECK(run(BuiltinOp::NotEqual, {"i32[3]{-1, 0, 1}", "i32{0}"}) == "bool[3]{true, false, true}");
  CHECK(run(BuiltinOp::NotEqual, {"i32{1}", "i64{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::NotEqual, {"i32[2]{1, 2}", "i32[3]{1, 2, 3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Less, {"f64[4]{1, 2, nan, -0}", "f64[4]{2, 1, 1, 0}"}) ==
        "bool[4]{true, false, false, false}");
  CHECK(run(BuiltinOp::Greater, {"f32[4]{1, 2, nan, -inf}", "f32[4]{2, 1, 1, -inf}"}) ==
        "bool[4]{false, true, false, false}");
  CHECK(run(BuiltinOp::Less, {"i32[3]{-1, 0, 1}", "i32{0}"}) == "bool[3]{true, false, false}");
  CHECK(run(BuiltinOp::Greater, {"i32[3]{-1, 0, 1}", "i32{0}"}) == "bool[3]{false, false, true}");
  CHECK(run(BuiltinOp::Less, {"bool{false}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Greater, {"bool{false}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Equal, {"f32{1}", "f64{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Less, {"f32[2]{1, 2}", "f32[3]{1, 2, 3}"}) == "Error(shape)");
}

TEST_CASE("Type errors come before shape errors", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Add, {"f32[2]{1, 2}", "i32[3]{1, 2, 3}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Add, {"f32{1}", "f64{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Sub, {"bool[2]{true}", "bool[3]{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Mul, {"bool{true}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Div, {"bool{true}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Div, {"i32{1}", "i64{0}"}) == "Error(type)");
  CHECK(run(BuiltinOp::MatMul, {"bool[3]{true}", "bool[2]{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::MatMul, {"f32[3]{1}", "i32[2]{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1}", "i32[2,2]{1}"}, axis(5)) == "Error(type)");
  CHECK(run(BuiltinOp::Sum, {"bool[2]{true}"}, axis(3)) == "Error(type)");
  CHECK(run(BuiltinOp::Equal, {"bool[2]{true}", "i32[3]{1}"}) == "Error(type)");
}
