#include "semantics/graphdef/output_args.h"

#include <map>
#include <utility>

namespace tfmc::sem {

int output_arg_port(const std::string& op, const std::string& out_arg) {
  // The mapped ops of several output arguments, each argument's port (TensorFlow's op defs).
  static const std::map<std::pair<std::string, std::string>, int> kPorts = {
      {{"TensorListPopBack", "tensor"}, 1},
      {{"BroadcastGradientArgs", "r1"}, 1},
  };
  const auto it = kPorts.find({op, out_arg});
  return it == kPorts.end() ? 0 : it->second;
}

}  // namespace tfmc::sem
