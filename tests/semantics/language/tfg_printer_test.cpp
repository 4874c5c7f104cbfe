// The .tfg printer: exact canonical text, and parse(print(parse(x))) == parse(x) up to source
// locations on the specs programs and on hand-written programs covering every statement form.
#include "semantics/language/tfg_printer.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz/ast_equal.h"
#include "semantics/language/parser.h"
#include "support/files.h"
#include "support/parse_clean.h"

namespace {

using tfmc::test::read_file;

using tfmc::sem::Ast;
using tfmc::sem::DiagnosticList;
using tfmc::sem::parse_tfg;
using tfmc::sem::print_tfg;

using tfmc::test::parse_clean;

// Prints, reparses (which must give no error) and compares; returns the printed text.
std::string check_round_trip(const std::string& text) {
  DiagnosticList diags("t.tfg", text);
  const Ast first = parse_tfg(text, diags);
  const std::string printed = print_tfg(first);
  const Ast second = parse_clean(printed);
  INFO("source:\n" << text << "\nprinted:\n" << printed);
  CHECK(tfmc::test::ast_difference(first, second).empty());
  CHECK(print_tfg(second) == printed);
  return printed;
}

}  // namespace

TEST_CASE("print_tfg writes every statement form canonically", "[printer]") {
  const std::string source =
      "# a comment\r\n"
      "fn   Split:1->2   # redeclared built-in\n"
      "\n"
      "var x=A\n"
      "var  u\n"
      "input B = f32[2]{1.50, 0x1p-1}\n"
      "input C\n"
      "w = Write( &x ,B )\n"
      "s = Split(C) {num = 2, axis=-1}\n"
      "c = Const {value=i32[2,2]{7}}\n"
      "k = Const() {value=K}\n"
      "r = Reshape(s:1) {shape=[2,-1], tag=f64}\n"
      "e = Reshape(s:0) {shape=[]}\n"
      "a1 = AssignAdd(&x, s:0) after w\n"
      "r2 = Read(&x) after a1,w\n"
      "output r2 as result\n"
      "output s:1\n";
  const std::string expected =
      "fn Split : 1 -> 2\n"
      "var x = A\n"
      "var u\n"
      "input B = f32[2]{1.5, 0.5}\n"
      "input C\n"
      "w = Write(&x, B)\n"
      "s = Split(C) {num=2, axis=-1}\n"
      "c = Const() {value=i32[2,2]{7, 7, 7, 7}}\n"
      "k = Const() {value=K}\n"
      "r = Reshape(s:1) {shape=[2,-1], tag=f64}\n"
      "e = Reshape(s:0) {shape=[]}\n"
      "a1 = AssignAdd(&x, s:0) after w\n"
      "r2 = Read(&x) after a1, w\n"
      "output r2 as result\n"
      "output s:1\n";
  CHECK(check_round_trip(source) == expected);
}

TEST_CASE("print_tfg keeps the file order of mixed statement kinds", "[printer]") {
  const std::string source =
      "output r\n"
      "r = Neg(i)\n"
      "input i\n"
      "fn F : 0 -> 1\n"
      "var v\n"
      "g = F()\n";
  CHECK(check_round_trip(source) == source);
}

TEST_CASE("print_tfg prints literals in their canonical form", "[printer]") {
  CHECK(check_round_trip("input a = f32{1e300}\n") == "input a = f32{inf}\n");
  CHECK(check_round_trip("input a = f64{-0.0}\n") == "input a = f64{-0}\n");
  CHECK(check_round_trip("input a = f64{nan}\n") == "input a = f64{nan}\n");
  CHECK(check_round_trip("input a = f64{1e16}\n") == "input a = f64{1e+16}\n");
  CHECK(check_round_trip("input a = f32[]{0.1}\n") == "input a = f32{0.1}\n");
  CHECK(check_round_trip("input a = bool[3]{true}\n") == "input a = bool[3]{true, true, true}\n");
  CHECK(check_round_trip("input a = i64{-9223372036854775808}\n") ==
        "input a = i64{-9223372036854775808}\n");
  CHECK(check_round_trip("input a = i32[0]{}\n") == "input a = i32[0]{}\n");
  CHECK(check_round_trip("input a = f32[2,0,3]{}\n") == "input a = f32[2,0,3]{}\n");
  CHECK(check_round_trip("c = Const {value=f64[2]{+1.25e2, -.5}}\n") ==
        "c = Const() {value=f64[2]{125, -0.5}}\n");
}

