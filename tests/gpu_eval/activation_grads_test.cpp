// RsqrtGrad, SigmoidGrad and TanhGrad (gpu_eval/cpu_activation_grads.h) against TensorFlow:
// every case of activation_grad_cases.inc, written by tools/tf/make_activation_grad_cases.py
// from tf.raw_ops of TensorFlow 2.21 on the CPU, gives TensorFlow's bits; and the arguments
// TensorFlow's kernels refuse give the errors of the contract.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

namespace {

struct GradCase {
  const char* op;
  const char* y;
  const char* dy;
  const char* result;  // TensorFlow's
};

const std::vector<GradCase>& cases() {
  static const std::vector<GradCase> kCases = {
#include "activation_grad_cases.inc"
  };
  return kCases;
}

BuiltinOp op_named(const std::string& name) {
  if (name == "RsqrtGrad") return BuiltinOp::RsqrtGrad;
  if (name == "SigmoidGrad") return BuiltinOp::SigmoidGrad;
  REQUIRE(name == "TanhGrad");
  return BuiltinOp::TanhGrad;
}

}  // namespace

TEST_CASE("activation gradients give TensorFlow's bits", "[cpu_evaluator][activation_grads]") {
  REQUIRE(cases().size() == 60);
  for (const GradCase& c : cases()) {
    INFO(c.op << "(" << c.y << ", " << c.dy << ")");
    CHECK(run(op_named(c.op), {c.y, c.dy}) == tfmc::sem::format_tensor(literal(c.result)));
  }
}

TEST_CASE("activation gradients refuse what TensorFlow's kernels refuse",
          "[cpu_evaluator][activation_grads]") {
  for (const BuiltinOp op : {BuiltinOp::RsqrtGrad, BuiltinOp::SigmoidGrad, BuiltinOp::TanhGrad}) {
    // TensorFlow has no integer kernels, and the two arguments share a dtype and a shape.
    CHECK(run(op, {"i32[2]{1, 2}", "i32[2]{1, 2}"}) == "Error(type)");
    CHECK(run(op, {"bool{true}", "bool{true}"}) == "Error(type)");
    CHECK(run(op, {"f32[2]{1, 2}", "f64[2]{1, 2}"}) == "Error(type)");
    CHECK(run(op, {"f32[2]{1, 2}", "f32{1}"}) == "Error(shape)");
    CHECK(run(op, {"f32[2]{1, 2}", "f32[1,2]{1, 2}"}) == "Error(shape)");
    CHECK(run(op, {"f32[0]{}", "f32[0]{}"}) == "f32[0]{}");
  }
}
