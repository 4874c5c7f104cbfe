// How checkpoint entries are matched to a graph's variables (semantics/loading/
// checkpoint_matching.h), on object graphs written out here so that every path is exercised:
// children matched by name though the two graphs number their objects differently, a slot
// variable found through its optimizer, a TF1 graph matched by node name, and object graphs
// that refer to objects they do not have.
#include "semantics/loading/checkpoint_matching.h"

#include <catch2/catch.hpp>

#include "semantics/errors/diagnostics.h"

namespace {

using tfmc::sem::CheckpointSource;
using tfmc::sem::GraphFile;

void add_variable(GraphFile& file, const std::string& name) {
  auto* node = file.graph.add_node();
  node->set_name(name);
  node->set_op("VarHandleOp");
  (*node->mutable_attr())["shared_name"].set_s(name);
}

template <typename Object>
void add_child(Object& object, int id, const std::string& name) {
  auto* child = object.add_children();
  child->set_node_id(id);
  child->set_local_name(name);
}

// A graph with variables w and w/Momentum passed to a call of F, whose bound_inputs are the
// SavedModel's objects 1 (w) and 3 (its momentum slot, owned by the optimizer, object 2).
GraphFile saved_model() {
  GraphFile file;
  add_variable(file, "w");
  add_variable(file, "w/Momentum");
  auto* call = file.graph.add_node();
  call->set_name("call");
  call->set_op("StatefulPartitionedCall");
  (*call->mutable_attr())["f"].mutable_func()->set_name("F");
  // Assigned, not add_input("w"): GCC 12 warns falsely (-Wrestrict) on the char* overload.
  for (const std::string input : {"w", "w/Momentum"}) *call->add_input() = input;
  auto* objects = file.meta.mutable_object_graph_def();
  auto* root = objects->add_nodes();
  add_child(*root, 1, "w");
  add_child(*root, 2, "opt");
  objects->add_nodes()->mutable_variable()->set_name("w");
  auto* slot = objects->add_nodes()->add_slot_variables();
  slot->set_original_variable_node_id(1);
  slot->set_slot_name("momentum");
  slot->set_slot_variable_node_id(3);
  objects->add_nodes()->mutable_variable()->set_name("w/Momentum");
  (*objects->mutable_concrete_functions())["F"].add_bound_inputs(1);
  (*objects->mutable_concrete_functions())["F"].add_bound_inputs(3);
  return file;
}

const std::string kWeight = "w/.ATTRIBUTES/VARIABLE_VALUE";
const std::string kSlot = "w/.OPTIMIZER_SLOT/opt/momentum/.ATTRIBUTES/VARIABLE_VALUE";

// The checkpoint's object graph: the same objects, numbered otherwise (opt 1, w 2, slot 3).
tfmc::tf::TrackableObjectGraph checkpoint_objects() {
  tfmc::tf::TrackableObjectGraph objects;
  auto* root = objects.add_nodes();
  add_child(*root, 2, "w");
  add_child(*root, 1, "opt");
  auto* slot = objects.add_nodes()->add_slot_variables();
  slot->set_original_variable_node_id(2);
  slot->set_slot_name("momentum");
  slot->set_slot_variable_node_id(3);
  for (const std::string& key : {kWeight, kSlot}) {
    auto* attribute = objects.add_nodes()->add_attributes();
    attribute->set_name("VARIABLE_VALUE");
    attribute->set_checkpoint_key(key);
  }
  return objects;
}

bool same(const std::map<std::string, CheckpointSource>& got,
          const std::map<std::string, std::pair<std::string, int>>& want) {
  if (got.size() != want.size()) return false;
  for (const auto& [name, source] : got) {
    const auto it = want.find(name);
    if (it == want.end() || it->second != std::pair{source.key, source.node}) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("checkpoint matching: TF2 objects by name, slots through their optimizer",
          "[checkpoint][matching]") {
  const GraphFile file = saved_model();
  const auto objects = checkpoint_objects();
  CHECK(same(tfmc::sem::checkpoint_sources(file, {kWeight, kSlot}, &objects, "ckpt"),
             {{"w", {kWeight, 0}}, {"w/Momentum", {kSlot, 1}}}));
  // An entry the checkpoint lacks leaves its variable out (it starts uninitialized).
  CHECK(same(tfmc::sem::checkpoint_sources(file, {kWeight}, &objects, "ckpt"),
             {{"w", {kWeight, 0}}}));
  // A slot whose name differs is not the optimizer's slot of that variable.
  auto renamed = objects;
  renamed.mutable_nodes(1)->mutable_slot_variables(0)->set_slot_name("velocity");
  CHECK(same(tfmc::sem::checkpoint_sources(file, {kWeight, kSlot}, &renamed, "ckpt"),
             {{"w", {kWeight, 0}}}));
}

TEST_CASE("checkpoint matching: TF1 variables by node name", "[checkpoint][matching]") {
  GraphFile file;
  add_variable(file, "w");
  add_variable(file, "b");
  CHECK(same(tfmc::sem::checkpoint_sources(file, {"w", "other"}, nullptr, "ckpt"),
             {{"w", {"w", 0}}}));
  // A SavedModel whose checkpoint has no object graph is matched by name too.
  const GraphFile saved = saved_model();
  CHECK(same(tfmc::sem::checkpoint_sources(saved, {"w/Momentum"}, nullptr, "ckpt"),
             {{"w/Momentum", {"w/Momentum", 1}}}));
}

TEST_CASE("checkpoint matching: an object graph naming a missing object is an error",
          "[checkpoint][matching]") {
  GraphFile file = saved_model();
  file.meta.mutable_object_graph_def()->mutable_nodes(0)->mutable_children(0)->set_node_id(9);
  const auto objects = checkpoint_objects();
  CHECK_THROWS_WITH(
      tfmc::sem::checkpoint_sources(file, {kWeight}, &objects, "ckpt"),
      "ckpt: error: the SavedModel's object graph refers to object 9, which it does not have\n");
}
