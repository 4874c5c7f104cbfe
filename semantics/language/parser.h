// The .tfg parser: one statement per line (FORMAT.md, "Lines, comments and names").
//
// Contract: parse_tfg never throws on any input, binary garbage included; every syntax error
// is added to `diags` with its FILE:LINE:COL and the statement is skipped, so later lines are
// still checked. Only syntax is checked here; names, arities, kinds and attributes are checked
// by build_program (program_builder.h).
#pragma once

#include <string_view>

#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

Ast parse_tfg(std::string_view source, DiagnosticList& diags);

// Parses a whole string as an INIT value (a literal or a symbol name), as --feed does.
// Returns an error message in `error` when it is neither.
std::optional<InitValue> parse_init_value(std::string_view text, std::string& error);

}  // namespace tfmc::sem
