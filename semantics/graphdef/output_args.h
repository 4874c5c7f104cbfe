// A function body names a node's output `node:out_arg:k`: tensor k of the output argument
// out_arg. For most ops that is output k (their outputs form one list); an op whose outputs
// are several arguments of one tensor each numbers them in argument order.
#pragma once

#include <string>

namespace tfmc::sem {

// The node output that output argument `out_arg` of an `op` node starts at.
int output_arg_port(const std::string& op, const std::string& out_arg);

}  // namespace tfmc::sem
