// Grappler's constant folding pushes a constant down an addition or subtraction: a parent
// Add, AddV2 or Sub of floats with a constant operand C and a non-constant operand, the
// child Add, AddV2 or Sub of leaves X and Y, runs with C meeting Y first, C op Y, and the
// parent combining X with that (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites").
// Y is the child's constant leaf, or its right one when neither is constant; the signs each
// of X, Y and C had in the whole expression are kept. Measured with TensorFlow 2.21
// (tools/tf/measure_constant_push_down.py), f32 and f64, in a Session and in a tf.function.
//
// Found here where the rewrite does not depend on shapes the import does not know: C is
// constant (a Const or computed from Consts only); the child has the parent as its only data
// consumer, is not fetched, is not constant, and is not C's control input; C has one element in
// every dimension (a Const, or element-wise ops of such), or Y is constant. When neither holds
// TensorFlow compares C's shape with Y's, and the graph is left as written. As TensorFlow
// repeats its passes, rotations are repeated until none applies: a rotated child may be the
// parent of the next, and a child whose inputs are now both constant (which TensorFlow folds)
// the C of its parent's next. Where such a chain folds constants on the way, the order in which
// TensorFlow adds them depends on the order its optimizer visits the nodes (measured both ways
// for one graph); the nodes are visited here in the graph's order. Where both parent and child
// are additions, TensorFlow's value has the bits of neither order (its arithmetic optimizer
// goes on to regroup the sum); those are left to the tree rule of arithmetic_rewrites.h, so
// only parents or children that subtract are rotated.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "semantics/graphdef/constant_subgraphs.h"
#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

struct ConstantPushDowns {
  // The op each rotated parent and child runs as (Add or Sub).
  std::map<int, std::string> ops;
  // Data input (node, j) of a rotated node: the (node, j') whose input, as written, it takes.
  std::map<std::pair<int, std::size_t>, std::pair<int, std::size_t>> inputs;
  // The rotated children whose inputs are now both constant: TensorFlow folds them into
  // constants before its arithmetic optimizer looks for trees of additions.
  std::set<int> folded;
};

// Whether a node's T is f32 or f64, the types whose rounding these rewrites change.
bool of_floats(const tf::NodeDef& node);

// consumers: each node's number of data consumers among the run's nodes; fetched_nodes: the
// names of the fetched nodes.
ConstantPushDowns find_constant_push_downs(const GraphSelection& graph,
                                           const std::vector<int>& consumers,
                                           const std::set<std::string>& fetched_nodes,
                                           ConstantSubgraphs& constants);

}  // namespace tfmc::sem
