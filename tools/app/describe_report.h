// The text `tfmc describe` prints (FORMAT.md, "Signatures and functions"): the file's kind
// and checkpoint, then a section each for its signatures, functions, variables, queues and ops
// without a mapping, every signature and function with the `tfmc check` line that runs it.
#pragma once

#include <string>

#include "semantics/loading/graph_description.h"

namespace tfmc::app {

std::string describe_text(const std::string& file, const sem::GraphDescription& d);

}  // namespace tfmc::app
