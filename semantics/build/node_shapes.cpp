#include "semantics/build/node_shapes.h"

#include <fmt/format.h>

#include <string>
#include <utility>

#include "semantics/build/attribute_checks.h"
#include "semantics/build/op_catalog.h"

namespace tfmc::sem {
namespace {

class Shaper {
 public:
  Shaper(const Names& names, ValueStore& values, FunctionTable& functions, DiagnosticList& diags)
      : names_(names), values_(values), functions_(functions), diags_(diags) {}

  NodeShape shape(const NodeStmt& n) {
    NodeShape s;
    if (names_.broken(n.op)) return s;  // a function whose `fn` line has a syntax error
    if (n.op == "Var") {
      s.kind = NodeKind::Var;
      if (!check_arity(n, 1, 1)) return s;
      const Ref& a = n.args[0];
      if (a.variable || a.has_port) {
        diags_.error(a.loc, "Var takes a plain variable name, as in Var(x)");
        return s;
      }
      if (!names_.resource_declared(a.name)) {
        diags_.error(a.loc, fmt::format("undefined variable '{}'", a.name));
        return s;
      }
      if (names_.resources.count(a.name) == 0) return s;  // declared by a broken statement
      if (!no_attributes(n.attrs, n.op, diags_)) return s;
      s.outputs = {EdgeKind::Variable};
    } else if (const ResourceOp* op = find_resource_op(n.op)) {
      s.kind = op->kind;
      s.resource = op->resource;
      if (!check_arity(n, op->tensors + 1, op->tensors + 1)) return s;
      if (op->kind == NodeKind::Assign) {
        auto f = make_assign_function(n.op, n.attrs, n.op_loc, names_.declared_fns, values_,
                                      functions_, diags_);
        if (!f) return s;
        s.function = functions_.add(std::move(*f));
      } else if (!no_attributes(n.attrs, n.op, diags_)) {
        return s;
      }
      s.inputs.assign(op->tensors + 1, EdgeKind::Tensor);
      s.inputs[0] = EdgeKind::Variable;
      s.outputs.assign(op->outputs, EdgeKind::Tensor);
    } else if (names_.declared_fns.count(n.op) > 0) {
      const auto [in, out] = names_.declared_fns.at(n.op);
      if (!check_arity(n, in, in)) return s;
      auto f = make_uninterpreted_function(n.op, out, n.attrs, diags_);
      if (!f) return s;
      s.function = functions_.add(std::move(*f));
      s.inputs.assign(in, EdgeKind::Tensor);
      s.outputs.assign(out, EdgeKind::Tensor);
    } else if (n.op == "Choice") {
      s.kind = NodeKind::Choice;
      if (!check_arity(n, 1, -1) || !no_attributes(n.attrs, n.op, diags_)) return s;
      s.inputs.assign(n.args.size(), EdgeKind::Tensor);
      s.outputs = {EdgeKind::Tensor};
    } else if (n.op == "RandomInt") {
      s.kind = NodeKind::Choice;
      if (!check_arity(n, 0, 0)) return s;
      auto alternatives = make_random_int_values(n.attrs, n.op_loc, values_, diags_);
      if (!alternatives) return s;
      s.alternatives = std::move(*alternatives);
      s.outputs = {EdgeKind::Tensor};
    } else if (is_builtin_function(n.op)) {
      const auto [min, max] = builtin_arity(n.op);
      const bool arity_ok = check_arity(n, min, max);
      auto f = make_builtin_function(n.op, n.attrs, n.args.size(), n.op_loc, values_, diags_);
      if (!arity_ok || !f) return s;
      const int outputs = f->outputs;
      s.function = functions_.add(std::move(*f));
      s.inputs.assign(n.args.size(), EdgeKind::Tensor);
      s.outputs.assign(outputs, EdgeKind::Tensor);
    } else {
      diags_.error(n.op_loc, fmt::format("unknown operation '{}'", n.op));
      return s;
    }
    s.valid = true;
    return s;
  }

 private:
  // Between `min` and `max` arguments (max -1: no limit), else reported at the op.
  bool check_arity(const NodeStmt& n, int min, int max) {
    const int got = static_cast<int>(n.args.size());
    if (got >= min && (max < 0 || got <= max)) return true;
    std::string want = min == max ? std::to_string(min)
                       : max < 0  ? fmt::format("at least {}", min)
                                  : fmt::format("{} to {}", min, max);
    const int last = max < 0 ? min : max;  // the number the word follows
    diags_.error(n.op_loc, fmt::format("{} takes {} argument{} but {} given", n.op, want,
                                       last == 1 ? "" : "s", got));
    return false;
  }

  const Names& names_;
  ValueStore& values_;
  FunctionTable& functions_;
  DiagnosticList& diags_;
};

}  // namespace

std::vector<NodeShape> shape_nodes(const Ast& ast, const Names& names, ValueStore& values,
                                   FunctionTable& functions, DiagnosticList& diags) {
  Shaper shaper(names, values, functions, diags);
  std::vector<NodeShape> shapes;
  for (const NodeStmt& n : ast.nodes) shapes.push_back(shaper.shape(n));
  return shapes;
}

}  // namespace tfmc::sem
