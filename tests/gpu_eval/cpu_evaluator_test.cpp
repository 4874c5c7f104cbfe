// CpuEvaluator: every BuiltinOp, broadcasting, error kinds and their order, IEEE corner cases
// (-0, NaN, rounding in the tensor's dtype, index-order accumulation) and integer wraparound.
// Tensors are written and compared as canonical literals (semantics/values/tensor_text.h), which
// identify float bits exactly up to the NaN payload.
#include "gpu_eval/cpu_evaluator.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "semantics/values/tensor_text.h"

namespace {

using tfmc::eval::BuiltinOp;
using tfmc::eval::CpuEvaluator;
using tfmc::eval::DType;
using tfmc::eval::ErrorKind;
using tfmc::eval::EvalResult;
using tfmc::eval::OpAttrs;
using tfmc::eval::Tensor;

Tensor literal(std::string_view text) {
  const tfmc::sem::LiteralParse parse = tfmc::sem::parse_tensor_literal(text);
  INFO(text << ": " << parse.error);
  REQUIRE(parse.tensor.has_value());
  REQUIRE(parse.consumed == text.size());
  return *parse.tensor;
}

// Evaluates `op` on literal arguments; the results are printed canonically and joined with
// " | ", an error as `Error(kind)`.
std::string run(BuiltinOp op, const std::vector<std::string_view>& args,
                const OpAttrs& attrs = {}) {
  std::vector<Tensor> tensors;
  for (std::string_view a : args) tensors.push_back(literal(a));
  std::vector<const Tensor*> pointers;
  for (const Tensor& t : tensors) pointers.push_back(&t);
  CpuEvaluator evaluator;
  const EvalResult result = evaluator.evaluate(op, attrs, pointers);
  if (const ErrorKind* e = std::get_if<ErrorKind>(&result)) {
    return "Error(" + std::string(tfmc::eval::error_kind_name(*e)) + ")";
  }
  std::string out;
  for (const Tensor& t : std::get<std::vector<Tensor>>(result)) {
    if (!out.empty()) out += " | ";
    out += tfmc::sem::format_tensor(t);
  }
  return out;
}

OpAttrs axis(std::int64_t a) {
  OpAttrs attrs;
  attrs.axis = a;
  return attrs;
}

OpAttrs split(std::int64_t num, std::optional<std::int64_t> a = std::nullopt) {
  OpAttrs attrs;
  attrs.num = num;
  attrs.axis = a;
  return attrs;
}

OpAttrs cast_to(DType t) {
  OpAttrs attrs;
  attrs.to = t;
  return attrs;
}

OpAttrs reshape_to(std::vector<std::int64_t> shape) {
  OpAttrs attrs;
  attrs.shape = std::move(shape);
  return attrs;
}

}  // namespace

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

