// An order of a model's slots in which the slots that one transition writes lie next to each
// other, for the keys of the explorer's store (checker/key_layout.h): a key packs several slots
// into each 32-bit word, and its state tree (checker/state_tree.h) looks up one table entry for
// each pair of words that a firing changes, so a firing whose slots share a pair costs one
// lookup where slots spread over the key cost one each.
//
// Why it matters: a graph's slots come in the order the program lists its edges, data edges
// first, then variable handles, then GO edges, so that the few slots one node writes (its
// inputs, its outputs, a variable) lie in three far-apart runs. In lost_update 5 most firings
// changed two or three of the key's three pairs.
//
// The order is a depth-first walk of the slots, two slots linked where one transition writes
// both, each slot's links taken from the slots written by the fewest transitions (a node's own
// edges) to the most (a variable that every replica writes), so that one tower's slots come
// out together before the walk passes through a shared slot to the next.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/model/dependency_model.h"

namespace tfmc {

// Each slot of `model` once: position p of a key holds slot order[p].
std::vector<std::uint32_t> key_order(const DependencyModel& model);

}  // namespace tfmc
