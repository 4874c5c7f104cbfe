// The pooling ops (gpu_eval/cpu_pooling.h) against TensorFlow: every case of pool_cases.inc,
// written by tools/tf/make_pool_cases.py from tf.raw_ops calls of TensorFlow 2.21 on the CPU
// (eager and in a Session, which agree), made into a function by the catalog from its
// attribute text as a .tfg node would be, gives TensorFlow's result bit for bit, or
// Error(shape) where TensorFlow's kernel refuses the arguments. The arguments on which
// TensorFlow's kernels crash, and the attributes the catalog refuses, are checked here by hand.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct PoolCase {
  const char* op;
  const char* attrs;  // `key=value` joined by ';'
  std::vector<const char*> arguments;
  const char* result;  // TensorFlow's, or Error(shape)
};

const std::vector<PoolCase>& cases() {
  static const std::vector<PoolCase> kCases = {
#include "pool_cases.inc"
  };
  return kCases;
}

// The result of `op` {attrs} on literal arguments: its tensor, or `Error(kind)`.
std::string run(const std::string& op, const std::string& attrs,
                const std::vector<std::string>& arguments) {
  std::vector<eval::Tensor> tensors;
  for (const std::string& a : arguments) tensors.push_back(test::literal(a));
  const eval::EvalResult r = test::evaluate_function(op, test::attribute_texts(attrs), tensors);
  if (const auto* e = std::get_if<eval::ErrorKind>(&r)) {
    return "Error(" + std::string(eval::error_kind_name(*e)) + ")";
  }
  const auto& got = std::get<std::vector<eval::Tensor>>(r);
  REQUIRE(got.size() == 1);
  return sem::format_tensor(got[0]);
}

// The bits of a result, so that -0 and NaN payloads count.
std::string bits(const std::string& text) {
  if (text.rfind("Error(", 0) == 0) return text;
  const eval::Tensor t = test::literal(text);
  std::string out = std::string(eval::dtype_name(t.dtype)) + ":";
  for (std::int64_t d : t.shape) out += std::to_string(d) + ",";
  out.append(t.bytes.begin(), t.bytes.end());
  return out;
}

using test::refused;

const std::string kWindow = "ksize=[1,2,2,1];strides=[1,1,1,1];padding=VALID";

}  // namespace

TEST_CASE("the pooling ops give TensorFlow's bits and errors", "[pool]") {
  REQUIRE(cases().size() == 85);
  for (const PoolCase& c : cases()) {
    const std::vector<std::string> arguments(c.arguments.begin(), c.arguments.end());
    std::string shown;
    for (const std::string& a : arguments) shown += (shown.empty() ? "" : ", ") + a;
    INFO(c.op << " {" << c.attrs << "} on " << shown);
    const std::string got = run(c.op, c.attrs, arguments);
    INFO("got " << got << ", TensorFlow " << c.result);
    CHECK(bits(got) == bits(c.result));
  }
}

TEST_CASE("a VALID window larger than the input is a shape error", "[pool]") {
  // TensorFlow's MaxPool divides by zero here (SIGFPE) and its AvgPool reads out of bounds.
  const std::string x = "f32[1,3,3,1]{1, 2, 3, 4, 5, 6, 7, 8, 9}";
  const std::string tall = "ksize=[1,4,1,1];strides=[1,2,1,1];padding=VALID";
  CHECK(run("MaxPool", tall, {x}) == "Error(shape)");
  CHECK(run("AvgPool", tall, {x}) == "Error(shape)");
  CHECK(run("AvgPoolGrad", tall, {"i32[4]{1, 3, 3, 1}", "f32[1,0,3,1]{}"}) == "Error(shape)");
  CHECK(run("MaxPool", "ksize=[1,4,1,1];strides=[1,2,1,1];padding=SAME", {x}) ==
        "f32[1,2,3,1]{7, 8, 9, 7, 8, 9}");
}

TEST_CASE("AvgPoolGrad's gradient must have the pooled shape", "[pool]") {
  // TensorFlow reads past the gradient or leaves elements unwritten.
  CHECK(run("AvgPoolGrad", kWindow, {"i32[4]{1, 3, 3, 1}", "f32[1,3,3,1]{0}"}) == "Error(shape)");
  CHECK(run("AvgPoolGrad", kWindow, {"i32[4]{1, 3, 3, 2}", "f32[1,2,2,1]{0}"}) == "Error(shape)");
  CHECK(run("AvgPoolGrad", kWindow, {"i32[3]{1, 3, 3}", "f32[1,2,2,1]{0}"}) == "Error(shape)");
  CHECK(run("AvgPoolGrad", kWindow, {"i32[4]{1, -3, 3, 1}", "f32[1,2,2,1]{0}"}) == "Error(shape)");
  CHECK(run("AvgPoolGrad", kWindow, {"i64[4]{1, 2, 2, 1}", "f64[1,1,1,1]{8}"}) ==
        "f64[1,2,2,1]{2, 2, 2, 2}");
}

