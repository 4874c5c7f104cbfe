#include "checker/symmetry/graph_automorphisms.h"

#include <algorithm>
#include <bliss/graph.hh>
#include <cstdlib>

namespace tfmc::check {
namespace {

// bliss hands each generator over whole; only the vertices it moves are kept.
void keep_generator(void* generators, unsigned int n, const unsigned int* image) {
  VertexPermutation g;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (image[v] != v) g.moves.emplace_back(v, image[v]);
  }
  static_cast<std::vector<VertexPermutation>*>(generators)->push_back(std::move(g));
}

// The graph's arcs as rows, one per vertex: its successors (`by_from`) or its predecessors,
// ascending; row v is rows[start[v], start[v + 1]).
void index_rows(const ColouredDigraph& graph, bool by_from, std::vector<std::size_t>& start,
                std::vector<std::uint32_t>& rows) {
  start.assign(graph.colour.size() + 1, 0);
  for (const auto& [from, to] : graph.arcs) ++start[(by_from ? from : to) + 1];
  for (std::size_t v = 0; v < graph.colour.size(); ++v) start[v + 1] += start[v];
  rows.resize(graph.arcs.size());
  std::vector<std::size_t> next(start.begin(), start.end() - 1);
  for (const auto& [from, to] : graph.arcs) {
    rows[next[by_from ? from : to]++] = by_from ? to : from;
  }
  for (std::size_t v = 0; v < graph.colour.size(); ++v) {
    std::sort(rows.begin() + static_cast<std::ptrdiff_t>(start[v]),
              rows.begin() + static_cast<std::ptrdiff_t>(start[v + 1]));
  }
}

}  // namespace

std::uint32_t VertexPermutation::operator()(std::uint32_t v) const {
  const auto at =
      std::lower_bound(moves.begin(), moves.end(), v,
                       [](const auto& move, std::uint32_t u) { return move.first < u; });
  return at != moves.end() && at->first == v ? at->second : v;
}

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

bool automorphism_search_fits(const ColouredDigraph& graph, std::size_t budget_bytes) {
  const std::size_t bytes = 300 * graph.colour.size() + 32 * graph.arcs.size();
  if (bytes > budget_bytes) return false;
  // Taken and given back at once: under an address-space limit (ulimit -v) the allocation
  // fails where bliss's would. Stored through a volatile so that it is not elided.
  void* volatile block = std::malloc(bytes);
  const bool fits = block != nullptr;
  std::free(block);
  return fits;
}

ArcIndex::ArcIndex(const ColouredDigraph& graph) {
  index_rows(graph, true, out_start_, out_);
  index_rows(graph, false, in_start_, in_);
}

std::span<const std::uint32_t> ArcIndex::successors(std::uint32_t v) const {
  return {out_.data() + out_start_[v], out_.data() + out_start_[v + 1]};
}

std::span<const std::uint32_t> ArcIndex::predecessors(std::uint32_t v) const {
  return {in_.data() + in_start_[v], in_.data() + in_start_[v + 1]};
}

bool ArcIndex::has(std::uint32_t from, std::uint32_t to) const {
  const std::span<const std::uint32_t> row = successors(from);
  return std::binary_search(row.begin(), row.end(), to);
}

bool is_automorphism(const ColouredDigraph& graph, const ArcIndex& arcs,
                     const VertexPermutation& image) {
  const std::size_t n = graph.colour.size();
  const auto& moves = image.moves;
  std::vector<std::uint32_t> targets;
  targets.reserve(moves.size());
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto [v, w] = moves[k];
    if (v >= n || w >= n || v == w || (k > 0 && moves[k - 1].first >= v) ||
        graph.colour[v] != graph.colour[w]) {
      return false;
    }
    targets.push_back(w);
  }
  // A bijection: the moved vertices go onto the moved vertices, each once.
  std::sort(targets.begin(), targets.end());
  for (std::size_t k = 0; k < moves.size(); ++k) {
    if (targets[k] != moves[k].first) return false;
  }
  // An arc with both ends fixed is its own image. A bijection that maps every arc onto an arc
  // maps the arcs onto themselves (no duplicates).
  for (const auto& [v, w] : moves) {
    for (std::uint32_t u : arcs.successors(v)) {
      if (!arcs.has(w, image(u))) return false;
    }
    for (std::uint32_t u : arcs.predecessors(v)) {
      if (!arcs.has(image(u), w)) return false;
    }
  }
  return true;
}

}  // namespace tfmc::check
