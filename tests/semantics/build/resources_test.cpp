// Queues, mutexes, critical sections, targets and ApplyGradientDescent: how they parse, what
// the builder makes of them, and the exact outcome sets of small programs.
//
// Every outcome set below is derived by hand from the rules (stated next to each program) and
// is checked under --reduction none, eager and stubborn: the three must agree exactly, stuck
// outcomes and their blocked nodes included. The testdata/queue_*, mutex_* and choice_* cases
// are also run under every reduction here, against the outcomes of their expected.json.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "checker/reduced_model.h"
#include "semantics/build/program_builder.h"
#include "semantics/program/compose.h"
#include "support/parse_clean.h"
#include "support/process.h"
#include "support/testdata.h"
#include "tools/app/commands.h"

namespace {

namespace fs = std::filesystem;
using namespace tfmc;
using app::NamedValues;
using check::Reduction;

// An outcome as the tests compare it: outputs and variables in name order, and the blocked
// nodes sorted (empty exactly when the outcome is not stuck).
struct Outcome {
  NamedValues outputs;
  NamedValues variables;
  std::vector<std::string> blocked;
  bool operator<(const Outcome& o) const {
    return std::tie(outputs, variables, blocked) < std::tie(o.outputs, o.variables, o.blocked);
  }
  bool operator==(const Outcome& o) const {
    return std::tie(outputs, variables, blocked) == std::tie(o.outputs, o.variables, o.blocked);
  }
};
using Outcomes = std::set<Outcome>;

std::ostream& operator<<(std::ostream& out, const Outcome& o) {
  out << "{outputs:";
  for (const auto& [k, v] : o.outputs) out << " " << k << "=" << v;
  out << "; variables:";
  for (const auto& [k, v] : o.variables) out << " " << k << "=" << v;
  if (!o.blocked.empty()) {
    out << "; blocked:";
    for (const std::string& b : o.blocked) out << " " << b;
  }
  return out << "}";
}

std::string show(const Outcomes& outcomes) {
  std::ostringstream out;
  for (const Outcome& o : outcomes) out << o << "\n";
  return out.str();
}

constexpr Reduction kReductions[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};

Outcomes outcomes_of(const app::CheckResult& r) {
  REQUIRE(r.exploration.complete);
  Outcomes out;
  for (const app::PrintedOutcome& o : r.outcomes) {
    CHECK(o.stuck == !o.blocked.empty());
    std::vector<std::string> blocked = o.blocked;
    std::sort(blocked.begin(), blocked.end());
    CHECK(out.insert({o.outputs, o.variables, blocked}).second);
  }
  return out;
}

// The outcome set of program text under every reduction; each must equal `want`.
void expect_outcomes(const std::string& text, const Outcomes& want) {
  for (Reduction r : kReductions) {
    INFO("reduction " << check::reduction_name(r) << "\nprogram:\n" << text);
    const Outcomes got = outcomes_of(app::check_program_text("t.tfg", text, {}, {}, r));
    INFO("got:\n" << show(got) << "want:\n" << show(want));
    CHECK(got == want);
  }
}

// The same for a built Program.
void expect_outcomes(const sem::Program& p, sem::ValueStore& values, const Outcomes& want) {
  for (Reduction r : kReductions) {
    INFO("reduction " << check::reduction_name(r));
    const Outcomes got = outcomes_of(app::explore_program(p, values, {}, r, nullptr, ""));
    INFO("got:\n" << show(got) << "want:\n" << show(want));
    CHECK(got == want);
  }
}

std::string i32(int v) { return "i32{" + std::to_string(v) + "}"; }

std::uint32_t node_named(const sem::Program& p, const std::string& name) {
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return static_cast<std::uint32_t>(i);
  }
  FAIL("no node " << name);
  return 0;
}

// Puts the named nodes into execution `e`, as a composition would.
void set_execution(sem::Program& p, std::initializer_list<const char*> names, std::uint32_t e) {
  for (const char* name : names) p.nodes[node_named(p, name)].execution = e;
}

}  // namespace

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
// Queues