TEST_CASE("MatMul multiplies rank-2 tensors, accumulating in index order", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::MatMul, {"f32[2,3]{1, 2, 3, 4, 5, 6}", "f32[3,2]{7, 8, 9, 10, 11, 12}"}) ==
        "f32[2,2]{58, 64, 139, 154}");
  CHECK(run(BuiltinOp::MatMul, {"i32[1,2]{65536, 1}", "i32[2,1]{65536, 5}"}) == "i32[1,1]{5}");
  CHECK(run(BuiltinOp::MatMul, {"i64[2,1]{1, 2}", "i64[1,3]{3, 4, 5}"}) ==
        "i64[2,3]{3, 4, 5, 6, 8, 10}");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,3]{1e8, 1, -1e8}", "f32[3,1]{1, 1, 1}"}) == "f32[1,1]{0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,3]{-1e8, 1e8, 1}", "f32[3,1]{1, 1, 1}"}) == "f32[1,1]{1}");
  // The first product starts the sum: -0 stays -0 (0 + -0 would be +0).
  CHECK(run(BuiltinOp::MatMul, {"f64[1,1]{-0}", "f64[1,1]{1}"}) == "f64[1,1]{-0}");
  CHECK(run(BuiltinOp::MatMul, {"f64[1,2]{-0, 0}", "f64[2,1]{1, -1}"}) == "f64[1,1]{-0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[2,0]{}", "f32[0,3]{}"}) == "f32[2,3]{0, 0, 0, 0, 0, 0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[0,2]{}", "f32[2,3]{1}"}) == "f32[0,3]{}");
  CHECK(run(BuiltinOp::MatMul, {"f32[2,3]{1}", "f32[2,3]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32[3]{1}", "f32[3,1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,1,1]{1}", "f32[1,1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32{1}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"bool[1,1]{true}", "bool[1,1]{true}"}) == "Error(type)");
}

TEST_CASE("Sum reduces everything or one axis, in index order from the first term",
          "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}) == "f32{21}");
  CHECK(run(BuiltinOp::Sum, {"f32[3]{1e8, 1, -1e8}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Sum, {"f32[3]{1e8, -1e8, 1}"}) == "f32{1}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{1e8, 1, -1e8}"}) == "f64{1}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{0.1, 0.2, 0.3}"}) == "f64{0.6000000000000001}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{0.3, 0.2, 0.1}"}) == "f64{0.6}");
  CHECK(run(BuiltinOp::Sum, {"f32[1]{-0}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Sum, {"f32[2]{-0, -0}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Sum, {"f32[0]{}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Sum, {"f64{-0}"}) == "f64{-0}");
  CHECK(run(BuiltinOp::Sum, {"f32[2]{inf, -inf}"}) == "f32{nan}");
  CHECK(run(BuiltinOp::Sum, {"i32[2]{2147483647, 1}"}) == "i32{-2147483648}");
  CHECK(run(BuiltinOp::Sum, {"i64[0,4]{}"}) == "i64{0}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}, axis(0)) == "f32[3]{5, 7, 9}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}, axis(1)) == "f32[2]{6, 15}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}, axis(-1)) == "f32[2]{6, 15}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}, axis(-2)) == "f32[3]{5, 7, 9}");
  CHECK(run(BuiltinOp::Sum, {"i32[2,2,2]{1, 2, 3, 4, 5, 6, 7, 8}"}, axis(1)) ==
        "i32[2,2]{4, 6, 12, 14}");
  CHECK(run(BuiltinOp::Sum, {"f32[3,1]{1e8, 1, -1e8}"}, axis(0)) == "f32[1]{0}");
  CHECK(run(BuiltinOp::Sum, {"f32[1,2]{-0, 0}"}, axis(0)) == "f32[2]{-0, 0}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,0]{}"}, axis(1)) == "f32[2]{0, 0}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,0]{}"}, axis(0)) == "f32[0]{}");
  CHECK(run(BuiltinOp::Sum, {"f32[3]{1, 2, 3}"}, axis(0)) == "f32{6}");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1}"}, axis(2)) == "Error(shape)");
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1}"}, axis(-3)) == "Error(shape)");
  CHECK(run(BuiltinOp::Sum, {"f32{1}"}, axis(0)) == "Error(shape)");
  CHECK(run(BuiltinOp::Sum, {"bool[2]{true, true}"}) == "Error(type)");
}

TEST_CASE("Concat joins 2 or more tensors along an axis", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1, 2}", "f32[3]{3, 4, 5}"}) == "f32[5]{1, 2, 3, 4, 5}");
  CHECK(run(BuiltinOp::Concat, {"i32[1,2]{1, 2}", "i32[2,2]{3, 4, 5, 6}"}) ==
        "i32[3,2]{1, 2, 3, 4, 5, 6}");
  CHECK(run(BuiltinOp::Concat, {"i32[2,1]{1, 2}", "i32[2,2]{3, 4, 5, 6}"}, axis(1)) ==
        "i32[2,3]{1, 3, 4, 2, 5, 6}");
  CHECK(run(BuiltinOp::Concat, {"i32[2,1]{1, 2}", "i32[2,2]{3, 4, 5, 6}"}, axis(-1)) ==
        "i32[2,3]{1, 3, 4, 2, 5, 6}");
  CHECK(run(BuiltinOp::Concat, {"bool[1]{true}", "bool[0]{}", "bool[2]{false, true}"}) ==
        "bool[3]{true, false, true}");
  CHECK(run(BuiltinOp::Concat, {"f64[1,2]{1, 2}", "f64[1,2]{3, 4}", "f64[1,2]{5, 6}"}, axis(-2)) ==
        "f64[3,2]{1, 2, 3, 4, 5, 6}");
  CHECK(run(BuiltinOp::Concat, {"i64[2,0]{}", "i64[2,0]{}"}, axis(1)) == "i64[2,0]{}");
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1, 2}", "f64[2]{3, 4}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1, 2}", "f32[1,2]{3, 4}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Concat, {"f32[2,1]{1, 2}", "f32[3,1]{3}"}, axis(1)) == "Error(shape)");
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1, 2}", "f32[2]{3, 4}"}, axis(1)) == "Error(shape)");
  CHECK(run(BuiltinOp::Concat, {"f32[2]{1, 2}", "f32[2]{3, 4}"}, axis(-2)) == "Error(shape)");
  CHECK(run(BuiltinOp::Concat, {"f32{1}", "f32{2}"}) == "Error(shape)");
}

