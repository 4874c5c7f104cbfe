// Invalid input to the built tfmc binary: every rejected program exits 2 and its first stderr
// line is `FILE:LINE:COL: error: MESSAGE` with the LINE of FORMAT.md, "Error messages" (the
// referencing statement for undefined names and kind mismatches, the node's statement for
// arity and attribute errors, the first statement in the file of a cycle's nodes) and the
// COL of the offending token; the message must name the problem.
#include <catch2/catch.hpp>

#include "semantics/build/invalid_input_checks.h"

using namespace invalid_input_checks;

TEST_CASE("cycles are rejected at the cycle's first statement in the file", "[invalid]") {
  expect_errors({
      {"input i\na = Neg(b)\nb = Neg(a)\n", 2, 1, {"acyclic", "a, b"}},
      {"input i\nc = Neg(i)\nb = Neg(a)\na = Neg(b)\n", 3, 1, {"acyclic", "b, a"}},
      {"input i\na = Neg(i) after a\n", 2, 1, {"acyclic", "'a'"}},
      {"a = Neg(a)\n", 1, 1, {"acyclic", "'a'"}},
      {"input i\n"
       "x = Neg(i)\n"
       "q = Neg(p)\n"
       "p = Add(x, s)\n"
       "r = Neg(q)\n"
       "s = Identity(i) after r\n",
       3,
       1,
       {"acyclic", "q, p, r, s"}},
      {"var x\nv = Var(x) after r\nr = Read(v)\n", 2, 1, {"acyclic", "v, r"}},
      {"input i\nb = Neg(a)\na = Add(b, b)\n", 2, 1, {"acyclic", "b, a"}},
  });
}

TEST_CASE("unknown operations are rejected at the operation", "[invalid]") {
  expect_errors({
      {"input i\nx = Foo(i)\n", 2, 5, {"unknown operation", "Foo"}},
      {"input i\nx =   add(i, i)\n", 2, 7, {"unknown operation", "add"}},
      {"input i\nx = Project(i)\nfn Proj : 1 -> 1\n", 2, 5, {"unknown operation", "Project"}},
  });
}

TEST_CASE("wrong arities are rejected at the node's operation", "[invalid]") {
  expect_errors({
      {"input i\nx = Add(i)\n", 2, 5, {"Add", "2", "1 given"}},
      {"input i\nx = Neg(i, i)\n", 2, 5, {"Neg", "1", "2 given"}},
      {"input i\nx = Concat(i)\n", 2, 5, {"Concat", "at least 2", "1 given"}},
      {"var x\nr = Read()\n", 2, 5, {"Read", "0 given"}},
      {"var x\nw = Write(&x)\n", 2, 5, {"Write", "1 given"}},
      {"input i\nc = Const(i) {value=i32{1}}\n", 2, 5, {"Const", "1 given"}},
      {"fn F : 2 -> 1\ninput i\nx = F(i)\n", 3, 5, {"F", "1 given"}},
      {"var x\nv = Var()\n", 2, 5, {"Var", "0 given"}},
  });
}

TEST_CASE("an edge of the wrong kind is rejected at the reference", "[invalid]") {
  expect_errors({
      {"input t\nr = Read(t)\n", 2, 10, {"variable edge", "'t'"}},
      {"var x\ninput a\nr = Add(&x, a)\n", 3, 9, {"tensor", "'&x'"}},
      {"var x\ninput a\nr = Add(a, &x)\n", 3, 12, {"tensor", "'&x'"}},
      {"var x\ninput a\nv = Var(x)\nr = Add(a, v)\n", 4, 12, {"tensor", "'v'"}},
      {"input t\nw = Write(t, t)\n", 2, 11, {"variable edge", "'t'"}},
      {"var x\nw = Write(&x, &x)\n", 2, 15, {"tensor", "'&x'"}},
      {"var x\noutput &x\n", 2, 8, {"variable edge", "&x"}},
      {"var x\nv = Var(x)\noutput v\n", 3, 8, {"variable edge", "'v'"}},
      {"var x\nv = Var(&x)\n", 2, 9, {"Var", "variable name"}},
  });
}

