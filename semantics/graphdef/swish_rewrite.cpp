#include "semantics/graphdef/swish_rewrite.h"

#include <cstring>

#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

namespace {

// A Const of shape [] holding the f32 1.
bool scalar_one(const tf::NodeDef& node) {
  const tf::TensorProto* tensor = const_tensor(node);
  if (tensor == nullptr) return false;
  const tf::TensorProto& t = *tensor;
  if (t.dtype() != tf::DT_FLOAT || t.tensor_shape().dim_size() != 0) return false;
  if (t.float_val_size() == 1) return t.float_val(0) == 1.0f;
  float v = 0;
  if (t.tensor_content().size() != sizeof v) return false;
  std::memcpy(&v, t.tensor_content().data(), sizeof v);
  return v == 1.0f;
}

// The tensor a Sigmoid's value is computed from as TensorFlow runs it: its input, or x where
// that is Mul(x, 1) or Mul(1, x), 1 a Const of shape [] and the product not fetched (constant
// folding makes such a product x before the remapper looks; tf.nn.silu writes x * sigmoid(1 * x)).
const NodeInput* sigmoid_argument(const GraphSelection& graph, int s,
                                  const std::set<std::string>& fetched_nodes) {
  const NodeInput* in = graph.data_input(s, 0);
  if (in == nullptr) return nullptr;
  const int m = graph.index(in->node);
  if (graph.node(m).op() != "Mul" || graph.data_input_count(m) != 2 ||
      fetched_nodes.count(graph.node(m).name())) {
    return in;
  }
  for (std::size_t k = 0; k < 2; ++k) {
    if (scalar_one(graph.node(graph.index(graph.data_input(m, k)->node)))) {
      return graph.data_input(m, 1 - k);
    }
  }
  return in;
}

}  // namespace

std::map<int, std::size_t> find_swish_products(const GraphSelection& graph,
                                               const std::vector<int>& consumers,
                                               const std::vector<bool>& control_consumed,
                                               const std::set<std::string>& fetched_nodes,
                                               ConstantSubgraphs& constants) {
  std::map<int, std::size_t> products;
  for (int i = 0; i < graph.size(); ++i) {
    const tf::NodeDef& node = graph.node(i);
    const auto type = node.attr().find("T");
    if (!graph.selected(i) || node.op() != "Mul" || type == node.attr().end() ||
        type->second.type() != tf::DT_FLOAT || graph.data_input_count(i) != 2) {
      continue;
    }
    for (std::size_t k = 0; k < 2; ++k) {
      const NodeInput* x = graph.data_input(i, 1 - k);
      const int s = graph.index(graph.data_input(i, k)->node);
      const NodeInput* sigmoid_x = sigmoid_argument(graph, s, fetched_nodes);
      const auto si = static_cast<std::size_t>(s);
      if (graph.node(s).op() != "Sigmoid" || sigmoid_x == nullptr || sigmoid_x->node != x->node ||
          sigmoid_x->port != x->port || consumers[si] != 1 || control_consumed[si] ||
          constants.folded(graph.index(x->node))) {
        continue;
      }
      products[i] = 1 - k;
      break;
    }
  }
  return products;
}

}  // namespace tfmc::sem
