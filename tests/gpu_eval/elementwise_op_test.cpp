// TensorFlow's element-wise, bias and order-free reduction ops against TensorFlow: every case
// of elementwise_op_cases.inc, written by tools/tf/make_elementwise_cases.py from one tf.raw_ops
// call of TensorFlow 2.21 on the CPU, gives TensorFlow's bits through the catalog's function
// (its attributes as a node would write them) and the CPU evaluator; where TensorFlow refuses
// the arguments, the error of the contract. The attributes' checks at read time are here too.
#include <catch2/catch.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cpu_evaluator_checks.h"
#include "support/catalog_function.h"

namespace {

using namespace cpu_evaluator_checks;

struct OpCase {
  const char* op;
  std::vector<std::pair<const char*, const char*>> attrs;
  std::vector<std::string_view> arguments;
  const char* result;  // TensorFlow's, or the error where TensorFlow refuses
};

const std::vector<OpCase>& cases() {
  static const std::vector<OpCase> kCases = {
#include "elementwise_op_cases.inc"
  };
  return kCases;
}

// The canonical print of a literal or an error: NaNs print alike whatever their bits.
std::string canonical(std::string_view text) {
  if (text.starts_with("Error(")) return std::string(text);
  return tfmc::sem::format_tensor(literal(text));
}

}  // namespace

TEST_CASE("each element-wise and reduction op gives TensorFlow's bits",
          "[cpu_evaluator][elementwise_ops]") {
  CHECK(cases().size() == 270);
  for (const OpCase& c : cases()) {
    std::ostringstream call;
    call << c.op;
    for (std::string_view a : c.arguments) call << ' ' << a;
    for (const auto& [key, value] : c.attrs) call << " {" << key << '=' << value << '}';
    INFO(call.str());
    const auto [f, errors] = tfmc::test::make_function(c.op, c.attrs, c.arguments.size());
    INFO(errors);
    REQUIRE(f.has_value());
    CHECK(run(f->op, c.arguments, f->attrs) == canonical(c.result));
  }
}

TEST_CASE("the TensorFlow cases cover every one of these ops", "[cpu_evaluator][elementwise_ops]") {
  std::set<std::string> ops;
  for (const OpCase& c : cases()) ops.insert(c.op);
  CHECK(ops == std::set<std::string>{"All",        "Any",
                                     "ArgMax",     "ArgMin",
                                     "BiasAdd",    "Ceil",
                                     "Floor",      "GreaterEqual",
                                     "LessEqual",  "LogicalAnd",
                                     "LogicalNot", "LogicalOr",
                                     "Max",        "Min",
                                     "OnesLike",   "Reciprocal",
                                     "Relu6",      "Relu6Grad",
                                     "Round",      "SelectV2",
                                     "Sign",       "SquaredDifference",
                                     "ZerosLike"});
}

TEST_CASE("the ops' attributes are checked and shown where not the default",
          "[cpu_evaluator][elementwise_ops]") {
  const auto head = [](const std::string& op,
                       const std::vector<std::pair<const char*, const char*>>& attrs) {
    const auto [f, errors] = tfmc::test::make_function(op, attrs, 2);
    return f ? f->head : errors;
  };
  CHECK(head("BiasAdd", {}) == "BiasAdd");
  CHECK(head("BiasAdd", {{"data_format", "NHWC"}}) == "BiasAdd");
  CHECK(head("BiasAdd", {{"data_format", "NCHW"}}) == "BiasAdd{data_format=NCHW}");
  CHECK_THAT(head("BiasAdd", {{"data_format", "NCDHW"}}),
             Catch::Contains("data_format") && Catch::Contains("NHWC or NCHW"));
  CHECK(head("ArgMax", {}) == "ArgMax");
  CHECK(head("ArgMin", {{"output_type", "i64"}}) == "ArgMin");
  CHECK(head("ArgMax", {{"output_type", "i32"}}) == "ArgMax{output_type=i32}");
  CHECK_THAT(head("ArgMax", {{"output_type", "f32"}}), Catch::Contains("i32 or i64"));
  CHECK(head("Max", {{"keep_dims", "true"}}) == "Max{keep_dims=true}");
  CHECK_THAT(head("Any", {{"axis", "0"}}), Catch::Contains("axis"));
  CHECK_THAT(head("Round", {{"keep_dims", "true"}}), Catch::Contains("keep_dims"));

  const auto [argmax, errors] = tfmc::test::make_function("ArgMax", tfmc::test::AttrTexts{}, 2);
  REQUIRE(argmax.has_value());
  CHECK(argmax->attrs.to == DType::I64);
}
