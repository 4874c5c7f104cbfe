// Pow (gpu_eval/cpu_pow.h) against TensorFlow: every case of pow_cases.inc, written by
// tools/tf/make_pow_cases.py from tf.raw_ops.Pow of TensorFlow 2.21 on the CPU, gives
// TensorFlow's bits (f32, f64) or its error (i32, i64), in whole packets and in tails, with
// scalars and broadcasts;
// the blocks of a large broadcast fall where TensorFlow's do; the arguments TensorFlow's
// kernel refuses give Error(type) or Error(shape).
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_evaluator_checks.h"
#include "gpu_eval/cpu_pow.h"

using namespace cpu_evaluator_checks;
using tfmc::sem::format_element;

namespace {

struct PowCase {
  const char* x;
  const char* y;
  const char* result;  // TensorFlow's, or the error tfmc gives for TensorFlow's
};

struct TiledCase {
  const char* x;
  const char* y;
  const char* elements;  // TensorFlow's result at some elements: INDEX:VALUE ...
};

const std::vector<PowCase>& cases() {
  static const std::vector<PowCase> kCases = {
#define POW_CASE(x, y, result) {x, y, result},
#include "pow_cases.inc"
#undef POW_CASE
  };
  return kCases;
}

const std::vector<TiledCase>& tiled_cases() {
  static const std::vector<TiledCase> kCases = {
#define POW_TILED_CASE(x, y, elements) {x, y, elements},
#include "pow_cases.inc"
#undef POW_TILED_CASE
  };
  return kCases;
}

std::string expected(const char* result) {
  const std::string r = result;
  return r.starts_with("Error(") ? r : tfmc::sem::format_tensor(literal(r));
}

// The elements of the broadcast of x and y that TensorFlow computes outside whole packets.
std::vector<std::int64_t> scalar_elements(const tfmc::eval::cpu::Shape& x,
                                          const tfmc::eval::cpu::Shape& y,
                                          DType dtype = DType::F32) {
  const std::vector<bool> packet = tfmc::eval::cpu::pow_packet_elements(x, y, dtype);
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < packet.size(); ++i) {
    if (!packet[i]) out.push_back(static_cast<std::int64_t>(i));
  }
  return out;
}

std::vector<std::int64_t> span(std::int64_t first, std::int64_t last) {
  std::vector<std::int64_t> out;
  for (std::int64_t i = first; i <= last; ++i) out.push_back(i);
  return out;
}

}  // namespace

TEST_CASE("Pow gives TensorFlow's bits and errors", "[cpu_evaluator][pow]") {
  REQUIRE(cases().size() == 118);
  for (const PowCase& c : cases()) {
    INFO("Pow(" << c.x << ", " << c.y << ")");
    CHECK(run(BuiltinOp::Pow, {c.x, c.y}) == expected(c.result));
  }
}

TEST_CASE("Pow of a broadcast past one block gives TensorFlow's bits at the block edges",
          "[cpu_evaluator][pow]") {
  REQUIRE(tiled_cases().size() == 3);
  for (const TiledCase& c : tiled_cases()) {
    INFO("Pow(" << c.x << ", " << c.y << ")");
    const Tensor x = literal(c.x);
    const Tensor y = literal(c.y);
    const std::vector<const Tensor*> args = {&x, &y};
    const EvalResult r = CpuEvaluator{}.evaluate(BuiltinOp::Pow, {}, args);
    REQUIRE(std::holds_alternative<std::vector<Tensor>>(r));
    const Tensor& out = std::get<std::vector<Tensor>>(r).front();
    std::istringstream elements(c.elements);
    std::string item;
    int checked = 0;
    while (elements >> item) {
      const std::size_t colon = item.find(':');
      const std::int64_t i = std::stoll(item.substr(0, colon));
      INFO("element " << i);
      const std::string dtype = out.dtype == DType::F64 ? "f64" : "f32";
      CHECK(format_element(out, i) ==
            format_element(literal(dtype + "{" + item.substr(colon + 1) + "}"), 0));
      ++checked;
    }
    CHECK(checked >= 10);
  }
}

TEST_CASE("Pow's packets are TensorFlow's: one run, or the blocks of a broadcast",
          "[cpu_evaluator][pow]") {
  // Equal shapes, a scalar and a broadcast that collapses to one dimension: one run, whose
  // elements past the last multiple of 8 are not in packets.
  CHECK(scalar_elements({21}, {21}) == span(16, 20));
  CHECK(scalar_elements({3, 7}, {}) == span(16, 20));
  CHECK(scalar_elements({}, {2, 2}) == span(0, 3));
  CHECK(scalar_elements({}, {2, 4}) == std::vector<std::int64_t>{});
  CHECK(scalar_elements({1, 21}, {21}) == span(16, 20));
  CHECK(scalar_elements({3, 7}, {1, 1}) == span(16, 20));
  // Two collapsed dimensions of at most 11,851 elements: one block, one run.
  CHECK(scalar_elements({3, 7}, {7}) == span(16, 20));
  CHECK(scalar_elements({11, 999}, {999}) == span(10984, 10988));
  // Past it: blocks of ceil(11851 / 999) = 12 rows, each a run (11,988 elements, 4 left
  // over), then the last row alone.
  std::vector<std::int64_t> want = span(11984, 11987);
  for (std::int64_t i : span(12980, 12986)) want.push_back(i);
  CHECK(scalar_elements({13, 999}, {999}) == want);
  CHECK(scalar_elements({13, 1}, {1, 999}) == want);
  // Three collapsed dimensions, one operand broadcast: blocks of 20,000 elements, so each row
  // of 40,001 is two whole blocks and one element alone.
  want.clear();
  for (std::int64_t row = 0; row < 6; ++row) want.push_back(row * 40001 + 40000);
  CHECK(scalar_elements({2, 3, 40001}, {3, 1}) == want);
  // f64: packets of 4, blocks of 5,925 (two broadcast operands) or 10,000 (one) elements.
  CHECK(scalar_elements({7}, {7}, DType::F64) == span(4, 6));
  want = {5992, 5993, 6990, 6991, 6992};  // 6 rows of 999, then the last row
  CHECK(scalar_elements({7, 1}, {999}, DType::F64) == want);
  want.clear();
  for (std::int64_t row = 0; row < 6; ++row) want.push_back(row * 20001 + 20000);
  CHECK(scalar_elements({2, 3, 20001}, {3, 1}, DType::F64) == want);
  // Integer Pow has no packets.
  CHECK(scalar_elements({8}, {8}, DType::I32) == span(0, 7));
  // Nothing to compute, or shapes that do not broadcast.
  CHECK(tfmc::eval::cpu::pow_packet_elements({0, 3}, {3}, DType::F32).empty());
  CHECK(tfmc::eval::cpu::pow_packet_elements({2}, {3}, DType::F32).empty());
}

TEST_CASE("Pow refuses what TensorFlow's kernel refuses", "[cpu_evaluator][pow]") {
  CHECK(run(BuiltinOp::Pow, {"bool{true}", "bool{true}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Pow, {"f32{2}", "f64{2}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Pow, {"i32{2}", "f32{2}"}) == "Error(type)");
  CHECK(run(BuiltinOp::Pow, {"f32[2]{1, 2}", "f32[3]{1, 2, 3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::Pow, {"f32[2,0]{}", "f32[2,1]{1, 2}"}) == "f32[2,0]{}");
}
