// output_arg_port (semantics/graphdef/output_args.h): a function body's `node:out_arg:k` names
// port output_arg_port + k. The expected ports are TensorFlow 2.21's op defs (their output_arg
// lists, read from tensorflow.python.framework.op_def_registry), for every mapped op whose
// outputs are several arguments; any other op's one argument starts at port 0.
#include "semantics/graphdef/output_args.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace {

struct OpOutputs {
  std::string op;
  std::vector<std::string> args;  // the op def's output_arg names, in order
};

}  // namespace

TEST_CASE("output_arg_port numbers output arguments as TensorFlow's op defs do", "[graphdef]") {
  const std::vector<OpOutputs> ops = {
      {"TensorListPopBack", {"output_handle", "tensor"}},
      {"BroadcastGradientArgs", {"r0", "r1"}},
      {"StatelessRandomGetKeyCounter", {"key", "counter"}},
      {"StatelessRandomGetKeyCounterAlg", {"key", "counter", "alg"}},
      {"SoftmaxCrossEntropyWithLogits", {"loss", "backprop"}},
      {"SparseSoftmaxCrossEntropyWithLogits", {"loss", "backprop"}},
      {"Unique", {"y", "idx"}},
      {"Switch", {"output_false", "output_true"}},
      {"RefSwitch", {"output_false", "output_true"}},
      {"Merge", {"output", "value_index"}},
      {"RefMerge", {"output", "value_index"}},
  };
  for (const OpOutputs& o : ops) {
    for (std::size_t k = 0; k < o.args.size(); ++k) {
      INFO(o.op << ":" << o.args[k]);
      CHECK(tfmc::sem::output_arg_port(o.op, o.args[k]) == static_cast<int>(k));
    }
  }
  // One output argument (a list or a single tensor): port 0.
  CHECK(tfmc::sem::output_arg_port("Split", "output") == 0);
  CHECK(tfmc::sem::output_arg_port("AddV2", "z") == 0);
}
