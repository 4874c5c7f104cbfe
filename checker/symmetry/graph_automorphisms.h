// Automorphisms of a vertex-coloured directed graph, found by bliss (Junttila and Kaski's
// tool, from Debian's libbliss-dev): the permutations of the vertices that keep every vertex's
// colour and map every arc onto an arc. Symmetry reduction inside one program (FORMAT.md,
// "Symmetry reduction") colours the program's graph so that such a permutation is a symmetry
// of its transition system (checker/api/program_towers.h).
//
// Graphs of millions of vertices (a training step's nodes and edges) have automorphisms that
// move a few hundred of them, so a permutation is kept as the vertices it moves, and checked
// on the arcs at those vertices only: every other arc has both ends fixed.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace tfmc::check {

struct ColouredDigraph {
  std::vector<std::uint32_t> colour;                          // per vertex
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;  // (from, to), no duplicates
};

// A permutation of a graph's vertices given by the vertices it moves: (v, image of v), in
// ascending order of v; every vertex not listed is fixed.
struct VertexPermutation {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> moves;

  std::uint32_t operator()(std::uint32_t v) const;  // v's image (a binary search)
};

// Generators of the automorphism group of `graph` (none when it has only the identity).
std::vector<VertexPermutation> automorphism_generators(const ColouredDigraph& graph);

// Whether the memory that bliss takes to search `graph` (its copy of the graph and its
// search's partitions: about 300 bytes a vertex and 32 an arc, from 770 MB measured on a
// graph of 3 million vertices and arcs) can be had now: bliss allocates with malloc and uses
// what it gets unchecked, so a search that runs out of memory would crash, not fail. It fits
// when it is at most `budget_bytes` (the room --max-memory leaves; SIZE_MAX without that
// limit) and the allocator gives that much now (under an address-space limit such as ulimit
// -v; without one Linux promises memory it may not have, which this cannot see).
bool automorphism_search_fits(const ColouredDigraph& graph, std::size_t budget_bytes);

// A graph's arcs by vertex: each vertex's successors and predecessors, ascending.
class ArcIndex {
 public:
  explicit ArcIndex(const ColouredDigraph& graph);

  std::span<const std::uint32_t> successors(std::uint32_t v) const;
  std::span<const std::uint32_t> predecessors(std::uint32_t v) const;
  bool has(std::uint32_t from, std::uint32_t to) const;

 private:
  // Compressed rows: vertex v's successors are out_[out_start_[v], out_start_[v + 1]).
  std::vector<std::size_t> out_start_, in_start_;
  std::vector<std::uint32_t> out_, in_;
};

// Whether `image` is an automorphism of `graph`, whose arcs `arcs` indexes: a permutation of
// its vertices (the vertices it moves are the vertices they go to, each once) that keeps each
// vertex's colour and maps each arc at a moved vertex onto an arc. Its cost is that of the
// moved vertices' arcs, not of the graph.
bool is_automorphism(const ColouredDigraph& graph, const ArcIndex& arcs,
                     const VertexPermutation& image);

}  // namespace tfmc::check
