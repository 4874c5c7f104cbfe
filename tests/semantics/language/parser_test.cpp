// parse_tfg and parse_init_value: every statement form of FORMAT.md, "Statements", with the
// locations the parser records, comments, blank lines, CRLF, name characters, keywords used
// as names, and syntax errors with their exact FILE:LINE:COL.
#include "semantics/language/parser.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>

#include "support/parse_clean.h"

namespace {

using tfmc::sem::Ast;
using tfmc::sem::AttrValue;
using tfmc::sem::DiagnosticList;
using tfmc::sem::parse_init_value;
using tfmc::sem::parse_tfg;
using tfmc::sem::Ref;

using tfmc::test::parse_clean;

// The one syntax error of `text`, as rendered "t.tfg:LINE:COL: error: MESSAGE" (first line).
std::string only_error(const std::string& text) {
  DiagnosticList diags("t.tfg", text);
  parse_tfg(text, diags);
  INFO(text);
  REQUIRE(diags.size() == 1);
  const std::string rendered = diags.render();
  return rendered.substr(0, rendered.find('\n'));
}

void check_ref(const Ref& r, const std::string& name, int port, bool has_port, bool variable,
               int line, int column) {
  CHECK(r.name == name);
  CHECK(r.port == port);
  CHECK(r.has_port == has_port);
  CHECK(r.variable == variable);
  CHECK(r.loc.line == line);
  CHECK(r.loc.column == column);
}

}  // namespace

TEST_CASE("parse_tfg reads fn declarations", "[parser]") {
  const Ast ast = parse_clean("fn Split : 1 -> 2\n  fn P:0->1\nfn Zero : 0 -> 0\n");
  REQUIRE(ast.fns.size() == 3);
  CHECK(ast.fns[0].name == "Split");
  CHECK(ast.fns[0].inputs == 1);
  CHECK(ast.fns[0].outputs == 2);
  CHECK(ast.fns[0].loc.line == 1);
  CHECK(ast.fns[0].loc.column == 4);
  CHECK(ast.fns[1].name == "P");
  CHECK(ast.fns[1].inputs == 0);
  CHECK(ast.fns[1].outputs == 1);
  CHECK(ast.fns[1].loc.line == 2);
  CHECK(ast.fns[1].loc.column == 6);
  CHECK(ast.fns[2].outputs == 0);
}

TEST_CASE("parse_tfg reads var and input declarations with and without INIT", "[parser]") {
  const Ast ast = parse_clean(
      "var x\n"
      "var y = A\n"
      "var z = f32[2]{1, 2}\n"
      "input B\n"
      "input C = i64{-3}\n"
      "input D = Sym\n");
  REQUIRE(ast.vars.size() == 3);
  CHECK(ast.vars[0].name == "x");
  CHECK_FALSE(ast.vars[0].init.has_value());
  CHECK(ast.vars[0].loc.line == 1);
  CHECK(ast.vars[0].loc.column == 5);
  REQUIRE(ast.vars[1].init.has_value());
  CHECK(ast.vars[1].init->symbol == "A");
  CHECK_FALSE(ast.vars[1].init->literal.has_value());
  CHECK(ast.vars[1].init->loc.column == 9);
  REQUIRE(ast.vars[2].init.has_value());
  REQUIRE(ast.vars[2].init->literal.has_value());
  CHECK(ast.vars[2].init->literal->dtype == tfmc::eval::DType::F32);
  CHECK(ast.vars[2].init->literal->shape == std::vector<std::int64_t>{2});
  REQUIRE(ast.inputs.size() == 3);
  CHECK(ast.inputs[0].name == "B");
  CHECK_FALSE(ast.inputs[0].init.has_value());
  CHECK(ast.inputs[0].loc.line == 4);
  CHECK(ast.inputs[0].loc.column == 7);
  REQUIRE(ast.inputs[1].init.has_value());
  REQUIRE(ast.inputs[1].init->literal.has_value());
  CHECK(ast.inputs[1].init->literal->dtype == tfmc::eval::DType::I64);
  CHECK(ast.inputs[1].init->literal->shape.empty());
  REQUIRE(ast.inputs[2].init.has_value());
  CHECK(ast.inputs[2].init->symbol == "Sym");
}

