// The constant pushed down a sum at import (semantics/graphdef/constant_push_down.h), on
// graphs whose values are derived by hand: with l = 1, r = 2^-24 and c = -2^-24 in f32,
// (l + r) - c is 1 (1 + 2^-24 is a tie, rounded to the even 1, twice) while l + (r - c) is
// 1 + 2^-23 = 1.0000001. The leaves are PlaceholderWithDefault nodes, which TensorFlow does
// not fold. testdata/graphdef/constant_push_down/ checks the rotations against TensorFlow's
// values; these check where tfmc leaves the sum as written.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

const std::string kWritten = "f32{1}";
const std::string kRotated = "f32{1.0000001}";

std::string float_attr() { return attr("T", "type: DT_FLOAT"); }

// (l + r) - c, with c as `c_node` writes it and whatever `more` adds.
std::string difference(const std::string& c_node, const std::string& more = "") {
  return float_const("l_value", "1") + node("l", "PlaceholderWithDefault", {"l_value"}) +
         float_const("r_value", "5.9604644775390625e-08") +
         node("r", "PlaceholderWithDefault", {"r_value"}) +
         node("s", "AddV2", {"l", "r"}, float_attr()) + c_node +
         node("d", "Sub", {"s", "c"}, float_attr()) + more;
}

// The value of d, fetched with `more_fetches`.
std::string checked_d(const std::string& name, const std::string& graph,
                      const std::vector<std::string>& more_fetches = {}) {
  std::vector<std::string> args = {"--fetch", "d"};
  for (const std::string& f : more_fetches) args.insert(args.end(), {"--fetch", f});
  return single_output(name, graph, args, "d");
}

const std::string kMinusHalfUlp = "-5.9604644775390625e-08";

}  // namespace

TEST_CASE("push-down: (l + r) - c runs as l + (r - c)", "[graphdef][push_down]") {
  CHECK(checked_d("push_down.pbtxt", difference(float_const("c", kMinusHalfUlp))) == kRotated);
  // A c computed from a Const of one element: TensorFlow folds it, knowing its shape.
  CHECK(checked_d("push_down_neg.pbtxt",
                  difference(float_const("c_value", "5.9604644775390625e-08") +
                             node("c", "Neg", {"c_value"}, float_attr()))) == kRotated);
}

TEST_CASE("push-down: left as written", "[graphdef][push_down]") {
  // c waits for the sum through a control edge.
  CHECK(checked_d("push_down_waits.pbtxt", difference(float_const("c", kMinusHalfUlp, {"^s"}))) ==
        kWritten);
  // The sum feeds another node of the run.
  CHECK(
      checked_d("push_down_shared.pbtxt",
                difference(float_const("c", kMinusHalfUlp), node("e", "Neg", {"s"}, float_attr())),
                {"e"}) == kWritten);
  // c has two elements and r is not constant: TensorFlow's choice depends on r's shape.
  const std::string pair =
      node("c", "Const", {},
           attr("dtype", "type: DT_FLOAT") +
               attr("value",
                    "tensor { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } "
                    "float_val: " +
                        kMinusHalfUlp + " float_val: " + kMinusHalfUlp + " }"));
  CHECK(checked_d("push_down_pair.pbtxt", difference(pair)) == "f32[2]{1, 1}");
}
