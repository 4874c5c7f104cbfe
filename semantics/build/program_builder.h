// Turns a parsed .tfg file into a Program (program.h): resolves names, makes the implicit
// Var, Copy and GO parts, checks arities, edge kinds and attributes, rejects cycles, and
// applies --feed values.
//
// Implicit parts and their generated names (specs/FORMAT.md, "References and the implicit parts of
// a graph"):
//   - `&X` used by node N makes a Var(X) node named `&X@N`;
//   - a result (or input, or Var output) used k >= 2 times is shared by a chain of k-1 Copy
//     nodes named `R~copy1` ... `R~copy{k-1}` (R as in `s`, `s:1`):
//     copy i passes output 0 to use i and output 1 on to copy i+1; the last copy's output 1
//     goes to use k. Uses are numbered in file order (by line, then column); R is the
//     reference as written at its first use.
//   - a node with no incoming edge gets an input control edge holding GO.
// These names contain characters that user names cannot, so they never collide.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "semantics/build/loop_unrolling.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"

namespace tfmc::sem {

struct Feed {
  std::string name;
  InitValue value;
};

// Adds every error found to `diags`; the Program is meaningful only when diags is empty. A
// file with loops is unrolled with `max_iterations` (at least 1) iterations per frame
// (loop_unrolling.h).
Program build_program(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values,
                      DiagnosticList& diags, std::uint32_t max_iterations = kDefaultMaxIterations);

// Reads, parses and builds FILE. Throws InputError (with rendered diagnostics) on any error,
// including an unreadable file.
Program load_program(const std::string& path, const std::vector<Feed>& feeds, ValueStore& values);

// Parses and builds program text (tests and tools that hold the text already).
Program load_program_text(const std::string& file_name, const std::string& text,
                          const std::vector<Feed>& feeds, ValueStore& values,
                          std::uint32_t max_iterations = kDefaultMaxIterations);

}  // namespace tfmc::sem