TEST_CASE("a queue is first in, first out", "[resources][queue]") {
  // Capacity 3, three ordered Enqueues, three ordered Dequeues: the order is kept.
  expect_outcomes(
      "queue q {capacity=3}\n"
      "input A\ninput B\ninput C\n"
      "e1 = Enqueue(&q, A)\n"
      "e2 = Enqueue(&q, B) after e1\n"
      "e3 = Enqueue(&q, C) after e2\n"
      "d1 = Dequeue(&q)\n"
      "d2 = Dequeue(&q) after d1\n"
      "d3 = Dequeue(&q) after d2\n"
      "output d1\noutput d2\noutput d3\n",
      {{{{"d1", "A"}, {"d2", "B"}, {"d3", "C"}}, {}, {}}});
}

TEST_CASE("a Dequeue waits for an Enqueue that no edge orders before it", "[resources][queue]") {
  // The RFC's rule 4: r can only read after d, and d only after e, which follows the Write.
  // Without the queue, r could read the initial 0.
  expect_outcomes(
      "var X = i32{0}\n"
      "queue q {capacity=1}\n"
      "one = Const {value=i32{1}}\n"
      "w = Write(&X, one)\n"
      "e = Enqueue(&q, one) after w\n"
      "d = Dequeue(&q)\n"
      "r = Read(&X) after d\n"
      "output r\n",
      {{{{"r", i32(1)}}, {{"X", i32(1)}}, {}}});
}

TEST_CASE("an Enqueue waits while the queue is full", "[resources][queue]") {
  // The consumer writes X = 1 before it dequeues; the producer reads X after its second
  // Enqueue. With capacity 1, e2 needs the room that d1 makes, so r always reads 1. With
  // capacity 2 nothing orders r after w, and r may read 0. d1 takes A either way.
  const auto program = [](int capacity) {
    return "var X = i32{0}\n"
           "queue q {capacity=" +
           std::to_string(capacity) +
           "}\n"
           "input A\ninput B\n"
           "one = Const {value=i32{1}}\n"
           "e1 = Enqueue(&q, A)\n"
           "e2 = Enqueue(&q, B) after e1\n"
           "r = Read(&X) after e2\n"
           "w = Write(&X, one)\n"
           "d1 = Dequeue(&q) after w\n"
           "output r\noutput d1\n";
  };
  expect_outcomes(program(1), {{{{"d1", "A"}, {"r", i32(1)}}, {{"X", i32(1)}}, {}}});
  expect_outcomes(program(2), {{{{"d1", "A"}, {"r", i32(0)}}, {{"X", i32(1)}}, {}},
                               {{{"d1", "A"}, {"r", i32(1)}}, {{"X", i32(1)}}, {}}});
}

TEST_CASE("two Dequeues race for one item, and the other is stuck", "[resources][queue]") {
  // Whichever Dequeue fires first takes A; the other never fires, nor the Neg after it, whose
  // output edge stays empty (printed EMPTY).
  expect_outcomes(
      "queue q {capacity=1}\n"
      "input A\n"
      "e = Enqueue(&q, A)\n"
      "d1 = Dequeue(&q)\n"
      "d2 = Dequeue(&q)\n"
      "n1 = Neg(d1)\n"
      "n2 = Neg(d2)\n"
      "output n1\noutput n2\n",
      {{{{"n1", "Neg(A)"}, {"n2", "EMPTY"}}, {}, {"d2", "n2"}},
       {{{"n1", "EMPTY"}, {"n2", "Neg(A)"}}, {}, {"d1", "n1"}}});
}

