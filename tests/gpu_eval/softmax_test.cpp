// The softmax family (gpu_eval/cpu_softmax.h) against TensorFlow: every case of
// softmax_cases.inc, written by tools/tf/make_softmax_cases.py from tf.raw_ops of TensorFlow
// 2.21's Eigen CPU kernels, gives TensorFlow's bits; and the arguments TensorFlow's kernels
// refuse give the errors of the contract.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

namespace {

struct SoftmaxCase {
  const char* op;
  std::vector<std::string_view> args;
  std::vector<std::string_view> results;  // TensorFlow's
};

const std::vector<SoftmaxCase>& cases() {
  static const std::vector<SoftmaxCase> kCases = {
#include "softmax_cases.inc"
  };
  return kCases;
}

BuiltinOp op_named(const std::string& name) {
  if (name == "Softmax") return BuiltinOp::Softmax;
  if (name == "LogSoftmax") return BuiltinOp::LogSoftmax;
  if (name == "SoftmaxCrossEntropyWithLogits") return BuiltinOp::SoftmaxCrossEntropyWithLogits;
  REQUIRE(name == "SparseSoftmaxCrossEntropyWithLogits");
  return BuiltinOp::SparseSoftmaxCrossEntropyWithLogits;
}

std::string printed(const std::vector<std::string_view>& literals) {
  std::string out;
  for (const std::string_view l : literals) {
    if (!out.empty()) out += " | ";
    out += tfmc::sem::format_tensor(literal(l));
  }
  return out;
}

}  // namespace

TEST_CASE("softmax ops give TensorFlow's bits", "[cpu_evaluator][softmax]") {
  REQUIRE(cases().size() == 210);
  for (const SoftmaxCase& c : cases()) {
    INFO(c.op << " of " << c.args[0]);
    CHECK(run(op_named(c.op), c.args) == printed(c.results));
  }
}

TEST_CASE("Softmax and LogSoftmax refuse what TensorFlow's kernels refuse",
          "[cpu_evaluator][softmax]") {
  for (const BuiltinOp op : {BuiltinOp::Softmax, BuiltinOp::LogSoftmax}) {
    CHECK(run(op, {"f32{1}"}) == "Error(shape)");
    CHECK(run(op, {"i32[2]{1, 2}"}) == "Error(type)");
    CHECK(run(op, {"f64[2]{1, 2}"}) == "Error(type)");
    CHECK(run(op, {"f32[0]{}"}) == "f32[0]{}");
    CHECK(run(op, {"f32[2,0]{}"}) == "f32[2,0]{}");
    CHECK(run(op, {"f32[0,3]{}"}) == "f32[0,3]{}");
  }
  // oneDNN, which runs TensorFlow's f32 Softmax, takes ranks 1 to 5; LogSoftmax any rank.
  CHECK(run(BuiltinOp::Softmax, {"f32[1,1,1,1,1,1]{3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Softmax, {"f32[1,1,1,1,2]{3, 3}"}) == "f32[1,1,1,1,2]{0.5, 0.5}");
  CHECK(run(BuiltinOp::LogSoftmax, {"f32[1,1,1,1,1,1]{3}"}) == "f32[1,1,1,1,1,1]{0}");
}

TEST_CASE("SoftmaxCrossEntropyWithLogits broadcasts to a matrix as TensorFlow's kernel does",
          "[cpu_evaluator][softmax]") {
  const auto xent = BuiltinOp::SoftmaxCrossEntropyWithLogits;
  // Labels [3] and [2,1] stretch over the rows and the classes; the loss is per row.
  CHECK(run(xent, {"f32[2,2]{0, 0, 0, 0}", "f32[2]{1, 0}"}) ==
        run(xent, {"f32[2,2]{0, 0, 0, 0}", "f32[2,2]{1, 0, 1, 0}"}));
  CHECK(run(xent, {"f32[1,2]{0, 0}", "f32[2,1]{1, 0}"}) ==
        "f32[2]{1.3862944, 0} | f32[2,2]{-0.5, -0.5, 0.5, 0.5}");
  CHECK(run(xent, {"f32[2]{0, 0}", "f32[2,2]{1, 0, 0, 1}"}) ==
        "f32[2]{0.6931472, 0.6931472} | f32[2,2]{-0.5, 0.5, 0.5, -0.5}");
  CHECK(run(xent, {"f32[2]{0, 0}", "f32[2]{1, 0}"}) == "Error(shape)");
  CHECK(run(xent, {"f32[1,2,2]{0, 0, 0, 0}", "f32[2]{1, 0}"}) == "Error(shape)");
  CHECK(run(xent, {"f32[2,3]{0, 0, 0, 0, 0, 0}", "f32[2,4]{0, 0, 0, 0, 0, 0, 0, 0}"}) ==
        "Error(shape)");
  CHECK(run(xent, {"f32[2,2]{0, 0, 0, 0}", "f64[2,2]{1, 0, 1, 0}"}) == "Error(type)");
  CHECK(run(xent, {"f32[2,0]{}", "f32[2,0]{}"}) == "f32[2]{0, 0} | f32[2,0]{}");
  CHECK(run(xent, {"f32[0,3]{}", "f32[0,3]{}"}) == "f32[0]{} | f32[0,3]{}");
}

TEST_CASE("SparseSoftmaxCrossEntropyWithLogits refuses what TensorFlow's CPU kernel refuses",
          "[cpu_evaluator][softmax]") {
  const auto sparse = BuiltinOp::SparseSoftmaxCrossEntropyWithLogits;
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "i64[2]{1, 0}"}) ==
        "f32[2]{0.6931472, 0.6931472} | f32[2,2]{0.5, -0.5, -0.5, 0.5}");
  // A label outside [0, classes) is an InvalidArgument error of TensorFlow's CPU kernel.
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "i32[2]{2, 0}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "i64[2]{0, -1}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "f32[2]{0, 1}"}) == "Error(type)");
  CHECK(run(sparse, {"f64[2,2]{0, 0, 0, 0}", "i32[2]{0, 1}"}) == "Error(type)");
  CHECK(run(sparse, {"f32[1,2,2]{0, 0, 0, 0}", "i32[1]{0}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "i32[2,1]{0, 1}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[2,2]{0, 0, 0, 0}", "i32[3]{0, 1, 0}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[2,0]{}", "i32[2]{0, 0}"}) == "Error(shape)");
  CHECK(run(sparse, {"f32[0,3]{}", "i32[0]{}"}) == "f32[0]{} | f32[0,3]{}");
}
