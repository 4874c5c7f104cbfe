// Tensor literal printing and parsing: Python-repr float layout, canonical tensor text, the
// literal grammar, its errors and offsets, and exact print/parse round trips.
#include "semantics/values/tensor_text.h"

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using tfmc::eval::DType;
using tfmc::eval::Tensor;
using tfmc::sem::format_float;
using tfmc::sem::format_tensor;
using tfmc::sem::LiteralParse;
using tfmc::sem::looks_like_tensor_literal;
using tfmc::sem::parse_tensor_literal;

std::string f32(float v) { return format_float(v, DType::F32); }
std::string f64(double v) { return format_float(v, DType::F64); }

// Parses `text`, which must be exactly one valid literal, and prints it back.
std::string reprint(std::string_view text) {
  const LiteralParse p = parse_tensor_literal(text);
  INFO(text << ": " << p.error);
  REQUIRE(p.tensor.has_value());
  CHECK(p.consumed == text.size());
  CHECK(p.error.empty());
  return format_tensor(*p.tensor);
}

// The error offset of `text`, which must be rejected.
std::size_t error_at(std::string_view text) {
  const LiteralParse p = parse_tensor_literal(text);
  INFO(text);
  REQUIRE_FALSE(p.tensor.has_value());
  CHECK_FALSE(p.error.empty());
  return p.error_offset;
}

std::string error_of(std::string_view text) {
  const LiteralParse p = parse_tensor_literal(text);
  INFO(text);
  REQUIRE_FALSE(p.tensor.has_value());
  return p.error;
}

template <class T>
T scalar_value(std::string_view text) {
  const LiteralParse p = parse_tensor_literal(text);
  INFO(text << ": " << p.error);
  REQUIRE(p.tensor.has_value());
  REQUIRE(p.tensor->bytes.size() == sizeof(T));
  T v;
  std::memcpy(&v, p.tensor->bytes.data(), sizeof(T));
  return v;
}

template <class T>
Tensor scalar(DType dtype, T v) {
  Tensor t{dtype, {}, std::vector<std::uint8_t>(sizeof(T))};
  std::memcpy(t.bytes.data(), &v, sizeof(T));
  return t;
}

}  // namespace

