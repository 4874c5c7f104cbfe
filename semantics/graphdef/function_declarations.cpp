#include "semantics/graphdef/function_declarations.h"

#include <fmt/format.h>

#include <set>
#include <vector>

#include "semantics/build/op_catalog.h"
#include "semantics/graphdef/import_op_tables.h"

namespace tfmc::sem {

UninterpretedFunctions::UninterpretedFunctions(const GraphSelection& graph,
                                               const GraphHandles& handles,
                                               const OutputPorts& ports, ImportedGraph& out)
    : graph_(graph), ports_(ports) {
  std::map<std::string, std::set<std::pair<int, int>>> signatures;
  std::map<std::string, std::vector<int>> nodes_of;
  for (int i = 0; i < graph.size(); ++i) {
    const bool unknown = !graph.is_resource_placeholder(i) && !is_mapped_op(graph.node(i).op());
    if (!graph.selected(i) || !unknown || handles.passes_through(i)) continue;
    signatures[graph.node(i).op()].insert(
        {static_cast<int>(graph.data_input_count(i)), ports.tensor_outputs(i)});
    nodes_of[graph.node(i).op()].push_back(i);
  }
  // Functions and nodes share one namespace: a node named as an op (TensorFlow names a node
  // `Sigmoid` after its op) makes that op's function take its long name.
  std::set<std::string> node_names;
  for (int i = 0; i < graph.size(); ++i) node_names.insert(graph.node(i).name());
  for (const auto& [op, sigs] : signatures) {
    const bool plain = sigs.size() == 1 && !is_builtin_function(op) && !is_stateful_op(op) &&
                       !node_names.count(op);
    for (const auto& [k, l] : sigs) {
      const std::string name = plain ? op : fmt::format("{}~{}~{}", op, k, l);
      functions_[{op, k, l}] = name;
      out.ast.fns.push_back({name, k, l, graph.loc(nodes_of[op].front())});
    }
    const int first = nodes_of[op].front();
    const std::size_t count = nodes_of[op].size();
    const std::string what = count == 1
                                 ? fmt::format(
                                       "op {} has no mapping: its node '{}' is an uninterpreted "
                                       "function",
                                       op, graph.node(first).name())
                                 : fmt::format(
                                       "op {} has no mapping: its {} nodes (the first '{}') are "
                                       "uninterpreted functions",
                                       op, count, graph.node(first).name());
    if (graph.run().strict) {
      graph.error(first, fmt::format("op {} has no mapping (--strict)", op));
    } else {
      out.warnings.push_back(what);
    }
  }
}

const std::string& UninterpretedFunctions::of(int i) const {
  const tf::NodeDef& n = graph_.node(i);
  return functions_.at(
      {n.op(), static_cast<int>(graph_.data_input_count(i)), ports_.tensor_outputs(i)});
}

}  // namespace tfmc::sem
