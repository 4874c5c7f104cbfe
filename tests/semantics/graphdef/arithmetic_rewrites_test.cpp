// TensorFlow's arithmetic rewrites at import (semantics/graphdef/arithmetic_rewrites.h): a
// division by a Sqrt runs as a multiplication by its Rsqrt exactly where TensorFlow 2.21's
// graph optimizer rewrites it, and a division by a Const as a multiplication by the Const's
// reciprocal (the last test). The expected values are TensorFlow's, from Session.run of the
// same graphs: for n = 1.2677324 and d = 1.9256955 (0x1.448a1cp+0 and 0x1.ecfa62p+0 in f32),
// n / sqrt(d) is 0.913553 and n * (1 / sqrt(d)) is 0.91355306, and TensorFlow gave the second
// where the rewrite applies and the first where it does not.
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "support/outcome_list.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

const std::string kDivided = "f32{0.913553}";
const std::string kRsqrtTimes = "f32{0.91355306}";

// n / sqrt(d), with n and d constants, and whatever `more` adds.
std::string division_by_sqrt(const std::string& more = "") {
  return float_const("n", "1.2677323818206787") + float_const("d", "1.925695538520813") +
         node("s", "Sqrt", {"d"}) + node("q", "RealDiv", {"n", "s"}) + more;
}

std::string checked_q(const std::string& name, const std::string& graph,
                      const std::vector<std::string>& args) {
  return single_output(name, graph, args, "q");
}

}  // namespace

TEST_CASE("rewrites: a division by a Sqrt runs as a multiplication by its Rsqrt",
          "[graphdef][rewrites]") {
  CHECK(checked_q("div_sqrt.pbtxt", division_by_sqrt(), {"--fetch", "q"}) == kRsqrtTimes);
  // Div rewrites as RealDiv does; a consumer outside the run does not count.
  CHECK(checked_q("div_sqrt_div.pbtxt",
                  float_const("n", "1.2677323818206787") + float_const("d", "1.925695538520813") +
                      node("s", "Sqrt", {"d"}) + node("q", "Div", {"n", "s"}) +
                      node("unrun", "Identity", {"s"}),
                  {"--fetch", "q"}) == kRsqrtTimes);
}

TEST_CASE("rewrites: a Sqrt used twice, or fetched, keeps the division", "[graphdef][rewrites]") {
  CHECK(checked_q("sqrt_twice.pbtxt", division_by_sqrt(node("q2", "RealDiv", {"n", "s"})),
                  {"--fetch", "q", "--fetch", "q2"}) == kDivided);
  CHECK(checked_q("sqrt_fetched.pbtxt", division_by_sqrt(), {"--fetch", "q", "--fetch", "s"}) ==
        kDivided);
  // DivNoNan is not rewritten (its zero divisor would become an infinite factor).
  CHECK(checked_q("div_no_nan.pbtxt",
                  float_const("n", "1.2677323818206787") + float_const("d", "1.925695538520813") +
                      node("s", "Sqrt", {"d"}) + node("q", "DivNoNan", {"n", "s"}),
                  {"--fetch", "q"}) == kDivided);
}

// A division by a Const runs as a multiplication by the Const's reciprocal. TensorFlow 2.21's
// Session.run of this graph, x fed: for x = 1.009 in f32, x / 196 is 0.005147959 and
// x * (1 / 196) is 0.0051479586; for x = 1.001 in f64 they are 0.005107142857142857 and
// 0.005107142857142856. RealDiv and Div gave the product, DivNoNan and a division of two
// Consts (which the optimizer folds whole) the quotient.
TEST_CASE("rewrites: a division by a Const runs as a multiplication by its reciprocal",
          "[graphdef][rewrites]") {
  for (const auto& [type, field, x, a, quotient, product] : std::vector<std::array<std::string, 6>>{
           {"DT_FLOAT", "float_val", "f32{1.009}", "1.009", "f32{0.005147959}",
            "f32{0.0051479586}"},
           {"DT_DOUBLE", "double_val", "f64{1.001}", "1.001", "f64{0.005107142857142857}",
            "f64{0.005107142857142856}"}}) {
    const auto constant = [&](const std::string& name, const std::string& value) {
      return node(name, "Const", {},
                  attr("dtype", "type: " + type) +
                      attr("value", "tensor { dtype: " + type + " tensor_shape {} " + field + ": " +
                                        value + " }"));
    };
    const std::string t = attr("T", "type: " + type);
    const std::string graph =
        node("x", "Placeholder", {}, attr("dtype", "type: " + type)) + constant("c", "196") +
        constant("a", a) + node("q", "RealDiv", {"x", "c"}, t) + node("d", "Div", {"x", "c"}, t) +
        node("n", "DivNoNan", {"x", "c"}, t) + node("folded", "RealDiv", {"a", "c"}, t);
    const Checked checked = check_graph(
        "div_const_" + type + ".pbtxt", graph,
        {"--feed", "x=" + x, "--fetch", "q", "--fetch", "d", "--fetch", "n", "--fetch", "folded"});
    INFO(type << ": " << checked.err);
    REQUIRE(checked.code == 0);
    REQUIRE(checked.outcomes.size() == 1);
    const std::map<std::string, std::string> expected = {
        {"q", product}, {"d", product}, {"n", quotient}, {"folded", quotient}};
    for (const auto& [output, value] : checked.outcomes[0].outputs) {
      CHECK(expected.at(output) == value);
    }
    CHECK(checked.outcomes[0].outputs.size() == expected.size());
  }
}

