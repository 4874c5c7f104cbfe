// Invalid input with queues, mutexes, sections, targets, RandomInt and the other stateful
// operations: each rejected program exits 2 at the position invalid_input_test.cpp describes.
#include <catch2/catch.hpp>

#include "semantics/build/invalid_input_checks.h"

using namespace invalid_input_checks;

// Queues, mutexes, sections, targets, Choice, RandomInt and ApplyGradientDescent. LINE and COL
// follow FORMAT.md, "Error messages": a bad or missing attribute at the attribute's value (missing:
// at the declared name, or at the node's operation), a wrong resource kind at the reference, a
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