TEST_CASE("parse_tfg reads node statements: arguments, attributes and after", "[parser]") {
  const Ast ast = parse_clean(
      "w = Write(&x, B)\n"
      "s = Split(C) {num=2, axis=-1}\n"
      "a1 = AssignAdd(&x, s:1) after w\n"
      "r = Read(&x) after a1, w\n");
  REQUIRE(ast.nodes.size() == 4);
  const auto& w = ast.nodes[0];
  CHECK(w.name == "w");
  CHECK(w.loc.line == 1);
  CHECK(w.loc.column == 1);
  CHECK(w.op == "Write");
  CHECK(w.op_loc.line == 1);
  CHECK(w.op_loc.column == 5);
  REQUIRE(w.args.size() == 2);
  check_ref(w.args[0], "x", 0, false, true, 1, 11);
  check_ref(w.args[1], "B", 0, false, false, 1, 15);
  CHECK(w.attrs.empty());
  CHECK(w.after.empty());

  const auto& s = ast.nodes[1];
  REQUIRE(s.attrs.size() == 2);
  CHECK(s.attrs[0].key == "num");
  CHECK(s.attrs[0].loc.column == 15);
  CHECK(s.attrs[0].value.kind == AttrValue::Kind::Integer);
  CHECK(s.attrs[0].value.integer == 2);
  CHECK(s.attrs[0].value.loc.column == 19);
  CHECK(s.attrs[1].key == "axis");
  CHECK(s.attrs[1].value.integer == -1);

  const auto& a1 = ast.nodes[2];
  REQUIRE(a1.args.size() == 2);
  check_ref(a1.args[1], "s", 1, true, false, 3, 20);
  REQUIRE(a1.after.size() == 1);
  check_ref(a1.after[0], "w", 0, false, false, 3, 31);

  const auto& r = ast.nodes[3];
  REQUIRE(r.after.size() == 2);
  check_ref(r.after[0], "a1", 0, false, false, 4, 20);
  check_ref(r.after[1], "w", 0, false, false, 4, 24);
}

TEST_CASE("parse_tfg reads attribute values of every kind", "[parser]") {
  const Ast ast = parse_clean("x = F(a) {i=7, n=f32, l=[2,-1], e=[], t=i32[2]{1, 2}, s=Sym}\n");
  REQUIRE(ast.nodes.size() == 1);
  const auto& attrs = ast.nodes[0].attrs;
  REQUIRE(attrs.size() == 6);
  CHECK(attrs[0].value.kind == AttrValue::Kind::Integer);
  CHECK(attrs[0].value.integer == 7);
  CHECK(attrs[1].value.kind == AttrValue::Kind::Name);
  CHECK(attrs[1].value.name == "f32");
  CHECK(attrs[2].value.kind == AttrValue::Kind::List);
  CHECK(attrs[2].value.list == std::vector<std::int64_t>{2, -1});
  CHECK(attrs[3].value.kind == AttrValue::Kind::List);
  CHECK(attrs[3].value.list.empty());
  CHECK(attrs[4].value.kind == AttrValue::Kind::Literal);
  REQUIRE(attrs[4].value.literal.has_value());
  CHECK(attrs[4].value.literal->shape == std::vector<std::int64_t>{2});
  CHECK(attrs[5].value.kind == AttrValue::Kind::Name);
  CHECK(attrs[5].value.name == "Sym");
}

TEST_CASE("parse_tfg reads the argument-less node forms alike", "[parser]") {
  const Ast ast = parse_clean(
      "c = Const() {value=i32{1}}\n"
      "d = Const {value=i32{1}}\n"
      "e = Const{value=i32{1}} after c\n"
      "g = G()\n"
      "h = G\n");
  REQUIRE(ast.nodes.size() == 5);
  for (const auto& n : ast.nodes) CHECK(n.args.empty());
  CHECK(ast.nodes[0].attrs.size() == 1);
  CHECK(ast.nodes[1].attrs.size() == 1);
  CHECK(ast.nodes[1].attrs[0].value.kind == AttrValue::Kind::Literal);
  CHECK(ast.nodes[2].after.size() == 1);
  CHECK(ast.nodes[3].op == "G");
  CHECK(ast.nodes[4].op == "G");
  CHECK(ast.nodes[4].attrs.empty());
}

