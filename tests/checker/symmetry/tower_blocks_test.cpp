// The towers of a coloured digraph (checker/symmetry/tower_blocks.h) on small graphs whose
// automorphism groups are known by hand: bliss's generators (graph_automorphisms.h), the
// classes of towers they permute, and the generators that act inside a tower.
#include "checker/symmetry/tower_blocks.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
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
  using tfmc::check::VertexPermutation;
  const ColouredDigraph g = fan(3);  // 0; paths (1, 2), (3, 4), (5, 6)
  const tfmc::check::ArcIndex arcs(g);
  const auto is_automorphism = [&](const VertexPermutation& p) {
    return tfmc::check::is_automorphism(g, arcs, p);
  };
  CHECK(is_automorphism({{{1, 3}, {2, 4}, {3, 1}, {4, 2}}}));
  CHECK(is_automorphism({{{1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 1}, {6, 2}}}));  // a 3-cycle
  CHECK(is_automorphism({}));
  CHECK_FALSE(is_automorphism({{{1, 3}, {3, 1}, {2, 4}, {4, 2}}}));  // moves not ascending
  CHECK_FALSE(is_automorphism({{{5, 7}, {7, 5}}}));                  // no vertex 7
  CHECK_FALSE(is_automorphism({{{1, 2}, {2, 1}}}));                  // colours differ
  CHECK_FALSE(is_automorphism({{{1, 3}, {3, 1}}}));  // the arcs (1, 2) and (3, 4) are lost
  CHECK_FALSE(is_automorphism({{{1, 3}, {3, 5}}}));  // 5 is reached and not moved
  CHECK_FALSE(is_automorphism({{{1, 1}}}));          // a fixed vertex listed as moved
  CHECK(VertexPermutation{{{1, 3}, {3, 1}}}(3) == 1);
  CHECK(VertexPermutation{{{1, 3}, {3, 1}}}(2) == 2);
}

TEST_CASE("a swap is rejected for an arc at a moved vertex, in either direction",
          "[checker][symmetry]") {
  // Two paths from vertex 0 and a fixed vertex 5 of its own colour: the swap of the paths is
  // an automorphism until an arc joins one path's vertex to 5 (either way) or to the other path.
  ColouredDigraph g = fan(2);
  g.colour.push_back(3);
  const tfmc::check::VertexPermutation swap{{{1, 3}, {2, 4}, {3, 1}, {4, 2}}};
  CHECK(tfmc::check::is_automorphism(g, tfmc::check::ArcIndex(g), swap));
  for (const auto& arc :
       {std::pair{2u, 5u}, std::pair{5u, 4u}, std::pair{2u, 3u}, std::pair{0u, 2u}}) {
    ColouredDigraph odd = g;
    odd.arcs.push_back(arc);
    CHECK_FALSE(tfmc::check::is_automorphism(odd, tfmc::check::ArcIndex(odd), swap));
    // bliss finds no automorphism there, so no towers.
    CHECK(towers_of(odd).classes.empty());
  }
  // With the same arc at both paths the swap is an automorphism again.
  ColouredDigraph even = g;
  even.arcs.emplace_back(2, 5);
  even.arcs.emplace_back(4, 5);
  CHECK(tfmc::check::is_automorphism(even, tfmc::check::ArcIndex(even), swap));
  CHECK(towers_of(even).classes.size() == 1);
}

TEST_CASE("hundreds of paths from one vertex are one class", "[checker][symmetry]") {
  // bliss's search of a class of N towers grows faster than N squared: 600 keep it short.
  const TowerClasses t = towers_of(fan(600));
  REQUIRE(t.classes.size() == 1);
  REQUIRE(t.classes[0].size() == 600);
  CHECK(t.generators == 599);
  CHECK(t.ignored_generators == 0);
  std::vector<std::vector<std::uint32_t>> sorted = t.classes[0], paths;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint32_t k = 0; k < 600; ++k) paths.push_back({1 + 2 * k, 2 + 2 * k});
  CHECK(sorted == paths);
}

TEST_CASE("a search that would not fit in the memory left is refused beforehand",
          "[checker][symmetry]") {
  ColouredDigraph big;
  big.colour.assign(2000000, 0);  // about 600 MB for bliss
  CHECK(tfmc::check::automorphism_search_fits(big, SIZE_MAX));
  CHECK(tfmc::check::automorphism_search_fits(fan(3), SIZE_MAX));
  // Past the budget (--max-memory's room) it does not fit, whatever the allocator would give.
  CHECK_FALSE(tfmc::check::automorphism_search_fits(big, 100u << 20));
  CHECK(tfmc::check::automorphism_search_fits(fan(3), 100u << 20));
  // In a child under an address-space limit 64 MB above what it holds: the small search fits
  // and the big one does not.
  const pid_t child = fork();
  if (child == 0) {
    long pages = 0;
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    const bool read = statm != nullptr && std::fscanf(statm, "%ld", &pages) == 1;
    if (statm != nullptr) std::fclose(statm);
    const rlim_t held = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
    const rlimit limit{held + (64u << 20), held + (64u << 20)};
    if (!read || setrlimit(RLIMIT_AS, &limit) != 0) _exit(3);
    _exit(tfmc::check::automorphism_search_fits(big, SIZE_MAX)      ? 1
          : tfmc::check::automorphism_search_fits(fan(3), SIZE_MAX) ? 0
                                                                    : 2);
  }
  REQUIRE(child > 0);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
