// Variables given their values as TensorFlow's loaders give them (FORMAT.md, "Variables
// restored from a checkpoint"): a graph file's checkpoint found beside it, its entries matched
// to the graph's variables (semantics/loading/checkpoint_matching.h), each read
// (semantics/checkpoint/tensor_bundle.h) and checked against its variable's dtype and shape.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// The checkpoint prefix beside the graph file `path`: a SavedModel's `variables/variables`
// in the file's directory, a MetaGraphDef `NAME.meta`'s `NAME`, when its index file exists;
// nullopt otherwise (and for a GraphDef, which names no checkpoint).
std::optional<std::string> checkpoint_beside(const std::string& path, const GraphFile& file);

struct RestoredVariables {
  std::string checkpoint;                   // the prefix read
  std::map<std::string, InitValue> values;  // by variable name
};

// Reads the checkpoint `prefix` for the variables of `file` (read from `path`). Throws
// InputError, located at the checkpoint's file and the entry or at the variable's node, for a
// corrupt checkpoint and for an entry whose dtype or shape is not its variable's.
RestoredVariables restore_variables(const std::string& path, const GraphFile& file,
                                    const std::string& prefix);

}  // namespace tfmc::sem
