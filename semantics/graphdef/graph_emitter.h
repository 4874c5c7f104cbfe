// The last stages of the GraphDef import (graphdef_import.h): each selected node as .tfg
// statements of the syntax tree, then the run's outputs and targets. Every name made here holds
// `~`, which TensorFlow's names cannot, so they never collide. The mapping is documented for
// users in specs/FORMAT.md ("TensorFlow graph files"); each family of ops has its own file:
//   - graph_emitter.cpp: the dispatch by op, and what every family shares (arguments, reads
//     of ref variables, handles as arguments);
//   - emit_tensor_ops.cpp: Const, the pure ops and the ops without a mapping;
//   - emit_resource_ops.cpp: variables and queues, their updates and the optimizers';
//   - emit_control_flow.cpp: Switch, Merge, Enter, Exit, NextIteration, LoopCond, and the
//     token tensors that carry handles through them;
//   - emit_outputs.cpp: the fetches, targets and inits, or the whole graph's unconsumed results.
// Errors (an op on a handle of the wrong kind, an attribute that cannot be mapped, ...) go to
// the graph's diagnostics, at the node.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantics/graphdef/arithmetic_rewrites.h"
#include "semantics/graphdef/function_declarations.h"
#include "semantics/graphdef/graph_selection.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/graphdef/handle_classification.h"
#include "semantics/graphdef/import_op_tables.h"
#include "semantics/graphdef/output_ports.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

class GraphEmitter {
 public:
  // Writes into `out.ast`; the other stages must outlive it.
  GraphEmitter(const GraphSelection& graph, const GraphHandles& handles, const OutputPorts& ports,
               const UninterpretedFunctions& functions, const ArithmeticRewrites& rewrites,
               ImportedGraph& out)
      : graph_(graph),
        handles_(handles),
        ports_(ports),
        functions_(functions),
        rewrites_(rewrites),
        out_(out) {}

  // Selected node i as statements; called in file order.
  void emit(int i);
  // The outputs, targets and checks of inits, after every node.
  void emit_outputs();

 private:
  // Shared (graph_emitter.cpp).
  static AttrValue integer_value(std::int64_t v);
  static AttrValue name_value(std::string name);
  static Ref ref_to(const std::string& name, int port, SourceLoc at);
  static Ref handle_ref(const ResourceHandle& h, SourceLoc at);
  std::vector<Ref> control_refs(int i) const;
  std::vector<Ref> run_refs(int i, std::size_t j) const;
  NodeStmt statement(int i, std::string op) const;
  void add_attr(NodeStmt& s, const char* key, AttrValue v) const;
  std::optional<Ref> tensor_arg(int i, std::size_t j);
  void add_read(const std::string& name, const ResourceHandle& h, SourceLoc at);
  std::optional<ResourceHandle> handle_arg(int i, std::size_t j, ResourceKind kind);
  void use_handle(NodeStmt& s, const ResourceHandle& h, int i) const;
  void declare_fn(const std::string& name, int inputs, int outputs, int i);

  // Tensor ops (emit_tensor_ops.cpp).
  void emit_const(int i);
  NodeStmt* emit_tensor_op(int i, const std::string& op);
  void emit_pure(int i);
  void emit_index_attrs(int i, NodeStmt& s);
  void emit_conv_attrs(int i, NodeStmt& s);
  bool emit_pooling_attrs(int i, NodeStmt& s);
  bool emit_tensor_list_attrs(int i, NodeStmt& s);  // emit_tensor_list_ops.cpp
  void emit_uninterpreted(int i);

  // Resources (emit_resource_ops.cpp).
  void emit_var(int i, const ResourceHandle& h);
  bool run_names(int i) const;
  void emit_pass_through(int i);
  void emit_ref_read(int i);
  void emit_variable_shape(int i);
  void declare_resource(const ResourceHandle& h, int i);
  bool unlocked_ref_update(int i, const std::string& op) const;
  bool reallocating_assign(int i) const;
  void emit_update(int i, const std::string& op, ResourceKind kind);
  void emit_split_update(int i, const std::string& op, const ResourceHandle& h);
  std::string split_read(int i, std::size_t j, std::size_t count) const;
  void emit_split_reads(int i, const std::vector<ResourceHandle>& vars,
                        const std::vector<Ref>& tensors);
  void emit_split_writes(int i, const std::vector<ResourceHandle>& vars);
  void emit_queue_op(int i);
  void emit_optimizer(int i, const OptimizerUpdate& update);
  void emit_apply(int i);

  // Reads of a variable's rows (emit_gather_ops.cpp).
  void emit_gather(int i);

  // Control flow (emit_control_flow.cpp).
  void emit_control_flow(int i, const std::string& op);
  Ref token(int i, std::size_t j);

  const GraphSelection& graph_;
  const GraphHandles& handles_;
  const OutputPorts& ports_;
  const UninterpretedFunctions& functions_;
  const ArithmeticRewrites& rewrites_;
  ImportedGraph& out_;
  std::set<std::string> tokens_;        // `P~token` nodes made
  std::set<std::string> declared_;      // resources declared
  std::set<std::string> declared_fns_;  // functions of optimizer updates declared
};

}  // namespace tfmc::sem
