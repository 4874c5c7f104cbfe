// Test helpers: .tfg literals written in expected outcomes, and tensors read from literals.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "gpu_eval/tensor.h"
#include "semantics/values/tensor_text.h"

namespace tfmc::test {

// The canonical literal of the i32 scalar `v`, as tfmc prints it: `i32{V}`.
inline std::string i32(long long v) { return "i32{" + std::to_string(v) + "}"; }

// The tensor a whole literal such as `f32[2]{1, -0}` stands for; a literal that does not parse
// to its end fails the test, with the parser's error.
inline eval::Tensor literal(std::string_view text) {
  const sem::LiteralParse parse = sem::parse_tensor_literal(text);
  INFO(text << ": " << parse.error);
  REQUIRE(parse.tensor.has_value());
  REQUIRE(parse.consumed == text.size());
  return *parse.tensor;
}

}  // namespace tfmc::test
