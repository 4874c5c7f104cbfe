#include "semantics/graphdef/constant_push_down.h"

#include <algorithm>

namespace tfmc::sem {

namespace {

bool is_add_or_sub(const std::string& op) { return op == "Add" || op == "AddV2" || op == "Sub"; }

bool of_floats(const tf::NodeDef& node) {
  const auto it = node.attr().find("T");
  return it != node.attr().end() &&
         (it->second.type() == tf::DT_FLOAT || it->second.type() == tf::DT_DOUBLE);
}

// A Const of one element, whatever its rank: TensorFlow rotates it whatever Y's shape.
bool one_element_const(const tf::NodeDef& node) {
  if (node.op() != "Const") return false;
  const auto it = node.attr().find("value");
  if (it == node.attr().end() || !it->second.has_tensor()) return false;
  const tf::TensorShapeProto& shape = it->second.tensor().tensor_shape();
  return std::all_of(shape.dim().begin(), shape.dim().end(),
                     [](const tf::TensorShapeProto::Dim& d) { return d.size() == 1; });
}

// One rotation: parent p with child q at input k, C at input 1 - k, Y at q's input y.
struct Rotation {
  int p;
  int q;
  std::size_t k;
  std::size_t y;
};

}  // namespace

ConstantPushDowns find_constant_push_downs(const GraphSelection& graph,
                                           const std::vector<int>& consumers,
                                           const std::set<std::string>& fetched_nodes,
                                           ConstantSubgraphs& constants) {
  const auto operand = [&](int i, std::size_t j) {
    return graph.index(graph.data_input(i, j)->node);
  };
  const auto binary = [&](int i) {
    return graph.selected(i) && is_add_or_sub(graph.node(i).op()) && of_floats(graph.node(i)) &&
           graph.data_input_count(i) == 2;
  };
  std::vector<Rotation> found;
  for (int p = 0; p < graph.size(); ++p) {
    if (!binary(p)) continue;
    for (std::size_t k = 0; k < 2; ++k) {
      const int q = operand(p, k);
      const int c = operand(p, 1 - k);
      if (!constants.folded(c) || constants.folded(q) || !binary(q) ||
          (graph.node(p).op() != "Sub" && graph.node(q).op() != "Sub") ||
          consumers[static_cast<std::size_t>(q)] != 1 ||
          fetched_nodes.count(graph.node(q).name())) {
        continue;
      }
      const bool c_waits_for_q = std::any_of(
          graph.inputs(c).begin(), graph.inputs(c).end(),
          [&](const NodeInput& in) { return in.control && in.node == graph.node(q).name(); });
      const std::size_t y = constants.folded(operand(q, 0)) ? 0 : 1;
      if (c_waits_for_q || !(constants.folded(operand(q, y)) || one_element_const(graph.node(c)))) {
        continue;
      }
      found.push_back({p, q, k, y});
      break;
    }
  }
  // A chain of rotations, one's parent the child of another, TensorFlow rotates again after
  // each; such chains are left as written.
  std::set<int> parents, children;
  for (const Rotation& r : found) {
    parents.insert(r.p);
    children.insert(r.q);
  }
  ConstantPushDowns out;
  for (const Rotation& r : found) {
    if (children.count(r.p) || parents.count(r.q)) continue;
    const std::pair<int, std::size_t> x{r.q, 1 - r.y}, y{r.q, r.y}, c{r.p, 1 - r.k},
        child{r.p, r.k};
    // The sign of each operand in the whole expression: true where it is subtracted.
    const bool parent_sub = graph.node(r.p).op() == "Sub";
    const bool child_sub = graph.node(r.q).op() == "Sub";
    const bool child_negated = parent_sub && r.k == 1;
    const bool neg_c = parent_sub && r.k == 0;
    const bool neg_x = (child_sub && x.second == 1) != child_negated;
    const bool neg_y = (child_sub && y.second == 1) != child_negated;
    // The new child adds C and Y, or subtracts the one subtracted from the other; where both
    // are subtracted it adds them and the parent subtracts it.
    out.ops[r.q] = neg_c != neg_y ? "Sub" : "Add";
    out.inputs[{r.q, 0}] = neg_c ? y : c;
    out.inputs[{r.q, 1}] = neg_c ? c : y;
    out.ops[r.p] = neg_x || (neg_c && neg_y) ? "Sub" : "Add";
    out.inputs[{r.p, 0}] = neg_x ? child : x;
    out.inputs[{r.p, 1}] = neg_x ? x : child;
  }
  return out;
}

}  // namespace tfmc::sem
