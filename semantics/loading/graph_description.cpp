#include "semantics/loading/graph_description.h"

#include <set>

#include "semantics/build/program_files.h"
#include "semantics/checkpoint/tensor_bundle.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/graphdef/handle_classification.h"
#include "semantics/graphdef/import_op_tables.h"
#include "semantics/graphdef/node_inputs.h"
#include "semantics/graphdef/tf_tensors.h"
#include "semantics/loading/checkpoint_matching.h"
#include "semantics/loading/checkpoint_restore.h"

namespace tfmc::sem {
namespace {

// The ops the import expands rather than maps: calls are inlined, If and While lowered.
bool is_expanded(const std::string& op) {
  static const std::set<std::string> kOps = {
      "StatefulPartitionedCall", "PartitionedCall", "If", "StatelessIf", "While", "StatelessWhile"};
  return kOps.count(op) > 0;
}

// The nodes a run of the file's signatures and saved functions may reach: the fan-in of each
// signature's outputs, the bodies of the functions they and the saved functions call (the
// whole graph when the file has neither). The saver's nodes are left out so: tfmc restores
// the checkpoint itself.
class ReachableNodes {
 public:
  explicit ReachableNodes(const GraphFile& file) : file_(file) {
    for (int i = 0; i < file.graph.node_size(); ++i) by_name_.emplace(file.graph.node(i).name(), i);
    const std::vector<Signature> signatures_of = signatures(file);
    const std::vector<SavedFunction> functions = saved_functions(file);
    if (signatures_of.empty() && functions.empty()) {
      for (const tf::NodeDef& n : file.graph.node()) visit(n);
      return;
    }
    std::vector<int> pending;
    for (const Signature& s : signatures_of) {
      for (const NamedTensor& t : s.outputs) push(fetched(t.tensor).first, pending);
    }
    while (!pending.empty()) {
      const tf::NodeDef& n = file.graph.node(pending.back());
      pending.pop_back();
      visit(n);
      for (const std::string& text : n.input()) {
        if (const auto in = parse_input(text)) push(in->node, pending);
      }
    }
    for (const SavedFunction& f : functions) call(f.concrete);
  }

  const std::vector<const tf::NodeDef*>& nodes() const { return nodes_; }

 private:
  void push(const std::string& name, std::vector<int>& pending) {
    const auto it = by_name_.find(name);
    if (it != by_name_.end() && seen_.insert(it->second).second) pending.push_back(it->second);
  }

  void visit(const tf::NodeDef& n) {
    nodes_.push_back(&n);
    for (const auto& [key, value] : n.attr()) {
      if (value.has_func()) call(value.func().name());
      for (const auto& f : value.list().func()) call(f.name());
    }
  }

  void call(const std::string& name) {
    if (!called_.insert(name).second) return;
    for (const tf::FunctionDef& f : file_.graph.library().function()) {
      if (f.signature().name() != name) continue;
      for (const tf::NodeDef& n : f.node_def()) visit(n);
    }
  }

  const GraphFile& file_;
  std::map<std::string, int> by_name_;
  std::set<int> seen_;
  std::set<std::string> called_;
  std::vector<const tf::NodeDef*> nodes_;
};

}  // namespace

GraphDescription describe_graph_file(const std::string& given, const std::string& tag) {
  const std::string path = program_file_of(given);
  const GraphFile file = parse_graph_file(path, read_program_file(path), tag);
  GraphDescription d;
  d.kind = describe(file);
  d.signatures = signatures(file);
  d.functions = saved_functions(file);
  std::map<std::string, CheckpointSource> sources;
  if (const auto prefix = checkpoint_beside(path, file)) {
    d.checkpoint = *prefix;
    const TensorBundle bundle = TensorBundle::open(*prefix);
    const std::vector<std::string> listed = bundle.keys();
    const std::optional<tf::TrackableObjectGraph> objects = bundle.object_graph();
    sources = checkpoint_sources(file, {listed.begin(), listed.end()},
                                 objects ? &*objects : nullptr, *prefix);
  }
  for (const tf::NodeDef& n : file.graph.node()) {
    const bool captured = is_resource_placeholder(n);
    if (makes_variable(n) || captured) {
      const std::string name = variable_resource(n);
      const auto source = sources.find(name);
      d.variables.push_back({name, n.name(), captured ? "resource" : declared_type(n),
                             source == sources.end() ? "" : source->second.key, captured});
    } else if (is_queue_op(n.op())) {
      d.queues.push_back(n.name());
    }
  }
  const ReachableNodes reachable(file);
  for (const tf::NodeDef* n : reachable.nodes()) {
    if (!is_mapped_op(n->op()) && !is_expanded(n->op())) ++d.unmapped_ops[n->op()];
  }
  return d;
}

}  // namespace tfmc::sem
