#include "semantics/graphdef/output_args.h"

#include <map>
#include <utility>

namespace tfmc::sem {

int output_arg_port(const std::string& op, const std::string& out_arg) {
  // The mapped ops of several output arguments, each argument's port past the first (the
  // first is port 0), in the order of TensorFlow's op defs.
  static const std::map<std::pair<std::string, std::string>, int> kPorts = {
      {{"TensorListPopBack", "tensor"}, 1},
      {{"BroadcastGradientArgs", "r1"}, 1},
      {{"StatelessRandomGetKeyCounter", "counter"}, 1},
      {{"StatelessRandomGetKeyCounterAlg", "counter"}, 1},
      {{"StatelessRandomGetKeyCounterAlg", "alg"}, 2},
      {{"SoftmaxCrossEntropyWithLogits", "backprop"}, 1},
      {{"SparseSoftmaxCrossEntropyWithLogits", "backprop"}, 1},
      {{"Unique", "idx"}, 1},
      {{"Switch", "output_true"}, 1},
      {{"RefSwitch", "output_true"}, 1},
      {{"Merge", "value_index"}, 1},
      {{"RefMerge", "value_index"}, 1},
  };
  const auto it = kPorts.find({op, out_arg});
  return it == kPorts.end() ? 0 : it->second;
}

}  // namespace tfmc::sem
