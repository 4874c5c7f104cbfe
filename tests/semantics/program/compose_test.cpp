// compose(): repeated runs and concurrent executions. Outcome sets are worked out by hand in
// the comments; each is checked with and without the partial-order reduction, together with
// the invariants of program.h, the generated names and the shared resources.
#include "semantics/program/compose.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "tests/semantics/program/program_checks.h"

namespace {

using namespace tfmc;
using Outcomes = std::set<std::string>;

using test::explore;
using test::node;
using test::node_names;

// The nodes at the other end of `n`'s control edges in (false) or out (true).
std::set<std::string> control_peers(const sem::Program& p, const sem::Node& n, bool out) {
  std::set<std::string> peers;
  for (std::int32_t e : out ? n.control_outputs : n.controls) {
    peers.insert(p.nodes[out ? p.edges[e].dst : p.edges[e].src].name);
  }
  return peers;
}

const char* kIncrement = R"(var x = i32{0}
one = Const {value=i32{1}}
a = AssignAdd(&x, one)
r = Read(&x) after a
output r
)";

// One replica of the lost update: read, add, write, not atomic.
const char* kReplica = R"(var x = i32{0}
one = Const {value=i32{1}}
r = Read(&x)
s = Add(r, one)
w = Write(&x, s)
output s
)";

}  // namespace

TEST_CASE("two runs of x += 1: x = 2, r@1 = 1, r@2 = 2", "[semantics][compose]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("inc.tfg", kIncrement, {}, values);
  const sem::Program twice = sem::compose({&p, 1}, 2, values);
  // Run 1 sees x go 0 -> 1, run 2 starts from 1: without the barrier r@1 could read 2.
  CHECK(explore(twice, values) == Outcomes{"r@1=i32{1} r@2=i32{2} | x=i32{2}"});
  CHECK(node_names(twice) == std::set<std::string>{"one@1", "a@1", "r@1", "&x@a@1", "&x@r@1",
                                                   "one@2", "a@2", "r@2", "&x@a@2", "&x@r@2",
                                                   "~run2"});
  REQUIRE(twice.variables.size() == 1);
  CHECK(twice.outputs.size() == 2);
  // The barrier waits for run 1's only node without a successor (r@1) and starts run 2's
  // nodes that only have input edges (GO).
  const sem::Node& barrier = node(twice, "~run2");
  CHECK(barrier.op == "NoOp");
  CHECK(barrier.implicit);
  CHECK(barrier.inputs.empty());
  CHECK(barrier.outputs.empty());
  CHECK(control_peers(twice, barrier, false) == std::set<std::string>{"r@1"});
  CHECK(control_peers(twice, barrier, true) == std::set<std::string>{"one@2", "&x@a@2", "&x@r@2"});
  CHECK(twice.targets.empty());
  CHECK(node(twice, "a@1").execution == 0);
  CHECK(node(twice, "a@2").execution == 1);
  CHECK(barrier.execution == 1);
}

TEST_CASE("runs keep the variables: the second run reads what the first wrote",
          "[semantics][compose]") {
  // The paper's unordered write and read: run 1 reads A or B; x is B after it, so run 2 reads
  // B. The input edge B is copied into each run (B@1, B@2) with the same value.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("wr.tfg", R"(var x = A
input B
w = Write(&x, B)
r = Read(&x)
output r
)",
                                                {}, values);
  const sem::Program twice = sem::compose({&p, 1}, 2, values);
  CHECK(explore(twice, values) == Outcomes{"r@1=A r@2=B | x=B", "r@1=B r@2=B | x=B"});
  std::set<std::string> inputs;
  for (const sem::Edge& e : twice.edges) {
    if (!e.input_name.empty()) inputs.insert(e.input_name + "=" + values.print(e.initial));
  }
  CHECK(inputs == std::set<std::string>{"B@1=B", "B@2=B"});
}

TEST_CASE("two concurrent executions of the lost-update replica: x is 1 or 2",
          "[semantics][compose]") {
  // Both read 0 before either writes: s = 1, 1 and x = 1 (an update is lost). Otherwise one
  // execution reads after the other's write: (1, 2) or (2, 1), and x = 2. An execution that
  // reads 1 wrote after the other's write, so x = 1 with s = 2 is impossible.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("replica.tfg", kReplica, {}, values);
  const sem::Program both = sem::compose(std::vector<sem::Program>{p, p}, 1, values);
  CHECK(explore(both, values) == Outcomes{"s@1=i32{1} s@2=i32{1} | x=i32{1}",
                                          "s@1=i32{1} s@2=i32{2} | x=i32{2}",
                                          "s@1=i32{2} s@2=i32{1} | x=i32{2}"});
  // s feeds both w and the output, through the Copy s~copy1.
  CHECK(node_names(both) == std::set<std::string>{"one@1", "r@1", "s@1", "w@1", "&x@r@1", "&x@w@1",
                                                  "s~copy1@1", "one@2", "r@2", "s@2", "w@2",
                                                  "&x@r@2", "&x@w@2", "s~copy1@2"});
  CHECK(node(both, "w@1").execution == 0);
  CHECK(node(both, "w@2").execution == 1);
  CHECK(both.variables.size() == 1);
  // The two Writes race across executions (one variable slot).
  CHECK(node(both, "w@1").variable == node(both, "w@2").variable);
}

