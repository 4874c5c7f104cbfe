// The towers of a coloured digraph (checker/symmetry/tower_blocks.h) on small graphs whose
// automorphism groups are known by hand: bliss's generators (graph_automorphisms.h), the
// classes of towers they permute, and the generators that act inside a tower.
#include "checker/symmetry/tower_blocks.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "checker/symmetry/graph_automorphisms.h"

namespace {

using tfmc::check::ColouredDigraph;
using tfmc::check::TowerClasses;

// `count` copies of the path a -> b (colours 1, 2), each a's arc from vertex 0 (colour 0).
ColouredDigraph fan(std::uint32_t count) {
  ColouredDigraph g;
  g.colour.push_back(0);
  for (std::uint32_t i = 0; i < count; ++i) {
    const auto a = static_cast<std::uint32_t>(g.colour.size());
    g.colour.push_back(1);
    g.colour.push_back(2);
    g.arcs.emplace_back(0, a);
    g.arcs.emplace_back(a, a + 1);
  }
  return g;
}

// `count` directed 3-cycles of one colour: each rotates inside itself, and they are swapped.
ColouredDigraph cycles(std::uint32_t count) {
  ColouredDigraph g;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t v = 3 * i;
    for (std::uint32_t k = 0; k < 3; ++k) {
      g.colour.push_back(0);
      g.arcs.emplace_back(v + k, v + (k + 1) % 3);
    }
  }
  return g;
}

TowerClasses towers_of(const ColouredDigraph& g) {
  return tfmc::check::tower_classes(g, tfmc::check::automorphism_generators(g));
}

}  // namespace

TEST_CASE("paths hanging from one vertex are one class of towers", "[checker][symmetry]") {
  const TowerClasses t = towers_of(fan(4));
  REQUIRE(t.classes.size() == 1);
  REQUIRE(t.classes[0].size() == 4);
  // Tower k is the path (1 + 2k, 2 + 2k), in corresponding order: a first, then b.
  std::vector<std::vector<std::uint32_t>> sorted = t.classes[0];
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<std::vector<std::uint32_t>>{{1, 2}, {3, 4}, {5, 6}, {7, 8}});
  CHECK(t.generators == 3);  // S4 needs three transpositions from bliss's search
  CHECK(t.ignored_generators == 0);
}

TEST_CASE("a graph whose copies differ in a colour has no towers", "[checker][symmetry]") {
  ColouredDigraph g = fan(3);
  g.colour[6] = 3;  // the last path's b
  const TowerClasses t = towers_of(g);
  REQUIRE(t.classes.size() == 1);
  CHECK(t.classes[0].size() == 2);  // the other two still are
  g.colour[4] = 4;
  const TowerClasses none = towers_of(g);
  CHECK(none.classes.empty());
  CHECK(none.generators == 0);
}

TEST_CASE("symmetries inside a tower are counted and not used", "[checker][symmetry]") {
  // One 3-cycle: its rotations move every vertex, so it is one block, alone in its orbit.
  const TowerClasses one = towers_of(cycles(1));
  CHECK(one.classes.empty());
  CHECK(one.generators == 1);
  CHECK(one.ignored_generators == 1);
  // Two: the swap of the cycles is used, the rotations are not.
  const TowerClasses two = towers_of(cycles(2));
  REQUIRE(two.classes.size() == 1);
  CHECK(two.classes[0].size() == 2);
  CHECK(two.generators == 3);
  CHECK(two.ignored_generators == 2);
}

TEST_CASE("an automorphism is checked on colours and arcs", "[checker][symmetry]") {
  const ColouredDigraph g = fan(2);
  auto arcs = g.arcs;
  std::sort(arcs.begin(), arcs.end());
  CHECK(tfmc::check::is_automorphism(g, arcs, {0, 3, 4, 1, 2}));
  CHECK_FALSE(tfmc::check::is_automorphism(g, arcs, {0, 1, 2, 3, 4, 0}));  // wrong length
  CHECK_FALSE(tfmc::check::is_automorphism(g, arcs, {0, 2, 1, 3, 4}));     // colours differ
  CHECK_FALSE(tfmc::check::is_automorphism(g, arcs, {0, 3, 2, 1, 4}));     // an arc is lost
  CHECK_FALSE(tfmc::check::is_automorphism(g, arcs, {0, 1, 1, 3, 4}));     // not a bijection
}
