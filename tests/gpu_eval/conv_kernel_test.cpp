// The convolutions' CPU kernels on hand-derived cases (FORMAT.md, "Operations" and
// "Convolutions as TensorFlow rounds them"): SAME, VALID and EXPLICIT windows, strides,
// dilations, groups, NCHW, the depthwise forms, the padding skipped rather than multiplied,
// -0 and NaN, empty batches, and the Error(type) and Error(shape) of calls TensorFlow's CPU
// kernels refuse.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "tests/gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;
using tfmc::eval::ConvPadding;

namespace {

OpAttrs window(ConvPadding padding, std::vector<std::int64_t> strides = {1, 1, 1, 1},
               std::vector<std::int64_t> dilations = {1, 1, 1, 1},
               std::vector<std::int64_t> explicit_paddings = {}, bool nchw = false) {
  OpAttrs attrs;
  attrs.window.padding = padding;
  attrs.window.strides = std::move(strides);
  attrs.window.dilations = std::move(dilations);
  attrs.window.explicit_paddings = std::move(explicit_paddings);
  attrs.channels_first = nchw;
  return attrs;
}

const OpAttrs kValid = window(ConvPadding::Valid);
const OpAttrs kSame = window(ConvPadding::Same);
constexpr const char* kX = "f32[1,2,2,1]{1, 2, 3, 4}";
constexpr const char* kOnes = "f32[2,2,1,1]{1, 1, 1, 1}";

}  // namespace

TEST_CASE("Conv2D computes SAME, VALID and EXPLICIT windows", "[conv]") {
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes}, kValid) == "f32[1,1,1,1]{10}");
  // SAME pads one row and one column after: the smaller half (0) comes first.
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes}, kSame) == "f32[1,2,2,1]{10, 6, 7, 4}");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,1,1,1]{5}", "f32[1,2,1,1]{1, 1}"},
            window(ConvPadding::Explicit, {1, 1, 1, 1}, {1, 1, 1, 1}, {0, 0, 0, 0, 1, 0, 0, 0})) ==
        "f32[1,1,1,1]{5}");
  const char* nine = "f32[1,3,3,1]{1, 2, 3, 4, 5, 6, 7, 8, 9}";
  CHECK(run(BuiltinOp::Conv2D, {nine, "f32[1,1,1,1]{1}"},
            window(ConvPadding::Same, {1, 2, 2, 1})) == "f32[1,2,2,1]{1, 3, 7, 9}");
  CHECK(run(BuiltinOp::Conv2D, {nine, kOnes},
            window(ConvPadding::Valid, {1, 1, 1, 1}, {1, 2, 2, 1})) == "f32[1,1,1,1]{20}");
  CHECK(run(BuiltinOp::Conv2D, {"f64[1,2,2,1]{1, 2, 3, 4}", "f64[2,2,1,1]{1, 1, 1, 1}"}, kValid) ==
        "f64[1,1,1,1]{10}");
}

TEST_CASE("Conv2D takes groups, NCHW and the depthwise filter", "[conv]") {
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,1,1,2]{1, 2}", "f32[1,1,1,2]{3, 4}"}, kValid) ==
        "f32[1,1,1,2]{3, 8}");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,2,1,1]{1, 2}", "f32[1,1,2,1]{3, 4}"},
            window(ConvPadding::Valid, {1, 1, 1, 1}, {1, 1, 1, 1}, {}, true)) ==
        "f32[1,1,1,1]{11}");
  // Output channel c * M + m.
  CHECK(run(BuiltinOp::DepthwiseConv2dNative, {"f32[1,1,1,2]{1, 2}", "f32[1,1,2,2]{1, 2, 3, 4}"},
            kValid) == "f32[1,1,1,4]{1, 2, 6, 8}");
}

