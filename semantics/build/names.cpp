#include "semantics/build/names.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "semantics/build/op_catalog.h"

namespace tfmc::sem {
namespace {

// A declaration of `name` at `loc`, standing for `what` (a Symbol or a Resource).
template <typename What>
struct Decl {
  SourceLoc loc;
  std::string name;
  What what;
};

// Sorts declarations into file order, so that the later duplicate is the one reported.
template <typename What>
void sort_by_location(std::vector<Decl<What>>& decls) {
  std::stable_sort(decls.begin(), decls.end(), [](const Decl<What>& a, const Decl<What>& b) {
    return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
  });
}

void declare_symbols(const Ast& ast, Names& names, DiagnosticList& diags) {
  std::vector<Decl<Symbol>> decls;
  for (std::size_t i = 0; i < ast.fns.size(); ++i) {
    decls.push_back({ast.fns[i].loc, ast.fns[i].name, {Symbol::Kind::Function, i}});
  }
  for (std::size_t i = 0; i < ast.inputs.size(); ++i) {
    decls.push_back({ast.inputs[i].loc, ast.inputs[i].name, {Symbol::Kind::Input, i}});
  }
  for (std::size_t i = 0; i < ast.nodes.size(); ++i) {
    decls.push_back({ast.nodes[i].loc, ast.nodes[i].name, {Symbol::Kind::Node, i}});
  }
  sort_by_location(decls);
  for (const Decl<Symbol>& d : decls) {
    if (d.what.kind == Symbol::Kind::Function && is_stateful_op(d.name)) {
      diags.error(d.loc,
                  fmt::format("'{}' is a stateful operation and cannot be redeclared", d.name));
      continue;
    }
    if (!names.symbols.emplace(d.name, d.what).second) {
      diags.error(d.loc, fmt::format("'{}' is already defined", d.name));
    }
  }
}

void declare_resources(const Ast& ast, Names& names, DiagnosticList& diags) {
  std::vector<Decl<Resource>> resources;
  for (std::size_t i = 0; i < ast.vars.size(); ++i) {
    resources.push_back({ast.vars[i].loc,
                         ast.vars[i].name,
                         {ResourceKind::Variable, static_cast<std::uint32_t>(i)}});
  }
  std::uint32_t queues = 0, mutexes = 0;
  for (const ResourceDecl& r : ast.resources) {
    const bool queue = r.kind == ResourceDecl::Kind::Queue;
    resources.push_back(
        {r.loc,
         r.name,
         {queue ? ResourceKind::Queue : ResourceKind::Mutex, queue ? queues++ : mutexes++}});
  }
  sort_by_location(resources);
  for (const Decl<Resource>& r : resources) {
    const auto [it, fresh] = names.resources.emplace(r.name, r.what);
    if (fresh) continue;
    const ResourceKind first = it->second.kind;
    diags.error(r.loc, first == r.what.kind ? fmt::format("{} '{}' is already defined",
                                                          resource_kind_name(first), r.name)
                                            : fmt::format("'{}' is already defined as a {}", r.name,
                                                          resource_kind_name(first)));
  }
}

}  // namespace

Names declare_names(const Ast& ast, DiagnosticList& diags) {
  Names names;
  declare_symbols(ast, names, diags);
  // Sections before broken statements: a section statement with trailing text is both, and
  // must not count as its own duplicate.
  for (const SectionDecl& d : ast.sections) {
    if (!names.sections.emplace(d.name, static_cast<std::int32_t>(names.sections.size())).second) {
      diags.error(d.loc, fmt::format("section '{}' is already defined", d.name));
    }
  }
  for (const BrokenDecl& b : ast.broken) {
    if (b.space == BrokenDecl::Space::Resources) {
      names.broken_resources.insert(b.name);
    } else if (b.space == BrokenDecl::Space::Sections) {
      names.sections.emplace(b.name, kNone);
    } else {
      names.symbols.emplace(b.name, Symbol{Symbol::Kind::Broken, 0});
    }
  }
  for (const FnDecl& f : ast.fns) {
    names.declared_fns.emplace(f.name, std::pair{f.inputs, f.outputs});
  }
  declare_resources(ast, names, diags);
  return names;
}

bool Names::broken(const std::string& name) const {
  const auto it = symbols.find(name);
  return it != symbols.end() && it->second.kind == Symbol::Kind::Broken;
}

bool Names::resource_declared(const std::string& name) const {
  return resources.count(name) > 0 || broken_resources.count(name) > 0;
}

std::optional<Resource> Names::resource_of(const Ref& r, const Ast& ast) const {
  std::string name = r.name;
  if (!r.variable) {
    const auto it = symbols.find(r.name);
    if (it == symbols.end() || it->second.kind != Symbol::Kind::Node) return std::nullopt;
    const NodeStmt& var = ast.nodes[it->second.index];
    if (var.op != "Var" || var.args.size() != 1) return std::nullopt;
    name = var.args[0].name;
  }
  const auto it = resources.find(name);
  if (it == resources.end()) return std::nullopt;
  return it->second;
}

std::optional<std::uint32_t> Names::node_statement(const Ref& r) const {
  const auto it = symbols.find(r.name);
  if (r.variable || it == symbols.end() || it->second.kind != Symbol::Kind::Node) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(it->second.index);
}

std::int32_t Names::named_node(const Ref& r, const char* where, DiagnosticList& diags) const {
  if (broken(r.name)) return kNone;
  const auto it = symbols.find(r.name);
  if (it == symbols.end() || it->second.kind != Symbol::Kind::Node) {
    diags.error(r.loc, it == symbols.end()
                           ? fmt::format("undefined node '{}' in {}", r.name, where)
                           : fmt::format("{} names nodes only; '{}' is not a node", where, r.name));
    return kNone;
  }
  return static_cast<std::int32_t>(it->second.index);
}

}  // namespace tfmc::sem
