// Invalid input to the built tfmc binary: every rejected program exits 2 and its first stderr
// line is `FILE:LINE:COL: error: MESSAGE` with the LINE of FORMAT.md section 2 (the
// referencing statement for undefined names and kind mismatches, the node's statement for
// arity and attribute errors, the first statement in the file of a cycle's nodes) and the
// COL of the offending token; the message must name the problem.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.h"

namespace {

namespace fs = std::filesystem;

// A folder of this process for the program, stdout and stderr files; removed at exit.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("tfmc_invalid_input_" + std::to_string(getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

const fs::path& scratch_dir() {
  static const Scratch scratch;
  return scratch.dir;
}

struct Run {
  int code = -1;
  std::string out;
  std::string err;
  std::string first_err_line() const { return err.substr(0, err.find('\n')); }
};

// Runs `tfmc ARGS` with stdout and stderr captured.
Run run_tfmc(const std::string& args) {
  const fs::path out = scratch_dir() / "stdout.txt";
  const fs::path err = scratch_dir() / "stderr.txt";
  const std::string command = std::string("'") + TFMC_BINARY + "' " + args + " >'" + out.string() +
                              "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = tfmc::test::read_file(out);
  r.err = tfmc::test::read_file(err);
  return r;
}

fs::path program_path() { return scratch_dir() / "prog.tfg"; }

Run check_text(const std::string& text, const std::string& options = "") {
  std::ofstream(program_path(), std::ios::binary) << text;
  return run_tfmc("check '" + program_path().string() + "' --quiet " + options);
}

struct Case {
  std::string text;
  int line;
  int column;
  std::vector<std::string> words;  // the message must contain each
};

void expect_error(const Case& c, const std::string& options = "") {
  const Run r = check_text(c.text, options);
  INFO("program:\n" << c.text << "\nstderr:\n" << r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  const std::string prefix = program_path().string() + ":" + std::to_string(c.line) + ":" +
                             std::to_string(c.column) + ": error: ";
  const std::string first = r.first_err_line();
  CHECK(first.rfind(prefix, 0) == 0);
  for (const std::string& w : c.words) {
    INFO("expected in the message: " << w);
    CHECK(first.find(w) != std::string::npos);
  }
}

void expect_errors(const std::vector<Case>& cases) {
  for (const Case& c : cases) expect_error(c);
}

}  // namespace

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

// Queues, mutexes, sections, targets, Choice, RandomInt and ApplyGradientDescent. LINE and COL
// follow FORMAT.md section 11: a bad or missing attribute at the attribute's value (missing: at
// the declared name, or at the node's operation), a wrong resource kind at the reference, a
// later duplicate at its name, a bad section or target entry at that entry.

TEST_CASE("queue capacities are required, integers, in [1, 65536]", "[invalid]") {
  expect_errors({
      {"queue q\n", 1, 7, {"queue 'q'", "capacity"}},
      {"var x\nqueue  q {}\n", 2, 8, {"queue 'q'", "capacity"}},
      {"queue q {capacity=0}\n", 1, 19, {"capacity", "[1, 65536]"}},
      {"queue q {capacity=-1}\n", 1, 19, {"capacity", "[1, 65536]"}},
      {"queue q {capacity=65537}\n", 1, 19, {"capacity", "[1, 65536]"}},
      {"queue q {capacity=i32{1}}\n", 1, 19, {"capacity", "integer"}},
      {"queue q {capacity=big}\n", 1, 19, {"capacity", "integer"}},
      {"queue q {capacity=[1]}\n", 1, 19, {"capacity", "integer"}},
  });
}

TEST_CASE("unknown and repeated attributes of queues and mutexes are rejected", "[invalid]") {
  expect_errors({
      {"queue q {capacity=1, size=2}\n", 1, 22, {"unknown attribute", "'size'", "queue 'q'"}},
      {"queue q {capacity=1, capacity=2}\n", 1, 22, {"'capacity'", "twice"}},
      {"mutex m {capacity=1}\n", 1, 10, {"mutex", "no attributes"}},
      // The missing capacity (at the name) comes before the unknown attribute.
      {"queue q {size=2}\n", 1, 7, {"capacity"}},
  });
}

TEST_CASE("a resource op on the wrong kind of resource is rejected at the reference", "[invalid]") {
  expect_errors({
      {"queue q {capacity=1}\nr = Read(&q)\n", 2, 10, {"Read", "variable", "'&q'", "queue"}},
      {"mutex m\ninput t\nw = Write(&m, t)\n", 3, 11, {"Write", "variable", "mutex"}},
      {"queue q {capacity=1}\ninput t\ng = ApplyGradientDescent(&q, t, t)\n",
       3,
       26,
       {"ApplyGradientDescent", "variable", "queue"}},
      {"var x\ninput t\ne = Enqueue(&x, t)\n", 3, 13, {"Enqueue", "queue", "'&x'", "variable"}},
      {"mutex m\nd = Dequeue(&m)\n", 2, 13, {"Dequeue", "queue", "mutex"}},
      {"queue q {capacity=1}\nl = Lock(&q)\n", 2, 10, {"Lock", "mutex", "queue"}},
      {"var x\nu = Unlock(&x)\n", 2, 12, {"Unlock", "mutex", "variable"}},
      // Through a named Var node.
      {"queue q {capacity=1}\nv = Var(q)\nr = Read(v)\n", 3, 10, {"Read", "'v'", "queue"}},
      {"var x\nv = Var(x)\nl = Lock(v)\n", 3, 10, {"Lock", "'v'", "variable"}},
  });
}

TEST_CASE("a queue or mutex used as a tensor is rejected at the reference", "[invalid]") {
  expect_errors({
      {"queue q {capacity=1}\nn = Neg(q)\n", 2, 9, {"'q'", "queue", "&q"}},
      {"mutex m\nn = Neg(m)\n", 2, 9, {"'m'", "mutex", "&m"}},
      {"queue q {capacity=1}\noutput &q\n", 2, 8, {"variable edge", "&q"}},
      {"queue q {capacity=1}\ne = Enqueue(&q, &q)\n", 2, 17, {"argument 2", "tensor", "'&q'"}},
      {"var x\nc = Choice(&x)\n", 2, 12, {"Choice", "tensor", "'&x'"}},
      {"mutex m\ninput i\nn = Neg(i) after m\n", 3, 18, {"'m'"}},
  });
}

TEST_CASE("variables, queues and mutexes share one namespace", "[invalid]") {
  expect_errors({
      {"var x\nqueue x {capacity=1}\n", 2, 7, {"'x'", "already defined", "variable"}},
      {"queue q {capacity=1}\nvar q\n", 2, 5, {"'q'", "already defined", "queue"}},
      {"mutex m\nvar m = A\n", 2, 5, {"'m'", "already defined", "mutex"}},
      {"queue r {capacity=1}\nmutex r\n", 2, 7, {"'r'", "already defined", "queue"}},
      {"queue q {capacity=1}\nqueue q {capacity=2}\n", 2, 7, {"queue 'q'", "already defined"}},
      {"mutex m\nmutex m\n", 2, 7, {"mutex 'm'", "already defined"}},
      // The later one in the file is reported, whatever the statement kinds.
      {"mutex m\ninput i\nqueue m {capacity=1}\nvar m\n", 3, 7, {"'m'", "mutex"}},
  });
}

TEST_CASE("sections and targets name defined nodes, once per section", "[invalid]") {
  expect_errors({
      {"section S : a\n", 1, 13, {"undefined node", "'a'", "section"}},
      {"input i\na = Neg(i)\nsection S : a, zz\n", 3, 16, {"undefined node", "'zz'"}},
      {"input i\nsection S : i\n", 2, 13, {"section", "'i'", "not a node"}},
      {"var x\ninput i\na = Neg(i)\nsection S : a, x\n", 4, 16, {"'x'"}},
      {"fn F : 1 -> 1\nsection S : F\n", 2, 13, {"'F'", "not a node"}},
      {"input i\na = Neg(i)\nsection S : a, a\n", 3, 16, {"'a'", "already in section 'S'"}},
      {"input i\na = Neg(i)\nsection S : a\nsection T : a\n", 4, 13, {"'a'", "section 'S'"}},
      {"input i\na = Neg(i)\nb = Neg(i)\nsection S : a\nsection S : b\n",
       5,
       9,
       {"section 'S'", "already defined"}},
      {"target zz\n", 1, 8, {"undefined node", "'zz'", "target"}},
      {"input i\ntarget i\n", 2, 8, {"target", "'i'", "not a node"}},
      {"var x\ninput i\na = Neg(i)\ntarget a, x\n", 4, 11, {"'x'"}},
      {"fn F : 1 -> 1\ntarget F\n", 2, 8, {"'F'", "not a node"}},
  });
}

TEST_CASE("section and target statements with syntax errors", "[invalid]") {
  expect_errors({
      {"input i\na = Neg(i)\nsection S a\n", 3, 11, {"':'"}},
      {"section S :\n", 1, 12, {"node name"}},
      {"section\n", 1, 8, {"section name"}},
      {"input i\na = Neg(i)\nsection S : a,\n", 3, 15, {"node name"}},
      {"target\n", 1, 7, {"node name"}},
      {"input i\na = Neg(i)\ntarget a b\n", 3, 10, {"unexpected"}},
      {"queue\n", 1, 6, {"queue name"}},
      {"mutex\n", 1, 6, {"mutex name"}},
      {"queue q {capacity=}\n", 1, 19, {"attribute value"}},
  });
}

TEST_CASE("RandomInt needs min <= max, both i32, at most 4096 values", "[invalid]") {
  expect_errors({
      {"k = RandomInt {min=3, max=2}\n", 1, 5, {"RandomInt", "min <= max", "min=3", "max=2"}},
      {"k = RandomInt {min=0, max=4096}\n", 1, 5, {"RandomInt", "4096"}},
      {"k = RandomInt {min=-2147483648, max=2147483647}\n", 1, 5, {"RandomInt", "4096"}},
      {"k = RandomInt {max=2}\n", 1, 5, {"RandomInt", "'min'"}},
      {"k = RandomInt {min=2}\n", 1, 5, {"RandomInt", "'max'"}},
      {"k = RandomInt\n", 1, 5, {"RandomInt", "'min'"}},
      {"k = RandomInt {min=-2147483649, max=0}\n", 1, 20, {"'min'", "-2147483648"}},
      {"k = RandomInt {min=0, max=2147483648}\n", 1, 27, {"'max'", "2147483647"}},
      {"k = RandomInt {min=i32{0}, max=1}\n", 1, 20, {"'min'", "integer"}},
      {"k = RandomInt {min=0, max=1, seed=3}\n", 1, 30, {"unknown attribute", "'seed'"}},
      {"k = RandomInt {min=0, max=1, min=0}\n", 1, 30, {"'min'", "twice"}},
  });
}

TEST_CASE("the new operations have fixed arities", "[invalid]") {
  expect_errors({
      {"input i\nk = RandomInt(i) {min=0, max=1}\n", 2, 5, {"RandomInt", "0 arguments", "1 given"}},
      {"c = Choice()\n", 1, 5, {"Choice", "at least 1", "0 given"}},
      {"queue q {capacity=1}\ne = Enqueue(&q)\n", 2, 5, {"Enqueue", "2 arguments", "1 given"}},
      {"queue q {capacity=1}\ninput t\ne = Enqueue(&q, t, t)\n", 3, 5, {"Enqueue", "3 given"}},
      {"queue q {capacity=1}\ninput t\nd = Dequeue(&q, t)\n",
       3,
       5,
       {"Dequeue", "1 argument", "2 given"}},
      {"d = Dequeue()\n", 1, 5, {"Dequeue", "0 given"}},
      {"l = Lock()\n", 1, 5, {"Lock", "1 argument", "0 given"}},
      {"mutex m\nu = Unlock(&m, &m)\n", 2, 5, {"Unlock", "2 given"}},
      {"var x\ninput a\ng = ApplyGradientDescent(&x, a)\n",
       3,
       5,
       {"ApplyGradientDescent", "3 arguments", "2 given"}},
      {"var x\ninput a\ng = ApplyGradientDescent(&x, a, a, a)\n",
       3,
       5,
       {"ApplyGradientDescent", "4 given"}},
  });
}

TEST_CASE("the new operations take no attributes and have only their outputs", "[invalid]") {
  expect_errors({
      {"mutex m\nl = Lock(&m) {k=1}\n", 2, 15, {"Lock", "no attributes"}},
      {"queue q {capacity=1}\nd = Dequeue(&q) {capacity=1}\n", 2, 18, {"Dequeue", "no attributes"}},
      {"input i\nc = Choice(i) {k=1}\n", 2, 16, {"Choice", "no attributes"}},
      {"var x\ninput a\ng = ApplyGradientDescent(&x, a, a) {f=Add}\n",
       3,
       37,
       {"ApplyGradientDescent", "attributes"}},
      {"queue q {capacity=1}\nd = Dequeue(&q)\nn = Neg(d:1)\n", 3, 9, {"'d'", "no output 1"}},
      {"queue q {capacity=1}\ninput a\ne = Enqueue(&q, a)\nn = Neg(e)\n",
       4,
       9,
       {"'e'", "no outputs"}},
      {"mutex m\nl = Lock(&m)\noutput l\n", 3, 8, {"'l'", "no outputs"}},
      {"mutex m\nu = Unlock(&m)\nn = Neg(u)\n", 3, 9, {"'u'", "no outputs"}},
      {"var x\ninput a\ng = ApplyGradientDescent(&x, a, a)\nn = Neg(g)\n",
       4,
       9,
       {"'g'", "no outputs"}},
  });
}

TEST_CASE("the new stateful operations cannot be redeclared with fn", "[invalid]") {
  for (const std::string op : {"Enqueue", "Dequeue", "Lock", "Unlock", "ApplyGradientDescent"}) {
    expect_error({"input i\nfn " + op + " : 1 -> 1\n", 2, 4, {op, "redeclared"}});
  }
}

// A section statement with trailing text is a syntax error and nothing else (its name once
// also counted as a duplicate of itself).
TEST_CASE("trailing text after a section is one syntax error", "[invalid]") {
  expect_error({"input a\nn = Neg(a)\nsection S : n junk\n", 3, 15, {"unexpected"}});
}
