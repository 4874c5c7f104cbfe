// Building a Program edge by edge (program_edit.h): the node lists follow every edge added or
// moved.
#include "semantics/program/program_edit.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

namespace {

using namespace tfmc;
using Edges = std::vector<std::int32_t>;

// Three nodes: 0 and 1 with one output each, 2 with two arguments.
sem::Program three_nodes() {
  sem::Program p;
  for (const char* name : {"a", "b", "c"}) {
    sem::Node n;
    n.name = name;
    sem::add_node(p, std::move(n));
  }
  return p;
}

}  // namespace

TEST_CASE("add_node appends and returns the new index", "[semantics][program_edit]") {
  sem::Program p = three_nodes();
  sem::Node n;
  n.name = "d";
  CHECK(sem::add_node(p, std::move(n)) == 3);
  CHECK(p.nodes[3].name == "d");
}

TEST_CASE("add_edge records a tensor edge at its port and argument", "[semantics][program_edit]") {
  sem::Program p = three_nodes();
  const std::int32_t e = sem::add_edge(p, sem::EdgeKind::Tensor, {0, 0}, {2, 1});
  CHECK(e == 0);
  CHECK(p.edges[e].src == 0);
  CHECK(p.edges[e].dst == 2);
  CHECK(p.nodes[0].outputs == Edges{0});
  CHECK(p.nodes[2].inputs == Edges{sem::kNone, 0});  // argument 0 is not wired yet
  const std::int32_t input = sem::add_edge(p, sem::EdgeKind::Tensor, {}, {2, 0});
  CHECK(p.edges[input].src == sem::kNone);
  CHECK(p.nodes[2].inputs == Edges{1, 0});
  const std::int32_t output = sem::add_edge(p, sem::EdgeKind::Tensor, {1, 1}, {});
  CHECK(p.edges[output].src_port == 1);
  CHECK(p.edges[output].dst == sem::kNone);
  CHECK(p.nodes[1].outputs == Edges{sem::kNone, 2});
}

TEST_CASE("add_control_edge appends to both control lists", "[semantics][program_edit]") {
  sem::Program p = three_nodes();
  CHECK(sem::add_control_edge(p, 0, 2) == 0);
  CHECK(sem::add_control_edge(p, 1, 2) == 1);
  CHECK(p.edges[1].kind == sem::EdgeKind::Control);
  CHECK(p.nodes[0].control_outputs == Edges{0});
  CHECK(p.nodes[1].control_outputs == Edges{1});
  CHECK(p.nodes[2].controls == Edges{0, 1});
  CHECK(p.nodes[2].inputs.empty());
}

TEST_CASE("set_destination moves an edge between nodes", "[semantics][program_edit]") {
  sem::Program p = three_nodes();
  const std::int32_t t = sem::add_edge(p, sem::EdgeKind::Tensor, {0, 0}, {2, 0});
  const std::int32_t c0 = sem::add_control_edge(p, 0, 2);
  const std::int32_t c1 = sem::add_control_edge(p, 1, 2);
  sem::set_destination(p, t, {1, 0});
  CHECK(p.edges[t].dst == 1);
  CHECK(p.nodes[2].inputs == Edges{sem::kNone});
  CHECK(p.nodes[1].inputs == Edges{t});
  sem::set_destination(p, c0, {1, 0});
  CHECK(p.nodes[2].controls == Edges{c1});
  CHECK(p.nodes[1].controls == Edges{c0});
  sem::set_destination(p, c1, {});
  CHECK(p.edges[c1].dst == sem::kNone);
  CHECK(p.nodes[2].controls.empty());
}
