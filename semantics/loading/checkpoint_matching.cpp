#include "semantics/loading/checkpoint_matching.h"

#include <fmt/format.h>

#include <deque>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/entry_points.h"
#include "semantics/graphdef/handle_classification.h"

namespace tfmc::sem {
namespace {

// Saved object id -> checkpoint object id, for the objects both graphs reach from their roots.
class ObjectMatch {
 public:
  ObjectMatch(const tf::SavedObjectGraph& saved, const tf::TrackableObjectGraph& checkpoint,
              const std::string& name)
      : saved_(saved), checkpoint_(checkpoint), name_(name) {
    if (saved.nodes_size() == 0 || checkpoint.nodes_size() == 0) return;
    std::deque<std::pair<int, int>> pending = {{0, 0}};
    while (!pending.empty()) {
      const auto [s, c] = pending.front();
      pending.pop_front();
      if (!matched_.emplace(s, c).second) continue;
      for (const auto& child : saved.nodes(s).children()) {
        if (const auto found = child_named(c, child.local_name())) {
          pending.emplace_back(saved_node(child.node_id()), *found);
        }
      }
    }
    match_slots();
  }

  const std::map<int, int>& matched() const { return matched_; }

 private:
  int saved_node(int id) const { return object(id, saved_.nodes_size(), "SavedModel's"); }
  int checkpoint_node(int id) const { return object(id, checkpoint_.nodes_size(), "checkpoint's"); }

  // `id`, checked to be one of the `count` objects of the graph `whose` names.
  int object(int id, int count, const char* whose) const {
    if (id < 0 || id >= count) {
      throw InputError(fmt::format(
          "{}: error: the {} object graph refers to object {}, which it does not have\n", name_,
          whose, id));
    }
    return id;
  }

  std::optional<int> child_named(int c, const std::string& local_name) const {
    for (const auto& child : checkpoint_.nodes(c).children()) {
      if (child.local_name() == local_name) return checkpoint_node(child.node_id());
    }
    return std::nullopt;
  }

  // A slot variable (an optimizer's accumulator of a variable) is reached through its
  // optimizer: the slot of the same name of the matched original variable.
  void match_slots() {
    std::vector<std::pair<int, int>> owners(matched_.begin(), matched_.end());
    for (const auto& [s, c] : owners) {
      for (const auto& slot : saved_.nodes(s).slot_variables()) {
        const auto original = matched_.find(saved_node(slot.original_variable_node_id()));
        if (original == matched_.end()) continue;
        for (const auto& candidate : checkpoint_.nodes(c).slot_variables()) {
          if (candidate.original_variable_node_id() == original->second &&
              candidate.slot_name() == slot.slot_name()) {
            matched_.emplace(saved_node(slot.slot_variable_node_id()),
                             checkpoint_node(candidate.slot_variable_node_id()));
          }
        }
      }
    }
  }

  const tf::SavedObjectGraph& saved_;
  const tf::TrackableObjectGraph& checkpoint_;
  const std::string& name_;
  std::map<int, int> matched_;
};

}  // namespace

namespace {

std::string variable_value_key(const tf::TrackableObjectGraph& checkpoint, int c) {
  for (const auto& attribute : checkpoint.nodes(c).attributes()) {
    if (attribute.name() == "VARIABLE_VALUE") return attribute.checkpoint_key();
  }
  return "";
}

}  // namespace

std::map<std::string, CheckpointSource> checkpoint_sources(const GraphFile& file,
                                                           const std::set<std::string>& keys,
                                                           const tf::TrackableObjectGraph* objects,
                                                           const std::string& checkpoint) {
  std::map<std::string, CheckpointSource> sources;
  const auto add = [&](int node, const std::string& key) {
    if (!key.empty() && keys.count(key) > 0) {
      sources.emplace(variable_resource(file.graph.node(node)), CheckpointSource{key, node});
    }
  };
  if (objects != nullptr && file.meta.has_object_graph_def()) {
    const ObjectMatch match(file.meta.object_graph_def(), *objects, checkpoint);
    for (const auto& [node, id] : bound_variables(file)) {
      const auto c = match.matched().find(id);
      if (c != match.matched().end()) add(node, variable_value_key(*objects, c->second));
    }
    return sources;
  }
  for (int i = 0; i < file.graph.node_size(); ++i) {
    if (makes_variable(file.graph.node(i))) add(i, file.graph.node(i).name());
  }
  return sources;
}

}  // namespace tfmc::sem
