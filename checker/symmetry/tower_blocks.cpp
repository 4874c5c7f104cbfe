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
    for (std::uint32_t v = 0; v < n; ++v) moved[v] = moved[v] || g[v] != v;
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

// Whether generator `g` permutes the classes' towers by their correspondence and fixes every
// other vertex.
bool permutes_towers(const VertexPermutation& g, const TowerPlaces& p) {
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    const std::uint32_t w = g[v];
    if (p.class_of[v] == kNoBlock
            ? w != v
            : p.class_of[w] != p.class_of[v] || p.local_of[w] != p.local_of[v]) {
      return false;
    }
  }
  return true;
}

}  // namespace

TowerClasses tower_classes(const ColouredDigraph& graph,
                           const std::vector<VertexPermutation>& generators) {
  TowerClasses out;
  out.generators = generators.size();
  const std::size_t n = graph.colour.size();
  const Blocks blocks = moved_components(graph, generators);
  auto arcs_sorted = graph.arcs;
  std::sort(arcs_sorted.begin(), arcs_sorted.end());
  // Each orbit of blocks, from its first block: the image of the first block's vertices in
  // each block the generators reach, through the product of generators that reached it.
  std::vector<bool> reached(blocks.members.size(), false);
  for (std::uint32_t first = 0; first < blocks.members.size(); ++first) {
    if (reached[first]) continue;
    reached[first] = true;
    std::vector<std::vector<std::uint32_t>> orbit{blocks.members[first]};
    for (std::size_t i = 0; i < orbit.size(); ++i) {
      for (const VertexPermutation& g : generators) {
        const std::uint32_t next = blocks.of[g[orbit[i].front()]];
        if (reached[next]) continue;
        reached[next] = true;
        std::vector<std::uint32_t> image;
        image.reserve(orbit[i].size());
        for (std::uint32_t v : orbit[i]) image.push_back(g[v]);
        orbit.push_back(std::move(image));
      }
    }
    std::vector<std::vector<std::uint32_t>> towers{orbit.front()};
    VertexPermutation swap(n);
    for (std::size_t i = 1; i < orbit.size(); ++i) {
      for (std::uint32_t v = 0; v < n; ++v) swap[v] = v;
      for (std::size_t k = 0; k < orbit[i].size(); ++k) {
        swap[orbit[0][k]] = orbit[i][k];
        swap[orbit[i][k]] = orbit[0][k];
      }
      TFMC_CHECK(is_automorphism(graph, arcs_sorted, swap),
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