TEST_CASE("two runs of two concurrent executions: names @r.k", "[semantics][compose]") {
  // Run 1 ends in x = 1 (s = 1, 1) or x = 2 (s = 1, 2 or 2, 1), as in the previous case. Run 2
  // starts from that x0 and ends the same way one higher: (x0+1, x0+1) with x = x0+1, or
  // (x0+1, x0+2), (x0+2, x0+1) with x = x0+2. 1 x 3 + 2 x 3 = 9 outcomes.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("replica.tfg", kReplica, {}, values);
  const sem::Program p2x2 = sem::compose(std::vector<sem::Program>{p, p}, 2, values);
  Outcomes expected;
  const std::vector<std::pair<std::string, int>> first_runs = {{"s@1.1=i32{1} s@1.2=i32{1}", 1},
                                                               {"s@1.1=i32{1} s@1.2=i32{2}", 2},
                                                               {"s@1.1=i32{2} s@1.2=i32{1}", 2}};
  for (const auto& [first, x0] : first_runs) {
    const int a = x0 + 1, b = x0 + 2;
    expected.insert(
        fmt::format("{} s@2.1=i32{{{}}} s@2.2=i32{{{}}} | x=i32{{{}}}", first, a, a, a));
    expected.insert(
        fmt::format("{} s@2.1=i32{{{}}} s@2.2=i32{{{}}} | x=i32{{{}}}", first, a, b, b));
    expected.insert(
        fmt::format("{} s@2.1=i32{{{}}} s@2.2=i32{{{}}} | x=i32{{{}}}", first, b, a, b));
  }
  CHECK(explore(p2x2, values) == expected);
  CHECK(node(p2x2, "w@1.1").execution == 0);
  CHECK(node(p2x2, "w@1.2").execution == 1);
  CHECK(node(p2x2, "w@2.1").execution == 2);
  CHECK(node(p2x2, "w@2.2").execution == 3);
  // The barrier waits for both executions of run 1: their Writes are the only nodes without
  // an edge to another node (s~copy1 feeds the Write as well as the output).
  CHECK(control_peers(p2x2, node(p2x2, "~run2"), false) == std::set<std::string>{"w@1.1", "w@1.2"});
  CHECK(node(p2x2, "~run2").execution == 2);
}

TEST_CASE("two different programs share a variable by name", "[semantics][compose]") {
  // Program 1 increments x; program 2 reads x concurrently (0 or 1) and applies its own
  // function F, and has a variable y of its own. Function ids of both tables are remapped.
  sem::ValueStore values;
  const sem::Program inc = sem::load_program_text("inc.tfg", R"(var x = i32{0}
one = Const {value=i32{1}}
a = AssignAdd(&x, one)
)",
                                                  {}, values);
  const sem::Program reader = sem::load_program_text("reader.tfg", R"(fn F : 1 -> 1
var y = B
var x = i32{0}
r = Read(&x)
f = F(r)
output f
)",
                                                     {}, values);
  const sem::Program both = sem::compose(std::vector<sem::Program>{inc, reader}, 1, values);
  CHECK(explore(both, values) ==
        Outcomes{"f@2=F(i32{0}) | x=i32{1} y=B", "f@2=F(i32{1}) | x=i32{1} y=B"});
  CHECK(both.variables.size() == 2);
  CHECK(both.file == "inc.tfg, reader.tfg");
}

TEST_CASE("targets are kept per execution", "[semantics][compose]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "t.tfg", "var x = A\ninput B\nw = Write(&x, B)\ntarget w\n", {}, values);
  const sem::Program p3 = sem::compose(std::vector<sem::Program>{p, p, p}, 1, values);
  std::set<std::string> targets;
  for (std::uint32_t t : p3.targets) targets.insert(p3.nodes[t].name);
  CHECK(targets == std::set<std::string>{"w@1", "w@2", "w@3"});
  CHECK(explore(p3, values) == Outcomes{" | x=B"});
}

