// Exp, Log, Sigmoid and Tanh (gpu_eval/cpu_transcendental_ops.h) against TensorFlow: every
// case of transcendental_cases.inc, written by tools/tf/make_transcendental_cases.py from
// tf.raw_ops of TensorFlow 2.21 on the CPU, gives TensorFlow's bits, in whole packets and in
// tails; and the arguments TensorFlow's kernels refuse give Error(type).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "gpu_eval/cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

namespace {

struct TranscendentalCase {
  const char* op;
  const char* x;
  const char* result;  // TensorFlow's
};

const std::vector<TranscendentalCase>& cases() {
  static const std::vector<TranscendentalCase> kCases = {
#include "transcendental_cases.inc"
  };
  return kCases;
}

BuiltinOp op_named(const std::string& name) {
  if (name == "Exp") return BuiltinOp::Exp;
  if (name == "Log") return BuiltinOp::Log;
  if (name == "Sigmoid") return BuiltinOp::Sigmoid;
  REQUIRE(name == "Tanh");
  return BuiltinOp::Tanh;
}

}  // namespace

TEST_CASE("transcendental ops give TensorFlow's bits", "[cpu_evaluator][transcendental]") {
  REQUIRE(cases().size() == 146);
  for (const TranscendentalCase& c : cases()) {
    INFO(c.op << "(" << c.x << ")");
    CHECK(run(op_named(c.op), {c.x}) == tfmc::sem::format_tensor(literal(c.result)));
  }
}

TEST_CASE("transcendental ops refuse what TensorFlow's kernels refuse",
          "[cpu_evaluator][transcendental]") {
  for (const BuiltinOp op : {BuiltinOp::Exp, BuiltinOp::Log, BuiltinOp::Sigmoid, BuiltinOp::Tanh}) {
    CHECK(run(op, {"i32[2]{1, 2}"}) == "Error(type)");
    CHECK(run(op, {"bool{true}"}) == "Error(type)");
    CHECK(run(op, {"f32[0]{}"}) == "f32[0]{}");
    CHECK(run(op, {"f32[2,0]{}"}) == "f32[2,0]{}");
  }
}
