#include "semantics/graphdef/constant_push_down.h"

#include <algorithm>

#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

namespace {

bool is_add_or_sub(const std::string& op) { return op == "Add" || op == "AddV2" || op == "Sub"; }

// A Const whose every dimension is 1 (a scalar too).
bool one_element_const(const tf::NodeDef& node) {
  const tf::TensorProto* tensor = const_tensor(node);
  if (tensor == nullptr) return false;
  const tf::TensorShapeProto& shape = tensor->tensor_shape();
  return std::all_of(shape.dim().begin(), shape.dim().end(),
                     [](const tf::TensorShapeProto::Dim& d) { return d.size() == 1; });
}

// Element-wise ops: of operands whose every dimension is 1, a result whose every dimension is 1.
bool element_wise(const std::string& op) {
  static const std::set<std::string> ops = {"Add",      "AddV2",   "Sub",    "Mul",
                                            "Div",      "RealDiv", "Neg",    "Cast",
                                            "Identity", "Sqrt",    "Square", "Reciprocal"};
  return ops.count(op) != 0;
}

using Slot = std::pair<int, std::size_t>;

// The graph as the rotations so far leave it: each node's op, which as-written data input each
// rotated input takes, and which nodes have become constant.
class Rotating {
 public:
  Rotating(const GraphSelection& graph, ConstantSubgraphs& constants)
      : graph_(graph), constants_(constants) {}

  const std::string& op(int i) const {
    const auto it = out.ops.find(i);
    return it == out.ops.end() ? graph_.node(i).op() : it->second;
  }
  Slot source(int i, std::size_t j) const {
    const auto it = out.inputs.find({i, j});
    return it == out.inputs.end() ? Slot{i, j} : it->second;
  }
  int operand(int i, std::size_t j) const {
    const Slot s = source(i, j);
    return graph_.index(graph_.data_input(s.first, s.second)->node);
  }
  bool constant(int i) {
    const auto it = became_constant_.find(i);
    return it != became_constant_.end() ? it->second : constants_.folded(i);
  }
  // Whether constant node i has one element in every dimension: TensorFlow, which knows its
  // shape then, pushes it down whatever the other leaf's shape. The answers are kept: a
  // constant node's inputs, constant too, are no rotation's parent or child, so they stay.
  bool one_element(int i) {
    const auto known = one_element_.find(i);
    if (known != one_element_.end()) return known->second;
    bool one = one_element_const(graph_.node(i));
    if (!one && element_wise(op(i)) && graph_.data_input_count(i) > 0) {
      one = true;
      for (std::size_t j = 0; one && j < graph_.data_input_count(i); ++j) {
        one = one_element(operand(i, j));
      }
    }
    one_element_[i] = one;
    return one;
  }
  void set_constant(int i, bool value) { became_constant_[i] = value; }

  ConstantPushDowns out;

 private:
  const GraphSelection& graph_;
  ConstantSubgraphs& constants_;
  std::map<int, bool> became_constant_;
  std::map<int, bool> one_element_;
};

}  // namespace

bool of_floats(const tf::NodeDef& node) {
  const auto it = node.attr().find("T");
  return it != node.attr().end() &&
         (it->second.type() == tf::DT_FLOAT || it->second.type() == tf::DT_DOUBLE);
}

ConstantPushDowns find_constant_push_downs(const GraphSelection& graph,
                                           const std::vector<int>& consumers,
                                           const std::set<std::string>& fetched_nodes,
                                           ConstantSubgraphs& constants) {
  Rotating g(graph, constants);
  const auto binary = [&](int i) {
    return graph.selected(i) && is_add_or_sub(g.op(i)) && of_floats(graph.node(i)) &&
           graph.data_input_count(i) == 2;
  };
  const auto waits_for = [&](int c, int q) {
    return std::any_of(graph.inputs(c).begin(), graph.inputs(c).end(), [&](const NodeInput& in) {
      return in.control && in.node == graph.node(q).name();
    });
  };
  // Rotates parent p, whose input k is child q, when TensorFlow does; the child's inputs then
  // are C and Y, constant where Y is.
  const auto rotate = [&](int p, std::size_t k) {
    const int q = g.operand(p, k);
    const int c = g.operand(p, 1 - k);
    if (!g.constant(c) || g.constant(q) || !binary(q) || (g.op(p) != "Sub" && g.op(q) != "Sub") ||
        consumers[static_cast<std::size_t>(q)] != 1 || fetched_nodes.count(graph.node(q).name()) ||
        waits_for(c, q)) {
      return false;
    }
    const std::size_t y_at = g.constant(g.operand(q, 0)) ? 0 : 1;
    const bool y_constant = g.constant(g.operand(q, y_at));
    if (!y_constant && !g.one_element(c)) return false;
    const Slot x = g.source(q, 1 - y_at), y = g.source(q, y_at), to_c = g.source(p, 1 - k),
               to_q = g.source(p, k);
    // The sign of each operand in the whole expression: true where it is subtracted.
    const bool parent_sub = g.op(p) == "Sub";
    const bool child_sub = g.op(q) == "Sub";
    const bool q_negated = parent_sub && k == 1;
    const bool neg_c = parent_sub && k == 0;
    const bool neg_x = (child_sub && y_at == 0) != q_negated;
    const bool neg_y = (child_sub && y_at == 1) != q_negated;
    // The new child adds C and Y, or subtracts the one subtracted from the other; where both
    // are subtracted it adds them and the parent subtracts it. The parent subtracts x from the
    // child where x is subtracted.
    g.out.ops[q] = neg_c != neg_y ? "Sub" : "Add";
    g.out.inputs[{q, 0}] = neg_c ? y : to_c;
    g.out.inputs[{q, 1}] = neg_c ? to_c : y;
    g.out.ops[p] = neg_x || (neg_c && neg_y) ? "Sub" : "Add";
    g.out.inputs[{p, 0}] = neg_x ? to_q : x;
    g.out.inputs[{p, 1}] = neg_x ? x : to_q;
    g.set_constant(q, y_constant);
    if (y_constant) g.out.folded.insert(q);
    return true;
  };
  // TensorFlow repeats its passes until nothing changes: a rotated child may be the parent of
  // another rotation, and one that became constant the C of its parent's next one. Each
  // rotation moves a constant from a node to one of its producers, an Add or Sub, and every
  // cycle of a graph the import accepts passes through a NextIteration: so this ends.
  for (bool changed = true; changed;) {
    changed = false;
    for (int p = 0; p < graph.size(); ++p) {
      if (binary(p) && (rotate(p, 0) || rotate(p, 1))) changed = true;
    }
  }
  return std::move(g.out);
}

}  // namespace tfmc::sem
