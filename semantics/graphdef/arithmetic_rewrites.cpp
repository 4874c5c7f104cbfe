#include "semantics/graphdef/arithmetic_rewrites.h"

#include <algorithm>
#include <set>
#include <vector>

#include "semantics/graphdef/constant_push_down.h"
#include "semantics/graphdef/node_inputs.h"
#include "semantics/graphdef/swish_rewrite.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

namespace {

bool is_division(const std::string& op) { return op == "Div" || op == "RealDiv"; }

bool is_addition(const std::string& op) { return op == "Add" || op == "AddV2" || op == "AddN"; }

// A Const of shape [] or [1], the shapes of a constant factor measured.
bool scalar_const(const tf::NodeDef& node) {
  const tf::TensorProto* tensor = const_tensor(node);
  if (tensor == nullptr) return false;
  const tf::TensorShapeProto& shape = tensor->tensor_shape();
  return shape.dim_size() == 0 || (shape.dim_size() == 1 && shape.dim(0).size() == 1);
}

bool same_tensor(const NodeInput* x, const NodeInput* y) {
  return x != nullptr && y != nullptr && x->node == y->node && x->port == y->port;
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
  // The nodes with a control edge in or out, and those another waits for.
  std::vector<bool> controlled(static_cast<std::size_t>(graph.size()), false);
  std::vector<bool> control_consumed(static_cast<std::size_t>(graph.size()), false);
  for (int i = 0; i < graph.size(); ++i) {
    if (!graph.selected(i)) continue;
    for (const NodeInput& in : graph.inputs(i)) {
      if (in.control) {
        controlled[static_cast<std::size_t>(graph.index(in.node))] = true;
        control_consumed[static_cast<std::size_t>(graph.index(in.node))] = true;
        controlled[static_cast<std::size_t>(i)] = true;
      }
    }
  }
  ConstantSubgraphs constants(graph);
  // Constant folding pushes constants down before the arithmetic optimizer finds its trees.
  ConstantPushDowns pushed = find_constant_push_downs(graph, consumers, fetched_nodes, constants);
  rewritten_ = std::move(pushed.ops);
  replaced_ = std::move(pushed.inputs);
  folded_sums_ = std::move(pushed.folded);
  find_addition_trees(consumers, controlled, fetched_nodes);
  find_square_products(consumers, controlled, fetched_nodes, constants);
  swish_ = find_swish_products(graph, consumers, control_consumed, fetched_nodes, constants);
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

void ArithmeticRewrites::find_square_products(const std::vector<int>& consumers,
                                              const std::vector<bool>& controlled,
                                              const std::set<std::string>& fetched_nodes,
                                              ConstantSubgraphs& constants) {
  // A constant factor: a scalar Const, or the Sub of two (which the optimizer folds first).
  const auto constant_factor = [&](int c) {
    const tf::NodeDef& node = graph_.node(c);
    if (scalar_const(node)) return true;
    const NodeInput* x = graph_.data_input(c, 0);
    const NodeInput* y = graph_.data_input(c, 1);
    return node.op() == "Sub" && x != nullptr && y != nullptr && graph_.data_input_count(c) == 2 &&
           scalar_const(graph_.node(graph_.index(x->node))) &&
           scalar_const(graph_.node(graph_.index(y->node)));
  };
  const auto bare_product = [&](int i) {
    return graph_.selected(i) && graph_.node(i).op() == "Mul" && of_floats(graph_.node(i)) &&
           graph_.data_input_count(i) == 2 && !controlled[static_cast<std::size_t>(i)];
  };
  // The squares Mul(g, g) of each tensor g: the optimizer merges equal ones into one node,
  // which then feeds every product that any of them fed.
  std::map<std::pair<std::string, int>, int> squares;
  for (int i = 0; i < graph_.size(); ++i) {
    const NodeInput* g = graph_.data_input(i, 0);
    if (graph_.selected(i) && graph_.node(i).op() == "Mul" &&
        same_tensor(g, graph_.data_input(i, 1))) {
      ++squares[{g->node, g->port}];
    }
  }
  for (int outer = 0; outer < graph_.size(); ++outer) {
    if (!bare_product(outer)) continue;
    for (std::size_t k = 0; k < 2; ++k) {
      const int inner = graph_.index(graph_.data_input(outer, k)->node);
      const int c = graph_.index(graph_.data_input(outer, 1 - k)->node);
      if (!bare_product(inner) || consumers[static_cast<std::size_t>(inner)] != 1 ||
          fetched_nodes.count(graph_.node(inner).name()) || !constant_factor(c)) {
        continue;
      }
      const NodeInput* g = graph_.data_input(inner, 0);
      if (!same_tensor(g, graph_.data_input(inner, 1)) || squares.at({g->node, g->port}) != 1 ||
          constants.folded(graph_.index(g->node))) {
        continue;
      }
      // Mul(Mul(g, g), c) runs as Mul(Mul(g, c), g): the inner product's second g becomes c,
      // the outer's c becomes the inner's first g.
      replaced_[{inner, 1}] = {outer, 1 - k};
      replaced_[{outer, 1 - k}] = {inner, 0};
      break;
    }
  }
}

void ArithmeticRewrites::find_addition_trees(const std::vector<int>& consumers,
                                             const std::vector<bool>& controlled,
                                             const std::set<std::string>& fetched_nodes) {
  const auto n = static_cast<std::size_t>(graph_.size());
  // The trees are found on the graph as the constants pushed down left it: the ops and data
  // inputs of a rotated parent and child are those it runs with.
  const auto operand = [&](int i, std::size_t j) {
    const auto* from = replaced_input(i, j);
    return from == nullptr ? graph_.index(graph_.data_input(i, j)->node)
                           : graph_.index(graph_.data_input(from->first, from->second)->node);
  };
  std::vector<int> consumer(n, -1);
  for (int i = 0; i < graph_.size(); ++i) {
    if (!graph_.selected(i)) continue;
    for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
      consumer[static_cast<std::size_t>(operand(i, j))] = i;
    }
  }
  // An addition that may join a tree: no control edge in or out, not fetched, not a sum of
  // constants a push-down made.
  const auto joins = [&](int i) {
    return graph_.selected(i) && !folded_sums_.count(i) && is_addition(op(i)) &&
           of_floats(graph_.node(i)) && !controlled[static_cast<std::size_t>(i)] &&
           !fetched_nodes.count(graph_.node(i).name());
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
      depends = self(self, operand(i, j));
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
        const int from = operand(i, j);
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
      return depends_on_feed(depends_on_feed, operand(leaf.first, leaf.second));
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

const std::pair<int, std::size_t>* ArithmeticRewrites::replaced_input(int i, std::size_t j) const {
  const auto it = replaced_.find({i, j});
  return it == replaced_.end() ? nullptr : &it->second;
}

const std::size_t* ArithmeticRewrites::swish_operand(int i) const {
  const auto it = swish_.find(i);
  return it == swish_.end() ? nullptr : &it->second;
}

const std::string& ArithmeticRewrites::op(int i) const {
  const auto it = rewritten_.find(i);
  return it == rewritten_.end() ? graph_.node(i).op() : it->second;
}

}  // namespace tfmc::sem
