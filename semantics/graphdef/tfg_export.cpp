#include "semantics/graphdef/tfg_export.h"

#include <fmt/format.h>

#include "semantics/graphdef/tfg_names.h"
#include "semantics/language/tfg_printer.h"

namespace tfmc::sem {
namespace {

void mangle(std::string& name) { name = tfg_name(name); }

// An output named by its reference is named as the reference is written (`y:0`), so the
// written text follows the name.
void mangle(Ref& r) {
  const std::string name = tfg_name(r.name);
  if (!r.written.empty() && name != r.name) {
    r.written = r.has_port ? fmt::format("{}:{}", name, r.port) : name;
  }
  r.name = name;
}

}  // namespace

std::string export_tfg(Ast ast, const std::string& source) {
  // Without locations the printer writes declarations, nodes (in the graph's order), targets
  // and outputs in that order.
  for (FnDecl& f : ast.fns) f.loc = {};
  for (VarDecl& v : ast.vars) v.loc = {};
  for (ResourceDecl& r : ast.resources) r.loc = {};
  for (InputDecl& in : ast.inputs) in.loc = {};
  for (NodeStmt& n : ast.nodes) n.loc = {};
  for (TargetStmt& t : ast.targets) t.loc = {};
  for (OutputStmt& o : ast.outputs) o.loc = {};
  for (FnDecl& f : ast.fns) mangle(f.name);
  for (VarDecl& v : ast.vars) mangle(v.name);
  for (ResourceDecl& r : ast.resources) mangle(r.name);
  for (InputDecl& in : ast.inputs) mangle(in.name);
  for (NodeStmt& n : ast.nodes) {
    mangle(n.name);
    // A Var node names its resource, an uninterpreted function node its function.
    mangle(n.op);
    for (Ref& r : n.args) mangle(r);
    for (Ref& r : n.after) mangle(r);
    for (Attr& a : n.attrs) {
      if (a.value.kind != AttrValue::Kind::Name) continue;
      if ((n.op == "Const" && a.key == "value") || (n.op == "Assign" && a.key == "f")) {
        mangle(a.value.name);
      }
    }
  }
  for (TargetStmt& t : ast.targets) {
    for (Ref& r : t.nodes) mangle(r);
  }
  for (OutputStmt& o : ast.outputs) {
    mangle(o.ref);
    if (o.as) mangle(*o.as);
  }
  return fmt::format(
      "# {}, imported by tfmc import.\n"
      "# Names that are not .tfg names are written as `_` and their characters, `_` doubled\n"
      "# and any other as `_` and two hex digits.\n{}",
      source, print_tfg(ast));
}

}  // namespace tfmc::sem