TEST_CASE("the pooling ops' dtypes", "[pool]") {
  const std::string window = "ksize=[1,1,2,1];strides=[1,1,1,1];padding=VALID";
  CHECK(run("MaxPool", window, {"bool[1,1,2,1]{true, false}"}) == "Error(type)");
  CHECK(run("AvgPool", window, {"i32[1,1,2,1]{1, 2}"}) == "Error(type)");
  CHECK(run("AvgPoolGrad", window, {"i32[4]{1, 1, 2, 1}", "i32[1,1,1,1]{1}"}) == "Error(type)");
  CHECK(run("AvgPoolGrad", window, {"f32[4]{1, 1, 2, 1}", "f32[1,1,1,1]{1}"}) == "Error(type)");
  CHECK(run("MaxPoolGrad", window, {"f32[1,1,2,1]{1, 2}", "f64[1,1,1,1]{2}", "f32[1,1,1,1]{1}"}) ==
        "Error(type)");
  // A type error comes before a shape error.
  CHECK(run("AvgPool", window, {"i32[2]{1, 2}"}) == "Error(type)");
}

TEST_CASE("MaxPoolV2 takes its window as i32 arguments", "[pool]") {
  const std::string x = "f32[1,1,3,1]{1, 3, 2}";
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i32[4]{1, 1, 2, 1}", "i32[4]{1, 1, 1, 1}"}) ==
        "f32[1,1,3,1]{3, 3, 2}");
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i64[4]{1, 1, 2, 1}", "i32[4]{1, 1, 1, 1}"}) ==
        "Error(type)");
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i32[3]{1, 2, 1}", "i32[4]{1, 1, 1, 1}"}) ==
        "Error(shape)");
  // Pooling over the batch (TensorFlow: Unimplemented) or the depth (tfmc lacks it).
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i32[4]{2, 1, 1, 1}", "i32[4]{1, 1, 1, 1}"}) ==
        "Error(shape)");
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i32[4]{1, 1, 1, 1}", "i32[4]{1, 1, 1, 2}"}) ==
        "Error(shape)");
  CHECK(run("MaxPoolV2", "padding=SAME", {x, "i32[4]{1, 0, 1, 1}", "i32[4]{1, 1, 1, 1}"}) ==
        "Error(shape)");
  CHECK(run("MaxPoolGradV2", "padding=VALID",
            {x, "f32[1,1,2,1]{3, 3}", "f32[1,1,2,1]{1, 2}", "i32[4]{1, 1, 2, 1}",
             "i32[4]{1, 1, 1, 1}"}) == "f32[1,1,3,1]{0, 3, 0}");
}

TEST_CASE("the pooling ops' attributes are checked when the file is read", "[pool]") {
  CHECK_FALSE(refused("MaxPool", kWindow, 1));
  CHECK_FALSE(refused("MaxPool", kWindow + ";data_format=NHWC", 1));
  CHECK(refused("MaxPool", kWindow + ";data_format=NCHW", 1));
  CHECK(refused("AvgPool", "ksize=[1,2,2];strides=[1,1,1,1];padding=VALID", 1));
  CHECK(refused("AvgPool", "ksize=[2,2,2,1];strides=[1,1,1,1];padding=VALID", 1));
  CHECK(refused("AvgPool", "ksize=[1,2,2,2];strides=[1,1,1,1];padding=VALID", 1));
  CHECK(refused("MaxPoolGrad", "ksize=[1,0,2,1];strides=[1,1,1,1];padding=VALID", 3));
  CHECK(refused("MaxPoolGrad", "ksize=[1,2,2,1];strides=[1,2147483648,1,1];padding=VALID", 3));
  CHECK(refused("AvgPoolGrad", "ksize=[1,2,2,1];strides=[1,1,1,1];padding=EXPLICIT", 2));
  CHECK(refused("AvgPoolGrad", "ksize=[1,2,2,1];strides=[1,1,1,1]", 2));
  CHECK(refused("MaxPoolV2", "", 3));
  CHECK(test::catalog_function("AvgPool", test::attribute_texts(kWindow), 1).head ==
        "AvgPool{ksize=[1,2,2,1], padding=VALID, strides=[1,1,1,1]}");
  CHECK(test::catalog_function("MaxPoolV2", test::attribute_texts("padding=SAME"), 3).head ==
        "MaxPoolV2{padding=SAME}");
}
