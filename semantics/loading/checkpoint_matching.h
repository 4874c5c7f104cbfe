// Which checkpoint entry holds each variable of a TensorFlow graph, as TensorFlow's loaders
// match them (FORMAT.md, "Variables restored from a checkpoint"):
//
//   - TF2 (the MetaGraph has an object graph and the checkpoint its own): the two object graphs
//     are walked together from their roots, a child to the child of the same local name, a slot
//     variable to the slot of the same name of the matched variable (how a checkpoint restores
//     into objects). A variable node of the graph is the object that a function call binds it
//     to (semantics/graphdef/entry_points.h bound_variables). Its entry is the key of the
//     matched object's VARIABLE_VALUE attribute.
//   - TF1 (no object graph): a variable's entry is the key of its node's name, as the saver's
//     restore finds it.
//
// Pure: it reads no file, so that the matching is tested apart from the reader.
#pragma once

#include <map>
#include <set>
#include <string>

#include "semantics/checkpoint/tf_checkpoint.pb.h"
#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {

// Where a variable's value is: the checkpoint key, and the graph node that makes the variable
// (its dtype and shape are checked against the entry's).
struct CheckpointSource {
  std::string key;
  int node = 0;  // index into the GraphFile's graph nodes
};

// By variable name (handle_classification.h variable_resource), the variables of `file`'s
// top-level graph whose entry is among `keys`. `objects` is the checkpoint's object graph, or
// nullptr. Throws InputError, naming `checkpoint`, when an object graph refers to a node it
// does not have.
std::map<std::string, CheckpointSource> checkpoint_sources(const GraphFile& file,
                                                           const std::set<std::string>& keys,
                                                           const tf::TrackableObjectGraph* objects,
                                                           const std::string& checkpoint);

}  // namespace tfmc::sem
