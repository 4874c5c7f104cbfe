// Which nodes of a graph TensorFlow's constant folding computes before its other rewrites:
// those computed from Consts only. A PlaceholderWithDefault, which a feed may replace, is not
// folded, nor is anything that depends on one; a node without data inputs other than a Const
// is not either. A loop's back edge adds no constant. The answers are kept, so that asking
// about every node of a graph visits each once.
#pragma once

#include <vector>

#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

class ConstantSubgraphs {
 public:
  explicit ConstantSubgraphs(const GraphSelection& graph);

  // Whether node i is computed from Consts only.
  bool folded(int i);

 private:
  const GraphSelection& graph_;
  // -1: not known yet; 2: being visited; else 0 or 1.
  std::vector<int> state_;
};

}  // namespace tfmc::sem
