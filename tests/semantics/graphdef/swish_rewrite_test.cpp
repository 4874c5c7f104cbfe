// Where the import runs Mul(x, Sigmoid(x)) as MklSwish (semantics/graphdef/swish_rewrite.h).
// The expected values are TensorFlow 2.21's, oneDNN on: for x = -19.711536 (-0x1.3b6274p+4
// in f32), a tf.function computing x * sigmoid(x) on a tensor of shape [1] gives -5.42137e-08
// (_MklSwish), and the ops as written, eagerly, -5.4213693e-08. Where TensorFlow keeps the ops
// as written was measured in a Session on 200 random values (a control edge out of the Sigmoid
// keeps them; a control input of either node, or a control edge out of the product, does not).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "support/outcome_list.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

const std::string kSwish = "f32{-5.42137e-08}";
const std::string kAsWritten = "f32{-5.4213693e-08}";
const std::string kFloat = attr("T", "type: DT_FLOAT");

// x, fed, and s = Sigmoid(x), then whatever `more` adds.
std::string with_sigmoid(const std::string& more,
                         const std::vector<std::string>& s_inputs = {"x"}) {
  return node("x", "Placeholder", {}, attr("dtype", "type: DT_FLOAT")) +
         node("s", "Sigmoid", s_inputs, kFloat) + more;
}

// The value of output `output` of the one outcome of checking `graph` with x fed.
std::string checked(const std::string& name, const std::string& graph,
                    std::vector<std::string> fetches, const std::string& output = "p") {
  std::vector<std::string> args = {"--feed", "x=f32{-0x1.3b6274p+4}"};
  for (const std::string& f : fetches) args.insert(args.end(), {"--fetch", f});
  return single_output(name, graph, args, output);
}

}  // namespace

TEST_CASE("swish: a product of x and its Sigmoid runs as MklSwish, in either order",
          "[graphdef][rewrites][swish]") {
  CHECK(checked("swish.pbtxt", with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat)), {"p"}) ==
        kSwish);
  CHECK(checked("swish_reversed.pbtxt", with_sigmoid(node("p", "Mul", {"s", "x"}, kFloat)),
                {"p"}) == kSwish);
}

TEST_CASE("swish: control inputs, and control edges out of the product, keep the rewrite",
          "[graphdef][rewrites][swish]") {
  const std::string noop = node("n", "NoOp");
  CHECK(checked("swish_sigmoid_after.pbtxt",
                noop + with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat), {"x", "^n"}),
                {"p"}) == kSwish);
  CHECK(checked("swish_product_after.pbtxt",
                noop + with_sigmoid(node("p", "Mul", {"x", "s", "^n"}, kFloat)), {"p"}) == kSwish);
  CHECK(checked("swish_product_waited.pbtxt",
                with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat) +
                             node("w", "Identity", {"x", "^p"}, kFloat)),
                {"p", "w"}) == kSwish);
}

TEST_CASE("swish: a Sigmoid used twice, or waited for, keeps the ops as written",
          "[graphdef][rewrites][swish]") {
  CHECK(
      checked("swish_sigmoid_twice.pbtxt",
              with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat) + node("q", "Neg", {"s"}, kFloat)),
              {"p", "q"}) == kAsWritten);
  CHECK(checked("swish_sigmoid_waited.pbtxt",
                with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat) +
                             node("w", "Identity", {"x", "^s"}, kFloat)),
                {"p", "w"}) == kAsWritten);
  // A consumer outside the run does not count.
  CHECK(checked("swish_sigmoid_unrun.pbtxt",
                with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat) +
                             node("unrun", "Neg", {"s"}, kFloat)),
                {"p"}) == kSwish);
}

TEST_CASE("swish: a fetched Sigmoid keeps its own value, the product runs as MklSwish",
          "[graphdef][rewrites][swish]") {
  const std::string graph = with_sigmoid(node("p", "Mul", {"x", "s"}, kFloat));
  CHECK(checked("swish_sigmoid_fetched.pbtxt", graph, {"p", "s"}) == kSwish);
  CHECK(checked("swish_sigmoid_fetched_s.pbtxt", graph, {"p", "s"}, "s") == "f32{2.7503535e-09}");
}
