// AddN's order past 9 terms, as TensorFlow's CPU kernel adds them (gpu_eval/cpu_tf_ops.h):
// the first n mod 8 terms (8 for a multiple of 8, 9 when n mod 8 is 1) left to right, then each
// group of 8 on its own before its sum joins the total. Values worked out by hand: in f32,
// 1e8 + 1 rounds back to 1e8 (the spacing there is 8), so whether the small terms are added
// to the large ones one by one or in a group shows. TensorFlow's own values are checked by
// testdata/graphdef/addn (tensorflow_valued_graphs_test.cpp).
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "cpu_evaluator_checks.h"

using namespace cpu_evaluator_checks;

namespace {

// AddN of `n` scalar terms: `first`, then `rest` repeated.
std::string add_n(std::vector<std::string> first, std::size_t n, const std::string& rest) {
  first.resize(n, rest);
  return run(BuiltinOp::AddN, std::vector<std::string_view>(first.begin(), first.end()));
}

}  // namespace

TEST_CASE("AddN adds past 9 terms in groups of 8", "[cpu_evaluator][tf_ops][addn]") {
  const std::string big = "f32{100000000}";
  const std::string minus_big = "f32{-100000000}";
  const std::string one = "f32{1}";
  // 10 terms: 1e8 + 1 (1e8), then the group -1e8 + 1 + ... + 1 (-1e8, the ones lost): 0;
  // left to right it would be 7.
  CHECK(add_n({big, one, minus_big}, 10, one) == "f32{0}");
  // 9 terms are left to right: 1e8 + 1 is 1e8, minus 1e8 is 0, plus six ones.
  CHECK(add_n({big, one, minus_big}, 9, one) == "f32{6}");
  // 16 terms: 8 left to right (1e8 and seven ones: 1e8), then the group of 8 (-1e8 and seven
  // ones: -1e8): 0.
  CHECK(add_n({big, one, one, one, one, one, one, one, minus_big}, 16, one) == "f32{0}");
  // 17 terms: 9 left to right (1e8 and eight ones: 1e8), then the group of 8: 0.
  CHECK(add_n({big, one, one, one, one, one, one, one, one, minus_big}, 17, one) == "f32{0}");
  // Integers wrap in any order.
  CHECK(add_n({"i32{2147483647}"}, 12, "i32{1}") == "i32{-2147483638}");
}
