// prune(): what the named outputs and targets need stays, the rest goes; kept results that
// fed dropped nodes become unnamed output edges. Outcome sets are worked out by hand.
#include "semantics/program/prune.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "support/files.h"
#include "tests/semantics/program/program_checks.h"

namespace {

using namespace tfmc;
using Outcomes = std::set<std::string>;

using test::explore;
using test::node;
using test::node_names;

}  // namespace

TEST_CASE("pruning the paper's unordered write and read gives A", "[semantics][prune]") {
  // Footnote 7: TensorFlow optimizes away the subgraph that sets x, "and then the final output
  // is definitely A". Only r and its Var stay; the Write, its Var and the input B go.
  sem::ValueStore values;
  const sem::Program p =
      sem::load_program(test::source_path("specs/paper/write_read_unordered.tfg"), {}, values);
  CHECK(explore(p, values) == test::spec_outcome_texts("specs/paper/write_read_unordered.tfg"));
  const sem::Program pruned = sem::prune(p);
  CHECK(node_names(pruned) == std::set<std::string>{"r", "&x@r"});
  CHECK(pruned.edges.size() == 3);  // GO -> &x@r -> r -> output r
  CHECK(explore(pruned, values) == Outcomes{"r=A | x=A"});
}

TEST_CASE("a target keeps what no output needs", "[semantics][prune]") {
  // `target w` keeps the Write: the race stays, and x ends B either way.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("t.tfg", R"(var x = A
input B
w = Write(&x, B)
r = Read(&x)
output r
target w
)",
                                                {}, values);
  const sem::Program pruned = sem::prune(p);
  CHECK(node_names(pruned) == node_names(p));
  REQUIRE(pruned.targets.size() == 1);
  CHECK(pruned.nodes[pruned.targets[0]].name == "w");
  CHECK(explore(pruned, values) == Outcomes{"r=A | x=B", "r=B | x=B"});
}

TEST_CASE("control edges are needs too, and control edges into dropped nodes go",
          "[semantics][prune]") {
  sem::ValueStore values;
  // r waits for w: w is needed, and so is its input B.
  const sem::Program before = sem::prune(sem::load_program_text("a.tfg", R"(var x = A
input B
w = Write(&x, B)
r = Read(&x) after w
output r
)",
                                                                {}, values));
  CHECK(node_names(before) == std::set<std::string>{"w", "r", "&x@w", "&x@r"});
  CHECK(explore(before, values) == Outcomes{"r=B | x=B"});
  // w waits for r, but nothing needs w: it goes, with r's control edge to it.
  const sem::Program after = sem::prune(sem::load_program_text("b.tfg", R"(var x = A
input B
r = Read(&x)
w = Write(&x, B) after r
output r
)",
                                                               {}, values));
  CHECK(node_names(after) == std::set<std::string>{"r", "&x@r"});
  CHECK(node(after, "r").control_outputs.empty());
  CHECK(explore(after, values) == Outcomes{"r=A | x=A"});
}

TEST_CASE("a kept result that fed a dropped node becomes an unnamed output edge",
          "[semantics][prune]") {
  // r is used by s (line 4, not needed) and t (line 5, needed) through r~copy1: its output 0
  // went to s and is now an unnamed output edge; s and the input B go.
  sem::ValueStore values;
  const sem::Program pruned = sem::prune(sem::load_program_text("c.tfg", R"(var x = A
input B
r = Read(&x)
s = Add(r, B)
t = Neg(r)
output t
)",
                                                                {}, values));
  CHECK(node_names(pruned) == std::set<std::string>{"&x@r", "r", "r~copy1", "t"});
  // GO -> &x@r -> r -> r~copy1 -> (unnamed), r~copy1 -> t -> output t.
  CHECK(pruned.edges.size() == 6);
  const sem::Node& copy = node(pruned, "r~copy1");
  REQUIRE(copy.outputs.size() == 2);
  CHECK(pruned.edges[copy.outputs[0]].dst == sem::kNone);
  CHECK(pruned.nodes[pruned.edges[copy.outputs[1]].dst].name == "t");
  CHECK(explore(pruned, values) == Outcomes{"t=Neg(A) | x=A"});
}

TEST_CASE("without outputs or targets no node stays, but variables always do",
          "[semantics][prune]") {
  sem::ValueStore values;
  const sem::Program pruned = sem::prune(sem::load_program_text("d.tfg", R"(var x = A
var y
input B
w = Write(&x, B)
)",
                                                                {}, values));
  CHECK(pruned.nodes.empty());
  CHECK(pruned.edges.empty());
  CHECK(pruned.variables.size() == 2);
  CHECK(explore(pruned, values) == Outcomes{" | x=A y=Error(uninitialized)"});
}

TEST_CASE("an input that is itself an output stays", "[semantics][prune]") {
  sem::ValueStore values;
  const sem::Program pruned = sem::prune(sem::load_program_text("e.tfg", R"(input B
input C
n = Neg(C)
output B
)",
                                                                {}, values));
  CHECK(pruned.nodes.empty());
  CHECK(pruned.edges.size() == 1);
  CHECK(explore(pruned, values) == Outcomes{"B=B | "});
}

TEST_CASE("kept nodes keep their section and the sections stay", "[semantics][prune]") {
  // The section holds r and the dropped w; r alone fires in it.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("f.tfg", R"(var x = A
input B
r = Read(&x)
w = Write(&x, B)
section s : r, w
output r
)",
                                                {}, values);
  const sem::Program pruned = sem::prune(p);
  REQUIRE(pruned.sections.size() == 1);
  CHECK(node(pruned, "r").section == 0);
  CHECK(explore(pruned, values) == Outcomes{"r=A | x=A"});
}
