// build_program and load_program_text: name resolution (use before definition, separate
// namespaces, keywords as names, fn redeclaring a built-in), the implicit parts and their
// documented names (`&X@N` Var nodes, `R~copyI` Copy chains, GO edges), unnamed output edges
// for unused results, and --feed values. Expected graphs are written out edge by edge from
// program_builder.h's description.
#include "semantics/build/program_builder.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/language/parser.h"

namespace {

using tfmc::sem::EdgeKind;
using tfmc::sem::Feed;
using tfmc::sem::InputError;
using tfmc::sem::kGo;
using tfmc::sem::kNone;
using tfmc::sem::load_program_text;
using tfmc::sem::Node;
using tfmc::sem::NodeKind;
using tfmc::sem::Program;
using tfmc::sem::ValueStore;

// One line per edge, sorted: "K SRC -> DST" with K = T(ensor), V(ariable) or C(ontrol); SRC
// is `NODE:PORT`, `input NAME` or `GO`; DST is `NODE(argI)`, `NODE` for a control edge,
// `output NAME` or `unnamed output`.
std::vector<std::string> edge_lines(const Program& p) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < p.edges.size(); ++i) {
    const auto& e = p.edges[i];
    std::string kind = e.kind == EdgeKind::Tensor ? "T" : e.kind == EdgeKind::Variable ? "V" : "C";
    std::string src;
    if (e.src != kNone) {
      src = p.nodes[e.src].name +
            (e.kind == EdgeKind::Control ? "" : ":" + std::to_string(e.src_port));
    } else if (e.kind == EdgeKind::Control) {
      src = e.initial == kGo ? "GO" : "?";
    } else {
      src = "input " + e.input_name;
    }
    std::string dst = "unnamed output";
    if (e.dst != kNone) {
      const Node& n = p.nodes[e.dst];
      dst = n.name;
      if (e.kind != EdgeKind::Control) {
        const auto arg = std::find(n.inputs.begin(), n.inputs.end(), static_cast<int>(i));
        dst += "(arg" + std::to_string(arg - n.inputs.begin()) + ")";
      }
    }
    for (const auto& o : p.outputs) {
      if (o.edge == static_cast<int>(i)) dst = "output " + o.name;
    }
    lines.push_back(kind + " " + src + " -> " + dst);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> node_names(const Program& p) {
  std::vector<std::string> names;
  for (const Node& n : p.nodes) names.push_back(n.name);
  return names;
}

const Node& node(const Program& p, const std::string& name) {
  const auto it =
      std::find_if(p.nodes.begin(), p.nodes.end(), [&](const Node& n) { return n.name == name; });
  REQUIRE(it != p.nodes.end());
  return *it;
}

// The value an input edge starts with, printed.
std::string input_value(const Program& p, const ValueStore& values, const std::string& input) {
  for (const auto& e : p.edges) {
    if (e.src == kNone && e.input_name == input) return values.print(e.initial);
  }
  FAIL("no input edge " << input);
  return {};
}

// The first line of the InputError that loading `text` throws.
std::string load_error(const std::string& text, const std::vector<Feed>& feeds = {}) {
  ValueStore values;
  try {
    load_program_text("t.tfg", text, feeds, values);
  } catch (const InputError& e) {
    const std::string what = e.what();
    return what.substr(0, what.find('\n'));
  }
  FAIL("no InputError for:\n" << text);
  return {};
}

Feed feed(const std::string& name, const std::string& value) {
  std::string error;
  auto v = tfmc::sem::parse_init_value(value, error);
  REQUIRE(v.has_value());
  return {name, *v};
}

}  // namespace