// A tree of additions runs regrouped by its leaves' shapes: TensorFlow 2.21's Session.run of
// this graph gave out = 1 (a + (b + c) as (a + b) + c, 1 + 3e-8 rounding to 1), but
// 1.0000001 (as written) with inner fetched too, and with b's read replaced by a fed
// placeholder, whose shape the optimizer does not know.
TEST_CASE("rewrites: a tree of additions runs as GroupedAdd", "[graphdef][rewrites]") {
  const std::string f32 = attr("T", "type: DT_FLOAT");
  const auto variable = [&](const std::string& name, const std::string& value) {
    return resource_var(name, name) + float_const(name + "/init", value) +
           node(name + "/Assign", "AssignVariableOp", {name, name + "/init"},
                attr("dtype", "type: DT_FLOAT")) +
           node(name + "/read", "ReadVariableOp", {name}, attr("dtype", "type: DT_FLOAT"));
  };
  const std::string variables = variable("a", "1") + variable("b", "3e-8") + variable("c", "3e-8") +
                                node("init", "NoOp", {"^a/Assign", "^b/Assign", "^c/Assign"});
  const std::string tree =
      node("root", "AddV2", {"a/read", "inner"}, f32) + node("out", "Identity", {"root"}, f32);
  const auto out = [&](const std::string& name, const std::string& graph,
                       std::vector<std::string> args) {
    args.insert(args.end(), {"--init", "init", "--fetch", "out"});
    return single_output(name, graph, args, "out");
  };
  CHECK(out("add_tree.pbtxt", variables + node("inner", "AddV2", {"b/read", "c/read"}, f32) + tree,
            {}) == "f32{1}");
  CHECK(out("add_tree_fetched.pbtxt",
            variables + node("inner", "AddV2", {"b/read", "c/read"}, f32) + tree,
            {"--fetch", "inner"}) == "f32{1.0000001}");
  CHECK(out("add_tree_fed.pbtxt",
            variables + node("p", "Placeholder", {}, attr("dtype", "type: DT_FLOAT")) +
                node("inner", "AddV2", {"p", "c/read"}, f32) + tree,
            {"--feed", "p=f32{3e-8}"}) == "f32{1.0000001}");
}

// A square times a scalar constant runs as (g * c) * g. TensorFlow 2.21's Session.run of this
// graph, g = 3.3 and c = 0.001 in f32: (g * g) * c is 0.01089 and (g * c) * g 0.0108900005;
// with g a fed placeholder TensorFlow gave the second (the optimizer's constant folding pushes c
// down), with g a Const or the Identity of one the first (it folds the whole product as
// written).
TEST_CASE("rewrites: a square times a scalar Const runs as (g * c) * g", "[graphdef][rewrites]") {
  const std::string f32 = attr("T", "type: DT_FLOAT");
  const std::string product = float_const("c", "0.001") + node("square", "Mul", {"g", "g"}, f32) +
                              node("p", "Mul", {"square", "c"}, f32) +
                              node("q", "Identity", {"p"}, f32);
  const auto q = [&](const std::string& name, const std::string& graph,
                     std::vector<std::string> args) {
    args.insert(args.end(), {"--fetch", "q"});
    const Checked c = check_graph(name, graph, args);
    INFO(c.err);
    REQUIRE(c.code == 0);
    REQUIRE(c.outcomes.size() == 1);
    REQUIRE(c.outcomes[0].outputs.size() == 1);
    return c.outcomes[0].outputs[0].second;
  };
  CHECK(q("square_fed.pbtxt",
          node("g", "Placeholder", {}, attr("dtype", "type: DT_FLOAT")) + product,
          {"--feed", "g=f32{3.3}"}) == "f32{0.0108900005}");
  CHECK(q("square_const.pbtxt", float_const("g", "3.3") + product, {}) == "f32{0.01089}");
  CHECK(q("square_folded.pbtxt",
          float_const("k", "3.3") + node("g", "Identity", {"k"}, f32) + product,
          {}) == "f32{0.01089}");
}
