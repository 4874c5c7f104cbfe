#include "checker/symmetry/graph_automorphisms.h"

#include <algorithm>
#include <bliss/graph.hh>

namespace tfmc::check {
namespace {

void keep_generator(void* generators, unsigned int n, const unsigned int* image) {
  static_cast<std::vector<VertexPermutation>*>(generators)->emplace_back(image, image + n);
}

}  // namespace

std::vector<VertexPermutation> automorphism_generators(const ColouredDigraph& graph) {
  if (graph.colour.empty()) return {};
  bliss::Digraph g;
  for (std::uint32_t c : graph.colour) g.add_vertex(c);
  for (const auto& [from, to] : graph.arcs) g.add_edge(from, to);
  std::vector<VertexPermutation> generators;
  bliss::Stats stats;
  g.find_automorphisms(stats, keep_generator, &generators);
  return generators;
}

bool is_automorphism(const ColouredDigraph& graph,
                     const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs_sorted,
                     const VertexPermutation& image) {
  const std::size_t n = graph.colour.size();
  if (image.size() != n) return false;
  std::vector<bool> hit(n, false);
  for (std::uint32_t v = 0; v < n; ++v) {
    if (image[v] >= n || hit[image[v]] || graph.colour[image[v]] != graph.colour[v]) return false;
    hit[image[v]] = true;
  }
  // A bijection that maps every arc onto an arc maps the arcs onto themselves (no duplicates).
  return std::all_of(graph.arcs.begin(), graph.arcs.end(), [&](const auto& arc) {
    return std::binary_search(arcs_sorted.begin(), arcs_sorted.end(),
                              std::pair{image[arc.first], image[arc.second]});
  });
}

}  // namespace tfmc::check
