#include "semantics/graphdef/arithmetic_rewrites.h"

#include <algorithm>
#include <set>
#include <vector>

#include "semantics/graphdef/node_inputs.h"

namespace tfmc::sem {

namespace {

bool is_division(const std::string& op) { return op == "Div" || op == "RealDiv"; }

bool is_addition(const std::string& op) { return op == "Add" || op == "AddV2" || op == "AddN"; }

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
  find_addition_trees(consumers, fetched_nodes);
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

void ArithmeticRewrites::find_addition_trees(const std::vector<int>& consumers,
                                             const std::set<std::string>& fetched_nodes) {
  const auto n = static_cast<std::size_t>(graph_.size());
  // An addition that may join a tree: no control edge in or out, not fetched.
  std::vector<bool> controlled(n, false);
  std::vector<int> consumer(n, -1);
  for (int i = 0; i < graph_.size(); ++i) {
    if (!graph_.selected(i)) continue;
    for (const NodeInput& in : graph_.inputs(i)) {
      const auto from = static_cast<std::size_t>(graph_.index(in.node));
      if (in.control) {
        controlled[from] = true;
        controlled[static_cast<std::size_t>(i)] = true;
      } else {
        consumer[from] = i;
      }
    }
  }
  const auto joins = [&](int i) {
    return graph_.selected(i) && is_addition(graph_.node(i).op()) && of_floats(graph_.node(i)) &&
           !controlled[static_cast<std::size_t>(i)] && !fetched_nodes.count(graph_.node(i).name());
  };
  // Absorbable: its one data consumer is an addition of a tree (as root or absorbed itself).
  std::set<int> absorbable;
  for (int i = 0; i < graph_.size(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (joins(i) && consumers[k] == 1 && joins(consumer[k])) absorbable.insert(i);
  }
  // Whether a node's value depends on a Placeholder of the graph itself: the optimizer takes a
  // fed tensor's shape as unknown and leaves a tree whose shapes it does not know as written.
  // The placeholders tfmc makes for a function's arguments (named with `~`) have the
  // signature's shapes. -1: not known yet; 2: being visited (a loop's back edge adds none).
  std::vector<int> fed(n, -1);
  const auto depends_on_feed = [&](const auto& self, int i) -> bool {
    int& state = fed[static_cast<std::size_t>(i)];
    if (state != -1) return state == 1;
    state = 2;
    const tf::NodeDef& node = graph_.node(i);
    bool depends = node.op() == "Placeholder" && node.name().find('~') == std::string::npos;
    for (std::size_t j = 0; !depends && j < graph_.data_input_count(i); ++j) {
      depends = self(self, graph_.index(graph_.data_input(i, j)->node));
    }
    state = depends ? 1 : 0;
    return depends;
  };
  for (int root = 0; root < graph_.size(); ++root) {
    if (!joins(root) || absorbable.count(root)) continue;
    std::vector<std::pair<int, std::size_t>> leaves;
    std::vector<int> absorbs;
    // Depth first, left to right, as the optimizer collects the tree's inputs.
    const auto collect = [&](const auto& self, int i) -> void {
      for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
        const int from = graph_.index(graph_.data_input(i, j)->node);
        if (absorbable.count(from)) {
          absorbs.push_back(from);
          self(self, from);
        } else {
          leaves.emplace_back(i, j);
        }
      }
    };
    collect(collect, root);
    const bool shapes_known = std::none_of(leaves.begin(), leaves.end(), [&](const auto& leaf) {
      return depends_on_feed(depends_on_feed,
                             graph_.index(graph_.data_input(leaf.first, leaf.second)->node));
    });
    if (absorbs.empty() || !shapes_known) continue;
    grouped_[root] = std::move(leaves);
    absorbed_.insert(absorbs.begin(), absorbs.end());
  }
}

const std::vector<std::pair<int, std::size_t>>* ArithmeticRewrites::grouped_add(int i) const {
  const auto it = grouped_.find(i);
  return it == grouped_.end() ? nullptr : &it->second;
}

const std::string& ArithmeticRewrites::op(int i) const {
  const auto it = rewritten_.find(i);
  return it == rewritten_.end() ? graph_.node(i).op() : it->second;
}

}  // namespace tfmc::sem
