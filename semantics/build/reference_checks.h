// The builder's checks of what statements refer to: arguments and outputs (each names
// something that gives a value of the kind expected, and a resource op gets the kind of
// resource it needs), `after` lists, queue and mutex declarations, sections and targets.
// Each reports every error it finds to `diags`.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "semantics/build/names.h"
#include "semantics/build/node_shapes.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// Arguments, `after` lists and outputs of every statement.
void check_references(const Ast& ast, const Names& names, const std::vector<NodeShape>& shapes,
                      DiagnosticList& diags);

// The capacity of each queue in declaration order (1 where its declaration has errors);
// checks the queues' and mutexes' attributes.
std::vector<std::uint32_t> check_queue_declarations(const Ast& ast, DiagnosticList& diags);

struct Placement {
  std::vector<std::int32_t> section_of;  // per node statement: its section or kNone
  std::set<std::uint32_t> targets;       // node statements named by `target`
};

// The section of each node (at most one) and the targets.
Placement check_sections_and_targets(const Ast& ast, const Names& names, DiagnosticList& diags);

}  // namespace tfmc::sem
