// build_program and load_program_text: name resolution (use before definition, separate
// namespaces, keywords as names, fn redeclaring a built-in), the implicit parts and their
// documented names (`&X@N` Var nodes, `R~copyI` Copy chains, GO edges), unnamed output edges
// for unused results, and --feed values. Expected graphs are written out edge by edge from
// program_builder.h's description.
#include <catch2/catch.hpp>

#include "semantics/build/program_builder_checks.h"

using namespace program_builder_checks;

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
