// build_program: the checks in order (each reports every error it finds, so that the first
// error printed is the first in the file whatever its kind), then the wiring when none failed.
#include "semantics/build/program_builder.h"

#include <fmt/format.h>

#include "semantics/build/cycle_check.h"
#include "semantics/build/names.h"
#include "semantics/build/node_shapes.h"
#include "semantics/build/reference_checks.h"
#include "semantics/build/wiring.h"

namespace tfmc::sem {
namespace {

// Each input's value: its INIT or its own symbol, replaced by a --feed of its name.
std::vector<ValueId> resolve_input_values(const Ast& ast, const Names& names,
                                          const std::vector<Feed>& feeds, ValueStore& values,
                                          DiagnosticList& diags) {
  std::vector<ValueId> out;
  for (const InputDecl& in : ast.inputs) {
    out.push_back(in.init ? init_value(*in.init, values) : values.symbol(in.name));
  }
  for (const Feed& f : feeds) {
    const auto it = names.symbols.find(f.name);
    if (names.broken(f.name)) continue;
    if (it == names.symbols.end() || it->second.kind != Symbol::Kind::Input) {
      diags.error({},
                  fmt::format("--feed names '{}', which is not an input of the program", f.name));
      continue;
    }
    out[it->second.index] = init_value(f.value, values);
  }
  return out;
}

}  // namespace

Program build_program(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values,
                      DiagnosticList& diags) {
  Program program;
  CheckedFile checked;
  checked.names = declare_names(ast, diags);
  checked.shapes = shape_nodes(ast, checked.names, values, program.functions, diags);
  check_references(ast, checked.names, checked.shapes, diags);
  checked.capacities = check_queue_declarations(ast, diags);
  checked.placement = check_sections_and_targets(ast, checked.names, diags);
  check_cycles(ast, checked.names, diags);
  checked.input_values = resolve_input_values(ast, checked.names, feeds, values, diags);
  if (diags.empty()) wire_program(ast, checked, values, program);
  return program;
}

}  // namespace tfmc::sem
