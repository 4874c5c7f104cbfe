#include "semantics/graphdef/arithmetic_rewrites.h"

#include <set>
#include <vector>

#include "semantics/graphdef/node_inputs.h"

namespace tfmc::sem {

namespace {

bool is_division(const std::string& op) { return op == "Div" || op == "RealDiv"; }

bool of_floats(const tf::NodeDef& node) {
  const auto it = node.attr().find("T");
  return it != node.attr().end() &&
         (it->second.type() == tf::DT_FLOAT || it->second.type() == tf::DT_DOUBLE);
}

}  // namespace

ArithmeticRewrites::ArithmeticRewrites(const GraphSelection& graph) : graph_(graph) {
  // Data consumers among the selected nodes, and the fetched nodes (Grappler's preserved ones).
  std::vector<int> consumers(static_cast<std::size_t>(graph.size()), 0);
  for (int i = 0; i < graph.size(); ++i) {
    if (!graph.selected(i)) continue;
    for (const NodeInput& in : graph.inputs(i)) {
      if (!in.control) ++consumers[static_cast<std::size_t>(graph.index(in.node))];
    }
  }
  std::set<std::string> fetched_nodes;
  for (const std::string& f : graph.run().fetches) fetched_nodes.insert(fetched(f).first);
  for (int i = 0; i < graph.size(); ++i) {
    if (!graph.selected(i) || !is_division(graph.node(i).op())) continue;
    const NodeInput* divisor = graph.data_input(i, 1);
    if (divisor == nullptr) continue;
    const int s = graph.index(divisor->node);
    const NodeInput* dividend = graph.data_input(i, 0);
    if (graph.node(s).op() == "Const" && dividend != nullptr &&
        graph.node(graph.index(dividend->node)).op() != "Const" && of_floats(graph.node(i))) {
      rewritten_[i] = "Mul";
      by_reciprocal_.insert(i);
      continue;
    }
    if (graph.node(s).op() != "Sqrt" || consumers[static_cast<std::size_t>(s)] != 1 ||
        fetched_nodes.count(divisor->node)) {
      continue;
    }
    rewritten_[i] = "Mul";
    rewritten_[s] = "Rsqrt";
  }
}

const std::string& ArithmeticRewrites::op(int i) const {
  const auto it = rewritten_.find(i);
  return it == rewritten_.end() ? graph_.node(i).op() : it->second;
}

}  // namespace tfmc::sem
