#include "semantics/build/node_shapes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "semantics/build/attribute_checks.h"
#include "semantics/build/op_catalog.h"

namespace tfmc::sem {
namespace {

// What a Merge outputs as the index of the input it takes.
eval::Tensor i32_scalar(std::int32_t v) {
  eval::Tensor t{eval::DType::I32, {}, std::vector<std::uint8_t>(4)};
  std::memcpy(t.bytes.data(), &v, 4);
  return t;
}

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
      const int arguments = op->variables + op->tensors;
      if (!check_arity(n, arguments, arguments)) return s;
      if (op->kind == NodeKind::Update) {
        auto f =
            make_builtin_function(op->step, n.attrs, arguments, n.op_loc, values_, diags_, n.op);
        if (!f) return s;
        s.function = functions_.add(std::move(*f));
      } else if (op->kind == NodeKind::Assign) {
        auto f = make_assign_function(n.op, n.attrs, n.op_loc, names_.declared_fns, values_,
                                      functions_, diags_);
        if (!f) return s;
        s.function = functions_.add(std::move(*f));
      } else if (!no_attributes(n.attrs, n.op, diags_)) {
        return s;
      }
      s.inputs.assign(arguments, EdgeKind::Tensor);
      std::fill_n(s.inputs.begin(), op->variables, EdgeKind::Variable);
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
    } else if (is_control_flow_op(n.op)) {
      if (!shape_control_flow(n, s)) return s;
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
  static bool is_control_flow_op(const std::string& op) {
    return op == "Switch" || op == "Merge" || op == "Enter" || op == "Exit" ||
           op == "NextIteration" || op == "LoopCond" || op == "~Barrier";
  }

  // The ops of FORMAT.md, "Control flow: conditionals and loops". Enter, Exit, NextIteration and
  // LoopCond pass their value through as Identity does; the frames they make are the loop
  // unrolling's.
  bool shape_control_flow(const NodeStmt& n, NodeShape& s) {
    if (n.op == "Switch") {
      if (!check_arity(n, 2, 2) || !no_attributes(n.attrs, n.op, diags_)) return false;
      s.kind = NodeKind::Switch;
      s.inputs.assign(2, EdgeKind::Tensor);
      s.outputs.assign(2, EdgeKind::Tensor);
      return true;
    }
    if (n.op == "Merge") {
      // `~indices`: the unrolling's list of the inputs an instance keeps (loop_unrolling.h).
      if (!check_arity(n, 1, -1) || !only_attributes(n.attrs, {"~indices"}, n.op, diags_)) {
        return false;
      }
      const Attr* kept = find_attr(n.attrs, "~indices");
      s.kind = NodeKind::Merge;
      for (std::size_t a = 0; a < n.args.size(); ++a) {
        const std::int64_t index = kept != nullptr ? kept->value.list.at(a) : std::int64_t(a);
        s.alternatives.push_back(values_.tensor(i32_scalar(static_cast<std::int32_t>(index))));
      }
      s.inputs.assign(n.args.size(), EdgeKind::Tensor);
      s.outputs.assign(2, EdgeKind::Tensor);
      return true;
    }
    if (n.op == "~Barrier") {
      s.kind = NodeKind::Barrier;
      return true;
    }
    if (!check_arity(n, 1, 1)) return false;
    if (n.op == "Enter") {
      if (!only_attributes(n.attrs, {"frame_name", "is_constant", "parallel_iterations"}, n.op,
                           diags_)) {
        return false;
      }
      const Attr* frame = find_attr(n.attrs, "frame_name");
      if (frame == nullptr) {
        report_missing_attribute(n.op, "frame_name", n.op_loc, diags_);
        return false;
      }
      if (frame->value.kind != AttrValue::Kind::Name) {
        report_bad_attribute(*frame, n.op, "a name", diags_);
        return false;
      }
      const Attr* constant = find_attr(n.attrs, "is_constant");
      if (constant != nullptr &&
          (constant->value.kind != AttrValue::Kind::Name ||
           (constant->value.name != "true" && constant->value.name != "false"))) {
        report_bad_attribute(*constant, n.op, "true or false", diags_);
        return false;
      }
      if (find_attr(n.attrs, "parallel_iterations") != nullptr &&
          !integer_attribute(n.attrs, "parallel_iterations", 1, 2147483647, n.op, n.op_loc,
                             diags_)) {
        return false;
      }
    } else if (!no_attributes(n.attrs, n.op, diags_)) {
      return false;
    }
    auto f = make_builtin_function("Identity", {}, 1, n.op_loc, values_, diags_);
    if (!f) return false;
    s.function = functions_.add(std::move(*f));
    s.inputs = {EdgeKind::Tensor};
    s.outputs = {EdgeKind::Tensor};
    return true;
  }

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
