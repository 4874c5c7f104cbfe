// Writes a parsed .tfg program back as .tfg text (FORMAT.md, "Statements"), one statement a line.
//
// Contract: for every text x, parse_tfg(print_tfg(parse_tfg(x))) gives the same Ast as
// parse_tfg(x) up to source locations and NaN signs and payloads (every NaN is one value),
// with no syntax error (a statement the parser skipped is simply absent from both). Printing
// is deterministic and canonical:
//   - statements are sorted by source line, so a parsed file keeps its statement order;
//     statements on one line (a hand-built Ast, whose locations are all 0) go in the order
//     fn, var, queue and mutex, input, node, section, target, output, each kind in Ast order;
//   - comments, blank lines and spacing are not kept: one space around a statement's `=` and
//     a fn's `:` and `->`, and `, ` between arguments, attributes and after names;
//   - a node is always `NAME = OP(ARGS)`, `()` when it has no arguments, then ` {k=v, ...}`
//     in the written key order when it has attributes, then ` after N1, N2` when it has any;
//   - literals print as format_tensor writes them (every element listed), lists as `[2,-1]`,
//     references as written (`N`, `N:K`, `&X`).
// Names in a hand-built Ast must follow the name grammar; the printer does not check them.
#pragma once

#include <string>

#include "semantics/language/ast.h"

namespace tfmc::sem {

std::string print_tfg(const Ast& ast);

// One attribute value as .tfg writes it: `3`, `i32`, `[2,-1]`, `f32[2]{1, 2}`. Term heads use
// the same text for their attributes (op_catalog.h).
std::string attr_value_text(const AttrValue& v);

}  // namespace tfmc::sem