TEST_CASE("one run of one program is the program itself", "[semantics][compose]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("inc.tfg", kIncrement, {}, values);
  const sem::Program same = sem::compose({&p, 1}, 1, values);
  CHECK(node_names(same) == node_names(p));
  CHECK(same.edges.size() == p.edges.size());
  CHECK(same.file == "inc.tfg");
  CHECK(explore(same, values) == Outcomes{"r=i32{1} | x=i32{1}"});
}

TEST_CASE("runs of a program without nodes need no barrier", "[semantics][compose]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("in.tfg", "input B\noutput B\n", {}, values);
  const sem::Program thrice = sem::compose({&p, 1}, 3, values);
  CHECK(thrice.nodes.empty());
  CHECK(explore(thrice, values) == Outcomes{"B@1=B B@2=B B@3=B | "});
}

TEST_CASE("a stuck run blocks every later run", "[semantics][compose]") {
  // Dequeue of an empty queue never fires: run 1 is stuck, so the barrier and run 2 (whose
  // Var waits for the barrier) never fire either.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "q.tfg", "queue q {capacity=1}\nd = Dequeue(&q)\noutput d\n", {}, values);
  const sem::Program twice = sem::compose({&p, 1}, 2, values);
  CHECK(twice.queues.size() == 1);
  CHECK(node(twice, "d@2").resource_kind == sem::ResourceKind::Queue);
  CHECK(explore(twice, values) ==
        Outcomes{"d@1=EMPTY d@2=EMPTY |  | blocked: &q@d@2 d@1 d@2 ~run2"});
}

TEST_CASE("critical sections are shared by name across executions", "[semantics][compose]") {
  // Read and Write of the replica in one section: the executions cannot interleave inside
  // it, so no update is lost (x = 2), and the section is one slot for both executions.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("cs.tfg", R"(var x = i32{0}
one = Const {value=i32{1}}
r = Read(&x)
s = Add(r, one)
w = Write(&x, s)
section inc : r, s, w
)",
                                                {}, values);
  const sem::Program both = sem::compose(std::vector<sem::Program>{p, p}, 1, values);
  CHECK(both.sections.size() == 1);
  CHECK(node(both, "r@1").section == 0);
  CHECK(node(both, "w@2").section == 0);
  CHECK(node(both, "one@2").section == sem::kNone);
  CHECK(explore(both, values) == Outcomes{" | x=i32{2}"});
}

TEST_CASE("conflicting declarations of one name are an error naming both places",
          "[semantics][compose]") {
  sem::ValueStore values;
  const sem::Program a = sem::load_program_text("a.tfg", "var x = i32{0}\n", {}, values);
  const sem::Program b = sem::load_program_text("b.tfg", "\nvar x = i32{1}\n", {}, values);
  const sem::Program c = sem::load_program_text("c.tfg", "var x\n", {}, values);
  const sem::Program q = sem::load_program_text("q.tfg", "queue x {capacity=2}\n", {}, values);
  const sem::Program q3 = sem::load_program_text("q3.tfg", "queue x {capacity=3}\n", {}, values);
  CHECK_THROWS_WITH(sem::compose(std::vector<sem::Program>{a, b}, 1, values),
                    "b.tfg:2:5: error: 'x' is declared as a variable = i32{1} here but as a "
                    "variable = i32{0} at a.tfg:1:5 (the executions share it by name)\n");
  CHECK_THROWS_WITH(sem::compose(std::vector<sem::Program>{a, c}, 1, values),
                    "c.tfg:1:5: error: 'x' is declared as a variable without INIT here but as a "
                    "variable = i32{0} at a.tfg:1:5 (the executions share it by name)\n");
  CHECK_THROWS_WITH(sem::compose(std::vector<sem::Program>{a, q}, 1, values),
                    "q.tfg:1:7: error: 'x' is declared as a queue of capacity 2 here but as a "
                    "variable = i32{0} at a.tfg:1:5 (the executions share it by name)\n");
  CHECK_THROWS_WITH(sem::compose(std::vector<sem::Program>{q, q3}, 1, values),
                    "q3.tfg:1:7: error: 'x' is declared as a queue of capacity 3 here but as a "
                    "queue of capacity 2 at q.tfg:1:7 (the executions share it by name)\n");
  CHECK_THROWS_AS(sem::compose(std::vector<sem::Program>{a, b}, 1, values), sem::InputError);
  // The same declaration in both is one variable.
  const sem::Program a2 = sem::load_program_text("a2.tfg", "\n\nvar x = i32{0}\n", {}, values);
  CHECK(sem::compose(std::vector<sem::Program>{a, a2}, 1, values).variables.size() == 1);
}