TEST_CASE("build_program makes figure 1's graph with one implicit Var per &x", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("fig1.tfg",
                                      "fn Split : 1 -> 2\n"
                                      "fn Project : 1 -> 1\n"
                                      "var x = A\n"
                                      "input B\n"
                                      "input C\n"
                                      "w = Write(&x, B)\n"
                                      "s = Split(C)\n"
                                      "d = Project(s:0)\n"
                                      "e = Project(s:1)\n"
                                      "a1 = AssignAdd(&x, d) after w\n"
                                      "a2 = AssignAdd(&x, e) after w\n"
                                      "r = Read(&x) after a1, a2\n"
                                      "output r\n",
                                      {}, values);
  CHECK(p.file == "fig1.tfg");
  CHECK(node_names(p) == std::vector<std::string>{"w", "s", "d", "e", "a1", "a2", "r", "&x@w",
                                                  "&x@a1", "&x@a2", "&x@r"});
  CHECK(edge_lines(p) == sorted({
                             "V &x@w:0 -> w(arg0)",
                             "T input B -> w(arg1)",
                             "T input C -> s(arg0)",
                             "T s:0 -> d(arg0)",
                             "T s:1 -> e(arg0)",
                             "V &x@a1:0 -> a1(arg0)",
                             "T d:0 -> a1(arg1)",
                             "V &x@a2:0 -> a2(arg0)",
                             "T e:0 -> a2(arg1)",
                             "V &x@r:0 -> r(arg0)",
                             "T r:0 -> output r",
                             "C w -> a1",
                             "C w -> a2",
                             "C a1 -> r",
                             "C a2 -> r",
                             "C GO -> &x@w",
                             "C GO -> &x@a1",
                             "C GO -> &x@a2",
                             "C GO -> &x@r",
                         }));
  for (const std::string name : {"&x@w", "&x@a1", "&x@a2", "&x@r"}) {
    CHECK(node(p, name).kind == NodeKind::Var);
    CHECK(node(p, name).implicit);
  }
  CHECK_FALSE(node(p, "w").implicit);
  CHECK(node(p, "w").kind == NodeKind::Assign);
  CHECK(node(p, "w").outputs.empty());  // the Assign ops have no outputs
  CHECK(node(p, "r").kind == NodeKind::Read);
  REQUIRE(p.variables.size() == 1);
  CHECK(p.variables[0].name == "x");
  CHECK(values.print(p.variables[0].initial) == "A");
  CHECK(input_value(p, values, "B") == "B");
  // Split and Project are the declared uninterpreted functions, not the built-in Split.
  CHECK(p.functions.get(node(p, "s").function).kind == tfmc::sem::FunctionKind::Uninterpreted);
  CHECK(p.functions.get(node(p, "s").function).outputs == 2);
}

TEST_CASE("build_program shares a value used k times through k-1 Copy nodes", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "input a\n"
                                      "x = Add(a, a)\n"
                                      "output a\n",
                                      {}, values);
  CHECK(node_names(p) == std::vector<std::string>{"x", "a~copy1", "a~copy2"});
  CHECK(edge_lines(p) == sorted({
                             "T input a -> a~copy1(arg0)",
                             "T a~copy1:0 -> x(arg0)",
                             "T a~copy1:1 -> a~copy2(arg0)",
                             "T a~copy2:0 -> x(arg1)",
                             "T a~copy2:1 -> output a",
                             "T x:0 -> unnamed output",
                         }));
  CHECK(node(p, "a~copy1").implicit);
  CHECK(node(p, "a~copy1").op == "Copy");
  CHECK(p.functions.get(node(p, "a~copy1").function).kind == tfmc::sem::FunctionKind::Copy);
}

TEST_CASE("build_program numbers uses in file order, outputs and arguments alike", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "input a\n"
                                      "output a as first\n"
                                      "x = Neg(a)\n"
                                      "output a as last\n",
                                      {}, values);
  CHECK(node_names(p) == std::vector<std::string>{"x", "a~copy1", "a~copy2"});
  CHECK(edge_lines(p) == sorted({
                             "T input a -> a~copy1(arg0)",
                             "T a~copy1:0 -> output first",
                             "T a~copy1:1 -> a~copy2(arg0)",
                             "T a~copy2:0 -> x(arg0)",
                             "T a~copy2:1 -> output last",
                             "T x:0 -> unnamed output",
                         }));
}

TEST_CASE("build_program names a port's Copy chain after the reference as written", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "input c\n"
                                      "s = Split(c) {num=3}\n"
                                      "y = Mul(s:1, s:1)\n"
                                      "output s:1\n"
                                      "output s:2 as last\n",
                                      {}, values);
  CHECK(node_names(p) == std::vector<std::string>{"s", "y", "s:1~copy1", "s:1~copy2"});
  CHECK(edge_lines(p) == sorted({
                             "T input c -> s(arg0)",
                             "T s:0 -> unnamed output",
                             "T s:1 -> s:1~copy1(arg0)",
                             "T s:1~copy1:0 -> y(arg0)",
                             "T s:1~copy1:1 -> s:1~copy2(arg0)",
                             "T s:1~copy2:0 -> y(arg1)",
                             "T s:1~copy2:1 -> output s:1",
                             "T s:2 -> output last",
                             "T y:0 -> unnamed output",
                         }));
  REQUIRE(p.outputs.size() == 2);
  CHECK(p.outputs[0].name == "s:1");
  CHECK(p.outputs[1].name == "last");
}