TEST_CASE("print_tfg prints attribute values of every kind", "[printer]") {
  CHECK(check_round_trip("x = F(a) {n=+5, m=-9223372036854775808, k=f32, l=[], t=[ 1 , -1 ]}\n") ==
        "x = F(a) {n=5, m=-9223372036854775808, k=f32, l=[], t=[1,-1]}\n");
  CHECK(check_round_trip("x = F(a) {}\n") == "x = F(a)\n");
  CHECK(check_round_trip("x = Assign(&v, a) {f=Add}\n") == "x = Assign(&v, a) {f=Add}\n");
}

TEST_CASE("print_tfg prints keywords used as names", "[printer]") {
  const std::string source =
      "fn fn : 1 -> 1\n"
      "var var\n"
      "input input\n"
      "output = fn(input)\n"
      "after = Read(&var) after output\n"
      "as = Neg(after) after after\n"
      "var = Var(var)\n"
      "x = after\n"
      "output output as as\n"
      "output as as output\n";
  CHECK(check_round_trip(source) ==
        "fn fn : 1 -> 1\n"
        "var var\n"
        "input input\n"
        "output = fn(input)\n"
        "after = Read(&var) after output\n"
        "as = Neg(after) after after\n"
        "var = Var(var)\n"
        "x = after()\n"
        "output output as as\n"
        "output as as output\n");
}

TEST_CASE("print_tfg prints names with . / - and ports", "[printer]") {
  const std::string source =
      "input layer1/w.0-a\n"
      "s-1 = Split(layer1/w.0-a) {num=3}\n"
      "t = Add(s-1:2, s-1:0)\n"
      "output s-1:1 as a/b.c-d\n";
  CHECK(check_round_trip(source) == source);
}

TEST_CASE("print_tfg output round-trips on hand-written programs", "[printer]") {
  const std::vector<std::string> programs = {
      "",
      "# only a comment\n\n   \n",
      "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n",
      "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n",
      "var x = f32[2,2]{0}\nv = Var(x)\nr1 = Read(v)\nr2 = Read(v)\noutput r1\noutput r2\n",
      "input a = i32{1}\ninput b = i32{2}\nc = Add(a, b)\nd = Mul(c, c)\noutput d as sq\n",
      "fn G : 2 -> 1\nvar x = X\ninput t\nu = Assign(&x, t) {f=G, k=1}\n",
      "input m = f32[2,3]{1, 2, 3, 4, 5, 6}\ns = Sum(m) {axis=1}\nc = Cast(s) {to=i32}\n"
      "output c\n",
      "input a\nb = Concat(a, a, a) {axis=-1}\nsp = Split(b) {num=3, axis=0}\noutput sp:2\n",
      "x = Add(a, b)\na = Const {value=f64{0.1}}\nb = Const {value=f64{0.2}}\noutput x\n",
      "c = Const {value=i32{1}}\nd = Identity(c) after c\ne = Copy(d)\noutput e:1\n",
      "var x = bool{true}\nr = Read(&x)\nq = Equal(r, r)\nl = Less(r, r)\ng = Greater(r, r)\n",
      "input a\nn = Neg(a)\nm = Maximum(n, a)\nmi = Minimum(n, a)\nre = Relu(a)\n"
      "mm = MatMul(a, a)\nd = Div(a, a)\ns = Sub(a, a)\n",
      "var x\nw = AssignSub(&x, t)\ninput t = f64[3]{0x1.8p1, -inf, 1e-320}\n",
  };
  for (const std::string& p : programs) check_round_trip(p);
}

TEST_CASE("print_tfg output round-trips with CRLF line endings and tabs", "[printer]") {
  CHECK(check_round_trip("var x = A\r\ninput\tB\r\nw =\tWrite(&x, B)\r\noutput B\r\n") ==
        "var x = A\ninput B\nw = Write(&x, B)\noutput B\n");
}

TEST_CASE("print_tfg keeps the statements that parsed in a file with syntax errors", "[printer]") {
  // The statement on line 2 is skipped; the trailing junk on lines 3 and 4 is reported after
  // the statement was recorded, so they stay.
  const std::string source =
      "input a\n"
      "b = Add(a,\n"
      "var x = A junk\n"
      "output a as z ?\n";
  DiagnosticList diags("t.tfg", source);
  const Ast ast = parse_tfg(source, diags);
  CHECK(diags.size() == 3);
  CHECK(print_tfg(ast) == "input a\nvar x = A\noutput a as z\n");
  check_round_trip(source);
}

