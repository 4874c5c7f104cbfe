// The convolutions against TensorFlow: every case of conv_cases.inc, written by
// tools/tf/make_conv_cases.py from TensorFlow 2.21's CPU kernels, gives TensorFlow's bits where
// FORMAT.md, "Convolutions as TensorFlow rounds them", says tfmc's order is TensorFlow's, and
// stays within the ulps it documents elsewhere; a call TensorFlow's kernel refuses is
// Error(shape).
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct ConvCase {
  const char* op;
  std::vector<std::int64_t> strides;
  std::vector<std::int64_t> dilations;
  std::string_view padding;
  std::vector<std::int64_t> explicit_paddings;
  bool nchw;
  std::vector<const char*> args;
  std::string_view result;  // TensorFlow's, or "refused: " and its message
};

const std::vector<ConvCase>& cases() {
  static const std::vector<ConvCase> kCases = {
#include "conv_cases.inc"
  };
  return kCases;
}

eval::BuiltinOp op_named(std::string_view name) {
  static const std::map<std::string_view, eval::BuiltinOp> kOps = {
      {"Conv2D", eval::BuiltinOp::Conv2D},
      {"Conv2DBackpropInput", eval::BuiltinOp::Conv2DBackpropInput},
      {"Conv2DBackpropFilter", eval::BuiltinOp::Conv2DBackpropFilter},
      {"DepthwiseConv2dNative", eval::BuiltinOp::DepthwiseConv2dNative},
      {"DepthwiseConv2dNativeBackpropInput", eval::BuiltinOp::DepthwiseConv2dNativeBackpropInput},
      {"DepthwiseConv2dNativeBackpropFilter",
       eval::BuiltinOp::DepthwiseConv2dNativeBackpropFilter}};
  return kOps.at(name);
}

// The distance in ulps of two floats of one sign class, through their ordered bit patterns.
template <class T, class Bits>
std::int64_t ulps(T a, T b) {
  const auto ordered = [](T x) {
    Bits bits;
    std::memcpy(&bits, &x, sizeof bits);
    const Bits magnitude = bits & ~(Bits{1} << (8 * sizeof(Bits) - 1));
    return bits == magnitude ? static_cast<std::int64_t>(magnitude)
                             : -static_cast<std::int64_t>(magnitude);
  };
  const std::int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

// The largest distance of two tensors of one shape, element by element.
std::int64_t largest_ulps(const eval::Tensor& a, const eval::Tensor& b) {
  std::int64_t most = 0;
  for (std::int64_t i = 0; i < a.size(); ++i) {
    std::int64_t d = 0;
    if (a.dtype == eval::DType::F32) {
      float x, y;
      std::memcpy(&x, a.bytes.data() + 4 * i, 4);
      std::memcpy(&y, b.bytes.data() + 4 * i, 4);
      d = ulps<float, std::uint32_t>(x, y);
    } else {
      double x, y;
      std::memcpy(&x, a.bytes.data() + 8 * i, 8);
      std::memcpy(&y, b.bytes.data() + 8 * i, 8);
      d = ulps<double, std::uint64_t>(x, y);
    }
    most = std::max(most, d);
  }
  return most;
}

// FORMAT.md, "Convolutions as TensorFlow rounds them": the largest distance to TensorFlow
// measured on these cases, by op, dtype and EXPLICIT padding or not; 0 where every case gives
// TensorFlow's bits.
const std::map<std::string, std::int64_t>& documented_ulps() {
  static const std::map<std::string, std::int64_t> kUlps = {
      {"Conv2D f32", 0},
      {"Conv2D f32 EXPLICIT", 53},
      {"Conv2D f64", 10},
      {"Conv2D f64 EXPLICIT", 80},
      {"Conv2DBackpropInput f32", 9},
      {"Conv2DBackpropInput f32 EXPLICIT", 1},
      {"Conv2DBackpropInput f64", 59},
      {"Conv2DBackpropFilter f32", 89},
      {"Conv2DBackpropFilter f32 EXPLICIT", 1},
      {"Conv2DBackpropFilter f64", 0},
      // One sum that cancels to near 0 and takes the other sign; the other cases are exact.
      {"DepthwiseConv2dNative f32", 2299647056},
      {"DepthwiseConv2dNative f64", 0},
      {"DepthwiseConv2dNativeBackpropInput f32", 0},
      {"DepthwiseConv2dNativeBackpropInput f64", 13},
      {"DepthwiseConv2dNativeBackpropFilter f32", 9},
      {"DepthwiseConv2dNativeBackpropFilter f64", 5}};
  return kUlps;
}

}  // namespace

TEST_CASE("The convolutions give TensorFlow's values within the documented ulps", "[conv]") {
  std::map<std::string, std::int64_t> measured;
  int refused = 0;
  int computed = 0;
  for (const ConvCase& c : cases()) {
    // oneDNN failing to build its kernel for a shape is no rule tfmc can follow.
    if (c.result.starts_with("refused: Operation received an exception")) continue;
    std::vector<eval::Tensor> args;
    for (const char* a : c.args) args.push_back(test::literal(a));
    std::vector<const eval::Tensor*> pointers;
    for (const eval::Tensor& a : args) pointers.push_back(&a);
    eval::OpAttrs attrs;
    attrs.window.strides = c.strides;
    attrs.window.dilations = c.dilations;
    attrs.window.padding = c.padding == "SAME"    ? eval::ConvPadding::Same
                           : c.padding == "VALID" ? eval::ConvPadding::Valid
                                                  : eval::ConvPadding::Explicit;
    attrs.window.explicit_paddings = c.explicit_paddings;
    attrs.channels_first = c.nchw;
    eval::CpuEvaluator cpu;
    const eval::EvalResult r = cpu.evaluate(op_named(c.op), attrs, pointers);
    INFO(c.op << " " << c.args[0] << " " << c.args[1] << " " << c.padding);
    if (c.result.starts_with("refused")) {
      ++refused;
      CHECK(std::holds_alternative<eval::ErrorKind>(r));
      continue;
    }
    ++computed;
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const eval::Tensor& got = std::get<std::vector<eval::Tensor>>(r).at(0);
    const eval::Tensor want = test::literal(c.result);
    REQUIRE(got.shape == want.shape);
    const std::string key = std::string(c.op) + " " + std::string(eval::dtype_name(want.dtype)) +
                            (c.padding == "EXPLICIT" ? " EXPLICIT" : "");
    measured[key] = std::max(measured[key], largest_ulps(got, want));
  }
  for (const auto& [key, ulps] : measured) {
    INFO(key << ": " << ulps << " ulps");
    CHECK(ulps <= documented_ulps().at(key));
  }
  CHECK(measured.size() == documented_ulps().size());
  CHECK(computed + refused > 200);
}
