// CpuEvaluator: MatMul, Sum, Concat, Split, Cast, Reshape, shape errors, output counts and
// the tensor contract (cpu_evaluator_test.cpp says where the expected values come from).
#include <catch2/catch.hpp>

#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

TEST_CASE("MatMul multiplies rank-2 tensors, accumulating as TensorFlow does", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::MatMul, {"f32[2,3]{1, 2, 3, 4, 5, 6}", "f32[3,2]{7, 8, 9, 10, 11, 12}"}) ==
        "f32[2,2]{58, 64, 139, 154}");
  CHECK(run(BuiltinOp::MatMul, {"i32[1,2]{65536, 1}", "i32[2,1]{65536, 5}"}) == "i32[1,1]{5}");
  CHECK(run(BuiltinOp::MatMul, {"i64[2,1]{1, 2}", "i64[1,3]{3, 4, 5}"}) ==
        "i64[2,3]{3, 4, 5, 6, 8, 10}");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,3]{1e8, 1, -1e8}", "f32[3,1]{1, 1, 1}"}) == "f32[1,1]{0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,3]{-1e8, 1e8, 1}", "f32[3,1]{1, 1, 1}"}) == "f32[1,1]{1}");
  // Every sum starts from +0, as TensorFlow's: a -0 product gives +0.
  CHECK(run(BuiltinOp::MatMul, {"f64[1,1]{-0}", "f64[1,1]{1}"}) == "f64[1,1]{0}");
  CHECK(run(BuiltinOp::MatMul, {"f64[1,2]{-0, 0}", "f64[2,1]{1, -1}"}) == "f64[1,1]{0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[2,1]{-0, -0}", "f32[1,1]{1}"}) == "f32[2,1]{0, 0}");
  // f32 fuses each multiply-add (TensorFlow 2.21's value), f64 rounds the product first.
  CHECK(run(BuiltinOp::MatMul,
            {"f32[1,2]{1, 0x1.000002p0}", "f32[2,1]{-0x1.000004p0, 0x1.000002p0}"}) ==
        "f32[1,1]{1.4210855e-14}");
  CHECK(run(BuiltinOp::MatMul, {"f32[2,0]{}", "f32[0,3]{}"}) == "f32[2,3]{0, 0, 0, 0, 0, 0}");
  CHECK(run(BuiltinOp::MatMul, {"f32[0,2]{}", "f32[2,3]{1}"}) == "f32[0,3]{}");
  CHECK(run(BuiltinOp::MatMul, {"f32[2,3]{1}", "f32[2,3]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32[3]{1}", "f32[3,1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32[1,1,1]{1}", "f32[1,1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32{1}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"bool[1,1]{true}", "bool[1,1]{true}"}) == "Error(type)");
}

TEST_CASE("Sum reduces everything or one axis, in TensorFlow's order", "[cpu_evaluator]") {
  CHECK(run(BuiltinOp::Sum, {"f32[2,3]{1, 2, 3, 4, 5, 6}"}) == "f32{21}");
  CHECK(run(BuiltinOp::Sum, {"f32[3]{1e8, 1, -1e8}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Sum, {"f32[3]{1e8, -1e8, 1}"}) == "f32{1}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{1e8, 1, -1e8}"}) == "f64{1}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{0.1, 0.2, 0.3}"}) == "f64{0.6000000000000001}");
  CHECK(run(BuiltinOp::Sum, {"f64[3]{0.3, 0.2, 0.1}"}) == "f64{0.6}");
  CHECK(run(BuiltinOp::Sum, {"f32[1]{-0}"}) == "f32{-0}");
  // The accumulators start at +0; a lone term is passed through unchanged.
  CHECK(run(BuiltinOp::Sum, {"f32[2]{-0, -0}"}) == "f32{0}");
  // A whole packet of 8 is added lane by lane, pairwise (1 + 1e8 rounds the 1 away), then
  // the ninth term: 0, as TensorFlow gives, where index order would give 8.
  CHECK(run(BuiltinOp::Sum, {"f32[9]{1, 1, 1, 1, 1, 1, 1, 1e8, -1e8}"}) == "f32{0}");
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
  // Columns of 8 results (one whole packet) with 16 terms or more go to four accumulators,
  // terms 0, 4, 8... in the first: 1e8 keeps no 1 of its own, the other three hold 5 each and
  // are added after it. Seven columns are no whole packet and add in index order.
  std::string rows = "f32[20,8]{";
  std::string narrow = "f32[20,7]{";
  for (int r = 0; r < 20; ++r) {
    for (int c = 0; c < 8; ++c) rows += (r == 0 ? "1e8" : "1") + std::string(", ");
    for (int c = 0; c < 7; ++c) narrow += (r == 0 ? "1e8" : "1") + std::string(", ");
  }
  rows.replace(rows.size() - 2, 2, "}");
  narrow.replace(narrow.size() - 2, 2, "}");
  CHECK(run(BuiltinOp::Sum, {rows}, axis(0)) ==
        "f32[8]{100000024, 100000024, 100000024, 100000024, 100000024, 100000024, 100000024, "
        "100000024}");
  CHECK(run(BuiltinOp::Sum, {narrow}, axis(0)) ==
        "f32[7]{100000000, 100000000, 100000000, 100000000, 100000000, 100000000, 100000000}");
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
