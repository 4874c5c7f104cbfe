// Mul(x, Sigmoid(x)) as TensorFlow runs it: on the CPU with oneDNN (TensorFlow's default on x86
// Linux), its graph optimizer's remapper replaces the product by _MklSwish(x), oneDNN's swish
// kernel, which rounds otherwise than Eigen's Sigmoid then Mul (gpu_eval/cpu_onednn_swish.h).
// Measured with TensorFlow 2.21 (tools/tf/make_swish_graph.py, FORMAT.md, "TensorFlow graph
// files", "Arithmetic rewrites"), in a Session and in a tf.function alike, it does so where:
//   - the product is of f32 and its operands, in either order, are a tensor x and a Sigmoid
//     of that same tensor, or of Mul(x, 1) or Mul(1, x), 1 a Const of shape [] and that
//     product not fetched (constant folding makes it x first; tf.nn.silu, Keras's swish,
//     writes x * sigmoid(1 * x));
//   - the Sigmoid's only data consumer among the run's nodes is the product, and no node
//     waits for it through a control edge (control inputs of either node, and control edges
//     out of the product, do not matter; a fetched Sigmoid neither: TensorFlow removes it
//     all the same, and its run then fails);
//   - x is not computed from Consts only (constant folding computes the product first).
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "semantics/graphdef/constant_subgraphs.h"
#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

// The products that run as _MklSwish, each with the index of its data input x (0 or 1).
// `consumers` counts each node's data consumers among the run's nodes; `control_consumed`
// says which nodes another waits for through a control edge.
std::map<int, std::size_t> find_swish_products(const GraphSelection& graph,
                                               const std::vector<int>& consumers,
                                               const std::vector<bool>& control_consumed,
                                               const std::set<std::string>& fetched_nodes,
                                               ConstantSubgraphs& constants);

}  // namespace tfmc::sem
