#include "fuzz/fuzz_one.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "fuzz/ast_equal.h"
#include "semantics/build/program_builder.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/language/parser.h"
#include "semantics/language/tfg_printer.h"
#include "semantics/program/dot_writer.h"
#include "support/explore_fixture.h"

namespace tfmc::test {
namespace {

std::int64_t literal_bytes(const std::optional<eval::Tensor>& t) {
  return t ? static_cast<std::int64_t>(t->bytes.size()) : 0;
}

// Elements held by every literal of the program (bytes, an upper bound on elements).
std::int64_t literal_elements(const sem::Ast& ast) {
  std::int64_t total = 0;
  for (const auto& v : ast.vars) total += v.init ? literal_bytes(v.init->literal) : 0;
  for (const auto& in : ast.inputs) total += in.init ? literal_bytes(in.init->literal) : 0;
  for (const auto& n : ast.nodes) {
    for (const auto& a : n.attrs) total += literal_bytes(a.value.literal);
  }
  return total;
}

// Every diagnostic points into the text: a line that exists, a column at most one past its end.
std::string check_locations(const std::string& text, const sem::DiagnosticList& diags) {
  std::vector<std::size_t> lengths;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lengths.push_back(end - start);
    start = end + 1;
  }
  for (const sem::Diagnostic& d : diags.items()) {
    const bool line_ok = d.loc.line >= 1 && d.loc.line <= static_cast<int>(lengths.size());
    if (!line_ok || d.loc.column < 1 ||
        d.loc.column > static_cast<int>(lengths[d.loc.line - 1]) + 1) {
      return fmt::format("diagnostic at {}:{} is outside the text: {}", d.loc.line, d.loc.column,
                         d.message);
    }
  }
  return {};
}

std::string check_round_trip(const sem::Ast& ast) {
  const std::string printed = sem::print_tfg(ast);
  sem::DiagnosticList diags("printed.tfg", printed);
  const sem::Ast again = sem::parse_tfg(printed, diags);
  if (!diags.empty()) {
    return "the printed program does not parse:\n" + printed + "\n" + diags.render();
  }
  const std::string difference = ast_difference(ast, again);
  if (!difference.empty()) {
    return "the printed program parses to another Ast (" + difference + "):\n" + printed;
  }
  return {};
}

std::string check_invariants(const sem::Program& p) {
  const auto edge_count = static_cast<std::int32_t>(p.edges.size());
  std::vector<int> consumed(p.edges.size(), 0);
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    const sem::Node& n = p.nodes[i];
    const auto id = static_cast<std::int32_t>(i);
    if (n.inputs.empty() && n.controls.empty()) return "node " + n.name + " has no incoming edge";
    for (std::size_t port = 0; port < n.outputs.size(); ++port) {
      const std::int32_t e = n.outputs[port];
      if (e < 0 || e >= edge_count || p.edges[e].src != id ||
          p.edges[e].src_port != static_cast<std::int32_t>(port)) {
        return fmt::format("output {} of node {} has no edge of its own", port, n.name);
      }
    }
    for (const auto& list : {n.inputs, n.controls}) {
      for (const std::int32_t e : list) {
        if (e < 0 || e >= edge_count || p.edges[e].dst != id) {
          return "an incoming edge of node " + n.name + " names another destination";
        }
        ++consumed[e];
      }
    }
    const bool stateful = n.kind != sem::NodeKind::Function && n.kind != sem::NodeKind::Choice;
    const std::size_t declared = n.resource_kind == sem::ResourceKind::Queue   ? p.queues.size()
                                 : n.resource_kind == sem::ResourceKind::Mutex ? p.mutexes.size()
                                                                               : p.variables.size();
    if (stateful && n.variable >= declared) {
      return "node " + n.name + " names no declared resource of its kind";
    }
  }
  for (std::size_t e = 0; e < p.edges.size(); ++e) {
    const bool has_consumer = p.edges[e].dst != sem::kNone;
    if (consumed[e] != (has_consumer ? 1 : 0)) {
      return fmt::format("edge {} is consumed {} times", e, consumed[e]);
    }
  }
  return {};
}

std::string explore(const sem::Program& program, sem::ValueStore& values) {
  check::Limits limits;
  limits.max_states = kMaxStates;
  const ExploredProgram run(program, values, check::Reduction::None, limits);
  for (const check::Outcome& o : run.outcomes()) {
    // Only queues and mutexes block; without them every run fires every node.
    const bool can_block = !program.queues.empty() || !program.mutexes.empty();
    if (o.stuck && !can_block) return "an outcome is stuck, which the core model cannot reach";
    for (const Slot v : o.values) {
      if (values.print(v).empty()) return "an outcome value prints as nothing";
    }
  }
  return {};
}

// The graph-file reader and importer on the same bytes: the reader reads them or rejects them
// with an InputError that names the file and, for text, a line of the text; the import of
// the whole graph gives located errors or a program that holds the invariants and explores.
std::string check_graph_file(const std::string& bytes) {
  sem::GraphFile file;
  try {
    file = sem::parse_graph_file("fuzz.pb", bytes);
  } catch (const sem::InputError& e) {
    const std::string message = e.what();
    if (message.rfind("fuzz.pb:", 0) != 0) return "graph file error without the file: " + message;
    const int lines = static_cast<int>(std::count(bytes.begin(), bytes.end(), '\n')) + 1;
    int line = 0;
    if (std::sscanf(message.c_str(), "fuzz.pb:%d:", &line) == 1 && (line < 0 || line > lines)) {
      return "graph file error outside the text: " + message;
    }
    return {};
  }
  sem::DiagnosticList diags("fuzz.pb", file.source);
  const sem::ImportedGraph imported = sem::import_graph(file, {}, diags);
  sem::ValueStore values;
  sem::Program program;
  if (diags.empty()) program = sem::build_program(imported.ast, {}, values, diags);
  if (!diags.empty()) {
    diags.render();
    // A binary file has no lines: its diagnostics name the node instead.
    return file.form == sem::GraphFileForm::Binary ? std::string()
                                                   : check_locations(file.source, diags);
  }
  if (std::string problem = check_invariants(program); !problem.empty()) return problem;
  if (program.nodes.size() > kMaxExploredNodes) return {};
  return explore(program, values);
}

}  // namespace

std::string fuzz_one(std::string_view bytes) {
  const std::string text(bytes);
  if (std::string problem = check_graph_file(text); !problem.empty()) return problem;
  sem::DiagnosticList diags("fuzz.tfg", text);
  const sem::Ast ast = sem::parse_tfg(text, diags);
  diags.render();
  if (std::string problem = check_locations(text, diags); !problem.empty()) return problem;
  if (literal_elements(ast) <= kMaxPrintedElements) {
    if (std::string problem = check_round_trip(ast); !problem.empty()) return problem;
  }
  if (!diags.empty()) return {};
  sem::ValueStore values;
  const sem::Program program = sem::build_program(ast, {}, values, diags);
  if (!diags.empty()) {
    diags.render();
    return check_locations(text, diags);
  }
  if (std::string problem = check_invariants(program); !problem.empty()) return problem;
  sem::write_dot(program, values);
  if (program.nodes.size() > kMaxExploredNodes || literal_elements(ast) > kMaxPrintedElements) {
    return {};
  }
  return explore(program, values);
}

}  // namespace tfmc::test
