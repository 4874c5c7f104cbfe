// Control flow (graph_emitter.h): Switch, Merge, Enter, Exit, NextIteration and LoopCond (and
// their Ref forms) onto the language's, If and While having come lowered to them
// (function_inlining.h). A handle they or an IdentityN pass on travels as a token tensor
// (handle_classification.h); its users wait for `N~handleP`.
#include <fmt/format.h>

#include "semantics/graphdef/graph_emitter.h"
#include "semantics/graphdef/tfg_names.h"

namespace tfmc::sem {

// A control-flow op, or an IdentityN that passes handles on: an input that carries a
// handle is passed as its token.
void GraphEmitter::emit_control_flow(int i, const std::string& op) {
  NodeStmt s = statement(i, op);
  for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
    if (handles_.input_handle(i, j)) {
      s.args.push_back(token(i, j));
      continue;
    }
    auto arg = tensor_arg(i, j);
    if (!arg) return;
    s.args.push_back(std::move(*arg));
  }
  if (op == "Enter") {
    const auto it = graph_.node(i).attr().find("frame_name");
    const std::string frame = it == graph_.node(i).attr().end() ? "" : it->second.s();
    if (frame.empty()) return graph_.error(i, "an Enter needs a string attribute 'frame_name'");
    add_attr(s, "frame_name", name_value(tfg_name(frame)));
    if (graph_.attr_bool(i, "is_constant")) add_attr(s, "is_constant", name_value("true"));
    if (const auto p = graph_.attr_int(i, "parallel_iterations")) {
      if (*p < 1 || *p > 2147483647) {
        return graph_.error(
            i, fmt::format("parallel_iterations = {} is not between 1 and 2147483647", *p));
      }
      add_attr(s, "parallel_iterations", integer_value(*p));
    }
  }
  const std::string name = s.name;
  const SourceLoc at = s.loc;
  out_.ast.nodes.push_back(std::move(s));
  // Only a Merge may take a NextIteration's value or a loop variable's Enter's (a handle
  // that a lowered While carries), and a Merge takes the token itself: no `N~handleP`.
  if (op == "NextIteration" || (op == "Enter" && !graph_.attr_bool(i, "is_constant"))) return;
  for (int port = 0; port < ports_.tensor_outputs(i); ++port) {
    if (!handles_.carries_token(i, port)) continue;
    NodeStmt id;
    id.name = fmt::format("{}~handle{}", name, port);
    id.loc = at;
    id.op = "Identity";
    id.op_loc = at;
    id.args = {ref_to(name, port, at)};
    out_.ast.nodes.push_back(std::move(id));
  }
}

// The token tensor that stands for the handle of data input j of node i: the output of the
// node that passes it on as a token (classify_control_flow), or `P~token` (a Const after what
// P's handle waits for, P among them unless it is a maker that waits for nothing) for another
// producer P.
Ref GraphEmitter::token(int i, std::size_t j) {
  const NodeInput* in = graph_.data_input(i, j);
  const int p = graph_.index(in->node);
  if (handles_.carries_token(p, in->port)) return ref_to(in->node, in->port, graph_.loc(i));
  const std::string name = in->node + "~token";
  if (tokens_.insert(name).second) {
    const ResourceHandle h = *handles_.input_handle(i, j);
    NodeStmt t;
    t.name = name;
    t.loc = graph_.loc(p);
    t.op = "Const";
    t.op_loc = graph_.loc(p);
    AttrValue v;
    v.kind = AttrValue::Kind::Literal;
    v.literal = eval::Tensor{eval::DType::Bool, {}, {1}};
    add_attr(t, "value", std::move(v));
    for (const std::string& a : h.after) t.after.push_back(ref_to(a, 0, graph_.loc(p)));
    out_.ast.nodes.push_back(std::move(t));
  }
  return ref_to(name, 0, graph_.loc(i));
}

}  // namespace tfmc::sem
