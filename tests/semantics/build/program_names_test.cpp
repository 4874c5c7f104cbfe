// build_program: names used before their definition, variables and keywords as names, fn
// redeclarations, feeds, build errors in file order and a byte-order mark.
#include <catch2/catch.hpp>

#include "semantics/build/program_builder_checks.h"

using namespace program_builder_checks;

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
