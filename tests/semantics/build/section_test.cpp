// Critical sections: section nodes of concurrent executions never interleave
// (resources_test.cpp says how the expected outcome sets are derived and checked).
#include <catch2/catch.hpp>

#include "semantics/build/outcome_checks.h"
#include "semantics/program/compose.h"

using namespace outcome_checks;

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
// the alternatives a firing excludes (DependencyModel::excluded_by) as fired in the chains too.
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