TEST_CASE("the convolutions' backprops", "[conv]") {
  CHECK(run(BuiltinOp::Conv2DBackpropInput,
            {"i32[4]{1, 2, 2, 1}", "f32[2,2,1,1]{1, 2, 3, 4}", "f32[1,1,1,1]{2}"},
            kValid) == "f32[1,2,2,1]{2, 4, 6, 8}");
  CHECK(run(BuiltinOp::Conv2DBackpropFilter, {kX, "i64[4]{2, 2, 1, 1}", "f32[1,1,1,1]{2}"},
            kValid) == "f32[2,2,1,1]{2, 4, 6, 8}");
  CHECK(run(BuiltinOp::DepthwiseConv2dNativeBackpropFilter,
            {"f32[1,1,1,2]{1, 2}", "i32[4]{1, 1, 2, 2}", "f32[1,1,1,4]{1, 1, 1, 1}"},
            kValid) == "f32[1,1,2,2]{1, 1, 2, 2}");
  // TensorFlow's depthwise backprops ignore the dilations with SAME padding.
  const std::vector<std::string_view> args = {"i32[4]{1, 3, 3, 1}", "f32[2,2,1,1]{1, 2, 3, 4}",
                                              "f32[1,3,3,1]{1, 1, 1, 1, 1, 1, 1, 1, 1}"};
  const std::string undilated = run(BuiltinOp::DepthwiseConv2dNativeBackpropInput, args, kSame);
  CHECK(undilated == "f32[1,3,3,1]{1, 3, 3, 4, 10, 10, 4, 10, 10}");
  CHECK(run(BuiltinOp::DepthwiseConv2dNativeBackpropInput, args,
            window(ConvPadding::Same, {1, 1, 1, 1}, {1, 2, 2, 1})) == undilated);
}

TEST_CASE("the convolutions skip the padding, start from +0 and keep NaN", "[conv]") {
  // The inf tap falls on the padding for three outputs: no 0 * inf there.
  CHECK(run(BuiltinOp::Conv2D, {kX, "f32[2,2,1,1]{1, 1, 1, inf}"}, kSame) ==
        "f32[1,2,2,1]{inf, 6, 7, 4}");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,1,1,2]{-0, -0}", "f32[1,1,2,1]{1, 1}"}, kValid) ==
        "f32[1,1,1,1]{0}");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,1,1,2]{nan, 1}", "f32[1,1,2,1]{0, -0}"}, kValid) ==
        "f32[1,1,1,1]{nan}");
  CHECK(run(BuiltinOp::Conv2D, {"f32[0,2,2,1]{}", kOnes}, kValid) == "f32[0,1,1,1]{}");
}

TEST_CASE("the convolutions refuse what TensorFlow's CPU kernels refuse", "[conv]") {
  CHECK(run(BuiltinOp::Conv2D, {"i32[1,2,2,1]{1, 2, 3, 4}", "i32[2,2,1,1]{1, 1, 1, 1}"}, kValid) ==
        "Error(type)");
  CHECK(run(BuiltinOp::Conv2D, {kX, "f64[2,2,1,1]{1, 1, 1, 1}"}, kValid) == "Error(type)");
  CHECK(run(BuiltinOp::Conv2D,
            {"f32[1,2,2,3]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}", "f32[1,1,2,1]{1, 1}"},
            kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,1,1,1]{1}", kOnes}, kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {"f32[2,2,1]{1, 2, 3, 4}", kOnes}, kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {kX, "f32[2,2,1,0]{}"}, kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {"f32[1,2,2,0]{}", "f32[1,1,1,1]{1}"}, kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes}, window(ConvPadding::Valid, {1, 0, 1, 1})) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes}, window(ConvPadding::Valid, {2, 1, 1, 1})) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes}, window(ConvPadding::Explicit)) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2D, {kX, kOnes},
            window(ConvPadding::Same, {1, 1, 1, 1}, {1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0})) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::Conv2DBackpropInput,
            {"i32[4]{1, 2, 2, 1}", "f32[2,2,1,1]{1, 2, 3, 4}", "f32[1,2,1,1]{2, 2}"},
            kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2DBackpropInput,
            {"i32[3]{2, 2, 1}", "f32[2,2,1,1]{1, 2, 3, 4}", "f32[1,1,1,1]{2}"},
            kValid) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2DBackpropFilter, {kX, "f32[4]{2, 2, 1, 1}", "f32[1,1,1,1]{2}"},
            kValid) == "Error(type)");
  // f64 runs TensorFlow's generic kernel, which refuses NCHW and a backprop's dilations.
  CHECK(run(BuiltinOp::Conv2D, {"f64[1,2,1,1]{1, 2}", "f64[1,1,2,1]{3, 4}"},
            window(ConvPadding::Valid, {1, 1, 1, 1}, {1, 1, 1, 1}, {}, true)) == "Error(shape)");
  CHECK(run(BuiltinOp::Conv2DBackpropFilter,
            {"f64[1,3,3,1]{1, 2, 3, 4, 5, 6, 7, 8, 9}", "i32[4]{2, 2, 1, 1}", "f64[1,1,1,1]{1}"},
            window(ConvPadding::Valid, {1, 1, 1, 1}, {1, 2, 2, 1})) == "Error(shape)");
}
