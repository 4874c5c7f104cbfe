// An imported graph (graphdef_import.h) as .tfg text, for `tfmc import`: the syntax tree with
// every name that is not a .tfg name mangled reversibly (tfg_names.h): node, input, output,
// variable, queue and function names, the string symbols of Consts, and the functions that
// uninterpreted updates name in `f`. Checking the text gives the outcomes of the graph with
// those names mangled.
#pragma once

#include <string>

#include "semantics/language/ast.h"

namespace tfmc::sem {

// `source` names the graph file in the header comment.
std::string export_tfg(Ast ast, const std::string& source);

}  // namespace tfmc::sem
