// A stage of the GraphDef import (graphdef_import.h): the uninterpreted functions that stand
// for the ops without a mapping (import_op_tables.h). Each op type gets one `fn` per arity
// (inputs, tensor outputs) among its selected nodes, named by the op type, or `OP~K~L` when
// the type occurs with several arities or is a built-in's or stateful op's name; and one
// warning per op type, or with --strict an error at its first node.
#pragma once

#include <map>
#include <string>
#include <tuple>

#include "semantics/graphdef/graph_selection.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/graphdef/handle_classification.h"
#include "semantics/graphdef/output_ports.h"

namespace tfmc::sem {

class UninterpretedFunctions {
 public:
  // Declares the functions in `out` (its `fns` and `warnings`); errors go to the graph's
  // diagnostics.
  UninterpretedFunctions(const GraphSelection& graph, const GraphHandles& handles,
                         const OutputPorts& ports, ImportedGraph& out);

  // The function of node i, an op without a mapping.
  const std::string& of(int i) const;

 private:
  const GraphSelection& graph_;
  const OutputPorts& ports_;
  std::map<std::tuple<std::string, int, int>, std::string> functions_;  // (op, inputs, outputs)
};

}  // namespace tfmc::sem
