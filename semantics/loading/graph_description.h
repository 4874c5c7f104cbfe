// What `tfmc describe` says of a TensorFlow graph file (FORMAT.md, "Signatures and
// functions"): how it was read, its signatures and saved functions with their inputs and
// outputs (semantics/graphdef/entry_points.h), its variables and whether the checkpoint beside
// it restores them (checkpoint_restore.h), its queues, and the ops without a mapping that a
// run of a signature or function may reach (of the whole graph when it has neither).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "semantics/graphdef/entry_points.h"

namespace tfmc::sem {

struct GraphDescription {
  struct Variable {
    std::string name;       // the variable (handle_classification.h variable_resource)
    std::string node;       // the node that makes it
    std::string type;       // as declared: `f32[1,2]`
    std::string restored;   // the checkpoint key that restores it, "" when none
    bool captured = false;  // a DT_RESOURCE placeholder: a variable a concrete function captured
  };
  std::string kind;        // "binary SavedModel"
  std::string checkpoint;  // the checkpoint prefix beside the file, "" when none
  std::vector<Signature> signatures;
  std::vector<SavedFunction> functions;
  std::vector<Variable> variables;          // in node order
  std::vector<std::string> queues;          // by node name
  std::map<std::string, int> unmapped_ops;  // op -> nodes of it
};

// Reads `path` (the MetaGraph with `tag`, when given) and its checkpoint. Throws InputError
// for a bad file or checkpoint.
GraphDescription describe_graph_file(const std::string& path, const std::string& tag);

}  // namespace tfmc::sem
