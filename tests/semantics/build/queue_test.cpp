// Queues: first in, first out, blocking Enqueues and Dequeues, capacities and stuck outcomes
// (resources_test.cpp says how the expected outcome sets are derived and checked).
#include <catch2/catch.hpp>

#include "semantics/build/outcome_checks.h"

using namespace outcome_checks;

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
    const support::TextCheck result = support::check_text(
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
