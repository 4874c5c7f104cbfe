// Automorphisms of a vertex-coloured directed graph, found by bliss (Junttila and Kaski's
// tool, from Debian's libbliss-dev): the permutations of the vertices that keep every vertex's
// colour and map every arc onto an arc. Symmetry reduction inside one program (FORMAT.md,
// "Symmetry reduction") colours the program's graph so that such a permutation is a symmetry
// of its transition system (checker/api/program_towers.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace tfmc::check {

// Vertex v goes to image[v].
using VertexPermutation = std::vector<std::uint32_t>;

struct ColouredDigraph {
  std::vector<std::uint32_t> colour;                          // per vertex
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;  // (from, to), no duplicates
};

// Generators of the automorphism group of `graph` (none when it has only the identity).
std::vector<VertexPermutation> automorphism_generators(const ColouredDigraph& graph);

// Whether `image` is an automorphism of `graph`: a permutation of its vertices that keeps
// each vertex's colour and maps each arc onto an arc. `arcs_sorted`: graph.arcs, sorted.
bool is_automorphism(const ColouredDigraph& graph,
                     const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs_sorted,
                     const VertexPermutation& image);

}  // namespace tfmc::check