TEST_CASE("Split cuts a tensor into num equal pieces", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Split, {"f32[4]{1, 2, 3, 4}"}, split(2)) == "f32[2]{1, 2} | f32[2]{3, 4}");
  CHECK(run(BuiltinOp::Split, {"i32[2,4]{1, 2, 3, 4, 5, 6, 7, 8}"}, split(2, 1)) ==
        "i32[2,2]{1, 2, 5, 6} | i32[2,2]{3, 4, 7, 8}");
  CHECK(run(BuiltinOp::Split, {"i32[2,4]{1, 2, 3, 4, 5, 6, 7, 8}"}, split(4, -1)) ==
        "i32[2,1]{1, 5} | i32[2,1]{2, 6} | i32[2,1]{3, 7} | i32[2,1]{4, 8}");
  CHECK(run(BuiltinOp::Split, {"i32[2,4]{1, 2, 3, 4, 5, 6, 7, 8}"}, split(2, 0)) ==
        "i32[1,4]{1, 2, 3, 4} | i32[1,4]{5, 6, 7, 8}");
  CHECK(run(BuiltinOp::Split, {"bool[2]{true, false}"}, split(1)) == "bool[2]{true, false}");
  CHECK(run(BuiltinOp::Split, {"f64[0,2]{}"}, split(2, 1)) == "f64[0,1]{} | f64[0,1]{}");
  CHECK(run(BuiltinOp::Split, {"f32[0]{}"}, split(3)) == "f32[0]{} | f32[0]{} | f32[0]{}");
  CHECK(run(BuiltinOp::Split, {"f32[3]{1, 2, 3}"}, split(2)) == "Error(shape)");
  CHECK(run(BuiltinOp::Split, {"f32[4]{1, 2, 3, 4}"}, split(2, 1)) == "Error(shape)");
  CHECK(run(BuiltinOp::Split, {"f32[4]{1, 2, 3, 4}"}, split(2, -2)) == "Error(shape)");
  CHECK(run(BuiltinOp::Split, {"f32{1}"}, split(1)) == "Error(shape)");
}

