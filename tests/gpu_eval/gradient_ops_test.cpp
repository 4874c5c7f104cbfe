// The ops of TensorFlow's gradients (gpu_eval/cpu_gradient_ops.h) against TensorFlow: every
// case of gradient_op_cases.inc, written by tools/tf/make_gradient_op_cases.py from tf.raw_ops
// calls of TensorFlow 2.21 on the CPU, made into a function by the catalog from its attributes
// as a .tfg node would be, gives TensorFlow's results exactly, bit for bit (UnsortedSegmentSum's
// sums in TensorFlow's order among them), or Error(shape) where TensorFlow's kernel refuses the
// arguments. Arguments of a dtype TensorFlow's op definitions refuse give Error(type).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct GradientOpCase {
  const char* op;
  test::AttrTexts attrs;
  std::vector<const char*> arguments;
  std::vector<const char*> results;  // TensorFlow's, or Error(shape)
};

const std::vector<GradientOpCase>& cases() {
  static const std::vector<GradientOpCase> kCases = {
#include "gradient_op_cases.inc"
  };
  return kCases;
}

// The results of `op` {attrs} on literal arguments, printed; an error as `Error(kind)`.
std::vector<std::string> evaluate(const std::string& op, const test::AttrTexts& attrs,
                                  const std::vector<std::string>& arguments) {
  return test::printed_results(op, attrs, arguments);
}

std::vector<std::string> run(const std::string& op, const std::vector<std::string>& arguments) {
  return evaluate(op, {}, arguments);
}

const std::vector<std::string> kTypeError = {"Error(type)"};

}  // namespace

TEST_CASE("the gradients' ops give TensorFlow's results and errors", "[gradient_ops]") {
  REQUIRE(cases().size() == 72);
  for (const GradientOpCase& c : cases()) {
    const std::vector<std::string> arguments(c.arguments.begin(), c.arguments.end());
    std::string shown;
    for (const std::string& a : arguments) shown += (shown.empty() ? "" : ", ") + a;
    INFO(c.op << " on " << shown);
    const std::vector<std::string> got = evaluate(c.op, c.attrs, arguments);
    REQUIRE(got.size() == c.results.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
      const std::string want = c.results[k];
      INFO("got " << got[k] << ", TensorFlow " << want);
      if (want.rfind("Error(", 0) == 0) {
        CHECK(got[k] == want);
      } else {
        // Equal tensors: the same dtype, shape and bits (-0 and NaN included).
        CHECK((got[k].rfind("Error(", 0) != 0 && test::literal(got[k]) == test::literal(want)));
      }
    }
  }
}

TEST_CASE("the gradients' ops refuse the dtypes TensorFlow has no kernel for", "[gradient_ops]") {
  // BroadcastGradientArgs' and ConcatOffset's shapes have one dtype, as their attribute says.
  CHECK(run("BroadcastGradientArgs", {"i32[1]{2}", "i64[1]{2}"}) == kTypeError);
  CHECK(run("BroadcastGradientArgs", {"f32[1]{2}", "f32[1]{2}"}) == kTypeError);
  CHECK(run("ConcatOffset", {"i32{0}", "i32[1]{2}", "i64[1]{2}"}) == kTypeError);
  CHECK(run("ConcatOffset", {"f32{0}", "i32[1]{2}", "i32[1]{2}"}) == kTypeError);
  CHECK(run("InvertPermutation", {"f32[1]{0}"}) == kTypeError);
  CHECK(run("UnsortedSegmentSum", {"bool[1]{true}", "i32[1]{0}", "i32{1}"}) == kTypeError);
  CHECK(run("UnsortedSegmentSum", {"f32[1]{1}", "f32[1]{0}", "i32{1}"}) == kTypeError);
  CHECK(run("UnsortedSegmentSum", {"f32[1]{1}", "i32[1]{0}", "f64{1}"}) == kTypeError);
  CHECK(run("StridedSliceGrad",
            {"f32[1]{2}", "i32[1]{0}", "i32[1]{1}", "i32[1]{1}", "f32[1]{1}"}) == kTypeError);
  // A type error comes before a shape error.
  CHECK(run("StridedSliceGrad",
            {"i32[1]{2}", "i32[1]{0}", "i32[1]{1}", "f32[1]{1}", "f32[7]{0}"}) == kTypeError);
}

TEST_CASE("ConcatOffset has one output per shape", "[gradient_ops]") {
  CHECK(test::catalog_function("ConcatOffset", test::AttrTexts{}, 4).outputs == 3);
  CHECK(test::catalog_function("BroadcastGradientArgs", test::AttrTexts{}, 2).outputs == 2);
}
