// What each node statement makes: its node kind, the kinds of its arguments and outputs, its
// function (added to the Program's FunctionTable) and a RandomInt's values. Shaping a
// statement checks its op, arity and attributes; a statement with errors gets an invalid
// shape, and uses of it are not checked again.
#pragma once

#include <vector>

#include "semantics/build/names.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"
#include "semantics/values/function.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

struct NodeShape {
  bool valid = false;  // false when the node itself had errors; its uses are not re-checked
  NodeKind kind = NodeKind::Function;
  FunctionId function = 0;
  std::vector<EdgeKind> outputs;
  std::vector<EdgeKind> inputs;                    // expected argument kinds
  ResourceKind resource = ResourceKind::Variable;  // resource ops: the kind they need
  std::vector<ValueId> alternatives;               // RandomInt: its values
};

// One shape per statement of ast.nodes, in order; functions are added to `functions` in that
// order too.
std::vector<NodeShape> shape_nodes(const Ast& ast, const Names& names, ValueStore& values,
                                   FunctionTable& functions, DiagnosticList& diags);

}  // namespace tfmc::sem
