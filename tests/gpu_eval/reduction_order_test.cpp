// Sum, Mean, Prod, BiasAddGrad (gpu_eval/cpu_reductions.h) and Cumsum (cpu_cumsum.h) against
// TensorFlow: every case of reduction_cases.inc, written by tools/tf/make_reduction_cases.py
// from TensorFlow 2.21's CPU kernels with one intra-op thread, gives TensorFlow's result
// (compared as printed, so bit for bit up to NaN payloads, which tfmc does not distinguish).
// The inputs of most cases are generated here exactly as the script generates them, from the
// case's seed; and the arguments TensorFlow refuses give the errors of the contract.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"
#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct ReductionCase {
  const char* op;
  const char* dtype;
  std::vector<std::int64_t> shape;
  const char* second;  // the axes or axis argument; nullptr: the one-argument form
  std::vector<std::pair<const char*, const char*>> attrs;
  std::uint32_t seed;
  const char* input;  // nullptr: generated from the seed
  const char* expected;
};

const std::vector<ReductionCase>& cases() {
  static const std::vector<ReductionCase> kCases = {
#include "reduction_cases.inc"
  };
  return kCases;
}

// make_reduction_cases.py's mix and generated, element by element.
std::uint32_t mix(std::uint32_t i, std::uint32_t seed) {
  std::uint32_t h = i * 2654435761u + seed * 40503u + 1u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return h;
}

eval::Tensor generated(const ReductionCase& c) {
  const auto dtype = eval::dtype_from_name(c.dtype);
  REQUIRE(dtype.has_value());
  eval::Tensor t = eval::cpu::make_tensor(*dtype, c.shape);
  const bool product = std::string(c.op) == "Prod";
  for (std::int64_t i = 0; i < t.size(); ++i) {
    const std::uint32_t h = mix(static_cast<std::uint32_t>(i), c.seed);
    const double sign = (h >> 31) != 0 ? -1.0 : 1.0;
    const std::int64_t integer = static_cast<std::int64_t>(h % 2001) - 1000;
    const double real = product ? sign * (0.875 + std::ldexp(h & 0xFFFFu, -18))
                                : sign * std::ldexp((h & 0xFFFFFu) | 0x100000u,
                                                    static_cast<int>((h >> 20) & 7u) - 44);
    switch (*dtype) {
      case eval::DType::F32:
        eval::cpu::store<float>(t, i, static_cast<float>(real));
        break;
      case eval::DType::F64:
        eval::cpu::store<double>(t, i, real);
        break;
      case eval::DType::I32:
        eval::cpu::store<std::int32_t>(t, i, static_cast<std::int32_t>(integer));
        break;
      case eval::DType::I64:
        eval::cpu::store<std::int64_t>(t, i, integer);
        break;
      case eval::DType::Bool:
        FAIL("no bool cases");
    }
  }
  return t;
}

using test::literal;

// `op` {attrs} on `arguments`.
eval::EvalResult evaluate(const std::string& op, const std::vector<eval::Tensor>& arguments,
                          const std::vector<std::pair<const char*, const char*>>& attrs = {}) {
  return test::evaluate_function(op, attrs, arguments);
}

std::string result_text(const eval::EvalResult& r) {
  REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
  const auto& tensors = std::get<std::vector<eval::Tensor>>(r);
  REQUIRE(tensors.size() == 1);
  return sem::format_tensor(tensors[0]);
}

}  // namespace

TEST_CASE("Sum, Mean, Prod, BiasAddGrad and Cumsum give TensorFlow's bits in every case",
          "[reductions]") {
  REQUIRE(cases().size() == 465);
  for (const ReductionCase& c : cases()) {
    std::vector<eval::Tensor> arguments{c.input != nullptr ? literal(c.input) : generated(c)};
    REQUIRE(arguments[0].shape == c.shape);
    if (c.second != nullptr) arguments.push_back(literal(c.second));
    INFO(c.op << " of " << c.dtype << " seed " << c.seed << " shape rank " << c.shape.size()
              << " second argument " << (c.second != nullptr ? c.second : "none"));
    CHECK(result_text(evaluate(c.op, arguments, c.attrs)) ==
          sem::format_tensor(literal(c.expected)));
  }
}

TEST_CASE("Mean and Prod take Sum's forms and errors", "[reductions]") {
  const eval::Tensor x = literal("f32[2,3]{1, 2, 3, 4, 5, 6}");
  for (const char* op : {"Mean", "Prod"}) {
    INFO(op);
    CHECK(std::get<eval::ErrorKind>(evaluate(op, {literal("bool[1]{true}")})) ==
          eval::ErrorKind::Type);
    CHECK(std::get<eval::ErrorKind>(evaluate(op, {x, literal("i32[2]{0, -2}")})) ==
          eval::ErrorKind::Shape);
    CHECK(std::get<eval::ErrorKind>(evaluate(op, {x, literal("i32[1]{2}")})) ==
          eval::ErrorKind::Shape);
    CHECK(std::get<eval::ErrorKind>(evaluate(op, {x, literal("f32[1]{0}")})) ==
          eval::ErrorKind::Type);
  }
  CHECK(result_text(evaluate("Mean", {x, literal("i32[1]{0}")}, {{"keep_dims", "true"}})) ==
        "f32[1,3]{2.5, 3.5, 4.5}");
  CHECK(result_text(evaluate("Prod", {x, literal("i64{-1}")})) == "f32[2]{6, 120}");
  CHECK(result_text(evaluate("Mean", {literal("i32[2]{-3, 0}")})) == "i32{-1}");
}