TEST_CASE("undefined names are rejected at the referencing statement", "[invalid]") {
  expect_errors({
      {"x = Neg(b)\n", 1, 9, {"undefined", "'b'"}},
      {"input a\nx = Add(a, zz)\n", 2, 12, {"undefined", "'zz'"}},
      {"r = Read(&y)\n", 1, 10, {"undefined variable", "'y'"}},
      {"v = Var(y)\n", 1, 9, {"undefined variable", "'y'"}},
      {"input i\nx = Neg(i) after zz\n", 2, 18, {"undefined", "'zz'"}},
      {"input i\nx = Neg(i)\ny = Neg(i) after x, i\n", 3, 21, {"after", "'i'"}},
      {"output q\n", 1, 8, {"undefined", "'q'"}},
      {"var x\nr = Neg(x)\n", 2, 9, {"variable", "&x"}},
      {"fn F : 1 -> 1\nx = Neg(F)\n", 2, 9, {"function", "'F'"}},
      {"var x\ninput a\nw = Assign(&x, a) {f=Nope}\n", 3, 22, {"Nope"}},
  });
}

TEST_CASE("references to missing outputs are rejected at the reference", "[invalid]") {
  expect_errors({
      {"input i\ns = Split(i) {num=2}\nn = Neg(s:5)\n", 3, 9, {"no output 5", "'s'"}},
      {"var x\ninput i\nw = Write(&x, i)\nn = Neg(w)\n", 4, 9, {"no outputs", "'w'"}},
      {"var x\ninput i\nw = AssignAdd(&x, i)\noutput w\n", 4, 8, {"no outputs", "'w'"}},
      {"input i\nn = Neg(i:1)\n", 2, 9, {"'i'", "output 0"}},
      {"input i\nn = Neg(i)\nm = Neg(n:1)\n", 3, 9, {"no output 1", "'n'"}},
  });
}

TEST_CASE("duplicate names are rejected at the later definition", "[invalid]") {
  expect_errors({
      {"input a\na = Neg(a)\n", 2, 1, {"'a'", "already"}},
      {"a = Const {value=A}\ninput a\n", 2, 7, {"'a'", "already"}},
      {"var x\nvar x = A\n", 2, 5, {"'x'", "already"}},
      {"fn F : 1 -> 1\nfn F : 2 -> 1\n", 2, 4, {"'F'", "already"}},
      {"input i\nn = Neg(i)\nn = Neg(i)\n", 3, 1, {"'n'", "already"}},
      {"input a\ninput b\noutput a as o\noutput b as o\n", 4, 1, {"'o'", "already"}},
      {"input a\noutput a\noutput a\n", 3, 1, {"'a'", "already"}},
  });
}

TEST_CASE("bad literals are rejected at the literal", "[invalid]") {
  expect_errors({
      {"input i = i32{99999999999}\n", 1, 15, {"99999999999", "range"}},
      {"var v = i32[3]{1, 2}\n", 1, 20, {"3", "2"}},
      {"input i = f16{1}\n", 1, 11, {"f16"}},
      {"c = Const {value=1}\n", 1, 18, {"value"}},
      {"c = Const {value=f16{1}}\n", 1, 18, {"f16"}},
  });
}

