// Towers: the blocks of a coloured digraph that its automorphisms permute as wholes, grouped
// into classes within which every permutation of the towers is an automorphism (FORMAT.md,
// "Symmetry reduction"). This is what a ReplicaSymmetry (replica_symmetry.h) needs of a
// program's graph: each class a class of replicas, each tower's vertices its local part.
//
// The vertices that some generator of the automorphism group moves form a set that every
// automorphism maps onto itself; the connected components of that set (arcs taken both ways)
// are therefore permuted as wholes by every automorphism, and they are the candidate towers.
// Candidates that the generators carry onto one another form an orbit, and each orbit of two
// or more is a class: the first tower is carried onto each other one by a product of
// generators, which gives the correspondence between their vertices. The transposition of the
// first tower and another by that correspondence (every other vertex fixed) is an
// automorphism: inside the towers it is that product and its inverse, the towers are not
// adjacent to each other, and their arcs to fixed vertices are the product's, which fixes
// those; it is checked all the same, on the arcs at the two towers' vertices (it fixes every
// other arc). Each step costs what the towers and their arcs do, not what the graph does. The
// transpositions with one tower generate every permutation of the class, so every permutation
// that the canonical form applies is an automorphism. A generator that acts otherwise (a
// tower's own symmetry, alone or with a permutation of towers) is not used, and counted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/symmetry/graph_automorphisms.h"

namespace tfmc::check {

struct TowerClasses {
  // Per class (at least two towers), per tower, its vertices: vertex k of every tower of a
  // class corresponds to vertex k of the others.
  std::vector<std::vector<std::vector<std::uint32_t>>> classes;
  std::size_t generators = 0;  // the generators bliss found
  // Generators that are not a permutation of the classes' towers by their correspondence
  // (they act inside a tower): not used.
  std::size_t ignored_generators = 0;
};

// The towers of `graph`, whose automorphism group `generators` generate.
TowerClasses tower_classes(const ColouredDigraph& graph,
                           const std::vector<VertexPermutation>& generators);

}  // namespace tfmc::check
