// Queues, mutexes, critical sections, targets and ApplyGradientDescent: how they parse, what
// the builder makes of them, and the exact outcome sets of small programs.
//
// Every outcome set below is derived by hand from the rules (stated next to each program) and
// is checked under --reduction none, eager and stubborn: the three must agree exactly, stuck
// outcomes and their blocked nodes included. The testdata/queue_*, mutex_* and choice_* cases
// are also run under every reduction here, against the outcomes of their expected.json.
#include <catch2/catch.hpp>
#include <filesystem>

#include "semantics/build/outcome_checks.h"
#include "support/parse_clean.h"
#include "support/process.h"
#include "support/testdata.h"

using namespace outcome_checks;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Parsing

TEST_CASE("queue, mutex, section and target statements parse into the Ast", "[resources]") {
  const sem::Ast ast = test::parse_clean(
      "queue q {capacity=3}\n"
      "mutex  m\n"
      "input i\n"
      "a = Neg(i)\n"
      "b = Neg(a)\n"
      "section S : a,b\n"
      "target  b, a\n");
  REQUIRE(ast.resources.size() == 2);
  CHECK(ast.resources[0].kind == sem::ResourceDecl::Kind::Queue);
  CHECK(ast.resources[0].name == "q");
  CHECK(ast.resources[0].loc.line == 1);
  CHECK(ast.resources[0].loc.column == 7);
  REQUIRE(ast.resources[0].attrs.size() == 1);
  CHECK(ast.resources[0].attrs[0].key == "capacity");
  CHECK(ast.resources[0].attrs[0].value.integer == 3);
  CHECK(ast.resources[1].kind == sem::ResourceDecl::Kind::Mutex);
  CHECK(ast.resources[1].name == "m");
  CHECK(ast.resources[1].loc.column == 8);
  CHECK(ast.resources[1].attrs.empty());
  REQUIRE(ast.sections.size() == 1);
  CHECK(ast.sections[0].name == "S");
  CHECK(ast.sections[0].loc.line == 6);
  CHECK(ast.sections[0].loc.column == 9);
  REQUIRE(ast.sections[0].nodes.size() == 2);
  CHECK(ast.sections[0].nodes[0].name == "a");
  CHECK(ast.sections[0].nodes[1].name == "b");
  CHECK(ast.sections[0].nodes[1].loc.column == 15);
  REQUIRE(ast.targets.size() == 1);
  CHECK(ast.targets[0].loc.line == 7);
  CHECK(ast.targets[0].loc.column == 1);
  REQUIRE(ast.targets[0].nodes.size() == 2);
  CHECK(ast.targets[0].nodes[0].name == "b");
  CHECK(ast.targets[0].nodes[0].loc.column == 9);
  CHECK(ast.targets[0].nodes[1].name == "a");
}

TEST_CASE("queue, mutex, section and target are not reserved words", "[resources]") {
  // A name followed by `=` starts a node statement, whatever the name.
  const sem::Ast ast = test::parse_clean(
      "input i\n"
      "queue = Neg(i)\n"
      "mutex = Neg(queue)\n"
      "section = Neg(mutex)\n"
      "target = Neg(section)\n"
      "queue queue {capacity=1}\n"
      "mutex mutex\n"
      "section section : target, section\n"
      "target target\n");
  CHECK(ast.nodes.size() == 4);
  REQUIRE(ast.resources.size() == 2);
  CHECK(ast.resources[0].name == "queue");
  CHECK(ast.resources[1].name == "mutex");
  REQUIRE(ast.sections.size() == 1);
  CHECK(ast.sections[0].name == "section");
  CHECK(ast.sections[0].nodes[0].name == "target");
  REQUIRE(ast.targets.size() == 1);
  CHECK(ast.targets[0].nodes[0].name == "target");
  // Node names and resource names live in different namespaces, so this builds.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "t.tfg", "input i\nqueue = Neg(i)\nqueue queue {capacity=1}\ne = Enqueue(&queue, queue)\n",
      {}, values);
  CHECK(p.queues.size() == 1);
}

// ---------------------------------------------------------------------------------------------
// Building