TEST_CASE("bad, missing and unknown attributes are rejected", "[invalid]") {
  expect_errors({
      {"input i\ns = Split(i)\n", 2, 5, {"Split", "num"}},
      {"input i\ns = Split(i) {num=0}\n", 2, 19, {"num"}},
      {"input i\nc = Cast(i) {to=f16}\n", 2, 17, {"to", "dtype"}},
      {"input i\nc = Cast(i)\n", 2, 5, {"Cast", "to"}},
      {"input i\nr = Reshape(i) {shape=[-1,-1]}\n", 2, 23, {"shape", "-1"}},
      {"input i\nr = Reshape(i) {shape=[2,-3]}\n", 2, 23, {"shape"}},
      {"input i\nr = Reshape(i)\n", 2, 5, {"Reshape", "shape"}},
      {"input i\nn = Neg(i) {foo=1}\n", 2, 13, {"foo"}},
      {"input i\ns = Split(i) {num=2, bogus=1}\n", 2, 22, {"bogus"}},
      {"input i\ns = Split(i) {num=2, num=3}\n", 2, 22, {"num", "twice"}},
      {"c = Const()\n", 1, 5, {"Const", "value"}},
      {"var x\ninput a\nw = Assign(&x, a)\n", 3, 5, {"Assign", "f"}},
      {"var x\ninput a\nw = Assign(&x, a) {f=Neg}\n", 3, 22, {"Neg", "binary"}},
      {"fn F : 1 -> 1\nvar x\ninput a\nw = Assign(&x, a) {f=F}\n", 4, 22, {"F", "2"}},
      {"var x\ninput a\nw = Write(&x, a) {f=Add}\n", 3, 19, {"Write", "f"}},
      {"var x\nr = Read(&x) {k=1}\n", 2, 15, {"Read"}},
  });
}

TEST_CASE("the stateful operations cannot be redeclared with fn", "[invalid]") {
  for (const std::string op : {"Var", "Read", "Write", "AssignAdd", "AssignSub", "Assign"}) {
    expect_error({"input i\nfn " + op + " : 1 -> 1\n", 2, 4, {op, "redeclared"}});
  }
}

TEST_CASE("a truncated file is rejected where it ends", "[invalid]") {
  const std::string head =
      "fn Split : 1 -> 2\n"
      "var x = A\n"
      "input B\n"
      "w = Write(&x, B)\n";
  expect_errors({
      {head + "s = Split(B", 5, 12, {"expected"}},
      {head + "s = Split(B,", 5, 13, {"expected"}},
      {head + "a1 = AssignAdd(&x, B) after", 5, 28, {"expected", "after"}},
      {head + "a1 = AssignAdd(&x, B) af", 5, 23, {"unexpected"}},
      {head + "input C = f32[2]{1,", 5, 20, {}},
      {head + "fn F : 1 ->", 5, 12, {"expected"}},
      {head + "s = Split(B) {num=", 5, 19, {"expected"}},
      {head + "output", 5, 7, {"expected"}},
  });
}

TEST_CASE("binary garbage is rejected at its first byte", "[invalid]") {
  const std::string nul(1, '\0');
  expect_errors({
      {"\x89PNG\r\n\x1a\n" + nul + nul + nul + "\rIHDR", 1, 1, {"0x89"}},
      {nul + nul + nul, 1, 1, {"0x00"}},
      {"input a" + nul + "\n", 1, 8, {"0x00"}},
      {"input a\nx = Neg(a" + nul + ")\n", 2, 10, {"0x00"}},
  });
  std::mt19937 rng(2024);
  for (int round = 0; round < 5; ++round) {
    std::string bytes(1, '\xff');
    for (int i = 0; i < 400; ++i) bytes += static_cast<char>(rng() % 256);
    expect_error({bytes, 1, 1, {"0xff"}});
  }
}

TEST_CASE("several errors are all reported, the first in file order first", "[invalid]") {
  // Found in the order duplicate (line 6), unknown op (line 5), arity (line 3), undefined
  // name (line 2), cycle (line 7); printed by position.
  const Run r = check_text(
      "input a\n"
      "x = Neg(zz)\n"
      "y = Add(a)\n"
      "ok = Neg(a)\n"
      "u = Foo(a)\n"
      "a = Neg(ok)\n"
      "p = Neg(q)\n"
      "q = Neg(p)\n");
  CHECK(r.code == 2);
  const std::string file = program_path().string();
  std::vector<std::string> firsts;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(file + ":", 0) == 0) firsts.push_back(line.substr(file.size()));
  }
  REQUIRE(firsts.size() == 5);
  CHECK(firsts[0].rfind(":2:9: error: ", 0) == 0);
  CHECK(firsts[1].rfind(":3:5: error: ", 0) == 0);
  CHECK(firsts[2].rfind(":5:5: error: ", 0) == 0);
  CHECK(firsts[3].rfind(":6:1: error: ", 0) == 0);
  CHECK(firsts[4].rfind(":7:1: error: ", 0) == 0);
  // The source line and a caret follow each located error.
  CHECK(r.err.find(file + ":2:9: error: undefined name 'zz'\n  x = Neg(zz)\n          ^\n") == 0);
}