TEST_CASE("build_program shares a Var node's output through Copies and resolves the variable",
          "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "var y = Y\n"
                                      "var x = A\n"
                                      "v = Var(x)\n"
                                      "r1 = Read(v)\n"
                                      "w = Write(v, r1)\n"
                                      "output r1\n",
                                      {}, values);
  CHECK(node_names(p) == std::vector<std::string>{"v", "r1", "w", "v~copy1", "r1~copy1"});
  CHECK(edge_lines(p) == sorted({
                             "C GO -> v",
                             "V v:0 -> v~copy1(arg0)",
                             "V v~copy1:0 -> r1(arg0)",
                             "V v~copy1:1 -> w(arg0)",
                             "T r1:0 -> r1~copy1(arg0)",
                             "T r1~copy1:0 -> w(arg1)",
                             "T r1~copy1:1 -> output r1",
                         }));
  CHECK(node(p, "v").variable == 1);
  CHECK(node(p, "r1").variable == 1);
  CHECK(node(p, "w").variable == 1);
  CHECK_FALSE(node(p, "v").implicit);
}

TEST_CASE("build_program gives GO only to nodes without any incoming edge", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "fn G : 0 -> 1\n"
                                      "c = Const {value=i32{1}}\n"
                                      "d = Const() {value=D} after c\n"
                                      "g = G()\n"
                                      "n = Neg(g)\n",
                                      {}, values);
  CHECK(edge_lines(p) == sorted({
                             "C GO -> c",
                             "C c -> d",
                             "T c:0 -> unnamed output",
                             "T d:0 -> unnamed output",
                             "C GO -> g",
                             "T g:0 -> n(arg0)",
                             "T n:0 -> unnamed output",
                         }));
  CHECK(values.print(p.functions.get(node(p, "c").function).constant) == "i32{1}");
  CHECK(values.print(p.functions.get(node(p, "d").function).constant) == "D");
}

TEST_CASE("build_program makes an empty graph of an empty file", "[builder]") {
  ValueStore values;
  for (const std::string text : {"", "\n\n", "# nothing\r\n"}) {
    const Program p = load_program_text("t.tfg", text, {}, values);
    CHECK(p.nodes.empty());
    CHECK(p.edges.empty());
    CHECK(p.variables.empty());
    CHECK(p.outputs.empty());
  }
}

TEST_CASE("build_program gives unused inputs and variables their slots", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg", "var u\ninput a = f32{2}\n", {}, values);
  CHECK(edge_lines(p) == std::vector<std::string>{"T input a -> unnamed output"});
  CHECK(input_value(p, values, "a") == "f32{2}");
  REQUIRE(p.variables.size() == 1);
  CHECK(values.print(p.variables[0].initial) == "Error(uninitialized)");
  CHECK(p.outputs.empty());
}

TEST_CASE("build_program resolves names used before their definition", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "output r as out\n"
                                      "r = Read(&x) after w\n"
                                      "w = Write(&x, b)\n"
                                      "b = Neg(a)\n"
                                      "input a\n"
                                      "var x\n",
                                      {}, values);
  CHECK(edge_lines(p) == sorted({
                             "T r:0 -> output out",
                             "V &x@r:0 -> r(arg0)",
                             "C w -> r",
                             "V &x@w:0 -> w(arg0)",
                             "T b:0 -> w(arg1)",
                             "T input a -> b(arg0)",
                             "C GO -> &x@r",
                             "C GO -> &x@w",
                         }));
}

TEST_CASE("build_program keeps variables apart from the node namespace", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "var x = A\n"
                                      "x = Read(&x)\n"
                                      "Add = Neg(x)\n"
                                      "y = Identity(Add)\n"
                                      "output y\n",
                                      {}, values);
  CHECK(edge_lines(p) == sorted({
                             "V &x@x:0 -> x(arg0)",
                             "C GO -> &x@x",
                             "T x:0 -> Add(arg0)",
                             "T Add:0 -> y(arg0)",
                             "T y:0 -> output y",
                         }));
  CHECK(load_error("var x\nx = Neg(a)\ninput a\ninput x\n") ==
        "t.tfg:4:7: error: 'x' is already defined");
  CHECK(load_error("fn F : 1 -> 1\ninput a\nF = F(a)\n") ==
        "t.tfg:3:1: error: 'F' is already defined");
}