TEST_CASE("the builder records queues, mutexes, sections and targets", "[resources]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("t.tfg",
                                                "var x = A\n"
                                                "queue q1 {capacity=2}\n"
                                                "mutex m\n"
                                                "queue q2 {capacity=65536}\n"
                                                "input B\n"
                                                "e = Enqueue(&q2, B)\n"
                                                "d = Dequeue(&q2)\n"
                                                "l = Lock(&m)\n"
                                                "u = Unlock(&m) after l\n"
                                                "w = Write(&x, d)\n"
                                                "section T : u\n"
                                                "section S : e, w\n"
                                                "target d, l\n"
                                                "target e\n",
                                                {}, values);
  REQUIRE(p.queues.size() == 2);
  CHECK(p.queues[0].name == "q1");
  CHECK(p.queues[0].capacity == 2);
  CHECK(p.queues[1].name == "q2");
  CHECK(p.queues[1].capacity == 65536);
  REQUIRE(p.mutexes.size() == 1);
  CHECK(p.mutexes[0].name == "m");
  REQUIRE(p.sections.size() == 2);
  CHECK(p.sections[0].name == "T");
  CHECK(p.sections[1].name == "S");

  const sem::Node& e = p.nodes[node_named(p, "e")];
  CHECK(e.kind == sem::NodeKind::Enqueue);
  CHECK(e.resource_kind == sem::ResourceKind::Queue);
  CHECK(e.variable == 1);
  CHECK(e.inputs.size() == 2);
  CHECK(e.outputs.empty());
  CHECK(e.section == 1);
  const sem::Node& d = p.nodes[node_named(p, "d")];
  CHECK(d.kind == sem::NodeKind::Dequeue);
  CHECK(d.resource_kind == sem::ResourceKind::Queue);
  CHECK(d.variable == 1);
  CHECK(d.inputs.size() == 1);
  CHECK(d.outputs.size() == 1);
  CHECK(d.section == sem::kNone);
  const sem::Node& l = p.nodes[node_named(p, "l")];
  CHECK(l.kind == sem::NodeKind::Lock);
  CHECK(l.resource_kind == sem::ResourceKind::Mutex);
  CHECK(l.variable == 0);
  CHECK(l.outputs.empty());
  CHECK(p.nodes[node_named(p, "u")].kind == sem::NodeKind::Unlock);
  CHECK(p.nodes[node_named(p, "u")].section == 0);
  CHECK(p.nodes[node_named(p, "w")].section == 1);
  // The implicit Var nodes carry the resource they name.
  const sem::Node& var_e = p.nodes[node_named(p, "&q2@e")];
  CHECK(var_e.kind == sem::NodeKind::Var);
  CHECK(var_e.resource_kind == sem::ResourceKind::Queue);
  CHECK(var_e.variable == 1);
  CHECK(p.nodes[node_named(p, "&m@u")].resource_kind == sem::ResourceKind::Mutex);
  CHECK(p.nodes[node_named(p, "&x@w")].resource_kind == sem::ResourceKind::Variable);
  // Targets: the named nodes, each once.
  std::vector<std::uint32_t> targets = p.targets;
  std::sort(targets.begin(), targets.end());
  std::vector<std::uint32_t> want = {node_named(p, "d"), node_named(p, "l"), node_named(p, "e")};
  std::sort(want.begin(), want.end());
  CHECK(targets == want);
  // One state slot per edge, then per variable, queue, mutex and section, in that order.
  const std::size_t edges = p.edges.size();
  CHECK(p.slot_count() == edges + 1 + 2 + 1 + 2);
  CHECK(p.resource_slot(sem::ResourceKind::Variable, 0) == edges);
  CHECK(p.resource_slot(sem::ResourceKind::Queue, 0) == edges + 1);
  CHECK(p.resource_slot(sem::ResourceKind::Queue, 1) == edges + 2);
  CHECK(p.resource_slot(sem::ResourceKind::Mutex, 0) == edges + 3);
  CHECK(p.section_slot(0) == edges + 4);
  CHECK(p.section_slot(1) == edges + 5);
}

TEST_CASE("a named Var of a queue or mutex is shared through Copy nodes", "[resources]") {
  sem::ValueStore values;
  const char* text =
      "mutex m\n"
      "queue q {capacity=1}\n"
      "input A\n"
      "vq = Var(q)\n"
      "vm = Var(m)\n"
      "l = Lock(vm)\n"
      "e = Enqueue(vq, A) after l\n"
      "d = Dequeue(vq)\n"
      "u = Unlock(vm) after d\n"
      "output d\n";
  const sem::Program p = sem::load_program_text("t.tfg", text, {}, values);
  CHECK(p.nodes[node_named(p, "vq")].resource_kind == sem::ResourceKind::Queue);
  CHECK(p.nodes[node_named(p, "vm~copy1")].op == "Copy");
  CHECK(p.nodes[node_named(p, "d")].resource_kind == sem::ResourceKind::Queue);
  CHECK(p.nodes[node_named(p, "u")].resource_kind == sem::ResourceKind::Mutex);
  expect_outcomes(text, {{{{"d", "A"}}, {}, {}}});
}

// ---------------------------------------------------------------------------------------------
// ApplyGradientDescent