TEST_CASE("queue capacity: the Enqueue beyond it blocks, whichever it is", "[resources][queue]") {
  // Capacity 2, three unordered Enqueues, nothing dequeues: one of the three is left blocked,
  // each with its Write after it.
  expect_outcomes(
      "var x = i32{0}\n"
      "queue q {capacity=2}\n"
      "one = Const {value=i32{1}}\n"
      "two = Const {value=i32{2}}\n"
      "three = Const {value=i32{3}}\n"
      "e1 = Enqueue(&q, one)\n"
      "e2 = Enqueue(&q, two)\n"
      "e3 = Enqueue(&q, three)\n"
      "w1 = AssignAdd(&x, one) after e1\n"
      "w2 = AssignAdd(&x, two) after e2\n"
      "w3 = AssignAdd(&x, three) after e3\n",
      {{{}, {{"x", i32(3)}}, {"e3", "w3"}},
       {{}, {{"x", i32(4)}}, {"e2", "w2"}},
       {{}, {{"x", i32(5)}}, {"e1", "w1"}}});
}

TEST_CASE("queue items are passed through unchanged: terms, errors, tensors",
          "[resources][queue]") {
  expect_outcomes(
      "queue q {capacity=3}\n"
      "input A\n"
      "input u = i32[2]{1, 2}\n"
      "input v = i32[3]{1, 2, 3}\n"
      "t = Neg(A)\n"
      "bad = Add(u, v)\n"
      "c = Const {value=f32[2]{0.5, 2}}\n"
      "e1 = Enqueue(&q, t)\n"
      "e2 = Enqueue(&q, bad) after e1\n"
      "e3 = Enqueue(&q, c) after e2\n"
      "d1 = Dequeue(&q) after e3\n"
      "d2 = Dequeue(&q) after d1\n"
      "d3 = Dequeue(&q) after d2\n"
      "output d1\noutput d2\noutput d3\n",
      {{{{"d1", "Neg(A)"}, {"d2", "Error(shape)"}, {"d3", "f32[2]{0.5, 2}"}}, {}, {}}});
}

TEST_CASE("two queues are independent", "[resources][queue]") {
  // p stays empty, so dp is stuck; q works as usual.
  expect_outcomes(
      "queue p {capacity=1}\n"
      "queue q {capacity=1}\n"
      "input A\n"
      "e = Enqueue(&q, A)\n"
      "dq = Dequeue(&q)\n"
      "dp = Dequeue(&p)\n"
      "output dq\n",
      {{{{"dq", "A"}}, {}, {"dp"}}});
}