TEST_CASE("print_tfg orders a hand-built Ast by statement kind", "[printer]") {
  Ast ast;
  tfmc::sem::OutputStmt o;
  o.ref.name = "n";
  ast.outputs.push_back(o);
  tfmc::sem::NodeStmt n;
  n.name = "n";
  n.op = "Neg";
  tfmc::sem::Ref arg;
  arg.name = "s";
  arg.port = 1;
  arg.has_port = true;
  n.args.push_back(arg);
  ast.nodes.push_back(n);
  ast.inputs.push_back({"i", std::nullopt, {}});
  ast.vars.push_back({"v", std::nullopt, {}});
  ast.fns.push_back({"F", 1, 2, {}});
  const std::string expected =
      "fn F : 1 -> 2\n"
      "var v\n"
      "input i\n"
      "n = Neg(s:1)\n"
      "output n\n";
  CHECK(print_tfg(ast) == expected);
  CHECK(print_tfg(ast) == print_tfg(ast));
  CHECK(tfmc::test::ast_difference(ast, parse_clean(expected)).empty());
}

TEST_CASE("print_tfg output round-trips on every specs program", "[printer]") {
  const std::filesystem::path specs = std::filesystem::path(TFMC_SOURCE_DIR) / "specs";
  int count = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(specs)) {
    if (entry.path().extension() != ".tfg") continue;
    ++count;
    const std::string text = read_file(entry.path());
    INFO(entry.path());
    parse_clean(text);
    check_round_trip(text);
  }
  CHECK(count >= 1);
}

TEST_CASE("print_tfg writes queues, mutexes, sections, targets and the new ops", "[printer]") {
  const std::string source =
      "queue  q {capacity = 3}   # a comment\n"
      "mutex\tm\n"
      "var w = f32{1}\n"
      "input A\n"
      "input B\n"
      "l = Lock( &m )\n"
      "e = Enqueue(&q,A) after l\n"
      "d = Dequeue(&q)\n"
      "u = Unlock(&m) after e,d\n"
      "c = Choice(A,B,d)\n"
      "k = RandomInt {min = -1, max=+1}\n"
      "j = RandomInt() {min=0, max=0}\n"
      "g = ApplyGradientDescent(&w, k, c)\n"
      "section S:e,d\n"
      "section   T :u\n"
      "target c,k\n"
      "target j\n"
      "output c\n";
  const std::string expected =
      "queue q {capacity=3}\n"
      "mutex m\n"
      "var w = f32{1}\n"
      "input A\n"
      "input B\n"
      "l = Lock(&m)\n"
      "e = Enqueue(&q, A) after l\n"
      "d = Dequeue(&q)\n"
      "u = Unlock(&m) after e, d\n"
      "c = Choice(A, B, d)\n"
      "k = RandomInt() {min=-1, max=1}\n"
      "j = RandomInt() {min=0, max=0}\n"
      "g = ApplyGradientDescent(&w, k, c)\n"
      "section S : e, d\n"
      "section T : u\n"
      "target c, k\n"
      "target j\n"
      "output c\n";
  CHECK(check_round_trip(source) == expected);
}

TEST_CASE("print_tfg keeps the new statements in file order among the others", "[printer]") {
  const std::string source =
      "target n\n"
      "section S : n, m\n"
      "output n\n"
      "mutex x\n"
      "n = Neg(i)\n"
      "queue y {capacity=65536}\n"
      "input i\n"
      "m = Lock(&x)\n"
      "var v\n";
  CHECK(check_round_trip(source) == source);
}

TEST_CASE("print_tfg prints queue, mutex, section and target used as names", "[printer]") {
  const std::string source =
      "input i\n"
      "queue = Neg(i)\n"
      "mutex = Neg(queue)\n"
      "section = Neg(mutex)\n"
      "target = Neg(section)\n"
      "queue queue {capacity=1}\n"
      "mutex mutex\n"
      "section section : target, section\n"
      "target target, queue\n"
      "e = Enqueue(&queue, target)\n"
      "l = Lock(&mutex)\n";
  CHECK(check_round_trip(source) == source);
}

TEST_CASE("print_tfg round-trips resource attributes as written", "[printer]") {
  // The printer keeps what the parser recorded, valid for the builder or not: an unknown
  // attribute, a mutex with attributes, a queue without capacity.
  CHECK(check_round_trip("queue q {capacity=2, size=f32, l=[1,2]}\n") ==
        "queue q {capacity=2, size=f32, l=[1,2]}\n");
  CHECK(check_round_trip("mutex m {k=1}\n") == "mutex m {k=1}\n");
  CHECK(check_round_trip("queue q\n") == "queue q\n");
  CHECK(check_round_trip("queue q {}\n") == "queue q\n");
}
