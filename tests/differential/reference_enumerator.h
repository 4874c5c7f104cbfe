// A naive reference for the differential test: it interprets a RandomProgram directly under
// the MAPL firing rules, independently of tfmc's program builder, successor generator and
// explorer. A node fires once, when every tensor argument's producer and every `after` node
// has fired; Read takes the variable's value at that moment; an Assign op updates its variable
// atomically (an error tensor leaves it unchanged; Write ignores the old value), and an
// ApplyMomentum its variable and its slot. Implicit Var
// nodes (`&x`) and Copy nodes only pass handles and values along, so they are not modelled.
//
// reference_outcomes recurses over every interleaving, with no state store and no memo: it is
// exponential and meant for programs of a few nodes.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "differential/random_program.h"

namespace tfmc::difftest {

using Bindings = std::vector<std::pair<std::string, std::string>>;  // sorted by name

struct Outcome {
  Bindings outputs;
  Bindings variables;
  auto operator<=>(const Outcome&) const = default;
};

std::set<Outcome> reference_outcomes(const RandomProgram& program);

// Fires the nodes named in `order` (user node names only) one after another. Gives nothing
// when a node is unknown, fires twice, is not enabled when named, or when some node is left
// unfired; else the outcome reached.
std::optional<Outcome> replay(const RandomProgram& program, const std::vector<std::string>& order);

std::string describe(const Outcome& outcome);

}  // namespace tfmc::difftest