TEST_CASE("Cast converts between every pair of dtypes", "[cpu_evaluator]") {
  SECTION("float to integer truncates toward zero") {
    CHECK(run(BuiltinOp::Cast, {"f32[5]{2.7, -2.7, -0, 0.5, -0.99}"}, cast_to(DType::I32)) ==
          "i32[5]{2, -2, 0, 0, 0}");
    CHECK(run(BuiltinOp::Cast, {"f64[2]{2147483647.9, -2147483648.9}"}, cast_to(DType::I32)) ==
          "i32[2]{2147483647, -2147483648}");
    CHECK(run(BuiltinOp::Cast, {"f32{-2147483648}"}, cast_to(DType::I32)) == "i32{-2147483648}");
    CHECK(run(BuiltinOp::Cast, {"f64[2]{-9223372036854775808, 9223372036854774784}"},
              cast_to(DType::I64)) == "i64[2]{-9223372036854775808, 9223372036854774784}");
    CHECK(run(BuiltinOp::Cast, {"f32{-9223372036854775808}"}, cast_to(DType::I64)) ==
          "i64{-9223372036854775808}");
    CHECK(run(BuiltinOp::Cast, {"f32{1e10}"}, cast_to(DType::I64)) == "i64{10000000000}");
  }
  SECTION("NaN, infinities and out-of-range values fail the whole cast") {
    CHECK(run(BuiltinOp::Cast, {"f32[2]{1, nan}"}, cast_to(DType::I32)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f32[2]{inf, 1}"}, cast_to(DType::I64)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f64{-inf}"}, cast_to(DType::I32)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f32{2147483648}"}, cast_to(DType::I32)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f64{2147483648}"}, cast_to(DType::I32)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f64{-2147483649}"}, cast_to(DType::I32)) == "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f64{9223372036854775808}"}, cast_to(DType::I64)) ==
          "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f64{-9223372036854777856}"}, cast_to(DType::I64)) ==
          "Error(arithmetic)");
    CHECK(run(BuiltinOp::Cast, {"f32{9223372036854775808}"}, cast_to(DType::I64)) ==
          "Error(arithmetic)");
  }
  SECTION("integer to float rounds to nearest even") {
    CHECK(run(BuiltinOp::Cast, {"i32[3]{16777217, 16777219, -16777217}"}, cast_to(DType::F32)) ==
          "f32[3]{16777216, 16777220, -16777216}");
    CHECK(run(BuiltinOp::Cast, {"i32{2147483647}"}, cast_to(DType::F32)) == "f32{2147483600}");
    CHECK(run(BuiltinOp::Cast, {"i64{9007199254740993}"}, cast_to(DType::F64)) ==
          "f64{9007199254740992}");
    CHECK(run(BuiltinOp::Cast, {"i64{9007199254740995}"}, cast_to(DType::F64)) ==
          "f64{9007199254740996}");
    CHECK(run(BuiltinOp::Cast, {"i64{9223372036854775807}"}, cast_to(DType::F32)) ==
          "f32{9.223372e+18}");
    CHECK(run(BuiltinOp::Cast, {"i32{-5}"}, cast_to(DType::F64)) == "f64{-5}");
  }
  SECTION("float to float") {
    CHECK(run(BuiltinOp::Cast, {"f64[4]{0.1, 1e300, -1e300, 1e-50}"}, cast_to(DType::F32)) ==
          "f32[4]{0.1, inf, -inf, 0}");
    CHECK(run(BuiltinOp::Cast, {"f64[2]{-0, nan}"}, cast_to(DType::F32)) == "f32[2]{-0, nan}");
    CHECK(run(BuiltinOp::Cast, {"f64{1.00000005960464478}"}, cast_to(DType::F32)) == "f32{1}");
    CHECK(run(BuiltinOp::Cast, {"f32{0.1}"}, cast_to(DType::F64)) == "f64{0.10000000149011612}");
    CHECK(run(BuiltinOp::Cast, {"f32{-inf}"}, cast_to(DType::F64)) == "f64{-inf}");
  }
  SECTION("bools") {
    CHECK(run(BuiltinOp::Cast, {"f32[5]{0, -0, nan, 0.5, -inf}"}, cast_to(DType::Bool)) ==
          "bool[5]{false, false, true, true, true}");
    CHECK(run(BuiltinOp::Cast, {"i64[3]{0, -1, 4294967296}"}, cast_to(DType::Bool)) ==
          "bool[3]{false, true, true}");
    CHECK(run(BuiltinOp::Cast, {"bool[2]{true, false}"}, cast_to(DType::F32)) == "f32[2]{1, 0}");
    CHECK(run(BuiltinOp::Cast, {"bool[2]{true, false}"}, cast_to(DType::F64)) == "f64[2]{1, 0}");
    CHECK(run(BuiltinOp::Cast, {"bool[2]{true, false}"}, cast_to(DType::I32)) == "i32[2]{1, 0}");
    CHECK(run(BuiltinOp::Cast, {"bool[2]{true, false}"}, cast_to(DType::I64)) == "i64[2]{1, 0}");
    CHECK(run(BuiltinOp::Cast, {"bool[2]{true, false}"}, cast_to(DType::Bool)) ==
          "bool[2]{true, false}");
  }
  SECTION("integer to integer wraps") {
    CHECK(run(BuiltinOp::Cast, {"i64[3]{4294967297, 2147483648, -1}"}, cast_to(DType::I32)) ==
          "i32[3]{1, -2147483648, -1}");
    CHECK(run(BuiltinOp::Cast, {"i32[2]{-2147483648, 7}"}, cast_to(DType::I64)) ==
          "i64[2]{-2147483648, 7}");
  }
  SECTION("same dtype and empty tensors") {
    CHECK(run(BuiltinOp::Cast, {"f32[2]{1.5, nan}"}, cast_to(DType::F32)) == "f32[2]{1.5, nan}");
    CHECK(run(BuiltinOp::Cast, {"f32[0,2]{}"}, cast_to(DType::I32)) == "i32[0,2]{}");
  }
}

TEST_CASE("Reshape keeps the elements and changes the shape", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Reshape, {"i32[2,3]{1, 2, 3, 4, 5, 6}"}, reshape_to({3, 2})) ==
        "i32[3,2]{1, 2, 3, 4, 5, 6}");
  CHECK(run(BuiltinOp::Reshape, {"i32[2,3]{1, 2, 3, 4, 5, 6}"}, reshape_to({-1})) ==
        "i32[6]{1, 2, 3, 4, 5, 6}");
  CHECK(run(BuiltinOp::Reshape, {"i32[2,3]{1, 2, 3, 4, 5, 6}"}, reshape_to({3, -1})) ==
        "i32[3,2]{1, 2, 3, 4, 5, 6}");
  CHECK(run(BuiltinOp::Reshape, {"bool[1]{true}"}, reshape_to({})) == "bool{true}");
  CHECK(run(BuiltinOp::Reshape, {"f64{2.5}"}, reshape_to({1, -1, 1})) == "f64[1,1,1]{2.5}");
  CHECK(run(BuiltinOp::Reshape, {"f32[0]{}"}, reshape_to({5, 0})) == "f32[5,0]{}");
  CHECK(run(BuiltinOp::Reshape, {"f32[0,3]{}"}, reshape_to({-1, 3})) == "f32[0,3]{}");
  CHECK(run(BuiltinOp::Reshape, {"f32[0,3]{}"}, reshape_to({-1, 0})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({-1, -1})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({-2, -3})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({4})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({4, -1})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({})) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[6]{0}"}, reshape_to({int64_t{1} << 40, int64_t{1} << 40})) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {"i32[0]{}"}, reshape_to({int64_t{1} << 40, 0})) ==
        "i32[1099511627776,0]{}");
  CHECK(run(BuiltinOp::Reshape, {"i32[0]{}"},
            reshape_to({int64_t{1} << 40, int64_t{1} << 40, 0})) == "Error(shape)");
}

