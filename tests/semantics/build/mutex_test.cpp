// Mutexes: Lock and Unlock, exclusive increments, blocking Locks and deadlocks
// (resources_test.cpp says how the expected outcome sets are derived and checked).
#include <catch2/catch.hpp>

#include "semantics/build/outcome_checks.h"

using namespace outcome_checks;

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
    const support::TextCheck result = support::check_text(
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
