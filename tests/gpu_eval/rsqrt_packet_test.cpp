// f32 Rsqrt (gpu_eval/eigen_rsqrt.h, cpu_transcendental_ops.h) against TensorFlow: every case of
// rsqrt_cases.inc, written by tools/tf/make_rsqrt_cases.py from tf.raw_ops.Rsqrt of
// TensorFlow 2.21 on the CPU together with the recording processor's rsqrtss approximations.
// - On any processor: Eigen's Newton step from the recorded approximation gives TensorFlow's
//   bits on the elements of whole 8-float packets, and 1 / sqrt on the rest.
// - tfmc's Rsqrt gives TensorFlow's bits for every case whose approximations this processor
//   gives too (all of them on a processor like the recording one; the approximation is the
//   processor maker's, and so are TensorFlow's bits).
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "gpu_eval/cpu_evaluator_checks.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/eigen_rsqrt.h"
#include "gpu_eval/flush_denormals.h"

using namespace cpu_evaluator_checks;
using tfmc::eval::cpu::make_tensor;
using tfmc::eval::cpu::store;
using tfmc::eval::cpu::view;
using tfmc::eval::eigen::rsqrt_approximation;
using tfmc::eval::eigen::rsqrt_newton_step;

namespace {

struct RsqrtCase {
  const char* x;
  const char* result;         // TensorFlow's
  const char* approximation;  // the recording processor's rsqrtss of each element of x
};

const std::vector<RsqrtCase>& cases() {
  static const std::vector<RsqrtCase> kCases = {
#include "rsqrt_cases.inc"
  };
  return kCases;
}

constexpr std::int64_t kFloatLanes = 8;

bool same_approximations(const Tensor& x, const Tensor& recorded) {
  const tfmc::eval::ScopedFlushDenormals as_evaluator;
  for (std::int64_t i = 0; i < x.size(); ++i) {
    const float mine = rsqrt_approximation(view<float>(x)[i]);
    const float theirs = view<float>(recorded)[i];
    if (std::bit_cast<std::uint32_t>(mine) != std::bit_cast<std::uint32_t>(theirs) &&
        !(std::isnan(mine) && std::isnan(theirs))) {
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("Rsqrt: the Newton step from the recorded approximation gives TensorFlow's bits",
          "[cpu_evaluator][rsqrt]") {
  REQUIRE(cases().size() == 42);
  const tfmc::eval::ScopedFlushDenormals as_evaluator;
  for (const RsqrtCase& c : cases()) {
    INFO("Rsqrt(" << c.x << ")");
    const Tensor x = literal(c.x);
    const Tensor approximation = literal(c.approximation);
    Tensor ours = make_tensor(DType::F32, x.shape);
    const std::int64_t packets = x.size() / kFloatLanes * kFloatLanes;
    for (std::int64_t i = 0; i < x.size(); ++i) {
      const float v = view<float>(x)[i];
      const float y = view<float>(approximation)[i];
      store<float>(ours, i, i < packets ? rsqrt_newton_step(v, y) : 1.0f / std::sqrt(v));
    }
    CHECK(tfmc::sem::format_tensor(ours) == tfmc::sem::format_tensor(literal(c.result)));
  }
}

TEST_CASE("Rsqrt gives TensorFlow's bits where this processor approximates alike",
          "[cpu_evaluator][rsqrt]") {
  int compared = 0;
  for (const RsqrtCase& c : cases()) {
    if (!same_approximations(literal(c.x), literal(c.approximation))) continue;
    INFO("Rsqrt(" << c.x << ")");
    CHECK(run(BuiltinOp::Rsqrt, {c.x}) == tfmc::sem::format_tensor(literal(c.result)));
    ++compared;
  }
  if (compared < static_cast<int>(cases().size())) {
    WARN("this processor's rsqrtss differs from the recording one's in "
         << cases().size() - compared << " of " << cases().size() << " cases");
  }
}

TEST_CASE("Rsqrt refuses what TensorFlow's kernel refuses", "[cpu_evaluator][rsqrt]") {
  CHECK(run(BuiltinOp::Rsqrt, {"i32[2]{1, 4}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Rsqrt, {"f32[0]{}"}) == "f32[0]{}");
  CHECK(run(BuiltinOp::Rsqrt, {"f64[2]{4, 0}"}) == "f64[2]{0.5, inf}");
}