TEST_CASE("Shapes whose dimensions multiply past int64 are shape errors", "[cpu_evaluator]") {
  // Only zero-element tensors can carry huge dimensions; results must stay representable.
  CpuEvaluator evaluator;
  const Tensor empty = literal("f32[0]{}");
  const auto reshaped = [&](std::vector<std::int64_t> shape) {
    const Tensor* args[] = {&empty};
    return std::get<std::vector<Tensor>>(
               evaluator.evaluate(BuiltinOp::Reshape, reshape_to(std::move(shape)), args))
        .at(0);
  };
  const Tensor wide = reshaped({int64_t{1} << 62, 0});
  const Tensor rows = reshaped({int64_t{1} << 40, 0});
  const Tensor cols = reshaped({0, int64_t{1} << 40});
  const Tensor column = reshaped({int64_t{1} << 40, 1, 0});
  const Tensor row = reshaped({1, int64_t{1} << 40, 0});
  const auto error = [&](BuiltinOp op, const Tensor& a, const Tensor& b) {
    const Tensor* args[] = {&a, &b};
    const EvalResult r = evaluator.evaluate(op, {}, args);
    return std::holds_alternative<ErrorKind>(r) ? std::optional(std::get<ErrorKind>(r))
                                                : std::nullopt;
  };
  CHECK(error(BuiltinOp::Concat, wide, wide) == ErrorKind::Shape);
  CHECK(error(BuiltinOp::MatMul, rows, cols) == ErrorKind::Shape);
  CHECK(error(BuiltinOp::Add, column, row) == ErrorKind::Shape);
  CHECK(error(BuiltinOp::Add, column, column) == std::nullopt);
  CHECK(error(BuiltinOp::MatMul, cols, rows) == std::nullopt);
}

TEST_CASE("output_count is num for Split and 1 otherwise", "[cpu_evaluator]") {
  CHECK(tfmc::eval::output_count(BuiltinOp::Split, split(3)) == 3);
  CHECK(tfmc::eval::output_count(BuiltinOp::Split, split(1)) == 1);
  CHECK(tfmc::eval::output_count(BuiltinOp::Add, split(3)) == 1);
  CHECK(tfmc::eval::output_count(BuiltinOp::Concat, OpAttrs{}) == 1);
}

TEST_CASE("A wrong argument count is a programmer error", "[cpu_evaluator]") {
  CpuEvaluator evaluator;
  const Tensor t = literal("f32{1}");
  const std::vector<const Tensor*> one{&t};
  const std::vector<const Tensor*> two{&t, &t};
  CHECK_THROWS_AS(evaluator.evaluate(BuiltinOp::Add, {}, one), std::invalid_argument);
  CHECK_THROWS_AS(evaluator.evaluate(BuiltinOp::Concat, {}, one), std::invalid_argument);
  CHECK_THROWS_AS(evaluator.evaluate(BuiltinOp::Neg, {}, two), std::invalid_argument);
  CHECK_THROWS_AS(evaluator.evaluate(BuiltinOp::Split, split(0), one), std::invalid_argument);
}

TEST_CASE("Results match the tensor contract", "[cpu_evaluator]") {
  CpuEvaluator evaluator;
  const Tensor a = literal("bool[2,3]{true, false, true, false, true, false}");
  const Tensor b = literal("bool[3]{true}");
  const std::vector<const Tensor*> args{&a, &b};
  const EvalResult r = evaluator.evaluate(BuiltinOp::Equal, {}, args);
  const Tensor& t = std::get<std::vector<Tensor>>(r).at(0);
  CHECK(t.dtype == DType::Bool);
  CHECK(t.shape == std::vector<std::int64_t>{2, 3});
  CHECK(t.bytes == std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0});
}
