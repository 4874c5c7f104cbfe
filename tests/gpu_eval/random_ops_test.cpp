// The stateless random ops (gpu_eval/cpu_random_ops.h) against TensorFlow: every case of
// random_op_cases.inc, written by tools/tf/make_random_cases.py from tf.raw_ops.StatelessRandom*
// of TensorFlow 2.21 on the CPU, gives TensorFlow's bits; the arguments TensorFlow's kernels
// refuse, and shapes too large to allocate, give the errors of the contract.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct RandomCase {
  const char* op;
  const char* dtype;  // the dtype attribute, "" for none
  std::vector<const char*> arguments;
  std::vector<const char*> results;  // TensorFlow's
};

const std::vector<RandomCase>& cases() {
  static const std::vector<RandomCase> kCases = {
#include "random_op_cases.inc"
  };
  return kCases;
}

// `op` {dtype=DTYPE} (no attribute when `dtype` is empty) on literal arguments.
eval::EvalResult evaluate(const std::string& op, const std::vector<std::string>& arguments,
                          const std::string& dtype = "") {
  std::vector<eval::Tensor> tensors;
  for (const std::string& a : arguments) tensors.push_back(test::literal(a));
  test::AttrTexts attrs;
  if (!dtype.empty()) attrs.emplace_back("dtype", dtype);
  const sem::Function f = test::catalog_function(op, attrs, tensors.size());
  const eval::EvalResult r = test::evaluate_function(op, attrs, tensors);
  if (const auto* got = std::get_if<std::vector<eval::Tensor>>(&r)) {
    CHECK(got->size() == static_cast<std::size_t>(f.outputs));
  }
  return r;
}

eval::ErrorKind error(const eval::EvalResult& r) {
  REQUIRE(std::holds_alternative<eval::ErrorKind>(r));
  return std::get<eval::ErrorKind>(r);
}

// The V2 uniform op on a well-formed key, counter and algorithm with one argument replaced.
eval::EvalResult uniform_v2(const char* shape, const char* key = "i64[1]{5}",
                            const char* counter = "i64[2]{6, 7}", const char* alg = "i32{1}",
                            const char* dtype = "f32") {
  return evaluate("StatelessRandomUniformV2", {shape, key, counter, alg}, dtype);
}

}  // namespace

TEST_CASE("each stateless random op gives TensorFlow's bits", "[random]") {
  REQUIRE(cases().size() == 143);
  for (const RandomCase& c : cases()) {
    std::vector<std::string> arguments(c.arguments.begin(), c.arguments.end());
    INFO(c.op << " {dtype=" << c.dtype << "} of " << fmt::format("{}", fmt::join(arguments, ", ")));
    const eval::EvalResult r = evaluate(c.op, arguments, c.dtype);
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const auto& got = std::get<std::vector<eval::Tensor>>(r);
    REQUIRE(got.size() == c.results.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
      INFO("output " << k << ": " << sem::format_tensor(got[k]));
      CHECK(got[k] == test::literal(c.results[k]));
    }
  }
}

TEST_CASE("the V1 random ops are the V2 ops on the seed's key and counter", "[random]") {
  const auto tensors = [](const eval::EvalResult& r) {
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    return std::get<std::vector<eval::Tensor>>(r);
  };
  const auto kc = tensors(evaluate("StatelessRandomGetKeyCounter", {"i32[2]{4, -9}"}));
  const std::string key = sem::format_tensor(kc[0]);
  const std::string counter = sem::format_tensor(kc[1]);
  for (const char* dtype : {"f32", "f64"}) {
    CHECK(
        tensors(evaluate("StatelessRandomNormal", {"i32[1]{9}", "i32[2]{4, -9}"}, dtype)) ==
        tensors(evaluate("StatelessRandomNormalV2", {"i32[1]{9}", key, counter, "i32{3}"}, dtype)));
    CHECK(tensors(evaluate("StatelessTruncatedNormal", {"i64[1]{9}", "i64[2]{4, -9}"}, dtype)) ==
          tensors(evaluate("StatelessTruncatedNormalV2", {"i64[1]{9}", key, counter, "i32{1}"},
                           dtype)));
  }
}

