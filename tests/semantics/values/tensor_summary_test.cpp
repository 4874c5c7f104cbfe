// How reports show large tensors (semantics/values/tensor_summary.h): the threshold, the
// summary and digest forms, and where two tensors differ. Expected texts are written from the
// header's rules; digests are compared with each other, never with a stored number.
#include "semantics/values/tensor_summary.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

using test::literal;

// f32[R,C] holding 0, 1, 2, ... row-major.
eval::Tensor counting(int rows, int cols) {
  std::string text = "f32[" + std::to_string(rows) + "," + std::to_string(cols) + "]{";
  for (int i = 0; i < rows * cols; ++i) text += (i > 0 ? ", " : "") + std::to_string(i);
  return literal(text + "}");
}

}  // namespace

TEST_CASE("a tensor of more than 32 elements is large", "[values][summary]") {
  CHECK_FALSE(sem::is_large(literal("f32[32]{1}")));
  CHECK(sem::is_large(literal("f32[33]{1}")));
  CHECK(sem::is_large(literal("i32[2,3,6]{1}")));
  CHECK_FALSE(sem::is_large(literal("f64{1}")));
}

TEST_CASE("a large tensor summarizes as its type, first and last elements and digest",
          "[values][summary]") {
  const eval::Tensor t = counting(6, 6);
  const std::string digest = sem::tensor_digest(t);
  CHECK(digest.size() == 16);
  CHECK(digest.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(sem::summarize_tensor(t) ==
        "f32[6,6]{0, 1, 2, 3, ..., 34, 35} (36 elements, digest " + digest + ")");
  CHECK(sem::digest_tensor(t) == "f32[6,6] digest " + digest);
  CHECK(
      sem::summarize_tensor(literal("bool[40]{true}"))
          .starts_with("bool[40]{true, true, true, true, ..., true, true} (40 elements, digest "));
}

TEST_CASE("the digest tells dtypes, shapes and elements apart", "[values][summary]") {
  const std::string base = sem::tensor_digest(counting(6, 6));
  CHECK(sem::tensor_digest(counting(6, 6)) == base);
  CHECK(sem::tensor_digest(counting(4, 9)) != base);  // the same bytes in another shape
  eval::Tensor as_i32 = counting(6, 6);
  as_i32.dtype = eval::DType::I32;  // the same bytes as another dtype
  CHECK(sem::tensor_digest(as_i32) != base);
  eval::Tensor changed = counting(6, 6);
  changed.bytes[70] ^= 1;
  CHECK(sem::tensor_digest(changed) != base);
}

TEST_CASE("tensor_difference counts the differing elements and finds the first",
          "[values][summary]") {
  const eval::Tensor a = counting(6, 6);
  CHECK_FALSE(sem::tensor_difference(a, a).has_value());
  CHECK_FALSE(sem::tensor_difference(a, counting(4, 9)).has_value());  // another shape
  eval::Tensor b = a;
  const float changes[] = {7.5f, 40.0f};  // element 7 (0-based, [1,1]) and 20 ([3,2])
  std::memcpy(&b.bytes[7 * 4], &changes[0], 4);
  std::memcpy(&b.bytes[20 * 4], &changes[1], 4);
  const auto d = sem::tensor_difference(a, b);
  REQUIRE(d.has_value());
  CHECK(d->count == 2);
  CHECK(d->total == 36);
  CHECK(d->largest == 20.0);  // |40 - 20|
  CHECK(d->first == std::vector<std::int64_t>{1, 1});
  CHECK(sem::describe_difference(*d, eval::DType::F32) ==
        "in 2 of 36 elements: largest absolute difference 20, first at [1,1]");
  // -0 against +0 differs by its bits with an absolute difference of 0; NaN against NaN is
  // one value; NaN against a number makes the largest difference nan.
  const auto zeros = sem::tensor_difference(literal("f64[2]{0, nan}"), literal("f64[2]{-0, nan}"));
  REQUIRE(zeros.has_value());
  CHECK(zeros->count == 1);
  CHECK(zeros->largest == 0.0);
  CHECK(zeros->first == std::vector<std::int64_t>{0});
  const auto nan = sem::tensor_difference(literal("f32[2]{1, 1}"), literal("f32[2]{nan, 3}"));
  REQUIRE(nan.has_value());
  CHECK(nan->count == 2);
  CHECK(std::isnan(nan->largest));
  const auto ints = sem::tensor_difference(literal("i64[3]{0, 5, 9}"), literal("i64[3]{0, -5, 9}"));
  REQUIRE(ints.has_value());
  CHECK(ints->largest_integer == 10);
  // Integers differ exactly, where f64 would round both to the same number.
  const auto big = sem::tensor_difference(literal("i64[2]{4611686018427387904, 0}"),
                                          literal("i64[2]{4611686018427387905, 0}"));
  REQUIRE(big.has_value());
  CHECK(big->largest_integer == 1);
  CHECK(sem::describe_difference(*big, eval::DType::I64) ==
        "in 1 of 2 elements: largest absolute difference 1, first at [0]");
  const auto extremes = sem::tensor_difference(literal("i64[1]{-9223372036854775808}"),
                                               literal("i64[1]{9223372036854775807}"));
  REQUIRE(extremes.has_value());
  CHECK(extremes->largest_integer == 18446744073709551615u);
  CHECK(ints->first == std::vector<std::int64_t>{1});
}
