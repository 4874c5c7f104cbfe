// The static race analysis (analyze_concurrency) and the control edge that orders a race
// (with_order). Every expected race list is worked out by hand from the graph: two
// accesses of one variable race when no path of edges leads from one to the other and one of
// them writes; the list is sorted by the first node's line, then the second's.
#include "semantics/model/happens_before.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "semantics/program/order.h"
#include "support/files.h"

namespace {

using namespace tfmc;

// The text of a file of specs/, given by its path in the source tree.
std::string spec_text(const std::string& relative) {
  return test::read_file(test::source_path(relative));
}

// Each race as "FIRST SECOND VARIABLE KIND".
std::vector<std::string> race_list(const sem::Program& p) {
  std::vector<std::string> out;
  for (const sem::Race& r : sem::analyze_concurrency(p).races) {
    out.push_back(p.nodes[r.first].name + " " + p.nodes[r.second].name + " " +
                  p.variables[r.variable].name + " " + sem::race_kind_name(r.kind));
  }
  return out;
}

std::vector<std::string> races_of(const std::string& text) {
  sem::ValueStore values;
  return race_list(sem::load_program_text("t.tfg", text, {}, values));
}

std::vector<std::string> races_of_spec(const std::string& relative) {
  return races_of(spec_text(relative));
}

std::uint32_t node_named(const sem::Program& p, const std::string& name) {
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return static_cast<std::uint32_t>(i);
  }
  FAIL("no node " << name);
  return 0;
}

using Races = std::vector<std::string>;

}  // namespace

TEST_CASE("the paper's Write and Read race only without the control edge", "[happens_before]") {
  CHECK(races_of_spec("specs/paper/write_read_unordered.tfg") == Races{"w r x read-write"});
  CHECK(races_of_spec("specs/paper/write_read_ordered.tfg").empty());
}

TEST_CASE("figure 1: the two AssignAdds race, and Write and Read are ordered", "[happens_before]") {
  // w -> a1, w -> a2 and a1, a2 -> r by control edges: only a1 and a2 are unordered.
  CHECK(races_of_spec("specs/paper/figure1.tfg") == Races{"a1 a2 x update-update"});
  CHECK(races_of_spec("specs/rfc/increment_atomic.tfg") == Races{"ia ib X update-update"});
}

TEST_CASE("lost update: each Read races with the other replica's Write", "[happens_before]") {
  // rd1 -> ad1 -> wr1 and rd2 -> ad2 -> wr2 are chains; w precedes both Reads, r follows both
  // Writes. Unordered pairs with a write: (rd1, wr2), (wr1, rd2), (wr1, wr2); rd1 and rd2 are
  // both Reads. Sorted by the first node's line (20, 22, 22), then the second's (25, 23, 25).
  CHECK(races_of_spec("specs/paper/figure4_lost_update.tfg") ==
        Races{"rd1 wr2 x read-write", "wr1 rd2 x read-write", "wr1 wr2 x write-write"});
  CHECK(races_of_spec("specs/rfc/increment_read_compute_write.tfg") ==
        Races{"ra wb X read-write", "wa rb X read-write", "wa wb X write-write"});
}

TEST_CASE("two Reads of one variable do not race", "[happens_before]") {
  CHECK(races_of("var x = A\nr1 = Read(&x)\nr2 = Read(&x)\noutput r1\noutput r2\n").empty());
}

TEST_CASE("a chain of data edges or `after` orders two accesses", "[happens_before]") {
  // r -> s -> w through tensor edges.
  CHECK(races_of("var x = A\ninput B\nr = Read(&x)\ns = Add(r, B)\nw = Write(&x, s)\n").empty());
  // w1 -> n -> w2 through control edges, with a function node in between.
  CHECK(races_of("var x = A\ninput B\ninput C\nw1 = Write(&x, B)\nn = Identity(C) after w1\n"
                 "w2 = Write(&x, C) after n\noutput n\n")
            .empty());
  // w -> t by a control edge, t -> r by a tensor edge (the Read's input is unrelated data).
  CHECK(races_of("var x = A\nvar y = B\ninput C\nw = Write(&x, C)\nt = Read(&y) after w\n"
                 "a = Assign(&x, t) {f=Add}\n")
            .empty());
}

TEST_CASE("a Write against an AssignAdd is write-write, two Writes too", "[happens_before]") {
  CHECK(races_of("var x = i32{0}\ninput B\nw = Write(&x, B)\na = AssignAdd(&x, B)\n") ==
        Races{"w a x write-write"});
  CHECK(races_of("var x = A\ninput B\ninput C\nw1 = Write(&x, B)\nw2 = Write(&x, C)\n") ==
        Races{"w1 w2 x write-write"});
  // An Assign with a function other than Snd is an update, like AssignAdd; a Read against it
  // is read-write.
  CHECK(races_of("var x = A\ninput B\nu = Assign(&x, B) {f=Concat}\nv = AssignSub(&x, B)\n"
                 "r = Read(&x)\noutput r\n") ==
        Races{"u v x update-update", "u r x read-write", "v r x read-write"});
}