TEST_CASE("parse_tfg reads output statements", "[parser]") {
  const Ast ast = parse_clean("output r\n  output s:1 as second\noutput &x\n");
  REQUIRE(ast.outputs.size() == 3);
  check_ref(ast.outputs[0].ref, "r", 0, false, false, 1, 8);
  CHECK(ast.outputs[0].loc.line == 1);
  CHECK(ast.outputs[0].loc.column == 1);
  CHECK_FALSE(ast.outputs[0].as.has_value());
  check_ref(ast.outputs[1].ref, "s", 1, true, false, 2, 10);
  CHECK(ast.outputs[1].loc.column == 3);
  CHECK(ast.outputs[1].as == std::optional<std::string>("second"));
  // Syntactically fine; build_program rejects a variable edge as an output.
  check_ref(ast.outputs[2].ref, "x", 0, false, true, 3, 8);
}

TEST_CASE("parse_tfg skips comments and blank lines and counts their lines", "[parser]") {
  const Ast ast = parse_clean(
      "# header comment\n"
      "\n"
      "   \t  \n"
      "input a   # trailing comment with = ( ) { } : & symbols\n"
      "#input b\n"
      "x = Neg(a)#no space before the comment\n"
      "   # indented comment\n"
      "output x");
  REQUIRE(ast.inputs.size() == 1);
  CHECK(ast.inputs[0].loc.line == 4);
  REQUIRE(ast.nodes.size() == 1);
  CHECK(ast.nodes[0].loc.line == 6);
  REQUIRE(ast.outputs.size() == 1);
  CHECK(ast.outputs[0].loc.line == 8);
}

TEST_CASE("parse_tfg accepts CRLF line endings", "[parser]") {
  const Ast ast = parse_clean("var x = A\r\ninput B\r\n\r\nw = Write(&x, B)\r\noutput B\r\n");
  REQUIRE(ast.vars.size() == 1);
  CHECK(ast.vars[0].init->symbol == "A");
  REQUIRE(ast.nodes.size() == 1);
  CHECK(ast.nodes[0].loc.line == 4);
  REQUIRE(ast.outputs.size() == 1);
  CHECK(ast.outputs[0].ref.name == "B");
  CHECK(ast.outputs[0].loc.line == 5);
}

TEST_CASE("parse_tfg reads names with . / - characters", "[parser]") {
  const Ast ast = parse_clean(
      "input layer1/w.0-a\n"
      "_s-1 = Split(layer1/w.0-a) {num=2}\n"
      "output _s-1:1 as out/x.y-z\n");
  CHECK(ast.inputs[0].name == "layer1/w.0-a");
  CHECK(ast.nodes[0].name == "_s-1");
  CHECK(ast.nodes[0].args[0].name == "layer1/w.0-a");
  check_ref(ast.outputs[0].ref, "_s-1", 1, true, false, 3, 8);
  CHECK(ast.outputs[0].as == std::optional<std::string>("out/x.y-z"));
}

TEST_CASE("parse_tfg does not reserve keywords", "[parser]") {
  const Ast ast = parse_clean(
      "fn fn : 1 -> 1\n"
      "var var\n"
      "input input\n"
      "output = fn(input)\n"
      "after = Read(&var) after output\n"
      "as = Neg(after) after after\n"
      "var = Var(var)\n"
      "output output as as\n");
  CHECK(ast.fns[0].name == "fn");
  CHECK(ast.vars[0].name == "var");
  CHECK(ast.inputs[0].name == "input");
  REQUIRE(ast.nodes.size() == 4);
  CHECK(ast.nodes[0].name == "output");
  CHECK(ast.nodes[0].op == "fn");
  CHECK(ast.nodes[1].name == "after");
  REQUIRE(ast.nodes[1].after.size() == 1);
  CHECK(ast.nodes[1].after[0].name == "output");
  CHECK(ast.nodes[2].name == "as");
  REQUIRE(ast.nodes[2].args.size() == 1);
  CHECK(ast.nodes[2].args[0].name == "after");
  REQUIRE(ast.nodes[2].after.size() == 1);
  CHECK(ast.nodes[2].after[0].name == "after");
  CHECK(ast.nodes[3].name == "var");
  CHECK(ast.nodes[3].op == "Var");
  REQUIRE(ast.outputs.size() == 1);
  CHECK(ast.outputs[0].ref.name == "output");
  CHECK(ast.outputs[0].as == std::optional<std::string>("as"));
}

