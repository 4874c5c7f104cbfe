// Before it runs a graph, TensorFlow's graph optimizer (Grappler, on by default for
// Session.run and for tf.function alike) rewrites some arithmetic, and a rewrite that changes
// the rounding changes the bits a run gives. tfmc imports a graph as TensorFlow runs it, so it
// applies those rewrites too (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"):
//
//   - Div or RealDiv (x, Sqrt(y)) runs as Mul(x, Rsqrt(y)) when that Sqrt's only data
//     consumer among the run's nodes is the division and the Sqrt is not fetched (Grappler's
//     arithmetic optimizer; measured with TensorFlow 2.21, which does it for f32 and f64, for
//     a fetched division too, and not for DivNoNan).
//
// The nodes keep their names; only the op they run as changes.
#pragma once

#include <map>
#include <string>

#include "semantics/graphdef/graph_selection.h"

namespace tfmc::sem {

class ArithmeticRewrites {
 public:
  explicit ArithmeticRewrites(const GraphSelection& graph);

  // The op node i runs as: its own, or the one a rewrite gives it.
  const std::string& op(int i) const;

 private:
  const GraphSelection& graph_;
  std::map<int, std::string> rewritten_;
};

}  // namespace tfmc::sem
