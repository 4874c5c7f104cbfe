// The CPU evaluator's TensorFlow-form ops (gpu_eval/cpu_tf_ops.h): exact results on literal
// arguments, each value worked out by hand from TensorFlow's documented semantics, and their
// type and shape errors (a type error before a shape error).
#include <catch2/catch.hpp>

#include "cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

namespace {

OpAttrs flags(bool transpose_a, bool transpose_b, bool keep_dims = false) {
  OpAttrs attrs;
  attrs.transpose_a = transpose_a;
  attrs.transpose_b = transpose_b;
  attrs.keep_dims = keep_dims;
  return attrs;
}

}  // namespace

TEST_CASE("AddN adds equal-shaped tensors left to right", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::AddN, {"f32[2]{1, 2}"}) == "f32[2]{1, 2}");
  CHECK(run(BuiltinOp::AddN, {"i32[2]{1, 2}", "i32[2]{10, 20}", "i32[2]{100, 200}"}) ==
        "i32[2]{111, 222}");
  // (1e8 + 1) + -1e8 rounds away the 1 in f32; another association would keep it.
  CHECK(run(BuiltinOp::AddN, {"f32{100000000}", "f32{1}", "f32{-100000000}"}) == "f32{0}");
  CHECK(run(BuiltinOp::AddN, {"i32{2147483647}", "i32{1}"}) == "i32{-2147483648}");
  CHECK(run(BuiltinOp::AddN, {"f32[2]{1, 2}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::AddN, {"f32{1}", "f64{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::AddN, {"bool{true}", "bool{true}"}) == "Error(type)");
}

TEST_CASE("Square, DivNoNan and ReluGrad", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::Square, {"f32[3]{-3, 0.5, -0}"}) == "f32[3]{9, 0.25, 0}");
  CHECK(run(BuiltinOp::Square, {"i32{65536}"}) == "i32{0}");  // wraps
  CHECK(run(BuiltinOp::Square, {"bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::DivNoNan, {"f32[3]{1, 1, -1}", "f32[3]{2, 0, -0}"}) == "f32[3]{0.5, 0, 0}");
  CHECK(run(BuiltinOp::DivNoNan, {"f64[2]{1, 3}", "f64{4}"}) == "f64[2]{0.25, 0.75}");
  CHECK(run(BuiltinOp::DivNoNan, {"i32{1}", "i32{0}"}) == "Error(type)");
  CHECK(run(BuiltinOp::DivNoNan, {"f32[2]{1, 2}", "f32[3]{1, 2, 3}"}) == "Error(shape)");
  // g * (f > 0): a negative gradient over f <= 0 is -0.
  CHECK(run(BuiltinOp::ReluGrad, {"f32[3]{5, -3, 7}", "f32[3]{1, 0, -2}"}) == "f32[3]{5, -0, 0}");
  CHECK(run(BuiltinOp::ReluGrad, {"i32[2]{5, 6}", "i32[2]{-1, 1}"}) == "i32[2]{0, 6}");
  CHECK(run(BuiltinOp::ReluGrad, {"f32[2]{1, 2}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::ReluGrad, {"f32{1}", "i32{1}"}) == "Error(type)");
}

TEST_CASE("MatMul transposes either operand first", "[cpu_evaluator][tf_ops]") {
  const std::string_view a = "f32[2,3]{1, 2, 3, 4, 5, 6}";
  const std::string_view b = "f32[2,2]{1, 0, 0, 2}";
  CHECK(run(BuiltinOp::MatMul, {a, b}, flags(true, false)) == "f32[3,2]{1, 8, 2, 10, 3, 12}");
  CHECK(run(BuiltinOp::MatMul, {b, a}, flags(false, false)) == "f32[2,3]{1, 2, 3, 8, 10, 12}");
  CHECK(run(BuiltinOp::MatMul, {a, a}, flags(false, true)) == "f32[2,2]{14, 32, 32, 77}");
  CHECK(run(BuiltinOp::MatMul, {a, a}, flags(true, true)) == "Error(shape)");
  CHECK(run(BuiltinOp::MatMul, {"f32[3]{1, 2, 3}", b}, flags(true, false)) == "Error(shape)");
}

TEST_CASE("Sum over several axes, with keep_dims", "[cpu_evaluator][tf_ops]") {
  const std::string_view x = "f32[2,3]{1, 2, 3, 4, 5, 6}";
  CHECK(run(BuiltinOp::Sum, {x, "i32[1]{0}"}) == "f32[3]{5, 7, 9}");
  CHECK(run(BuiltinOp::Sum, {x, "i64{-1}"}) == "f32[2]{6, 15}");
  CHECK(run(BuiltinOp::Sum, {x, "i32[2]{1, 0}"}) == "f32{21}");
  CHECK(run(BuiltinOp::Sum, {x, "i32[1]{1}"}, flags(false, false, true)) == "f32[2,1]{6, 15}");
  CHECK(run(BuiltinOp::Sum, {x}, flags(false, false, true)) == "f32[1,1]{21}");
  CHECK(run(BuiltinOp::Sum, {x, "i32[0]{}"}) == std::string(x));
  // Reduced dimensions next to each other merge into one run of terms, added one by one when
  // shorter than a packet: ((1e8 + 1) + -1e8) + 1 = 1 in f32, where summing axis 1 first,
  // (1e8 + 1) + (-1e8 + 1), would round both ones away and give 0.
  CHECK(run(BuiltinOp::Sum, {"f32[2,2]{100000000, 1, -100000000, 1}", "i32[2]{0, 1}"}) == "f32{1}");
  CHECK(run(BuiltinOp::Sum, {x, "i32[2]{0, -2}"}) == "Error(shape)");  // duplicate
  CHECK(run(BuiltinOp::Sum, {x, "i32[1]{2}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Sum, {x, "f32[1]{0}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Sum, {x, "i32[1,1]{0}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Sum, {"bool[1]{true}", "f32{0}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Sum, {"f32[1]{-0}", "i32{0}"}) == "f32{-0}");
}

TEST_CASE("Reshape, Split and ConcatV2 take their shape or axis as a tensor",
          "[cpu_evaluator][tf_ops]") {
  const std::string_view x = "i32[2,2]{1, 2, 3, 4}";
  CHECK(run(BuiltinOp::Reshape, {x, "i64[2]{-1, 1}"}) == "i32[4,1]{1, 2, 3, 4}");
  CHECK(run(BuiltinOp::Reshape, {x, "i32[1]{3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {x, "i32{4}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Reshape, {x, "f32[1]{4}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Split, {"i32{1}", x}, split(2)) == "i32[2,1]{1, 3} | i32[2,1]{2, 4}");
  CHECK(run(BuiltinOp::Split, {"i32{-2}", x}, split(2)) == "i32[1,2]{1, 2} | i32[1,2]{3, 4}");
  CHECK(run(BuiltinOp::Split, {"i32[1]{0}", x}, split(2)) == "Error(shape)");
  CHECK(run(BuiltinOp::ConcatV2, {x, x, "i32{1}"}) == "i32[2,4]{1, 2, 1, 2, 3, 4, 3, 4}");
  CHECK(run(BuiltinOp::ConcatV2, {x, "i64{-2}"}) == std::string(x));
  CHECK(run(BuiltinOp::ConcatV2, {x, x, "bool{true}"}) == "Error(type)");
}

TEST_CASE("Fill, Tile, Pack and Shape", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::Fill, {"i32[2]{2, 3}", "f32{0.5}"}) ==
        "f32[2,3]{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}");
  CHECK(run(BuiltinOp::Fill, {"i64[0]{}", "bool{true}"}) == "bool{true}");
  CHECK(run(BuiltinOp::Fill, {"i32[1]{-1}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Fill, {"i32[1]{2}", "f32[1]{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Fill, {"f32[1]{2}", "f32{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Tile, {"i32[2,2]{1, 2, 3, 4}", "i32[2]{1, 2}"}) ==
        "i32[2,4]{1, 2, 1, 2, 3, 4, 3, 4}");
  CHECK(run(BuiltinOp::Tile, {"i32[2]{1, 2}", "i32[1]{0}"}) == "i32[0]{}");
  CHECK(run(BuiltinOp::Tile, {"i32[2]{1, 2}", "i32[2]{1, 1}"}) == "Error(shape)");
  OpAttrs axis1;
  axis1.axis = 1;
  CHECK(run(BuiltinOp::Pack, {"i32[2]{1, 2}", "i32[2]{3, 4}"}) == "i32[2,2]{1, 2, 3, 4}");
  CHECK(run(BuiltinOp::Pack, {"i32[2]{1, 2}", "i32[2]{3, 4}"}, axis1) == "i32[2,2]{1, 3, 2, 4}");
  CHECK(run(BuiltinOp::Pack, {"f32{1}", "f32{2}"}, axis(-1)) == "f32[2]{1, 2}");
  CHECK(run(BuiltinOp::Pack, {"i32[2]{1, 2}", "i32[1]{3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Pack, {"i32{1}", "f32{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Pack, {"i32{1}"}, axis(2)) == "Error(shape)");
  CHECK(run(BuiltinOp::Shape, {"f32[2,3]{0}"}, cast_to(DType::I32)) == "i32[2]{2, 3}");
  CHECK(run(BuiltinOp::Shape, {"bool{true}"}, cast_to(DType::I64)) == "i64[0]{}");
}

TEST_CASE("Select picks elements, or whole rows by a vector", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::Select, {"bool[2]{true, false}", "f32[2]{1, 2}", "f32[2]{3, 4}"}) ==
        "f32[2]{1, 4}");
  CHECK(run(BuiltinOp::Select, {"bool{false}", "f32[2]{1, 2}", "f32[2]{3, 4}"}) == "f32[2]{3, 4}");
  CHECK(run(BuiltinOp::Select, {"bool[2]{false, true}", "i32[2,2]{1, 2, 3, 4}",
                                "i32[2,2]{5, 6, 7, 8}"}) == "i32[2,2]{5, 6, 3, 4}");
  CHECK(run(BuiltinOp::Select, {"bool[3]{true, true, true}", "f32[2]{1, 2}", "f32[2]{3, 4}"}) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::Select, {"i32{1}", "f32{1}", "f32{2}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Select, {"bool{true}", "f32{1}", "i32{2}"}) == "Error(type)");
}

TEST_CASE("FloorDiv rounds the quotient toward minus infinity", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::FloorDiv, {"i32[6]{7, -7, 7, -7, 0, 6}", "i32[6]{2, 2, -2, -2, 3, 3}"}) ==
        "i32[6]{3, -4, -4, 3, 0, 2}");
  // MIN / -1 wraps to MIN, as Div does; a remainder of MIN / 3 rounds down.
  CHECK(run(BuiltinOp::FloorDiv, {"i32[2]{-2147483648, -2147483648}", "i32[2]{-1, 3}"}) ==
        "i32[2]{-2147483648, -715827883}");
  CHECK(run(BuiltinOp::FloorDiv, {"i64[2]{-9, 9}", "i64{4}"}) == "i64[2]{-3, 2}");
  CHECK(run(BuiltinOp::FloorDiv, {"i32[2]{1, 2}", "i32[2]{1, 0}"}) == "Error(arithmetic)");
  // Floats: floor(x / y), so -0 stays -0 and a zero divisor gives an infinity or NaN.
  CHECK(run(BuiltinOp::FloorDiv,
            {"f32[7]{7, -7, 7, -7, -0, 5, 0}", "f32[7]{2, 2, -2, -2, 3, 0, 0}"}) ==
        "f32[7]{3, -4, -4, 3, -0, inf, nan}");
  CHECK(run(BuiltinOp::FloorDiv, {"f64{-1}", "f64{3}"}) == "f64{-1}");
  CHECK(run(BuiltinOp::FloorDiv, {"bool{true}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::FloorDiv, {"i32[2]{1, 2}", "i32[3]{1, 2, 3}"}) == "Error(shape)");
}

TEST_CASE("FloorMod takes the sign of the divisor", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::FloorMod, {"i32[6]{7, -7, 7, -7, 0, 6}", "i32[6]{2, 2, -2, -2, 3, 3}"}) ==
        "i32[6]{1, 1, -1, -1, 0, 0}");
  // x mod -1 is 0 for every x, MIN included (where C's % would trap).
  CHECK(run(BuiltinOp::FloorMod, {"i32[2]{-2147483648, -2147483648}", "i32[2]{-1, 3}"}) ==
        "i32[2]{0, 1}");
  CHECK(run(BuiltinOp::FloorMod, {"i64[3]{0, 1, 2}", "i64{2}"}) == "i64[3]{0, 1, 0}");
  CHECK(run(BuiltinOp::FloorMod, {"i32{5}", "i32{0}"}) == "Error(arithmetic)");
  // Floats: fmod, plus the divisor where the signs differ; -0 stays -0, fmod(x, 0) is NaN.
  CHECK(run(BuiltinOp::FloorMod,
            {"f32[7]{7, -7, 7, -7, -0, 5, 7.5}", "f32[7]{2, 2, -2, -2, 3, 0, 2}"}) ==
        "f32[7]{1, 1, -1, -1, -0, nan, 1.5}");
  CHECK(run(BuiltinOp::FloorMod, {"f64{-0.5}", "f64{inf}"}) == "f64{inf}");
  CHECK(run(BuiltinOp::FloorMod, {"bool{true}", "bool{true}"}) == "Error(type)");
}

TEST_CASE("Range counts from start by delta up to limit", "[cpu_evaluator][tf_ops]") {
  CHECK(run(BuiltinOp::Range, {"i32{0}", "i32{10}", "i32{3}"}) == "i32[4]{0, 3, 6, 9}");
  CHECK(run(BuiltinOp::Range, {"i64{10}", "i64{0}", "i64{-3}"}) == "i64[4]{10, 7, 4, 1}");
  CHECK(run(BuiltinOp::Range, {"i32{5}", "i32{5}", "i32{1}"}) == "i32[0]{}");
  // |limit - start| = 2^32 - 1 does not fit i32; with delta 2^31 - 1 that is 2 steps and a
  // remainder, so 3 elements: MIN, MIN + delta = -1, and -1 + delta = 2^31 - 2 < limit.
  CHECK(run(BuiltinOp::Range, {"i32{-2147483648}", "i32{2147483647}", "i32{2147483647}"}) ==
        "i32[3]{-2147483648, -1, 2147483646}");
  // Each element is start + i * delta, rounded once each (as TensorFlow 2.21 gives them), not a
  // running sum: 0.3 + 3 * 0.7 is 2.3999999 in f32.
  CHECK(run(BuiltinOp::Range, {"f32{0.3}", "f32{7.9}", "f32{0.7}"}) ==
        "f32[11]{0.3, 1, 1.7, 2.3999999, 3.1, 3.8, 4.5, 5.2000003, 5.9, 6.6, 7.3}");
  CHECK(run(BuiltinOp::Range, {"f64{1}", "f64{-0.5}", "f64{-0.5}"}) == "f64[3]{1, 0.5, 0}");
  // What TensorFlow's kernel refuses: a zero delta, a start past the limit, NaN.
  CHECK(run(BuiltinOp::Range, {"i32{0}", "i32{5}", "i32{0}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Range, {"i32{5}", "i32{0}", "i32{1}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Range, {"i32{0}", "i32{5}", "i32{-1}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Range, {"f32{nan}", "f32{5}", "f32{1}"}) == "Error(arithmetic)");
  CHECK(run(BuiltinOp::Range, {"f32{0}", "f32{inf}", "f32{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Range, {"i64{0}", "i64{9223372036854775807}", "i64{1}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Range, {"i32{0}", "i64{5}", "i32{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Range, {"bool{false}", "bool{true}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Range, {"i32[1]{0}", "i32{5}", "i32{1}"}) == "Error(shape)");
}

TEST_CASE("Sqrt of floats and Abs of every number, as TensorFlow gives them",
          "[cpu_evaluator][tf_ops]") {
  // TensorFlow 2.21's tf.sqrt of these, bit for bit (correctly rounded; -0 stays -0, a
  // negative is NaN).
  const auto printed = [](std::string_view text) {
    return tfmc::sem::format_tensor(literal(text));
  };
  CHECK(run(BuiltinOp::Sqrt, {"f32[8]{2, 3, 0.01, 1e-30, 16, -0, -1, inf}"}) ==
        printed("f32[8]{0x1.6a09e6p+0, 0x1.bb67aep+0, 0x1.99999ap-4, 0x1.203afap-50, 4, -0, nan, "
                "inf}"));
  CHECK(run(BuiltinOp::Sqrt, {"f64[3]{2, 0.5, 1e300}"}) ==
        printed("f64[3]{0x1.6a09e667f3bcdp+0, 0x1.6a09e667f3bcdp-1, 0x1.38d352e5096afp+498}"));
  // TensorFlow has no integer Sqrt.
  CHECK(run(BuiltinOp::Sqrt, {"i32{4}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Sqrt, {"bool{true}"}) == "Error(type)");
  // The most negative integer is its own magnitude, as tf.abs gives it.
  CHECK(run(BuiltinOp::Abs, {"i32[3]{-2147483648, -5, 7}"}) == "i32[3]{-2147483648, 5, 7}");
  CHECK(run(BuiltinOp::Abs, {"i64[2]{-9223372036854775808, -1}"}) ==
        "i64[2]{-9223372036854775808, 1}");
  CHECK(run(BuiltinOp::Abs, {"f32[4]{-1.5, 0, -0, -inf}"}) == "f32[4]{1.5, 0, 0, inf}");
  CHECK(run(BuiltinOp::Abs, {"f64{-0.25}"}) == "f64{0.25}");
  CHECK(run(BuiltinOp::Abs, {"bool{false}"}) == "Error(type)");
}

TEST_CASE("float arithmetic flushes subnormals to zero, as TensorFlow's kernels do",
          "[cpu_evaluator][tf_ops]") {
  // TensorFlow 2.21's values: a subnormal operand reads as a zero of its sign, a subnormal
  // result is a zero of its sign, in f32 and f64; the values themselves keep their bits.
  CHECK(run(BuiltinOp::Div, {"f32{1e-38}", "f32{10}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Div, {"f32{-1e-38}", "f32{10}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Mul, {"f32{-1e-45}", "f32{1}"}) == "f32{-0}");
  CHECK(run(BuiltinOp::Add, {"f32{1e-45}", "f32{0}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Mul, {"f64{1e-310}", "f64{1}"}) == "f64{0}");
  CHECK(run(BuiltinOp::Sqrt, {"f32{1e-40}"}) == "f32{0}");
  CHECK(run(BuiltinOp::Maximum, {"f32{1e-45}", "f32{0}"}) == "f32{0}");
  OpAttrs to_f64;
  to_f64.to = DType::F64;
  CHECK(run(BuiltinOp::Cast, {"f32{1e-40}"}, to_f64) == "f64{0}");
  // Neg flips the sign bit and keeps a subnormal; FloorMod is fmod, which reads a subnormal
  // divisor as zero (a NaN result) but keeps a subnormal remainder, whose sign then reads as
  // zero's, so no divisor is added to it.
  CHECK(run(BuiltinOp::Neg, {"f32[2]{1e-45, -3e-39}"}) == "f32[2]{-1e-45, 3e-39}");
  CHECK(run(BuiltinOp::FloorMod, {"f32[4]{1e-40, -1e-40, 5, 1e-40}", "f32[4]{1, 1, 1e-40, -1}"}) ==
        "f32[4]{1e-40, -1e-40, nan, 1e-40}");
  // Normal numbers are untouched.
  CHECK(run(BuiltinOp::Div, {"f32{1e-30}", "f32{10}"}) == "f32{1e-31}");
}