TEST_CASE("parse_tfg reports syntax errors at their column", "[parser]") {
  CHECK(only_error("input a\nx = Add(a,") ==
        "t.tfg:2:11: error: expected a node or input name but found end of line");
  CHECK(only_error("x = Add(a b)\n") == "t.tfg:1:11: error: expected ',' or ')' but found 'b'");
  CHECK(only_error("hello world\n") ==
        "t.tfg:1:1: error: unknown statement 'hello': expected fn, var, input, queue, mutex, "
        "section, target, output or NAME = OP(...)");
  CHECK(only_error("x = Neg(s:-1)\n") == "t.tfg:1:11: error: output index -1 is out of range");
  CHECK(only_error("x = Neg(s:99999999999)\n") ==
        "t.tfg:1:11: error: output index 99999999999 is out of range");
  CHECK(only_error("x = Neg(s:)\n") ==
        "t.tfg:1:11: error: expected an output index after ':' but found ')'");
  CHECK(only_error("x = Neg(&)\n") ==
        "t.tfg:1:10: error: expected a variable name after '&' but found ')'");
  CHECK(only_error("x = Neg(a) after\n") ==
        "t.tfg:1:17: error: expected a node name after 'after' but found end of line");
  CHECK(only_error("x = Neg(a) after &b\n") ==
        "t.tfg:1:18: error: expected a node name after 'after' but found '&'");
  CHECK(only_error("x = Neg(a) afterwards b\n") ==
        "t.tfg:1:12: error: unexpected 'a' after the statement");
  CHECK(only_error("x = Neg(a) {num}\n") ==
        "t.tfg:1:16: error: expected '=' after the attribute name but found '}'");
  CHECK(only_error("x = Neg(a) {n=1\n") ==
        "t.tfg:1:16: error: expected ',' or '}' but found end of line");
  CHECK(only_error("x = Neg(a) {n=[1,}\n") ==
        "t.tfg:1:18: error: expected an integer in the list but found '}'");
  CHECK(only_error("x = 5\n") == "t.tfg:1:5: error: expected an operation name but found '5'");
  CHECK(only_error("fn F : 1 2\n") == "t.tfg:1:10: error: expected '->' but found '2'");
  CHECK(only_error("fn F : -1 -> 2\n") == "t.tfg:1:8: error: input count must be in [0, 1024]");
  CHECK(only_error("fn F : 1 -> 1025\n") == "t.tfg:1:13: error: output count must be in [0, 1024]");
  CHECK(only_error("var\n") == "t.tfg:1:4: error: expected a variable name but found end of line");
  CHECK(only_error("input a = \n") ==
        "t.tfg:1:11: error: expected a tensor literal or a symbol name but found end of line");
  CHECK(only_error("output\n") ==
        "t.tfg:1:7: error: expected a node or input name but found end of line");
  CHECK(only_error("output a as\n") ==
        "t.tfg:1:12: error: expected an output name after 'as' but found end of line");
  CHECK(only_error("output a b\n") == "t.tfg:1:10: error: unexpected 'b' after the statement");
  CHECK(only_error("1x = Neg(a)\n") == "t.tfg:1:1: error: expected a statement but found '1'");
}

