#include "checker/symmetry/tower_blocks.h"

#include <algorithm>

#include "semantics/errors/invariant.h"

namespace tfmc::check {
namespace {

constexpr std::uint32_t kNoBlock = 0xffffffffu;

// The connected components of the vertices some generator moves (arcs taken both ways), each
// in ascending vertex order, and each vertex's component (kNoBlock for a fixed vertex).
struct Blocks {
  std::vector<std::vector<std::uint32_t>> members;
  std::vector<std::uint32_t> of;
};

Blocks moved_components(const ColouredDigraph& graph,
                        const std::vector<VertexPermutation>& generators) {
  const std::size_t n = graph.colour.size();
  std::vector<bool> moved(n, false);
  for (const VertexPermutation& g : generators) {
    for (const auto& [v, image] : g.moves) moved[v] = true;
  }
  std::vector<std::vector<std::uint32_t>> around(n);
  for (const auto& [from, to] : graph.arcs) {
    if (!moved[from] || !moved[to]) continue;
    around[from].push_back(to);
    around[to].push_back(from);
  }
  Blocks b;
  b.of.assign(n, kNoBlock);
  for (std::uint32_t start = 0; start < n; ++start) {
    if (!moved[start] || b.of[start] != kNoBlock) continue;
    const auto id = static_cast<std::uint32_t>(b.members.size());
    std::vector<std::uint32_t> block{start};
    b.of[start] = id;
    for (std::size_t i = 0; i < block.size(); ++i) {
      for (std::uint32_t w : around[block[i]]) {
        if (b.of[w] != kNoBlock) continue;
        b.of[w] = id;
        block.push_back(w);
      }
    }
    std::sort(block.begin(), block.end());
    b.members.push_back(std::move(block));
  }
  return b;
}

// Where each vertex lies in the classes' towers: its class (kNoBlock outside every tower)
// and its index in its tower.
struct TowerPlaces {
  std::vector<std::uint32_t> class_of, local_of;
};

TowerPlaces tower_places(const TowerClasses& classes, std::size_t n) {
  TowerPlaces p{std::vector<std::uint32_t>(n, kNoBlock), std::vector<std::uint32_t>(n, 0)};
  for (std::uint32_t c = 0; c < classes.classes.size(); ++c) {
    for (const std::vector<std::uint32_t>& tower : classes.classes[c]) {
      for (std::uint32_t k = 0; k < tower.size(); ++k) {
        p.class_of[tower[k]] = c;
        p.local_of[tower[k]] = k;
      }
    }
  }
  return p;
}

// Whether generator `g` permutes the classes' towers by their correspondence (and so fixes
// every other vertex).
bool permutes_towers(const VertexPermutation& g, const TowerPlaces& p) {
  return std::all_of(g.moves.begin(), g.moves.end(), [&](const auto& move) {
    const auto [v, w] = move;
    return p.class_of[v] != kNoBlock && p.class_of[w] == p.class_of[v] &&
           p.local_of[w] == p.local_of[v];
  });
}

// Per block, the generators that carry it onto another block and that block, in the
// generators' order. A generator that moves a block elsewhere moves all its vertices, its
// first one included; one that fixes the first keeps the block where it is.
std::vector<std::vector<std::pair<std::size_t, std::uint32_t>>> carried_blocks(
    const Blocks& blocks, const std::vector<VertexPermutation>& generators) {
  std::vector<std::vector<std::pair<std::size_t, std::uint32_t>>> carried(blocks.members.size());
  for (std::size_t k = 0; k < generators.size(); ++k) {
    for (const auto& [v, w] : generators[k].moves) {
      const std::uint32_t from = blocks.of[v];
      if (blocks.members[from].front() == v && blocks.of[w] != from) {
        carried[from].emplace_back(k, blocks.of[w]);
      }
    }
  }
  return carried;
}

// The transposition of two towers by their correspondence, every other vertex fixed.
VertexPermutation transposition(const std::vector<std::uint32_t>& a,
                                const std::vector<std::uint32_t>& b) {
  VertexPermutation swap;
  swap.moves.reserve(2 * a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    swap.moves.emplace_back(a[k], b[k]);
    swap.moves.emplace_back(b[k], a[k]);
  }
  std::sort(swap.moves.begin(), swap.moves.end());
  return swap;
}

}  // namespace

TowerClasses tower_classes(const ColouredDigraph& graph,
                           const std::vector<VertexPermutation>& generators) {
  TowerClasses out;
  out.generators = generators.size();
  const std::size_t n = graph.colour.size();
  const Blocks blocks = moved_components(graph, generators);
  const ArcIndex arcs(graph);
  const auto carried = carried_blocks(blocks, generators);
  // Each orbit of blocks, from its first block: the image of the first block's vertices in
  // each block the generators reach, through the product of generators that reached it.
  std::vector<bool> reached(blocks.members.size(), false);
  for (std::uint32_t first = 0; first < blocks.members.size(); ++first) {
    if (reached[first]) continue;
    reached[first] = true;
    std::vector<std::vector<std::uint32_t>> orbit{blocks.members[first]};
    std::vector<std::uint32_t> orbit_blocks{first};
    for (std::size_t i = 0; i < orbit.size(); ++i) {
      for (const auto& [k, next] : carried[orbit_blocks[i]]) {
        if (reached[next]) continue;
        reached[next] = true;
        std::vector<std::uint32_t> image;
        image.reserve(orbit[i].size());
        for (std::uint32_t v : orbit[i]) image.push_back(generators[k](v));
        orbit.push_back(std::move(image));
        orbit_blocks.push_back(next);
      }
    }
    std::vector<std::vector<std::uint32_t>> towers{orbit.front()};
    for (std::size_t i = 1; i < orbit.size(); ++i) {
      TFMC_CHECK(is_automorphism(graph, arcs, transposition(orbit[0], orbit[i])),
                 "the swap of two towers of an orbit is an automorphism");
      towers.push_back(std::move(orbit[i]));
    }
    if (towers.size() >= 2) out.classes.push_back(std::move(towers));
  }
  const TowerPlaces places = tower_places(out, n);
  out.ignored_generators = static_cast<std::size_t>(
      std::count_if(generators.begin(), generators.end(),
                    [&](const VertexPermutation& g) { return !permutes_towers(g, places); }));
  return out;
}

}  // namespace tfmc::check
