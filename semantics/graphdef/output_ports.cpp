#include "semantics/graphdef/output_ports.h"

#include "semantics/graphdef/import_op_tables.h"

namespace tfmc::sem {

OutputPorts::OutputPorts(const GraphSelection& graph, const GraphHandles& handles)
    : graph_(graph), handles_(handles) {
  for (const std::string& f : graph.run().fetches) {
    const auto [name, port] = fetched(f);
    used_[graph.index(name)].insert(port);
  }
  for (int i = 0; i < graph.size(); ++i) {
    if (!graph.selected(i) || graph.fed(i)) continue;
    for (const NodeInput& in : graph.inputs(i)) {
      if (!in.control) used_[graph.index(in.node)].insert(in.port);
    }
  }
}

bool OutputPorts::used(int i, int port) const {
  const auto it = used_.find(i);
  return it != used_.end() && it->second.count(port) > 0;
}

int OutputPorts::tensor_outputs(int i) const {
  const tf::NodeDef& n = graph_.node(i);
  const std::string& op = n.op();
  if (handles_.handle(i) != nullptr || op == "NoOp" || graph_.is_input(i) || is_enqueue(op)) {
    return 0;
  }
  if (op == "Split") return static_cast<int>(graph_.attr_int(i, "num_split").value_or(1));
  if (const std::string flow = control_flow_op(op); !flow.empty()) {
    return flow == "Switch" || flow == "Merge" ? 2 : 1;
  }
  if (op == "IdentityN" || op == "ShapeN") return static_cast<int>(graph_.data_input_count(i));
  if (op == "TensorListPopBack") return 2;  // the list less its last element, that element
  if (pure_ops().count(op) || op == "Const" || op == "PlaceholderWithDefault" || is_dequeue(op)) {
    return 1;
  }
  if (const auto it = resource_variable_ops().find(op); it != resource_variable_ops().end()) {
    return it->second == "Read" || it->second == "VarIsInitialized" ? 1 : 0;
  }
  if (is_update_op(op)) return 0;
  const auto it = used_.find(i);
  return it == used_.end() || it->second.empty() ? 0 : *it->second.rbegin() + 1;
}

}  // namespace tfmc::sem
