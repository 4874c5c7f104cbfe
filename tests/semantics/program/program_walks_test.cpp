// The walks of program_walks.h on a small built program whose numbering is worked out by hand:
//   a = Neg(B); b = Neg(a); c = Neg(B) after b; d = Neg(B); output c
// Nodes a 0, b 1, c 2, d 3. Edges: a -> b (0), b's unused output (1), c -> output (2),
// d's unused output (3), B -> a, c, d through two Copy nodes (B~copy1 4, B~copy2 5), then the
// control edge b -> c.
#include "semantics/program/program_walks.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "semantics/build/program_builder.h"

namespace {

using namespace tfmc;
using Nodes = std::vector<std::uint32_t>;

sem::Program example(sem::ValueStore& values) {
  const sem::Program p = sem::load_program_text("t.tfg",
                                                "input B\n"
                                                "a = Neg(B)\n"
                                                "b = Neg(a)\n"
                                                "c = Neg(B) after b\n"
                                                "d = Neg(B)\n"
                                                "output c\n",
                                                {}, values);
  REQUIRE(p.nodes.size() == 6);
  REQUIRE(p.nodes[4].name == "B~copy1");
  REQUIRE(p.nodes[5].name == "B~copy2");
  return p;
}

}  // namespace

TEST_CASE("consumers lists the nodes fed by a node's outputs, then its control outputs",
          "[semantics][program_walks]") {
  sem::ValueStore values;
  const sem::Program p = example(values);
  CHECK(sem::consumers(p, 0) == Nodes{1});
  CHECK(sem::consumers(p, 1) == Nodes{2});  // its output edge leads to no node; then control
  CHECK(sem::consumers(p, 2) == Nodes{});
  CHECK(sem::consumers(p, 4) == Nodes{0, 5});
  CHECK(sem::consumers(p, 5) == Nodes{2, 3});
}

TEST_CASE("producers lists the nodes feeding a node's inputs, then its controls",
          "[semantics][program_walks]") {
  sem::ValueStore values;
  const sem::Program p = example(values);
  CHECK(sem::producers(p, 2) == Nodes{5, 1});  // B through B~copy2, then b by `after`
  CHECK(sem::producers(p, 0) == Nodes{4});
  CHECK(sem::producers(p, 4) == Nodes{});  // fed by the input edge of B only
}

TEST_CASE("topological_order puts producers first, in the order nodes become ready",
          "[semantics][program_walks]") {
  sem::ValueStore values;
  const sem::Program p = example(values);
  CHECK(sem::topological_order(p) == Nodes{4, 0, 5, 1, 3, 2});
}

TEST_CASE("upstream_closure finds the seeds and every node that happens before one",
          "[semantics][program_walks]") {
  sem::ValueStore values;
  const sem::Program p = example(values);
  const std::vector<std::int32_t> c{2};
  CHECK(sem::upstream_closure(p, c) == std::vector<bool>{true, true, true, false, true, true});
  const std::vector<std::int32_t> d_and_none{3, sem::kNone};
  CHECK(sem::upstream_closure(p, d_and_none) ==
        std::vector<bool>{false, false, false, true, true, true});
}

TEST_CASE("reaches and DownstreamSearch follow tensor and control edges forward",
          "[semantics][program_walks]") {
  sem::ValueStore values;
  const sem::Program p = example(values);
  CHECK(sem::reaches(p, 0, 2));  // a -> b, then b -> c by the control edge
  CHECK_FALSE(sem::reaches(p, 2, 0));
  CHECK_FALSE(sem::reaches(p, 0, 0));
  CHECK_FALSE(sem::reaches(p, 0, 3));
  sem::DownstreamSearch search(p);
  search.search(4);
  Nodes found = search.reached();
  std::sort(found.begin(), found.end());
  CHECK(found == Nodes{0, 1, 2, 3, 5});
  search.search(3);
  CHECK(search.reached().empty());
  CHECK_FALSE(search.reached(0));
}
