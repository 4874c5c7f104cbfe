// Programs with duplicated towers for the differential tests of symmetry inside one graph
// (tower_symmetry_differential_test.cpp): a random program (random_program.h) is one tower,
// written `copies` times over the same variables, each copy's nodes, inputs and output aliases
// renamed with the suffix `_tK` (K from 1). An input without a value gets the literal i32{2}
// in every copy, so that the copies are alike (a symbolic input is named after its input).
//
// A variant changes the last copy in one place, so that it is no copy of the others:
// a Const's value, the function of an Assign {f=...} (an attribute), or the order of the two
// different arguments of a node. A tower without such a node has no such variant.
#pragma once

#include <optional>
#include <string>

#include "differential/random_program.h"

namespace tfmc::difftest {

enum class TowerVariant { Copies, Constant, Attribute, EdgeOrder };

struct Towers {
  RandomProgram program;
  std::string changed;  // the node the variant changed (empty for Copies)
};

std::optional<Towers> duplicate_towers(const RandomProgram& tower, int copies,
                                       TowerVariant variant);

}  // namespace tfmc::difftest
