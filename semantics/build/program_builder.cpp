// build_program: the checks in order (each reports every error it finds, so that the first
// error printed is the first in the file whatever its kind), then the wiring when none failed.
#include "semantics/build/program_builder.h"

#include <fmt/format.h>

#include <map>
#include <optional>

#include "semantics/build/cycle_check.h"
#include "semantics/build/loop_frames.h"
#include "semantics/build/loop_unrolling.h"
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

// Marks the loop bounds and the instances of the unrolled file's statements in `program`,
// built from `unrolled` (node i is statement i).
void mark_unrolled(const UnrolledAst& unrolled, std::uint32_t max_iterations, Program& program) {
  std::map<std::string, std::uint32_t> node_of;
  for (std::uint32_t i = 0; i < unrolled.ast.nodes.size(); ++i) {
    node_of.emplace(program.nodes[i].name, i);
    program.nodes[i].instance_of = unrolled.statement_of[i];
    program.nodes[i].iterations = unrolled.iterations[i];
    program.nodes[i].frame = unrolled.frames[i];
  }
  for (const UnrolledAst::Bound& b : unrolled.bounds) {
    const Node& n = program.nodes[node_of.at(b.node)];
    program.bounds.push_back({n.outputs.at(0), b.node, b.frame, max_iterations});
  }
}

// The checks, then the wiring; a file with loops is unrolled first (unless `max_iterations`
// is 0: the file is unrolled already) and built again.
Program build(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values,
              DiagnosticList& diags, std::uint32_t max_iterations) {
  Program program;
  CheckedFile checked;
  checked.names = declare_names(ast, diags);
  checked.shapes = shape_nodes(ast, checked.names, values, program.functions, diags);
  check_references(ast, checked.names, checked.shapes, diags);
  checked.capacities = check_queue_declarations(ast, diags);
  checked.placement = check_sections_and_targets(ast, checked.names, diags);
  check_cycles(ast, checked.names, diags);
  LoopFrames frames;
  if (max_iterations > 0 && diags.empty() && uses_frames(ast)) {
    frames = find_loop_frames(ast, checked.names, diags);
  }
  checked.input_values = resolve_input_values(ast, checked.names, feeds, values, diags);
  if (!diags.empty()) return program;
  if (!frames.has_loops()) {
    wire_program(ast, checked, values, program);
    return program;
  }
  const std::optional<UnrolledAst> unrolled =
      unroll_loops(ast, checked.names, frames, max_iterations, diags);
  if (!unrolled) return program;
  program = build(unrolled->ast, feeds, values, diags, 0);
  if (diags.empty()) mark_unrolled(*unrolled, max_iterations, program);
  return program;
}

}  // namespace

Program build_program(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values,
                      DiagnosticList& diags, std::uint32_t max_iterations) {
  return build(ast, feeds, values, diags, max_iterations);
}

}  // namespace tfmc::sem