TEST_CASE("races on two variables are listed together, by line", "[happens_before]") {
  // y's pair comes first in the file, then x's; a Read of y after the Write is ordered.
  CHECK(races_of("var x = A\nvar y = B\ninput C\nwy = Write(&y, C)\nwx = Write(&x, C)\n"
                 "ay = AssignAdd(&y, C)\nrx = Read(&x)\nry = Read(&y) after wy, ay\n"
                 "output rx\noutput ry\n") == Races{"wy ay y write-write", "wx rx x read-write"});
}

TEST_CASE("an explicit Var node shared by two accesses orders neither", "[happens_before]") {
  // v's handle reaches w and r through a Copy node: both are downstream of v, neither of the
  // other.
  CHECK(races_of("var x = A\ninput B\nv = Var(x)\nw = Write(v, B)\nr = Read(v)\noutput r\n") ==
        Races{"w r x read-write"});
  CHECK(races_of("var x = A\ninput B\nv = Var(x)\nw = Write(v, B)\nr = Read(v) after w\n"
                 "output r\n")
            .empty());
}

TEST_CASE("racing partners and racy ancestors of the lost update", "[happens_before]") {
  sem::ValueStore values;
  const sem::Program p =
      sem::load_program_text("t.tfg", spec_text("specs/paper/figure4_lost_update.tfg"), {}, values);
  const sem::Concurrency c = sem::analyze_concurrency(p);
  const auto names = [&](const std::vector<std::uint32_t>& nodes) {
    std::vector<std::string> out;
    for (std::uint32_t n : nodes) out.push_back(p.nodes[n].name);
    std::sort(out.begin(), out.end());
    return out;
  };
  CHECK(names(c.racing[node_named(p, "rd1")]) == Races{"wr2"});
  CHECK(names(c.racing[node_named(p, "wr1")]) == Races{"rd2", "wr2"});
  CHECK(names(c.racing[node_named(p, "w")]).empty());
  CHECK(names(c.racing[node_named(p, "r")]).empty());
  // rd1 races and always fires before wr1; nothing racing fires before rd1.
  CHECK(names(c.racy_ancestors[node_named(p, "wr1")]) == Races{"rd1"});
  CHECK(names(c.racy_ancestors[node_named(p, "wr2")]) == Races{"rd2"});
  CHECK(names(c.racy_ancestors[node_named(p, "rd1")]).empty());
}

TEST_CASE("with_order orders a race away and keeps the rest", "[happens_before]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "t.tfg", spec_text("specs/paper/write_read_unordered.tfg"), {}, values);
  const std::uint32_t w = node_named(p, "w"), r = node_named(p, "r");
  CHECK_FALSE(sem::reaches(p, w, r));
  CHECK_FALSE(sem::reaches(p, r, w));
  for (const auto& [from, to] : {std::pair{w, r}, std::pair{r, w}}) {
    const sem::Program q = sem::with_order(p, from, to);
    CHECK(race_list(q).empty());
    CHECK(sem::reaches(q, from, to));
    CHECK_FALSE(sem::reaches(q, to, from));
    // One Barrier between them, with a control edge from `from` and one to `to`.
    REQUIRE(q.nodes.size() == p.nodes.size() + 1);
    const auto barrier = static_cast<std::int32_t>(p.nodes.size());
    CHECK(q.nodes.back().name == "~order");
    CHECK(q.nodes.back().kind == sem::NodeKind::Barrier);
    REQUIRE(q.edges.size() == p.edges.size() + 2);
    CHECK(q.slot_count() == p.slot_count() + 2);
    const sem::Edge& in = q.edges[p.edges.size()];
    const sem::Edge& out = q.edges[p.edges.size() + 1];
    CHECK(in.kind == sem::EdgeKind::Control);
    CHECK(in.src == static_cast<std::int32_t>(from));
    CHECK(in.dst == barrier);
    CHECK(out.kind == sem::EdgeKind::Control);
    CHECK(out.src == barrier);
    CHECK(out.dst == static_cast<std::int32_t>(to));
    CHECK(q.nodes[from].control_outputs.back() == static_cast<std::int32_t>(p.edges.size()));
    CHECK(q.nodes[to].controls.back() == static_cast<std::int32_t>(p.edges.size() + 1));
  }
  CHECK(race_list(p) == Races{"w r x read-write"});  // the original is unchanged
}

TEST_CASE("with_order refuses a cycle or a bad node", "[happens_before]") {
  sem::ValueStore values;
  const sem::Program p =
      sem::load_program_text("t.tfg", spec_text("specs/paper/write_read_ordered.tfg"), {}, values);
  const std::uint32_t w = node_named(p, "w"), r = node_named(p, "r");
  CHECK(sem::reaches(p, w, r));
  CHECK_THROWS_AS(sem::with_order(p, r, w), std::invalid_argument);
  CHECK_THROWS_AS(sem::with_order(p, w, w), std::invalid_argument);
  CHECK_THROWS_AS(sem::with_order(p, w, static_cast<std::uint32_t>(p.nodes.size())),
                  std::invalid_argument);
  // An order along an existing one adds no cycle.
  CHECK(sem::with_order(p, w, r).edges.size() == p.edges.size() + 2);
}