TEST_CASE("queue contents are state, not outcome", "[resources][queue]") {
  // d takes A or B, leaving the other in the queue: two final states, one (empty) outcome.
  for (Reduction r : kReductions) {
    INFO(check::reduction_name(r));
    const app::CheckResult result = app::check_program_text(
        "t.tfg",
        "queue q {capacity=2}\ninput A\ninput B\ne1 = Enqueue(&q, A)\ne2 = Enqueue(&q, B)\n"
        "d = Dequeue(&q) after e1, e2\n",
        {}, {}, r);
    CHECK(outcomes_of(result) == Outcomes{{{}, {}, {}}});
    CHECK(result.exploration.finals.size() == 2);
    CHECK(result.deterministic());
    CHECK(result.exit_code() == 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Mutexes

TEST_CASE("Lock and Unlock make two read-add-write increments exclusive", "[resources][mutex]") {
  const std::string increments =
      "var X = i32{0}\n"
      "mutex m\n"
      "one = Const {value=i32{1}}\n"
      "la = Lock(&m)\n"
      "ra = Read(&X) after la\n"
      "sa = Add(ra, one)\n"
      "wa = Write(&X, sa)\n"
      "ua = Unlock(&m) after wa\n"
      "lb = Lock(&m)\n"
      "rb = Read(&X) after lb\n"
      "sb = Add(rb, one)\n"
      "wb = Write(&X, sb)\n"
      "ub = Unlock(&m) after wb\n";
  expect_outcomes(increments, {{{}, {{"X", i32(2)}}, {}}});
  // The same with the second increment outside the mutex: it may read before the first
  // writes, and an increment is lost.
  const std::string unguarded =
      "var X = i32{0}\n"
      "mutex m\n"
      "one = Const {value=i32{1}}\n"
      "la = Lock(&m)\n"
      "ra = Read(&X) after la\n"
      "sa = Add(ra, one)\n"
      "wa = Write(&X, sa)\n"
      "ua = Unlock(&m) after wa\n"
      "rb = Read(&X)\n"
      "sb = Add(rb, one)\n"
      "wb = Write(&X, sb)\n";
  expect_outcomes(unguarded, {{{}, {{"X", i32(1)}}, {}}, {{}, {{"X", i32(2)}}, {}}});
  // With lb no longer before rb, the second side may also run rb, sb, wb and its Unlock ub
  // (of a free mutex: no effect) before lb; then lb takes m for good and la blocks forever.
  std::string late_lock = increments;
  late_lock.replace(late_lock.find("rb = Read(&X) after lb"), 22, "rb = Read(&X)");
  expect_outcomes(late_lock, {{{}, {{"X", i32(1)}}, {}},
                              {{}, {{"X", i32(1)}}, {"la", "ra", "sa", "ua", "wa"}},
                              {{}, {{"X", i32(2)}}, {}}});
}

TEST_CASE("a mutex keeps a write and the read after it together", "[resources][mutex]") {
  // Each side writes X and reads it back while holding m: r1 = B and r2 = C in every run;
  // X is whichever side ran second.
  expect_outcomes(
      "var X = A\n"
      "mutex m\n"
      "input B\ninput C\n"
      "l1 = Lock(&m)\n"
      "w1 = Write(&X, B) after l1\n"
      "r1 = Read(&X) after w1\n"
      "u1 = Unlock(&m) after r1\n"
      "l2 = Lock(&m)\n"
      "w2 = Write(&X, C) after l2\n"
      "r2 = Read(&X) after w2\n"
      "u2 = Unlock(&m) after r2\n"
      "output r1\noutput r2\n",
      {{{{"r1", "B"}, {"r2", "C"}}, {{"X", "B"}}, {}},
       {{{"r1", "B"}, {"r2", "C"}}, {{"X", "C"}}, {}}});
}

TEST_CASE("a Lock that nobody unlocks blocks what follows it", "[resources][mutex]") {
  // l2 waits for l1 (control edge), finds m held, and nothing unlocks it.
  expect_outcomes(
      "var x = A\n"
      "mutex m\n"
      "input B\n"
      "l1 = Lock(&m)\n"
      "l2 = Lock(&m) after l1\n"
      "w = Write(&x, B) after l2\n"
      "r = Read(&x) after w\n"
      "output r\n",
      {{{{"r", "EMPTY"}}, {{"x", "A"}}, {"l2", "r", "w"}}});
}

TEST_CASE("any Unlock frees the mutex, and one of a free mutex does nothing",
          "[resources][mutex]") {
  // u is unordered with l1: before l1 it finds m free and leaves it free, and l2 then blocks
  // forever; after l1 it frees m and l2 runs. The two final states have the same (empty)
  // values, but stuck and blocked make them different outcomes.
  for (Reduction r : kReductions) {
    INFO(check::reduction_name(r));
    const app::CheckResult result = app::check_program_text(
        "t.tfg", "mutex m\nl1 = Lock(&m)\nl2 = Lock(&m) after l1\nu = Unlock(&m)\n", {}, {}, r);
    CHECK(outcomes_of(result) == Outcomes{{{}, {}, {}}, {{}, {}, {"l2"}}});
    CHECK(result.exit_code() == 1);
  }
  // A chain of Unlocks does not accumulate: after u1 u2, l2 takes m and l3 blocks.
  expect_outcomes(
      "mutex m\n"
      "l1 = Lock(&m)\n"
      "u1 = Unlock(&m) after l1\n"
      "u2 = Unlock(&m) after u1\n"
      "l2 = Lock(&m) after u2\n"
      "l3 = Lock(&m) after l2\n",
      {{{}, {}, {"l3"}}});
}

TEST_CASE("two mutexes locked in opposite orders can deadlock", "[resources][mutex]") {
  // Side a locks m1 then m2, side b m2 then m1. If each takes its first mutex before the other
  // side's second Lock, both wait forever: x stays 0 and everything after the first Locks is
  // blocked. Otherwise one side finishes first and both increments happen.
  expect_outcomes(
      "var x = i32{0}\n"
      "mutex m1\nmutex m2\n"
      "one = Const {value=i32{1}}\n"
      "a1 = Lock(&m1)\n"
      "a2 = Lock(&m2) after a1\n"
      "aw = AssignAdd(&x, one) after a2\n"
      "au2 = Unlock(&m2) after aw\n"
      "au1 = Unlock(&m1) after au2\n"
      "b1 = Lock(&m2)\n"
      "b2 = Lock(&m1) after b1\n"
      "bw = AssignAdd(&x, one) after b2\n"
      "bu1 = Unlock(&m1) after bw\n"
      "bu2 = Unlock(&m2) after bu1\n",
      {{{}, {{"x", i32(2)}}, {}},
       {{}, {{"x", i32(0)}}, {"a2", "au1", "au2", "aw", "b2", "bu1", "bu2", "bw"}}});
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
// Critical sections

namespace {

// Writer: X = 1, then X = 2. Reader: r = X. With a, b and c in one section and c in another
// execution than a and b, c never runs between a and b and cannot read 1.
const char* kWriterReader =
    "var X = i32{0}\n"
    "one = Const {value=i32{1}}\n"
    "two = Const {value=i32{2}}\n"
    "a = Write(&X, one)\n"
    "b = Write(&X, two) after a\n"
    "c = Read(&X)\n"
    "output c\n";

Outcomes reads_of_c(std::initializer_list<int> values, const std::string& output = "c") {
  Outcomes out;
  for (int v : values) out.insert({{{output, i32(v)}}, {{"X", i32(2)}}, {}});
  return out;
}

}  // namespace

TEST_CASE("a section has no effect within one execution", "[resources][section]") {
  expect_outcomes(kWriterReader, reads_of_c({0, 1, 2}));
  expect_outcomes(std::string(kWriterReader) + "section S : a, b, c\n", reads_of_c({0, 1, 2}));
  // Nor on the lost update of two increments in one execution.
  expect_outcomes(
      "var X = i32{0}\n"
      "one = Const {value=i32{1}}\n"
      "ra = Read(&X)\nsa = Add(ra, one)\nwa = Write(&X, sa)\n"
      "rb = Read(&X)\nsb = Add(rb, one)\nwb = Write(&X, sb)\n"
      "section S : ra, wa, rb, wb\n",
      {{{}, {{"X", i32(1)}}, {}}, {{}, {{"X", i32(2)}}, {}}});
}

TEST_CASE("section nodes of two executions never interleave", "[resources][section]") {
  sem::ValueStore values;
  // Two executions by hand: the reader c (with its Var node) is execution 1.
  sem::Program p = sem::load_program_text(
      "t.tfg", std::string(kWriterReader) + "section S : a, b, c\n", {}, values);
  set_execution(p, {"c", "&X@c"}, 1);
  expect_outcomes(p, values, reads_of_c({0, 2}));
  // Without the section the executions interleave freely.
  sem::Program free = sem::load_program_text("t.tfg", kWriterReader, {}, values);
  set_execution(free, {"c", "&X@c"}, 1);
  expect_outcomes(free, values, reads_of_c({0, 1, 2}));
  // A section of a and c only: a is execution 0's only node in S, so S is free again as soon
  // as a has fired, and c may still read 1 between a and b.
  sem::Program part = sem::load_program_text(
      "t.tfg", std::string(kWriterReader) + "section S : a, c\n", {}, values);
  set_execution(part, {"c", "&X@c"}, 1);
  expect_outcomes(part, values, reads_of_c({0, 1, 2}));
}

TEST_CASE("composed executions share a section by name", "[resources][section]") {
  sem::ValueStore values;
  // Execution 1 writes X = 1 then X = 2 in S, execution 2 reads X in S: never 1. The
  // composition names execution 2's output `c@2`.
  const std::vector<sem::Program> writer_reader = {
      sem::load_program_text("writer.tfg",
                             "var X = i32{0}\n"
                             "one = Const {value=i32{1}}\n"
                             "two = Const {value=i32{2}}\n"
                             "a = Write(&X, one)\n"
                             "b = Write(&X, two) after a\n"
                             "section S : a, b\n",
                             {}, values),
      sem::load_program_text(
          "reader.tfg", "var X = i32{0}\nc = Read(&X)\noutput c\nsection S : c\n", {}, values)};
  const sem::Program composed = sem::compose(writer_reader, 1, values);
  expect_outcomes(composed, values, reads_of_c({0, 2}, "c@2"));

  // Two executions of one read, add, write increment: with r and w in S the increments cannot
  // interleave and X = 2; with only w (or only r) in S an increment may be lost.
  const std::string increment =
      "var X = i32{0}\none = Const {value=i32{1}}\nr = Read(&X)\ns = Add(r, one)\n"
      "w = Write(&X, s)\n";
  const Outcomes exclusive = {{{}, {{"X", i32(2)}}, {}}};
  const Outcomes lost = {{{}, {{"X", i32(1)}}, {}}, {{}, {{"X", i32(2)}}, {}}};
  for (const auto& [section, want] :
       std::vector<std::pair<std::string, Outcomes>>{{"", lost},
                                                     {"section S : r, w\n", exclusive},
                                                     {"section S : w\n", lost},
                                                     {"section S : r\n", lost},
                                                     {"section S : r, s, w\n", exclusive}}) {
    INFO("section: " << section);
    const sem::Program one = sem::load_program_text("inc.tfg", increment + section, {}, values);
    const std::vector<sem::Program> twice = {one, one};
    expect_outcomes(sem::compose(twice, 1, values), values, want);
  }
}

TEST_CASE("an execution stuck inside a section keeps the others out", "[resources][section]") {
  // Execution 0 writes X in S and then dequeues from a queue that nobody fills, so it never
  // leaves S. Execution 1's c (in S) writes Y: it runs only if it comes before a.
  sem::ValueStore values;
  sem::Program p = sem::load_program_text("t.tfg",
                                          "var X = i32{0}\n"
                                          "var Y = i32{0}\n"
                                          "queue q {capacity=1}\n"
                                          "one = Const {value=i32{1}}\n"
                                          "two = Const {value=i32{2}}\n"
                                          "a = Write(&X, one)\n"
                                          "d = Dequeue(&q) after a\n"
                                          "c = Write(&Y, two)\n"
                                          "section S : a, d, c\n",
                                          {}, values);
  set_execution(p, {"c", "&Y@c", "two"}, 1);
  expect_outcomes(p, values,
                  {{{}, {{"X", i32(1)}, {"Y", i32(0)}}, {"c", "d"}},
                   {{}, {{"X", i32(1)}, {"Y", i32(2)}}, {"d"}}});
}

TEST_CASE("sections of three executions: each holds S for all of its nodes",
          "[resources][section]") {
  // Each execution enqueues its own token twice, inside S; the Dequeues after all six
  // Enqueues show the order: the tokens come in pairs, in any order of the executions.
  sem::ValueStore values;
  sem::Program p = sem::load_program_text("t.tfg",
                                          "queue q {capacity=6}\n"
                                          "input A\ninput B\ninput C\n"
                                          "a1 = Enqueue(&q, A)\n"
                                          "a2 = Enqueue(&q, A) after a1\n"
                                          "b1 = Enqueue(&q, B)\n"
                                          "b2 = Enqueue(&q, B) after b1\n"
                                          "c1 = Enqueue(&q, C)\n"
                                          "c2 = Enqueue(&q, C) after c1\n"
                                          "d1 = Dequeue(&q) after a2, b2, c2\n"
                                          "d2 = Dequeue(&q) after d1\n"
                                          "d3 = Dequeue(&q) after d2\n"
                                          "d4 = Dequeue(&q) after d3\n"
                                          "d5 = Dequeue(&q) after d4\n"
                                          "d6 = Dequeue(&q) after d5\n"
                                          "output d1\noutput d2\noutput d3\n"
                                          "output d4\noutput d5\noutput d6\n"
                                          "section S : a1, a2, b1, b2, c1, c2\n",
                                          {}, values);
  set_execution(p, {"b1", "b2", "&q@b1", "&q@b2"}, 1);
  set_execution(p, {"c1", "c2", "&q@c1", "&q@c2"}, 2);
  // The outcome of one order of the six tokens, written as a string such as "AABBCC".
  const auto order = [](const std::string& tokens) {
    Outcome o;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      std::string name = "d";
      name += std::to_string(i + 1);
      o.outputs.emplace_back(name, tokens.substr(i, 1));
    }
    return o;
  };
  Outcomes pairs;
  for (const char* x : {"AABBCC", "AACCBB", "BBAACC", "BBCCAA", "CCAABB", "CCBBAA"}) {
    pairs.insert(order(x));
  }
  expect_outcomes(p, values, pairs);
  // Without S: every interleaving of the three ordered pairs, 6! / (2! 2! 2!) = 90 of them.
  sem::Program free = p;
  for (sem::Node& n : free.nodes) n.section = sem::kNone;
  free.sections.clear();
  Outcomes all;
  std::string tokens = "AABBCC";
  do {
    all.insert(order(tokens));
  } while (std::next_permutation(tokens.begin(), tokens.end()));
  CHECK(all.size() == 90);
  expect_outcomes(free, values, all);
}

// A Choice in a section of one execution races with the section nodes of the others. Found
// here: the reduction's eager chains marked only the alternative that fired as fired, while a
// stored state's context (GraphModel::fired) marks every alternative, so n (whose racing
// partners are c's alternatives and a) fired eagerly in the exploration but not in run_of's
// replay of the witness, and the outcome n = 1 came out stuck with n blocked. The fix marks
// the alternatives a firing excludes (StateModel::excluded_by) as fired in the chains too.
TEST_CASE("a Choice in a section: witnesses and blocked lists under reduction",
          "[resources][section]") {
  sem::ValueStore values;
  const std::vector<sem::Program> programs = {sem::load_program_text("chooser.tfg",
                                                                     "var x = i32{0}\n"
                                                                     "one = Const {value=i32{1}}\n"
                                                                     "c = Choice(one, one)\n"
                                                                     "a = Write(&x, one)\n"
                                                                     "section S : c, a\n",
                                                                     {}, values),
                                              sem::load_program_text("reader.tfg",
                                                                     "var x = i32{0}\n"
                                                                     "var y = i32{0}\n"
                                                                     "one = Const {value=i32{1}}\n"
                                                                     "w = Write(&y, one)\n"
                                                                     "r = Read(&y)\n"
                                                                     "n = Read(&x) after w\n"
                                                                     "section S : n\n"
                                                                     "output n\n",
                                                                     {}, values)};
  // n reads x before or after the chooser's section; every node fires in every run.
  expect_outcomes(sem::compose(programs, 1, values), values,
                  {{{{"n@2", i32(0)}}, {{"x", i32(1)}, {"y", i32(1)}}, {}},
                   {{{"n@2", i32(1)}}, {{"x", i32(1)}, {"y", i32(1)}}, {}}});
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
    const std::vector<test::ExpectedOutcome> expected = test::expected_outcomes(dir);
    Outcomes want;
    for (const test::ExpectedOutcome& o : expected) {
      CHECK(o.stuck == !o.blocked.empty());
      want.insert({o.outputs, o.variables, o.blocked});
    }
    CHECK(want.size() == expected.size());
    expect_outcomes(test::case_program_text(dir), want);
  }
  CHECK(cases >= 13);
}
