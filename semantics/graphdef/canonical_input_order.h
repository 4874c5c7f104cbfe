// Before it runs a graph, TensorFlow's graph optimizer (Grappler's common-subgraph elimination,
// on whenever its arithmetic optimizer is: by default, for Session.run and tf.function alike)
// sorts the data inputs of every commutative op by name, as the graph it optimizes names them:
// `node` for output 0, `node:k` for output k, and a function body's argument by the argument's
// name (each function body is optimized on its own, with its own node names). Of those ops only
// AddN's result depends on the order of its inputs (a two-input op's IEEE sum or product is the
// same either way), so tfmc sorts AddN's inputs as TensorFlow runs them (FORMAT.md,
// "TensorFlow graph files", "Arithmetic rewrites"; measured with TensorFlow 2.21).
#pragma once

#include <string>
#include <vector>

#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {

// `node` (an AddN; any other op is left as it is) with its data inputs sorted by `names`:
// names[k] is the name Grappler knows data input k by. Control inputs stay after them.
void sort_inputs_as_grappler(tf::NodeDef& node, const std::vector<std::string>& names);

// The name Grappler knows the graph input `text` (`n`, `n:k`) by: `n:0` is `n`.
std::string grappler_input_name(const std::string& text);

}  // namespace tfmc::sem
