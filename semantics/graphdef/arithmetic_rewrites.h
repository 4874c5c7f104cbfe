// Before it runs a graph, TensorFlow's graph optimizer (Grappler, on by default for
// Session.run and for tf.function alike) rewrites some arithmetic, and a rewrite that changes
// the rounding changes the bits a run gives. tfmc imports a graph as TensorFlow runs it, so it
// applies those rewrites too (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"):
//
//   - Div or RealDiv (x, Sqrt(y)) runs as Mul(x, Rsqrt(y)) when that Sqrt's only data
//     consumer among the run's nodes is the division and the Sqrt is not fetched (Grappler's
//     arithmetic optimizer; measured with TensorFlow 2.21, which does it for f32 and f64, for
//     a fetched division too, and not for DivNoNan).
//   - Div or RealDiv (x, c) of floats, c a Const and x not one, runs as Mul(x, Reciprocal(c))
//     (Grappler's constant folding, which folds the reciprocal of the divisor with
//     TensorFlow's Reciprocal kernel; measured with TensorFlow 2.21 for f32 and f64, fetched
//     or not, whatever else c feeds, and not for DivNoNan). The reciprocal is a node of its
//     own, `NAME~reciprocal`, which the emitter adds.
//   - A tree of Add, AddV2 and AddN of floats runs as one GroupedAdd of its leaves
//     (Grappler's arithmetic optimizer, its AddOpsRewrite stage): an addition whose only data
//     consumer is another addition of the tree is absorbed into it; the tree's root is an
//     addition that is not absorbed and absorbed at least one. No addition of a tree is
//     fetched, has control inputs or is one, and no leaf depends on one of the graph's
//     Placeholders (a fed tensor's shape is unknown to the optimizer, which then leaves the
//     tree alone; a function's arguments, whose placeholders tfmc makes, have known shapes). The
//     leaves are the absorbed additions' inputs and the root's that are not absorbed, left to
//     right, depth first; GroupedAdd adds them in TensorFlow's regrouped order (FORMAT.md,
//     "Operations"). The absorbed nodes are not emitted (the optimizer removes them).
//   - Mul(Mul(g, g), c) of floats (or Mul(c, Mul(g, g))), c a Const of shape [] or [1] or the
//     Sub of two such, g not computed from Consts only, runs as Mul(Mul(g, c), g) (Grappler's
//     arithmetic optimizer regroups the product's factors by their shapes, its constant folding
//     pushes the constant down; measured with TensorFlow 2.21, f32 and f64, in a Session and in a
//     tf.function: where either makes it, both orders give the bits of Mul(Mul(g, c), g)).
//     The inner product has the outer as its only data consumer, is not fetched and is the
//     only square of g among the run's nodes (the optimizer merges equal nodes first), and
//     neither product has a control edge in or out (with one, a tf.function runs the product
//     as written). A product of two different factors is left as written: its order depends
//     on their shapes, which the import does not know.
//   - Add, AddV2 or Sub (child, c) or (c, child) of floats, c constant, the child an Add,
//     AddV2 or Sub of leaves x and y, one of the two a Sub, runs with c meeting y first
//     (Grappler's constant folding; constant_push_down.h says when). The trees of additions
//     are found on the graph as that leaves it, as the optimizer finds them after it; a
//     rotated sum of two constants, which the optimizer folds first, joins none.
//   - Mul(x, Sigmoid(x)) of f32 runs as MklSwish(x), oneDNN's swish (swish_rewrite.h says
//     where; Grappler's remapper).
//
// The nodes keep their names; only the op they run as, or (the products and the rotated sums)
// the data inputs they take, change.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "semantics/graphdef/constant_subgraphs.h"
#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

class ArithmeticRewrites {
 public:
  explicit ArithmeticRewrites(const GraphSelection& graph);

  // The op node i runs as: its own, or the one a rewrite gives it.
  const std::string& op(int i) const;
  // Whether node i, run as Mul, multiplies by the reciprocal of its divisor.
  bool by_reciprocal(int i) const { return by_reciprocal_.count(i) != 0; }
  // A tree's root: its leaves as (node, data input) pairs; nullptr for any other node.
  const std::vector<std::pair<int, std::size_t>>* grouped_add(int i) const;
  // Whether node i is an addition absorbed into a tree.
  bool absorbed(int i) const { return absorbed_.count(i) != 0; }
  // Where a rewrite rewires data input j of node i: the (node, j') whose data input j', as
  // written, node i takes instead; nullptr where the input is as written.
  const std::pair<int, std::size_t>* replaced_input(int i, std::size_t j) const;
  // A product that runs as MklSwish: the index of its data input x; nullptr for any other node.
  const std::size_t* swish_operand(int i) const;

 private:
  void find_addition_trees(const std::vector<int>& consumers, const std::vector<bool>& controlled,
                           const std::set<std::string>& fetched_nodes);
  void find_square_products(const std::vector<int>& consumers, const std::vector<bool>& controlled,
                            const std::set<std::string>& fetched_nodes,
                            ConstantSubgraphs& constants);

  const GraphSelection& graph_;
  std::map<int, std::string> rewritten_;
  std::set<int> by_reciprocal_;
  std::map<int, std::vector<std::pair<int, std::size_t>>> grouped_;
  std::set<int> absorbed_;
  std::map<std::pair<int, std::size_t>, std::pair<int, std::size_t>> replaced_;
  // The sums a constant pushed down made constant, which join no tree.
  std::set<int> folded_sums_;
  std::map<int, std::size_t> swish_;
};

}  // namespace tfmc::sem
