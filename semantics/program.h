// A TF program (MAPL section 3.1): a DAG of labelled nodes with ordered tensor, variable and
// control edges, some without source (input edges) or destination (output edges).
//
// Invariants established by build_program:
//   - every node has at least one incoming edge (a GO input control edge is added if needed);
//   - every output port of every node has exactly one outgoing edge (several consumers share a
//     result through implicit Copy nodes; an unused result gets an unnamed output edge);
//   - arities and edge kinds match the node's label; the graph is acyclic;
//   - Read and Assign nodes know statically which variable their variable edge carries.
// The state vector of the model has one slot per edge, then one per variable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/diagnostics.h"
#include "semantics/function.h"
#include "semantics/value_store.h"

namespace tfmc::sem {

enum class EdgeKind : std::uint8_t { Tensor, Variable, Control };

inline constexpr std::int32_t kNone = -1;

struct Edge {
  EdgeKind kind = EdgeKind::Tensor;
  std::int32_t src = kNone;  // producing node, kNone for an input edge
  std::int32_t src_port = 0;
  std::int32_t dst = kNone;  // consuming node, kNone for an output edge
  ValueId initial = kEmpty;  // input edges: the fed value or GO
  std::string input_name;    // input edges declared with `input`
};

enum class NodeKind : std::uint8_t { Function, Var, Read, Assign };

struct Node {
  std::string name;
  NodeKind kind = NodeKind::Function;
  bool implicit = false;             // made by the builder: `&X` Var nodes and Copy nodes
  SourceLoc loc;                     // statement of the node (for implicit nodes: of the use)
  std::string op;                    // the operation as written (Copy, Var, Read, Write, Add, ...)
  FunctionId function = 0;           // Function: the function; Assign: its f
  std::uint32_t variable = 0;        // Var, Read, Assign: the variable (resolved statically)
  std::vector<std::int32_t> inputs;  // incoming tensor/variable edges in argument order
  std::vector<std::int32_t> controls;  // incoming control edges
  std::vector<std::int32_t> outputs;   // outgoing tensor/variable edge per output port
  std::vector<std::int32_t> control_outputs;
};

struct Variable {
  std::string name;
  ValueId initial = kEmpty;  // Error(uninitialized) when declared without INIT
  SourceLoc loc;
};

struct NamedOutput {
  std::string name;
  std::int32_t edge = kNone;
};

struct Program {
  std::string file;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::vector<Variable> variables;
  std::vector<NamedOutput> outputs;  // in file order
  FunctionTable functions;

  std::size_t slot_count() const { return edges.size() + variables.size(); }
  std::size_t variable_slot(std::uint32_t v) const { return edges.size() + v; }
};

}  // namespace tfmc::sem