TEST_CASE("ApplyGradientDescent computes v - alpha * delta atomically", "[resources][gradient]") {
  // i32: 10 - 2 * 3 = 4. f32: 1 - 0.1 * 0.1, with the product rounded to f32 (0.010000001)
  // before the subtraction, is 0.99.
  expect_outcomes(
      "var n = i32{10}\n"
      "var w = f32{1}\n"
      "a = Const {value=i32{2}}\n"
      "d = Const {value=i32{3}}\n"
      "fa = Const {value=f32{0.1}}\n"
      "g = ApplyGradientDescent(&n, a, d)\n"
      "h = ApplyGradientDescent(&w, fa, fa)\n",
      {{{}, {{"n", i32(4)}, {"w", "f32{0.99}"}}, {}}});
  // Symbolic operands build the terms of Mul and Sub.
  expect_outcomes(
      "var v = V\ninput alpha = f32{0.5}\ninput D\ng = ApplyGradientDescent(&v, alpha, D)\n",
      {{{}, {{"v", "Sub(V, Mul(f32{0.5}, D))"}}, {}}});
  // Two concurrent steps are each atomic: none is lost, unlike the RFC's read, compute, write
  // model of the op. 10 - 2 * 1 - 2 * 3 = 2 in either order.
  expect_outcomes(
      "var n = i32{10}\n"
      "a = Const {value=i32{2}}\n"
      "d1 = Const {value=i32{1}}\n"
      "d3 = Const {value=i32{3}}\n"
      "g1 = ApplyGradientDescent(&n, a, d1)\n"
      "g2 = ApplyGradientDescent(&n, a, d3)\n",
      {{{}, {{"n", i32(2)}}, {}}});
}

TEST_CASE("ApplyGradientDescent follows the Assign rules for errors", "[resources][gradient]") {
  // An error input leaves the variable unchanged.
  expect_outcomes(
      "var w = f32{1}\n"
      "input u = f32[2]{1, 2}\ninput v = f32[3]{1, 2, 3}\n"
      "bad = Add(u, v)\n"
      "alpha = Const {value=f32{0.5}}\n"
      "g = ApplyGradientDescent(&w, alpha, bad)\n"
      "h = ApplyGradientDescent(&w, bad, alpha) after g\n",
      {{{}, {{"w", "f32{1}"}}, {}}});
  // Valid inputs on which Mul fails (mixed dtypes): the error is stored.
  expect_outcomes(
      "var w = f32{1}\n"
      "alpha = Const {value=f32{0.5}}\n"
      "d = Const {value=i32{1}}\n"
      "g = ApplyGradientDescent(&w, alpha, d)\n",
      {{{}, {{"w", "Error(type)"}}, {}}});
  // An uninitialized variable stays uninitialized: Sub returns its first error argument, even
  // when Mul fails too.
  expect_outcomes(
      "var u\n"
      "var t\n"
      "alpha = Const {value=f32{0.5}}\n"
      "d = Const {value=i32{1}}\n"
      "g = ApplyGradientDescent(&u, alpha, alpha)\n"
      "h = ApplyGradientDescent(&t, alpha, d)\n",
      {{{}, {{"t", "Error(uninitialized)"}, {"u", "Error(uninitialized)"}}, {}}});
}

// ---------------------------------------------------------------------------------------------
// Targets

TEST_CASE("a target does not change what check explores", "[resources][target]") {
  // Targets matter to pruning only; the unpruned program runs every node anyway.
  const std::string program =
      "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\nn = Neg(r)\noutput r\n";
  const Outcomes want = {{{{"r", "A"}}, {{"x", "B"}}, {}}, {{{"r", "B"}}, {{"x", "B"}}, {}}};
  expect_outcomes(program, want);
  expect_outcomes(program + "target w, n\ntarget r\n", want);
}

// ---------------------------------------------------------------------------------------------
// tfmc dot

// The Var node of a queue or mutex is labelled with that resource's name (once labelled with
// a variable's, and out of range in a program without variables).
TEST_CASE("tfmc dot names the Var nodes of queues and mutexes", "[resources][dot]") {
  const auto queue_only = test::run_process(
      TFMC_BINARY, {"dot", "testdata/queue_fifo_order/graph.tfg"}, TFMC_SOURCE_DIR);
  CHECK(queue_only.exit_code == 0);
  CHECK(queue_only.out.find("label=\"Var(q)\"") != std::string::npos);
  const auto with_variable = test::run_process(
      TFMC_BINARY, {"dot", "testdata/mutex_double_lock/graph.tfg"}, TFMC_SOURCE_DIR);
  CHECK(with_variable.exit_code == 0);
  CHECK(with_variable.out.find("label=\"Var(m)\"") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The testdata cases, under every reduction

TEST_CASE("testdata queue, mutex and choice cases agree under every reduction",
          "[resources][regression]") {
  int cases = 0;
  for (const fs::path& dir : test::testdata_cases()) {
    const std::string name = dir.filename().string();
    if (name.rfind("queue_", 0) != 0 && name.rfind("mutex_", 0) != 0 &&
        name.rfind("choice_", 0) != 0) {
      continue;
    }
    ++cases;
    INFO(name);
    const std::vector<test::ListedOutcome> expected = test::expected_outcomes(dir);
    Outcomes want;
    for (const test::ListedOutcome& o : expected) want.insert({o.outputs, o.variables, o.blocked});
    CHECK(want.size() == expected.size());
    expect_outcomes(test::case_program_text(dir), want);
  }
  CHECK(cases >= 13);
}