TEST_CASE("BiasAddGrad and Cumsum refuse what TensorFlow's kernels refuse", "[reductions]") {
  const auto error = [](const eval::EvalResult& r) {
    REQUIRE(std::holds_alternative<eval::ErrorKind>(r));
    return std::get<eval::ErrorKind>(r);
  };
  // BiasAddGrad needs rank 2 or more and numbers.
  CHECK(error(evaluate("BiasAddGrad", {literal("f32[2]{1, 2}")})) == eval::ErrorKind::Shape);
  CHECK(error(evaluate("BiasAddGrad", {literal("bool[2,1]{true}")})) == eval::ErrorKind::Type);
  // NCHW at rank 2 is channels last, as in TensorFlow.
  CHECK(result_text(evaluate("BiasAddGrad", {literal("f32[2,2]{1, 2, 3, 4}")},
                             {{"data_format", "NCHW"}})) == "f32[2]{4, 6}");
  CHECK(result_text(evaluate("BiasAddGrad", {literal("f32[1,2,2]{1, 2, 3, 4}")},
                             {{"data_format", "NCHW"}})) == "f32[2]{3, 7}");
  // Cumsum's axis: a scalar i32 or i64 within the rank; x not bool.
  const eval::Tensor x = literal("f32[2,2]{1, 2, 3, 4}");
  CHECK(result_text(evaluate("Cumsum", {x, literal("i64{-1}")}, {{"reverse", "true"}})) ==
        "f32[2,2]{3, 2, 7, 4}");
  CHECK(error(evaluate("Cumsum", {x, literal("i32{2}")})) == eval::ErrorKind::Shape);
  CHECK(error(evaluate("Cumsum", {x, literal("i32[1]{0}")})) == eval::ErrorKind::Shape);
  CHECK(error(evaluate("Cumsum", {x, literal("f32{0}")})) == eval::ErrorKind::Type);
  CHECK(error(evaluate("Cumsum", {literal("f32{1}"), literal("i32{0}")})) ==
        eval::ErrorKind::Shape);
  CHECK(error(evaluate("Cumsum", {literal("bool[1]{true}"), literal("i32{0}")})) ==
        eval::ErrorKind::Type);
}

TEST_CASE("BiasAddGrad's data_format is NHWC or NCHW, checked when the file is read",
          "[reductions]") {
  sem::Attr a;
  a.key = "data_format";
  a.value.kind = sem::AttrValue::Kind::Name;
  a.value.name = "NCDHW";
  sem::ValueStore values;
  sem::DiagnosticList diags("t.tfg", "");
  CHECK_FALSE(sem::make_builtin_function("BiasAddGrad", {a}, 1, {}, values, diags).has_value());
  CHECK(diags.render().find("NHWC or NCHW") != std::string::npos);
}

TEST_CASE("the new ops' term heads show their attributes that differ from the defaults",
          "[reductions]") {
  const auto head = [](const std::string& op, std::vector<std::pair<const char*, const char*>> kv,
                       std::size_t arguments) {
    std::vector<sem::Attr> list;
    for (const auto& [key, value] : kv) {
      sem::Attr a;
      a.key = key;
      if (std::string(key) == "axis") {
        a.value.kind = sem::AttrValue::Kind::Integer;
        a.value.integer = std::stoll(value);
      } else {
        a.value.kind = sem::AttrValue::Kind::Name;
        a.value.name = value;
      }
      list.push_back(a);
    }
    sem::ValueStore values;
    sem::DiagnosticList diags("t.tfg", "");
    const auto f = sem::make_builtin_function(op, list, arguments, {}, values, diags);
    INFO(diags.render());
    REQUIRE(f.has_value());
    return f->head;
  };
  // Like Sum's, a reduction's axis shows whenever it is given, 0 included.
  CHECK(head("Mean", {{"axis", "0"}}, 1) == "Mean{axis=0}");
  CHECK(head("Prod", {{"keep_dims", "true"}}, 2) == "Prod{keep_dims=true}");
  CHECK(head("BiasAddGrad", {{"data_format", "NHWC"}}, 1) == "BiasAddGrad");
  CHECK(head("BiasAddGrad", {{"data_format", "NCHW"}}, 1) == "BiasAddGrad{data_format=NCHW}");
  CHECK(head("Cumsum", {{"reverse", "true"}, {"exclusive", "false"}}, 2) == "Cumsum{reverse=true}");
}
