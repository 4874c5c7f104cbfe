// Rejects cycles among the node statements, through data arguments and `after` lists, before
// any Program exists: each strongly connected component of more than one node, or a node that
// depends on itself, is one error at its first node in the file.
#pragma once

#include "semantics/build/names.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

void check_cycles(const Ast& ast, const Names& names, DiagnosticList& diags);

}  // namespace tfmc::sem
