// The operations of FORMAT.md, "Operations": what each takes (arity, edge kinds, attributes) and
// how a node's attributes become a Function (function.h) with its canonical term head. The
// functions' names, arities and attribute keys are the rows of gpu_eval/builtin_ops.def.
//
// Attribute rules: Concat {axis} (default 0), Split {num (required, >= 1), axis} (default 0),
// Sum {axis} (absent: all elements), Cast {to} (required), Reshape {shape} (required, at most
// one -1), Const {value} (required: a typed literal or a symbol), RandomInt {min, max}
// (both required), Assign {f} (required: a built-in binary function, Concat, Snd or a declared
// `fn F : 2 -> 1`; its other attributes go to F). Uninterpreted functions accept any
// attributes; they become part of their terms. Term heads list the attributes that differ
// from their defaults, keys sorted, separated as in the language's ATTRS by ", ":
// `Cast{to=i32}`, `Split{axis=1, num=2}`, `Concat{axis=1}`, `Reshape{shape=[2,-1]}`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"
#include "semantics/values/function.h"

namespace tfmc::sem {

// An operation on a resource: its first `variables` arguments are resource handle edges (one
// but for Update), then `tensors` tensor arguments; it has `outputs` tensor outputs.
//   Read(&x)                                  Read     variable  1 output
//   VarIsInitialized(&x)                      Read     variable  1 output: bool, whether x
//                                                                holds a value
//   Write, AssignAdd, AssignSub, Assign(&x, t) Assign  variable
//   ApplyGradientDescent(&x, alpha, delta)    Assign   variable  x := x - alpha * delta
//   Enqueue(&q, t), Dequeue(&q)               queue ops (Dequeue: 1 output)
//   Lock(&m), Unlock(&m)                      mutex ops
//   ApplyMomentum(&x, &accum, lr, grad, momentum) ...  Update  the optimizers
//                                             (TFMC_UPDATE_OP rows of gpu_eval/builtin_ops.def):
//                                             `step` names their f, a built-in function
struct ResourceOp {
  NodeKind kind;
  ResourceKind resource;
  int tensors;
  int outputs;
  int variables = 1;
  const char* step = nullptr;
};
const ResourceOp* find_resource_op(const std::string& op);
const char* resource_kind_name(ResourceKind kind);  // "variable", "queue", "mutex"

// The stateful operations (Var and the resource ops); they cannot be redeclared with `fn`.
bool is_stateful_op(const std::string& op);

// Built-in function names (everything of section 4 but the stateful ops).
bool is_builtin_function(const std::string& op);

// Arity of a built-in function: {min, max} inputs (max -1 = unbounded).
std::pair<int, int> builtin_arity(const std::string& op);

// Builds the Function of a built-in function node from its attributes. Reports attribute
// errors (unknown, missing, ill-typed, duplicate) to `diags` at the attribute (or at
// `op_loc` for a missing one) and returns nullopt then.
// `arguments` is the node's argument count: IdentityN has as many outputs, and the
// two-argument forms of Sum, Split and Reshape take no `axis` or `shape` attribute. Errors
// name `written`, the op as the node writes it (an optimizer's update for its step), or `op`.
std::optional<Function> make_builtin_function(const std::string& op, const std::vector<Attr>& attrs,
                                              std::size_t arguments, SourceLoc op_loc,
                                              ValueStore& values, DiagnosticList& diags,
                                              std::string_view written = {});

// An uninterpreted function (`fn NAME : K -> L`) applied with `attrs`.
std::optional<Function> make_uninterpreted_function(const std::string& name, int outputs,
                                                    const std::vector<Attr>& attrs,
                                                    DiagnosticList& diags);

// The values a RandomInt node may output, from its attributes {min=A, max=B}: every i32 in
// [A, B], at most 4096 of them. Reports attribute errors (at the attribute, or at `op_loc`)
// and returns nullopt then.
std::optional<std::vector<ValueId>> make_random_int_values(const std::vector<Attr>& attrs,
                                                           SourceLoc op_loc, ValueStore& values,
                                                           DiagnosticList& diags);

// The f of an Assign node: Snd for Write, Add for AssignAdd, Sub for AssignSub, GradientStep
// (Sub(x, Mul(alpha, delta))) for ApplyGradientDescent; for Assign the `f` attribute names it,
// and the other attributes go to it. `declared` maps declared function names to {inputs,
// outputs}. Functions it needs as parts are added to `table`.
std::optional<Function> make_assign_function(
    const std::string& op, const std::vector<Attr>& attrs, SourceLoc op_loc,
    const std::map<std::string, std::pair<int, int>>& declared, ValueStore& values,
    FunctionTable& table, DiagnosticList& diags);

}  // namespace tfmc::sem
