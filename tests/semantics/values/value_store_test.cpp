// ValueStore: one id per distinct value, NaN as one value, -0 apart from +0, canonical text.
#include "semantics/values/value_store.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>

namespace {

using tfmc::eval::DType;
using tfmc::eval::ErrorKind;
using tfmc::eval::Tensor;
using tfmc::sem::ValueStore;

Tensor f32(std::vector<float> v, std::vector<std::int64_t> shape = {}) {
  Tensor t;
  t.dtype = DType::F32;
  t.shape = std::move(shape);
  t.bytes.resize(v.size() * 4);
  std::memcpy(t.bytes.data(), v.data(), t.bytes.size());
  return t;
}

}  // namespace

TEST_CASE("equal content gets one id, different content another", "[values]") {
  ValueStore s;
  const auto a = s.tensor(f32({1.5f}));
  CHECK(s.tensor(f32({1.5f})) == a);
  CHECK(s.tensor(f32({1.5f}, {1})) != a);  // shape is part of the value
  CHECK(s.symbol("A") == s.symbol("A"));
  CHECK(s.symbol("A") != s.symbol("B"));
  CHECK(s.error(ErrorKind::Shape) == s.error(ErrorKind::Shape));
  CHECK(s.error(ErrorKind::Shape) != s.error(ErrorKind::Type));
  CHECK(s.handle(0) != s.handle(1));
  CHECK(a >= 2);  // ids 0 and 1 are the EMPTY and GO sentinels
}

TEST_CASE("every NaN is one value and -0 is not +0", "[values]") {
  ValueStore s;
  const float quiet = std::numeric_limits<float>::quiet_NaN();
  std::uint32_t bits = 0x7fc00123;  // a NaN with a payload
  float payload;
  std::memcpy(&payload, &bits, 4);
  CHECK(s.tensor(f32({quiet})) == s.tensor(f32({payload})));
  CHECK(s.tensor(f32({quiet})) == s.tensor(f32({-quiet})));
  CHECK(s.tensor(f32({0.0f})) != s.tensor(f32({-0.0f})));
  CHECK(s.print(s.tensor(f32({-0.0f}))) == "f32{-0}");
  CHECK(s.print(s.tensor(f32({payload}))) == "f32{nan}");
}

TEST_CASE("terms print canonically and keep their result index apart", "[values]") {
  ValueStore s;
  const auto a = s.symbol("A");
  const auto b = s.symbol("B");
  const auto add = s.term("Add", -1, {a, s.tensor(f32({1}))});
  CHECK(s.print(add) == "Add(A, f32{1})");
  CHECK(s.print(s.term("Split{num=2}", 0, {a})) == "Split{num=2}.0(A)");
  // Result 1 of F and a function named `F.1` print alike but are different values.
  CHECK(s.term("F", 1, {a}) != s.term("F.1", -1, {a}));
  CHECK(s.print(s.term("F", 1, {a})) == s.print(s.term("F.1", -1, {a})));
  CHECK(s.term("H", -1, {a, b}) != s.term("H", -1, {b, a}));  // no algebra
  CHECK(s.print(s.error(ErrorKind::Uninitialized)) == "Error(uninitialized)");
  CHECK(s.print(tfmc::sem::kEmpty) == "EMPTY");
  CHECK(s.print(tfmc::sem::kGo) == "GO");
}