TEST_CASE("build_program accepts keywords as names", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "fn fn : 1 -> 1\n"
                                      "var var = V\n"
                                      "input input\n"
                                      "output = fn(input)\n"
                                      "after = Read(&var) after output\n"
                                      "as = Add(after, output) after after\n"
                                      "output as as output\n",
                                      {}, values);
  // `output` is used once as an argument (line 6); its own line-7 use is of node `as`.
  CHECK(edge_lines(p) == sorted({
                             "T input input -> output(arg0)",
                             "T output:0 -> as(arg1)",
                             "C output -> after",
                             "V &var@after:0 -> after(arg0)",
                             "C GO -> &var@after",
                             "T after:0 -> as(arg0)",
                             "C after -> as",
                             "T as:0 -> output output",
                         }));
}

TEST_CASE("fn may redeclare a built-in function for the whole file", "[builder]") {
  ValueStore values;
  const Program p = load_program_text("t.tfg",
                                      "y = Add(a)\n"
                                      "fn Add : 1 -> 1\n"
                                      "fn Split : 1 -> 2\n"
                                      "input a\n"
                                      "s = Split(y)\n"
                                      "output s:1\n",
                                      {}, values);
  const auto& add = p.functions.get(node(p, "y").function);
  CHECK(add.kind == tfmc::sem::FunctionKind::Uninterpreted);
  CHECK(add.head == "Add");
  CHECK(p.functions.get(node(p, "s").function).outputs == 2);
  CHECK(load_error("fn Add : 1 -> 1\ninput a\ny = Add(a, a)\n") ==
        "t.tfg:3:5: error: Add takes 1 argument but 2 given");
  CHECK(load_error("fn Write : 2 -> 1\n") ==
        "t.tfg:1:4: error: 'Write' is a stateful operation and cannot be redeclared");
}

TEST_CASE("build_program applies feeds: the later one wins, unknown names are errors",
          "[builder]") {
  const std::string text =
      "input a = i32{1}\n"
      "input b\n"
      "var v = V\n"
      "n = Neg(b)\n";
  {
    ValueStore values;
    const Program p = load_program_text("t.tfg", text, {}, values);
    CHECK(input_value(p, values, "a") == "i32{1}");
    CHECK(input_value(p, values, "b") == "b");
  }
  {
    ValueStore values;
    const Program p = load_program_text(
        "t.tfg", text, {feed("a", "i32{2}"), feed("b", "Z"), feed("a", "f64[2]{3}")}, values);
    CHECK(input_value(p, values, "a") == "f64[2]{3, 3}");
    CHECK(input_value(p, values, "b") == "Z");
  }
  CHECK(load_error(text, {feed("c", "i32{1}")}) ==
        "t.tfg: error: --feed names 'c', which is not an input of the program");
  CHECK(load_error(text, {feed("n", "i32{1}")}) ==
        "t.tfg: error: --feed names 'n', which is not an input of the program");
  CHECK(load_error(text, {feed("v", "i32{1}")}) ==
        "t.tfg: error: --feed names 'v', which is not an input of the program");
}

TEST_CASE("load_program_text reports every build error sorted by position", "[builder]") {
  ValueStore values;
  try {
    load_program_text("t.tfg",
                      "input a\n"
                      "c = Add(a)\n"
                      "b = Neg(zz)\n"
                      "d = Foo(a)\n",
                      {}, values);
    FAIL("no error");
  } catch (const InputError& e) {
    const std::string what = e.what();
    const auto first = what.find("t.tfg:2:");
    const auto second = what.find("t.tfg:3:");
    const auto third = what.find("t.tfg:4:");
    CHECK(first == 0);
    CHECK(second != std::string::npos);
    CHECK(third != std::string::npos);
    CHECK(first < second);
    CHECK(second < third);
  }
}

TEST_CASE("a UTF-8 byte-order mark before the first statement is ignored", "[builder]") {
  ValueStore values;
  const Program p =
      load_program_text("bom.tfg", "\xEF\xBB\xBFvar x = A\nr = Read(&x)\n", {}, values);
  CHECK(p.variables.size() == 1);
  CHECK(p.variables[0].name == "x");
  try {
    load_program_text("bom.tfg", "\xEF\xBB\xBFr = Read(&y)\n", {}, values);
    FAIL("an undefined variable must be rejected");
  } catch (const InputError& e) {
    // Columns count from after the mark.
    CHECK(std::string(e.what()).rfind("bom.tfg:1:10: error: undefined variable 'y'", 0) == 0);
  }
}
