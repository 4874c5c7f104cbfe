// The second stage of the GraphDef import (graphdef_import.h): which outputs of the selected
// nodes (graph_selection.h) are handles of a variable or queue rather than tensors, and how
// deep in loops each node is.
//
//   - VarHandleOp (its shared_name when set, else its name), a DT_RESOURCE placeholder,
//     VariableV2, Variable (refs) and FIFOQueue make a handle. A handle is a reference, not a
//     value in transit: each use takes it through a Var node of its own (`&X@N`, as the
//     language's `&X`), and waits for the maker only where the maker waits for something
//     itself (its control inputs: a call's inputs, an If's pivot, a control edge).
//   - The ref output of an update, an Identity of a resource handle, and a RefIdentity (or an
//     Identity of a ref under --refs alias) pass their input's handle on, after themselves.
//   - A control-flow node or IdentityN that takes a handle passes it on per output port as a
//     token tensor; its users wait for `N~handleP`, an Identity of the port
//     (emit_control_flow.cpp).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "semantics/build/op_catalog.h"
#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

// A handle a node's output carries: of variable or queue `resource`, usable only after the
// nodes `after` (its maker when the maker waits, the updates a ref went through, the
// Identities and control-flow nodes it passed).
struct ResourceHandle {
  std::string resource;
  ResourceKind kind = ResourceKind::Variable;
  std::vector<std::string> after;
  bool ref = false;  // a ref variable: a tensor use reads it
};

// Whether `node` makes a variable that a checkpoint can restore: a VarHandleOp, VariableV2 or
// Variable.
bool makes_variable(const tf::NodeDef& node);

// The variable a variable-making node (VarHandleOp, a DT_RESOURCE placeholder, VariableV2,
// Variable) declares: a VarHandleOp's shared_name when set, else the node's name.
std::string variable_resource(const tf::NodeDef& node);

class GraphHandles {
 public:
  // Classifies the nodes of `order` (topological_order of `graph`), which must outlive it.
  GraphHandles(const GraphSelection& graph, const std::vector<int>& order);

  // The handle that node i's output 0 carries (one it makes, or one passed through), or
  // nullptr.
  const ResourceHandle* handle(int i) const;
  // Whether node i makes a handle (VarHandleOp, VariableV2, a queue, a DT_RESOURCE
  // placeholder).
  bool makes_handle(int i) const { return makers_.count(i) > 0; }
  // Whether the uses of the handle that node i makes wait for node i: it makes one and has
  // control inputs to wait for (those of placeholders made inputs and of makers that wait for
  // nothing are none). A maker that waits for nothing is ready from the start, as its
  // TensorFlow kernel is: nothing waits for it, and it has no node.
  bool maker_waits(int i) const { return waiting_makers_.count(i) > 0; }
  // Whether node i is there from the start, so that waiting for it orders nothing: a
  // placeholder made an input, or a maker that waits for nothing.
  bool ready_from_start(int i) const;
  // Whether node i passes a handle through (an Identity, RefIdentity): it only orders its uses.
  bool passes_through(int i) const { return pass_through_.count(i) > 0; }
  // Whether output `port` of node i is a handle passed on as a token tensor.
  bool carries_token(int i, int port) const { return flow_handles_.count({i, port}) > 0; }
  // Whether node i passes handles on as token tensors.
  bool passes_tokens(int i) const;
  // The handle that data input j of node i carries, if it carries one.
  std::optional<ResourceHandle> input_handle(int i, std::size_t j) const;
  // How many loops node i's outputs are inside.
  int output_depth(int i) const;

 private:
  void classify(int i);
  void classify_maker(int i, ResourceHandle h);
  void classify_control_flow(int i);
  void classify_identity_n(int i);
  void place_in_loops(int i);

  const GraphSelection& graph_;
  std::map<int, ResourceHandle> handles_;
  std::map<std::pair<int, int>, ResourceHandle> flow_handles_;  // (node, port)
  std::set<int> pass_through_;
  std::set<int> makers_;
  std::set<int> waiting_makers_;
  std::map<int, int> loop_depth_;    // per node: the loops it is inside
  std::map<int, int> output_depth_;  // per node: the loops its outputs are inside
};

}  // namespace tfmc::sem