TEST_CASE("format_float lays floats out like Python's repr", "[tensor_text]") {
  CHECK(f32(0.1f) == "0.1");
  CHECK(f64(0.1) == "0.1");
  CHECK(f64(0.1 + 0.2) == "0.30000000000000004");
  CHECK(f64(static_cast<double>(0.1f)) == "0.10000000149011612");
  CHECK(f64(1e16) == "1e+16");
  CHECK(f32(1e16f) == "1e+16");
  CHECK(f64(1234567890123456.0) == "1234567890123456");
  CHECK(f64(9999999999999998.0) == "9999999999999998");
  CHECK(f64(1e15) == "1000000000000000");
  CHECK(f64(0.0001) == "0.0001");
  CHECK(f64(0.00012345) == "0.00012345");
  CHECK(f64(0.00001) == "1e-05");
  CHECK(f64(1.5e-05) == "1.5e-05");
  CHECK(f64(-2.5e20) == "-2.5e+20");
  CHECK(f64(1e22) == "1e+22");
  CHECK(f64(1e100) == "1e+100");
  CHECK(f64(123.456) == "123.456");
  CHECK(f64(12345678.9) == "12345678.9");
  CHECK(f64(1.0) == "1");
  CHECK(f64(100.0) == "100");
  CHECK(f64(-0.5) == "-0.5");
  CHECK(f64(std::ldexp(1.0, 63)) == "9.223372036854776e+18");
  CHECK(f64(5e-324) == "5e-324");
  CHECK(f64(std::numeric_limits<double>::max()) == "1.7976931348623157e+308");
  CHECK(f64(std::numeric_limits<double>::min()) == "2.2250738585072014e-308");
  CHECK(f32(16777216.0f) == "16777216");
  CHECK(f32(100000000.0f) == "100000000");
  CHECK(f32(std::numeric_limits<float>::max()) == "3.4028235e+38");
  CHECK(f32(std::numeric_limits<float>::min()) == "1.1754944e-38");
  CHECK(f32(std::numeric_limits<float>::denorm_min()) == "1e-45");
  CHECK(f32(1.0f / 3.0f) == "0.33333334");
  CHECK(f32(0.0001f) == "0.0001");
  CHECK(f32(0.00001f) == "1e-05");
  CHECK(f32(-1.5f) == "-1.5");
  CHECK(f32(0.0f) == "0");
  CHECK(f32(-0.0f) == "-0");
  CHECK(f64(-0.0) == "-0");
  CHECK(f64(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(f64(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(f32(std::numeric_limits<float>::infinity()) == "inf");
  CHECK(f32(-std::numeric_limits<float>::infinity()) == "-inf");
  CHECK(f64(std::numeric_limits<double>::quiet_NaN()) == "nan");
  CHECK(f64(-std::numeric_limits<double>::quiet_NaN()) == "nan");
  CHECK(f32(std::bit_cast<float>(std::uint32_t{0xffc12345})) == "nan");
  CHECK(f64(std::bit_cast<double>(std::uint64_t{0x7ff0000000000001})) == "nan");
}

TEST_CASE("format_float agrees with Python's repr on sampled doubles", "[tensor_text]") {
  // Generated with CPython 3: repr(struct.unpack('<d', bits)[0]), trailing ".0" removed.
  const std::pair<std::uint64_t, const char*> cases[] = {
      {0xf2a74de452e6b438ULL, "-1.989032661366619e+244"},
      {0x6513270e269e0d37ULL, "7.761117632285041e+178"},
      {0x0c5c7fd0a6a3a450ULL, "3.980498358697587e-249"},
      {0xd23f0824128b2f33ULL, "-1.5432835417340557e+88"},
      {0x36f675cc81e74ef5ULL, "6.294675241195386e-44"},
      {0x3d9c172411e20b8fULL, "6.387016158513563e-12"},
      {0x95e60af593bd04cfULL, "-3.51527970626667e-203"},
      {0x3898d190f9ebdaccULL, "4.6678633181812096e-36"},
      {0x3e835c9121d3d24eULL, "1.4425508335743753e-07"},
      {0x3eb3c3235ab2b343ULL, "1.1779223807836836e-06"},
      {0x3f002c5f7a0bcd58ULL, "3.0848182410193436e-05"},
      {0x3f4abe2a02cb21b4ULL, "0.0008161263591200314"},
      {0x3fc7220ac1a61dbcULL, "0.18072637992393747"},
      {0x40ec6600861281c0ULL, "58160.01636624662"},
      {0x42cd0dee8493a534ULL, "63891346892618.41"},
      {0x42f52b18f3fd8634ULL, "372397542725731.25"},
      {0x433375b4f710239aULL, "5477444657095578"},
      {0x43364e9fbee8da5aULL, "6278897497332314"},
  };
  for (const auto& [bits, text] : cases) {
    CHECK(f64(std::bit_cast<double>(bits)) == text);
  }
}

TEST_CASE("format_tensor prints the canonical form", "[tensor_text]") {
  CHECK(format_tensor(scalar(DType::F32, 1.0f)) == "f32{1}");
  CHECK(format_tensor(scalar(DType::F64, -0.0)) == "f64{-0}");
  CHECK(format_tensor(scalar(DType::I32, std::int32_t{-7})) == "i32{-7}");
  CHECK(format_tensor(scalar(DType::I64, std::numeric_limits<std::int64_t>::min())) ==
        "i64{-9223372036854775808}");
  CHECK(format_tensor(scalar(DType::Bool, true)) == "bool{true}");
  CHECK(
      format_tensor(Tensor{DType::I32, {2, 2}, {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}}) ==
      "i32[2,2]{1, 2, 3, 4}");
  CHECK(format_tensor(Tensor{DType::Bool, {3}, {1, 0, 1}}) == "bool[3]{true, false, true}");
  CHECK(format_tensor(Tensor{DType::F32, {0}, {}}) == "f32[0]{}");
  CHECK(format_tensor(Tensor{DType::I64, {2, 0, 3}, {}}) == "i64[2,0,3]{}");
  CHECK(format_tensor(Tensor{DType::Bool, {1, 1}, {0}}) == "bool[1,1]{false}");
}

TEST_CASE("parse_tensor_literal reads the literal grammar", "[tensor_text]") {
  CHECK(reprint("f32{1}") == "f32{1}");
  CHECK(reprint("f32[]{2.5}") == "f32{2.5}");
  CHECK(reprint("i32[2,3]{1, 2, 3, 4, 5, 6}") == "i32[2,3]{1, 2, 3, 4, 5, 6}");
  CHECK(reprint("i64[2]{-9223372036854775808,9223372036854775807}") ==
        "i64[2]{-9223372036854775808, 9223372036854775807}");
  CHECK(reprint("bool[2]{true,false}") == "bool[2]{true, false}");
  CHECK(reprint("f64 [ 2 , 2 ] { 1 ,\t2,3 , 4 }") == "f64[2,2]{1, 2, 3, 4}");
  CHECK(reprint("f32\t{ -0 }") == "f32{-0}");
  CHECK(reprint("i32[3]{+1, -0, 007}") == "i32[3]{1, 0, 7}");
  CHECK(reprint("f64[6]{1., .5, 1e3, 1E-3, +2.5e+2, -7}") ==
        "f64[6]{1, 0.5, 1000, 0.001, 250, -7}");
  CHECK(reprint("f32[5]{inf, -inf, +inf, nan, -nan}") == "f32[5]{inf, -inf, inf, nan, nan}");
}

TEST_CASE("A one-element list fills the shape, and {} is only for zero elements", "[tensor_text]") {
  CHECK(reprint("f32[2,3]{0}") == "f32[2,3]{0, 0, 0, 0, 0, 0}");
  CHECK(reprint("bool[3]{true}") == "bool[3]{true, true, true}");
  CHECK(reprint("i64[1]{5}") == "i64[1]{5}");
  CHECK(reprint("f32[0]{}") == "f32[0]{}");
  CHECK(reprint("f32[0]{ }") == "f32[0]{}");
  CHECK(reprint("f32[3,0]{}") == "f32[3,0]{}");
  CHECK(reprint("f32[0]{7}") == "f32[0]{}");
  const LiteralParse big = parse_tensor_literal("f32[256,256]{0}");
  REQUIRE(big.tensor.has_value());
  CHECK(big.tensor->bytes == std::vector<std::uint8_t>(256 * 256 * 4, 0));
  CHECK(error_of("f32[2]{}") == "the shape holds 2 elements but 0 are listed");
  CHECK(error_at("f32[2]{}") == 6);
  CHECK(error_at("f32{}") == 3);
  CHECK(error_of("f32[3]{1, 2}") == "the shape holds 3 elements but 2 are listed");
  CHECK(error_at("f32[3]{1, 2}") == 11);
  CHECK(error_of("f32[2]{1, 2, 3}") == "too many elements: the shape holds 2");
  CHECK(error_at("f32[2]{1, 2, 3}") == 13);
  CHECK(error_at("f32{1, 2}") == 7);
  CHECK(error_at("f32[0]{1, 2}") == 10);
}

TEST_CASE("Hex floats and out-of-range floats", "[tensor_text]") {
  CHECK(scalar_value<float>("f32{0x1.8p1}") == 3.0f);
  CHECK(scalar_value<double>("f64{-0x1.8p1}") == -3.0);
  CHECK(scalar_value<double>("f64{0X1P-2}") == 0.25);
  CHECK(scalar_value<double>("f64{0x10}") == 16.0);
  CHECK(scalar_value<float>("f32{0x1.fffffep127}") == std::numeric_limits<float>::max());
  CHECK(scalar_value<float>("f32{0x1p-149}") == std::numeric_limits<float>::denorm_min());
  CHECK(scalar_value<double>("f64{0x1p-1074}") == std::numeric_limits<double>::denorm_min());
  CHECK(reprint("f32{0x1p-150}") == "f32{0}");
  CHECK(reprint("f32[2]{1e39, -1e39}") == "f32[2]{inf, -inf}");
  CHECK(reprint("f32{3.4028236e38}") == "f32{inf}");
  CHECK(reprint("f32{3.4028235e38}") == "f32{3.4028235e+38}");
  CHECK(reprint("f64[2]{1e400, -1e400}") == "f64[2]{inf, -inf}");
  CHECK(reprint("f64[2]{1e-400, -1e-400}") == "f64[2]{0, -0}");
  CHECK(reprint("f32{7e-46}") == "f32{0}");
  CHECK(reprint("f32{8e-46}") == "f32{1e-45}");
  CHECK(reprint("f32{0x1p128}") == "f32{inf}");
  // Read directly as f32: via f64 this would round to 1 + 2^-24 and then tie to even, 1.
  CHECK(reprint("f32{1.0000000596046448}") == "f32{1.0000001}");
}

TEST_CASE("Integer literals must fit their dtype", "[tensor_text]") {
  CHECK(reprint("i32[2]{2147483647, -2147483648}") == "i32[2]{2147483647, -2147483648}");
  CHECK(error_of("i32{2147483648}") == "integer 2147483648 is out of range for i32");
  CHECK(error_at("i32{2147483648}") == 4);
  CHECK(error_at("i32[2]{1, -2147483649}") == 10);
  CHECK(error_of("i64{9223372036854775808}") ==
        "integer 9223372036854775808 is out of range for i64");
  CHECK(error_at("i64{-9223372036854775809}") == 4);
  CHECK(error_at("i64{99999999999999999999999}") == 4);
}

TEST_CASE("Malformed literals are rejected where the problem is", "[tensor_text]") {
  CHECK(error_of("f16{1}") == "unknown dtype 'f16'");
  CHECK(error_at("f16{1}") == 0);
  CHECK(error_at("float{1}") == 0);
  CHECK(error_at("{1}") == 0);
  CHECK(error_at("") == 0);
  CHECK(error_of("i32{1.5}") == "malformed integer '1.5'");
  CHECK(error_at("i32{1.5}") == 4);
  CHECK(error_at("i32{1e3}") == 4);
  CHECK(error_at("i32{--1}") == 4);
  CHECK(error_at("i32{+-1}") == 4);
  CHECK(error_at("i32{-}") == 4);
  CHECK(error_at("i32{0x10}") == 4);
  CHECK(error_of("f32{1.2.3}") == "malformed number '1.2.3'");
  CHECK(error_at("f32[2]{1, 1.2.3}") == 10);
  CHECK(error_at("f32{--1}") == 4);
  CHECK(error_at("f32{1e}") == 4);
  CHECK(error_at("f32{1e+}") == 4);
  CHECK(error_at("f32{.}") == 4);
  CHECK(error_at("f32{0x}") == 4);
  CHECK(error_at("f32{0x1p}") == 4);
  CHECK(error_at("f32{infinity}") == 4);
  CHECK(error_at("f32{NaN}") == 4);
  CHECK(error_at("f32{abc}") == 4);
  CHECK(error_at("f32{true}") == 4);
  CHECK(error_of("bool{1}") == "expected true or false, not '1'");
  CHECK(error_at("bool[2]{true, yes}") == 14);
  CHECK(error_at("f32{,}") == 4);
  CHECK(error_of("f32[2]{1 2}") == "expected ',' or '}'");
  CHECK(error_at("f32[2]{1 2}") == 9);
  CHECK(error_at("f32[2]{1;2}") == 8);
  CHECK(error_at("f32 (2){1}") == 4);
  CHECK(error_at("f32[2]  x") == 8);
  CHECK(error_at("f32[-1]{}") == 4);
  CHECK(error_at("f32[2;3]{}") == 5);
  CHECK(error_at("f32[2,]{}") == 6);
}

TEST_CASE("Unterminated literals are errors at the end of the text", "[tensor_text]") {
  for (std::string_view text : {"f32", "f32 ", "f32[", "f32[2", "f32[2,", "f32[2]", "f32{", "f32{1",
                                "f32[2]{1,", "f32[2]{1, 2", "f32[2]{1, 2 "}) {
    CHECK(error_of(text) == "unterminated literal");
    CHECK(error_at(text) == text.size());
  }
}

TEST_CASE("Absurdly large literals are rejected", "[tensor_text]") {
  const std::string too_large =
      "tensor literal too large: its dimensions multiply to more than 16777216";
  CHECK(error_of("f32[16777217]{0}") == too_large);
  CHECK(error_at("f32[16777217]{0}") == 3);
  CHECK(error_of("f32[4096,4097]{0}") == too_large);
  CHECK(error_at("f32[4096,4097]{0}") == 3);
  CHECK(error_at("bool[65536,65536,65536,65536,65536]{true}") == 4);
  CHECK(error_of("f32[16777217,0]{}") == too_large);
  CHECK(error_of("f32[16777216,16777216,0]{}") == too_large);
  CHECK(error_of("f32[2, 99999999999999999999999]{0}") ==
        "dimension 99999999999999999999999 is too large");
  CHECK(error_at("f32[2, 99999999999999999999999]{0}") == 7);
  CHECK(reprint("f32[16777216,0]{}") == "f32[16777216,0]{}");
  CHECK(reprint("f32[0,4096,0,4096]{}") == "f32[0,4096,0,4096]{}");
  const LiteralParse largest = parse_tensor_literal("bool[4096,4096]{true}");
  REQUIRE(largest.tensor.has_value());
  CHECK(largest.tensor->bytes == std::vector<std::uint8_t>(std::size_t{1} << 24, 1));
}

TEST_CASE("Parsing stops after the closing brace", "[tensor_text]") {
  const LiteralParse p = parse_tensor_literal("f32{1}, rest");
  REQUIRE(p.tensor.has_value());
  CHECK(p.consumed == 6);
  const LiteralParse q = parse_tensor_literal("i32 [2] {1, 2}}x");
  REQUIRE(q.tensor.has_value());
  CHECK(q.consumed == 14);
  CHECK(format_tensor(*q.tensor) == "i32[2]{1, 2}");
}

TEST_CASE("looks_like_tensor_literal needs a word right before a shape or a brace",
          "[tensor_text]") {
  CHECK(looks_like_tensor_literal("f32{1}"));
  CHECK(looks_like_tensor_literal("f64[2]{1, 2}"));
  CHECK(looks_like_tensor_literal("i32{"));
  CHECK(looks_like_tensor_literal("i64["));
  CHECK(looks_like_tensor_literal("bool{true} rest"));
  CHECK_FALSE(looks_like_tensor_literal("f32"));
  CHECK_FALSE(looks_like_tensor_literal("f32 {1}"));
  CHECK(looks_like_tensor_literal("f16{1}"));  // an unknown dtype, reported by the parser
  CHECK(looks_like_tensor_literal("booleans{"));
  CHECK_FALSE(looks_like_tensor_literal("A"));
  CHECK_FALSE(looks_like_tensor_literal("3{1}"));
  CHECK_FALSE(looks_like_tensor_literal("{1}"));
  CHECK_FALSE(looks_like_tensor_literal(""));
}

TEST_CASE("Printing then parsing gives back the same bits", "[tensor_text]") {
  std::mt19937_64 rng(20240601);
  SECTION("random f32 bit patterns, subnormals included") {
    for (int i = 0; i < 20000; ++i) {
      const auto bits = static_cast<std::uint32_t>(rng());
      const float v = std::bit_cast<float>(i % 4 == 0 ? bits & 0x807fffffu : bits);
      const std::string text = "f32{" + format_float(v, DType::F32) + "}";
      const float back = scalar_value<float>(text);
      INFO(text);
      if (std::isnan(v)) {
        CHECK(std::isnan(back));
      } else {
        CHECK(std::bit_cast<std::uint32_t>(back) == std::bit_cast<std::uint32_t>(v));
      }
    }
  }
  SECTION("random f64 bit patterns, subnormals included") {
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t bits = rng();
      const double v = std::bit_cast<double>(i % 4 == 0 ? bits & 0x800fffffffffffffULL : bits);
      const std::string text = "f64{" + format_float(v, DType::F64) + "}";
      const double back = scalar_value<double>(text);
      INFO(text);
      if (std::isnan(v)) {
        CHECK(std::isnan(back));
      } else {
        CHECK(std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(v));
      }
    }
  }
  SECTION("whole tensors of every dtype") {
    for (std::string_view text :
         {"f32[2,2]{0.1, -0, 1e-45, 3.4028235e+38}", "f64[3]{0.30000000000000004, 5e-324, -inf}",
          "i32[2]{-2147483648, 2147483647}", "i64{-9223372036854775808}", "bool[2,1]{true, false}",
          "f32[0,5]{}", "f64{1e+16}", "f32{nan}"}) {
      CHECK(reprint(text) == text);
    }
  }
}
