#include "semantics/build/reference_checks.h"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "semantics/build/attribute_checks.h"
#include "semantics/build/op_catalog.h"

namespace tfmc::sem {
namespace {

// The largest `queue` capacity: beyond it the state space is surely not what the user meant.
constexpr std::int64_t kMaxCapacity = 1 << 16;

const char* kind_name(EdgeKind k) {
  return k == EdgeKind::Variable ? "a variable edge" : "a tensor";
}

// The kind of value `r` carries, or nullopt after reporting why it names nothing usable.
std::optional<EdgeKind> ref_kind(const Ref& r, const Ast& ast, const Names& names,
                                 const std::vector<NodeShape>& shapes, DiagnosticList& diags) {
  if (r.variable) {
    if (!names.resource_declared(r.name)) {
      diags.error(r.loc, fmt::format("undefined variable '{}'", r.name));
      return std::nullopt;
    }
    return EdgeKind::Variable;
  }
  const auto it = names.symbols.find(r.name);
  if (it == names.symbols.end()) {
    if (names.resource_declared(r.name)) {
      const auto res = names.resources.find(r.name);
      diags.error(r.loc,
                  fmt::format("'{}' is a {}: write &{} for its variable edge", r.name,
                              res == names.resources.end() ? "variable"
                                                           : resource_kind_name(res->second.kind),
                              r.name));
    } else {
      diags.error(r.loc, fmt::format("undefined name '{}'", r.name));
    }
    return std::nullopt;
  }
  const Symbol& sym = it->second;
  if (sym.kind == Symbol::Kind::Broken) return std::nullopt;
  if (sym.kind == Symbol::Kind::Function) {
    diags.error(r.loc, fmt::format("'{}' is a function, not a node or input", r.name));
    return std::nullopt;
  }
  if (sym.kind == Symbol::Kind::Input) {
    if (r.port != 0) {
      diags.error(r.loc, fmt::format("input '{}' has only output 0", r.name));
      return std::nullopt;
    }
    return EdgeKind::Tensor;
  }
  const NodeShape& s = shapes[sym.index];
  if (!s.valid) return std::nullopt;  // the node's own error was reported
  if (s.outputs.empty()) {
    diags.error(r.loc,
                fmt::format("node '{}' ({}) has no outputs", r.name, ast.nodes[sym.index].op));
    return std::nullopt;
  }
  if (r.port >= static_cast<int>(s.outputs.size())) {
    diags.error(r.loc, fmt::format("node '{}' has no output {} (it has {})", r.name, r.port,
                                   s.outputs.size()));
    return std::nullopt;
  }
  return s.outputs[r.port];
}

// The arguments of a valid non-Var node: their kinds, and the resource a variable edge carries.
void check_arguments(const NodeStmt& n, const NodeShape& s, const Ast& ast, const Names& names,
                     const std::vector<NodeShape>& shapes, DiagnosticList& diags) {
  for (std::size_t a = 0; a < n.args.size(); ++a) {
    const auto k = ref_kind(n.args[a], ast, names, shapes, diags);
    if (k && *k != s.inputs[a]) {
      diags.error(n.args[a].loc,
                  fmt::format("argument {} of {} must be {}, but '{}' is {}", a + 1, n.op,
                              kind_name(s.inputs[a]), n.args[a].text(), kind_name(*k)));
    } else if (k && *k == EdgeKind::Variable) {
      const auto r = names.resource_of(n.args[a], ast);
      if (r && r->kind != s.resource) {
        diags.error(n.args[a].loc, fmt::format("{} needs a {}, but '{}' is a {}", n.op,
                                               resource_kind_name(s.resource), n.args[a].text(),
                                               resource_kind_name(r->kind)));
      }
    }
  }
}

}  // namespace

void check_references(const Ast& ast, const Names& names, const std::vector<NodeShape>& shapes,
                      DiagnosticList& diags) {
  for (std::size_t i = 0; i < ast.nodes.size(); ++i) {
    const NodeStmt& n = ast.nodes[i];
    if (shapes[i].valid && shapes[i].kind != NodeKind::Var) {
      check_arguments(n, shapes[i], ast, names, shapes, diags);
    }
    for (const Ref& r : n.after) {
      const auto it = names.symbols.find(r.name);
      if (names.broken(r.name)) continue;
      if (it == names.symbols.end() || it->second.kind != Symbol::Kind::Node) {
        diags.error(r.loc,
                    it == names.symbols.end()
                        ? fmt::format("undefined node '{}' after 'after'", r.name)
                        : fmt::format("'after' names nodes only; '{}' is not a node", r.name));
      }
    }
  }
  std::set<std::string> output_names;
  for (const OutputStmt& o : ast.outputs) {
    const auto k = ref_kind(o.ref, ast, names, shapes, diags);
    if (k && *k == EdgeKind::Variable) {
      diags.error(o.ref.loc, fmt::format("output '{}' is a variable edge; outputs carry "
                                         "tensors (read it with Read)",
                                         o.ref.text()));
    }
    const std::string name = o.as.value_or(o.ref.text());
    if (!output_names.insert(name).second) {
      diags.error(o.loc, fmt::format("output name '{}' is already used", name));
    }
  }
}

std::vector<std::uint32_t> check_queue_declarations(const Ast& ast, DiagnosticList& diags) {
  std::vector<std::uint32_t> capacities;
  for (const ResourceDecl& r : ast.resources) {
    if (r.kind == ResourceDecl::Kind::Mutex) {
      no_attributes(r.attrs, "a mutex", diags);
      continue;
    }
    const std::string owner = fmt::format("queue '{}'", r.name);
    const bool known = only_attributes(r.attrs, {"capacity"}, owner, diags);
    const auto capacity =
        integer_attribute(r.attrs, "capacity", 1, kMaxCapacity, owner, r.loc, diags);
    capacities.push_back(known && capacity ? static_cast<std::uint32_t>(*capacity) : 1);
  }
  return capacities;
}

Placement check_sections_and_targets(const Ast& ast, const Names& names, DiagnosticList& diags) {
  Placement out;
  out.section_of.assign(ast.nodes.size(), kNone);
  for (std::size_t d = 0; d < ast.sections.size(); ++d) {
    for (const Ref& r : ast.sections[d].nodes) {
      const std::int32_t node = names.named_node(r, "a section", diags);
      if (node == kNone) continue;
      if (out.section_of[node] != kNone) {
        diags.error(r.loc, fmt::format("node '{}' is already in section '{}'", r.name,
                                       ast.sections[out.section_of[node]].name));
        continue;
      }
      out.section_of[node] = static_cast<std::int32_t>(d);
    }
  }
  for (const TargetStmt& t : ast.targets) {
    for (const Ref& r : t.nodes) {
      const std::int32_t node = names.named_node(r, "a target", diags);
      if (node != kNone) out.targets.insert(static_cast<std::uint32_t>(node));
    }
  }
  return out;
}

}  // namespace tfmc::sem