TEST_CASE("syntax errors on several lines are all reported in file order", "[invalid]") {
  const Run r = check_text("input a\nx = Add(a,\ny = Neg(a))\nz = Neg(a)\noutput\n");
  CHECK(r.code == 2);
  const std::string file = program_path().string();
  const auto l2 = r.err.find(file + ":2:11: error: ");
  const auto l3 = r.err.find(file + ":3:11: error: ");
  const auto l5 = r.err.find(file + ":5:7: error: ");
  CHECK(l2 == 0);
  CHECK(l3 != std::string::npos);
  CHECK(l5 != std::string::npos);
  CHECK(l2 < l3);
  CHECK(l3 < l5);
}

TEST_CASE("an empty file is a valid program with one empty outcome", "[invalid]") {
  for (const std::string text : {"", "\n", "# just a comment\n\n"}) {
    const Run r = check_text(text, "--json");
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("\"deterministic\": true") != std::string::npos);
    CHECK(r.out.find("{\"outputs\": {}, \"variables\": {}, \"stuck\": false, \"witness\": []}") !=
          std::string::npos);
  }
}

TEST_CASE("a missing or unreadable file is rejected with exit 2", "[invalid]") {
  const std::string missing = (scratch_dir() / "no_such_file.tfg").string();
  Run r = run_tfmc("check '" + missing + "'");
  CHECK(r.code == 2);
  CHECK(r.first_err_line().rfind(missing + ": error: ", 0) == 0);
  CHECK(r.first_err_line().find("cannot read") != std::string::npos);
  const std::string folder = (scratch_dir() / "a_folder.tfg").string();
  fs::create_directories(folder);
  r = run_tfmc("check '" + folder + "'");
  CHECK(r.code == 2);
  CHECK(r.first_err_line().rfind(folder + ": error: ", 0) == 0);
  r = run_tfmc("dot '" + missing + "'");
  CHECK(r.code == 2);
}

TEST_CASE("bad --feed options are rejected with exit 2", "[invalid]") {
  const std::string program = "input a\nb = Neg(a)\noutput b\n";
  const std::string file = program_path().string();
  Run r = check_text(program, "--feed c=A");
  CHECK(r.code == 2);
  CHECK(r.first_err_line().rfind(file + ": error: ", 0) == 0);
  CHECK(r.first_err_line().find("'c'") != std::string::npos);
  r = check_text(program, "--feed b=A");
  CHECK(r.code == 2);
  CHECK(r.first_err_line().find("'b'") != std::string::npos);
  for (const std::string bad :
       {"'a=i32{'", "'a=i32{99999999999}'", "'a=A B'", "a=", "a", "=A", "'a=f16{1}'"}) {
    r = check_text(program, "--feed " + bad);
    INFO(bad << ": " << r.err);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.first_err_line().find("--feed") != std::string::npos);
  }
  r = check_text(program, "--feed a=i32{1} --feed a=X --json");
  CHECK(r.code == 0);
  CHECK(r.out.find("\"b\": \"Neg(X)\"") != std::string::npos);
}

TEST_CASE("tfmc dot rejects invalid input like check", "[invalid]") {
  std::ofstream(program_path(), std::ios::binary) << "input i\nx = Foo(i)\n";
  const Run r = run_tfmc("dot '" + program_path().string() + "'");
  CHECK(r.code == 2);
  CHECK(r.first_err_line().rfind(program_path().string() + ":2:5: error: ", 0) == 0);
}