TEST_CASE("parse_tfg reports bad literals at the literal", "[parser]") {
  // The literal's own messages belong to tensor_text.h; here only their position and gist.
  const auto starts = [](const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
  };
  const std::string range = only_error("input a = i32{99999999999}\n");
  CHECK(starts(range, "t.tfg:1:15: error: "));
  CHECK(range.find("out of range") != std::string::npos);
  const std::string count = only_error("var v = i32[3]{1, 2}\n");
  CHECK(starts(count, "t.tfg:1:20: error: "));
  CHECK(count.find("3 elements") != std::string::npos);
  const std::string boolean = only_error("c = Const {value=bool{2}}\n");
  CHECK(starts(boolean, "t.tfg:1:23: error: "));
  CHECK(boolean.find("true or false") != std::string::npos);
  CHECK(starts(only_error("input a = i32[2]{1, 2\n"), "t.tfg:1:22: error: "));
}

TEST_CASE("parse_tfg reports non-text bytes and keeps going", "[parser]") {
  const std::string text = std::string("input a\n\x01\x02\n") + std::string(1, '\0') +
                           "\nx = Neg(a" + std::string(1, '\0') + ")\ny = Neg(a) \xff\noutput y\n";
  DiagnosticList diags("t.tfg", text);
  const Ast ast = parse_tfg(text, diags);
  REQUIRE(diags.size() == 4);
  const std::string rendered = diags.render();
  CHECK(rendered.find("t.tfg:2:1: error: expected a statement but found byte 0x01") == 0);
  CHECK(rendered.find("t.tfg:3:1: error: expected a statement but found byte 0x00") !=
        std::string::npos);
  CHECK(rendered.find("t.tfg:4:10: error: expected ',' or ')' but found byte 0x00") !=
        std::string::npos);
  CHECK(rendered.find("t.tfg:5:12: error: unexpected byte 0xff after the statement") !=
        std::string::npos);
  CHECK(ast.inputs.size() == 1);
  CHECK(ast.outputs.size() == 1);
}

TEST_CASE("parse_tfg reports every bad line, in file order", "[parser]") {
  const std::string text =
      "input a\n"
      "x = Add(a,\n"
      "ok = Neg(a)\n"
      "output\n"
      "y = = z\n";
  DiagnosticList diags("t.tfg", text);
  const Ast ast = parse_tfg(text, diags);
  REQUIRE(diags.size() == 3);
  CHECK(diags.items()[0].loc.line == 2);
  CHECK(diags.items()[1].loc.line == 4);
  CHECK(diags.items()[2].loc.line == 5);
  CHECK(diags.items()[2].loc.column == 5);
  REQUIRE(ast.nodes.size() == 1);
  CHECK(ast.nodes[0].name == "ok");
}

TEST_CASE("parse_tfg never throws on random bytes", "[parser]") {
  std::mt19937 rng(12345);
  const std::string alphabet = "aZ_09.-/&:=(){}[],#-> \t\r\nfnvarinputoutputafteras\x00\xff";
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int length = static_cast<int>(rng() % 200);
    for (int i = 0; i < length; ++i) {
      text += round % 2 == 0 ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
    }
    DiagnosticList diags("t.tfg", text);
    CHECK_NOTHROW(parse_tfg(text, diags));
    CHECK_NOTHROW(diags.render());
  }
}

TEST_CASE("parse_init_value reads a literal or a symbol and nothing more", "[parser]") {
  std::string error;
  auto literal = parse_init_value(" f64[2]{1.5, 2} ", error);
  REQUIRE(literal.has_value());
  REQUIRE(literal->literal.has_value());
  CHECK(literal->literal->dtype == tfmc::eval::DType::F64);
  auto symbol = parse_init_value("B.1/x", error);
  REQUIRE(symbol.has_value());
  CHECK_FALSE(symbol->literal.has_value());
  CHECK(symbol->symbol == "B.1/x");

  CHECK_FALSE(parse_init_value("", error).has_value());
  CHECK(error == "column 1: expected a tensor literal or a symbol name but found end of line");
  CHECK_FALSE(parse_init_value("A B", error).has_value());
  CHECK(error == "column 3: unexpected 'B' after the value");
  CHECK_FALSE(parse_init_value("i32{", error).has_value());
  CHECK(error.rfind("column 5: ", 0) == 0);
  CHECK_FALSE(parse_init_value("i32{1} x", error).has_value());
  CHECK(error == "column 8: unexpected 'x' after the value");
}
