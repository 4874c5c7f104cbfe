// The last step of build_program, for a file whose checks found no error: makes the Program's
// resources, sections, targets and nodes, then wires every value from its producer to its
// uses with the implicit parts of program_builder.h (`&X` Var nodes, Copy chains, GO edges).
// Node order: the node statements in file order (node i is statement i), then the implicit
// Var nodes in the order of their uses, then the Copy nodes as the producers are wired
// (each node's ports in order, then the inputs).
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/build/names.h"
#include "semantics/build/node_shapes.h"
#include "semantics/build/reference_checks.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// What the checks learnt about a file.
struct CheckedFile {
  Names names;
  std::vector<NodeShape> shapes;
  std::vector<std::uint32_t> capacities;  // of the queues, in declaration order
  Placement placement;
  std::vector<ValueId> input_values;  // per input: its INIT, its feed or its own symbol
};

// The value of an INIT or a --feed.
ValueId init_value(const InitValue& v, ValueStore& values);

// Fills `program`, whose FunctionTable holds the shapes' functions already.
void wire_program(const Ast& ast, const CheckedFile& checked, ValueStore& values, Program& program);

}  // namespace tfmc::sem