TEST_CASE("a stateless random op refuses what TensorFlow's kernel refuses", "[random]") {
  using eval::ErrorKind;
  CHECK(std::holds_alternative<std::vector<eval::Tensor>>(uniform_v2("i32[1]{2}")));
  // Dtypes: the shape integers, the key and counter i64 (TensorFlow's uint64), the algorithm
  // i32, the bounds of one integer dtype.
  CHECK(error(uniform_v2("f32[1]{2}")) == ErrorKind::Type);
  CHECK(error(uniform_v2("i32[1]{2}", "i32[1]{5}")) == ErrorKind::Type);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i32[2]{6, 7}")) == ErrorKind::Type);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i64{1}")) == ErrorKind::Type);
  CHECK(error(evaluate("StatelessRandomUniformIntV2",
                       {"i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i32{1}", "i32{0}", "i64{9}"})) ==
        ErrorKind::Type);
  CHECK(error(evaluate("StatelessRandomUniformInt",
                       {"i32[1]{2}", "i64[2]{5, 6}", "f32{0}", "f32{9}"})) == ErrorKind::Type);
  CHECK(error(evaluate("StatelessRandomNormal", {"i32[1]{2}", "f32[2]{5, 6}"})) == ErrorKind::Type);
  // A type error comes before a shape error.
  CHECK(error(uniform_v2("f32[1]{2}", "i64[2]{5, 6}")) == ErrorKind::Type);
  // Shapes: the shape 1-D, the key [1], the counter 1-D of at least two, the algorithm and
  // the bounds scalars, the seed [2].
  CHECK(error(uniform_v2("i32{2}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[2]{5, 6}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[1]{6}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[1,2]{6, 7}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i32[1]{1}")) ==
        ErrorKind::Shape);
  CHECK(error(evaluate("StatelessRandomUniformIntV2", {"i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}",
                                                       "i32{1}", "i32[1]{0}", "i32{9}"})) ==
        ErrorKind::Shape);
  CHECK(error(evaluate("StatelessRandomUniform", {"i32[1]{2}", "i64[3]{5, 6, 7}"})) ==
        ErrorKind::Shape);
  CHECK(error(evaluate("StatelessRandomGetKeyCounter", {"i32[1]{5}"})) == ErrorKind::Shape);
  CHECK(error(evaluate("StatelessRandomGetKeyCounter", {"f64[2]{5, 6}"})) == ErrorKind::Type);
  // A negative size, and sizes whose product is too large to allocate, even past int64.
  CHECK(error(uniform_v2("i32[2]{2, -1}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i64[1]{16777217}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i64[3]{4096, 4096, 2}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i64[3]{4294967296, 4294967296, 4294967296}")) == ErrorKind::Shape);
  CHECK(std::holds_alternative<std::vector<eval::Tensor>>(
      uniform_v2("i64[3]{0, 4294967296, 4294967296}")));
  // Values: ThreeFry (2) and unknown algorithms, and an empty range.
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i32{2}")) ==
        ErrorKind::Arithmetic);
  CHECK(error(uniform_v2("i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i32{0}")) ==
        ErrorKind::Arithmetic);
  CHECK(error(evaluate("StatelessRandomUniformIntV2",
                       {"i32[1]{2}", "i64[1]{5}", "i64[2]{6, 7}", "i32{1}", "i32{4}", "i32{4}"})) ==
        ErrorKind::Arithmetic);
  // An empty result is drawn before TensorFlow's kernel looks at the algorithm's value or the
  // bounds; the other arguments are checked.
  const auto empty = [](const eval::EvalResult& r) {
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    return sem::format_tensor(std::get<std::vector<eval::Tensor>>(r)[0]);
  };
  CHECK(empty(uniform_v2("i32[2]{3, 0}", "i64[1]{5}", "i64[2]{6, 7}", "i32{2}")) == "f32[3,0]{}");
  CHECK(empty(evaluate("StatelessRandomUniformIntV2", {"i32[1]{0}", "i64[1]{5}", "i64[2]{6, 7}",
                                                       "i32{1}", "i64[1]{4}", "i64{4}"})) ==
        "i64[0]{}");
  CHECK(empty(evaluate("StatelessRandomUniformInt",
                       {"i32[1]{0}", "i32[2]{1, 2}", "i32{4}", "i32{4}"})) == "i32[0]{}");
  CHECK(error(uniform_v2("i32[1]{0}", "i64[2]{5, 6}")) == ErrorKind::Shape);
  CHECK(error(uniform_v2("i32[1]{0}", "i64[1]{5}", "i64[2]{6, 7}", "i32[1]{1}")) ==
        ErrorKind::Shape);
  CHECK(error(evaluate("StatelessRandomUniform", {"i32[1]{0}", "i32[3]{1, 2, 3}"})) ==
        ErrorKind::Shape);
}

TEST_CASE("a stateless random op's dtype attribute is checked when read", "[random]") {
  const auto diagnostics = [](const char* op, const char* dtype) {
    return test::make_function(op, test::AttrTexts{{"dtype", dtype}}, 4).errors;
  };
  CHECK(diagnostics("StatelessRandomNormalV2", "f64").empty());
  CHECK_THAT(diagnostics("StatelessRandomNormalV2", "i32"), Catch::Contains("f32 or f64"));
  CHECK(diagnostics("StatelessRandomUniformFullIntV2", "i64").empty());
  CHECK_THAT(diagnostics("StatelessRandomUniformFullIntV2", "f32"), Catch::Contains("i32 or i64"));
  CHECK(test::catalog_function("StatelessRandomUniformV2", test::AttrTexts{{"dtype", "f64"}}, 4)
            .head == "StatelessRandomUniformV2{dtype=f64}");
  CHECK(test::catalog_function("StatelessRandomUniformV2", test::AttrTexts{{"dtype", "f32"}}, 4)
            .head == "StatelessRandomUniformV2");
  CHECK_FALSE(
      test::make_function("StatelessRandomUniformFullIntV2", test::AttrTexts{}, 4).function);
}
