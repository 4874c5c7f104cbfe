#include "semantics/graphdef/entry_points.h"

#include <fmt/format.h>

#include <set>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/handle_classification.h"
#include "semantics/graphdef/node_inputs.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {
namespace {

const tf::FunctionDef* library_function(const GraphFile& file, const std::string& name) {
  for (const tf::FunctionDef& f : file.graph.library().function()) {
    if (f.signature().name() == name) return &f;
  }
  return nullptr;
}

// The dtype and shape an argument of a function declares: its `_output_shapes`, if any.
std::string argument_type(const tf::FunctionDef& f, int k) {
  const auto attrs = f.arg_attr().find(static_cast<std::uint32_t>(k));
  tf::TensorShapeProto shape;
  shape.set_unknown_rank(true);
  if (attrs != f.arg_attr().end()) {
    const auto shapes = attrs->second.attr().find("_output_shapes");
    if (shapes != attrs->second.attr().end() && shapes->second.list().shape_size() == 1) {
      shape = shapes->second.list().shape(0);
    }
  }
  return declared_type(f.signature().input_arg(k).type(), shape);
}

std::string names_of(const std::vector<std::string>& names) {
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
}

// The functions of the object graph, depth first from the root in child order, each object
// once, with their object paths.
void collect_functions(const tf::SavedObjectGraph& objects, int id, const std::string& path,
                       std::set<int>& seen, std::vector<std::pair<std::string, int>>& out) {
  if (id < 0 || id >= objects.nodes_size() || !seen.insert(id).second) return;
  const tf::SavedObject& object = objects.nodes(id);
  if (object.has_function() || object.has_bare_concrete_function()) out.emplace_back(path, id);
  for (const auto& child : object.children()) {
    // The root's `signatures` are the signatures' own functions, run with --signature.
    if (id == 0 && child.local_name() == "signatures") continue;
    collect_functions(objects, child.node_id(),
                      path.empty() ? child.local_name() : path + "." + child.local_name(), seen,
                      out);
  }
}

std::vector<std::string> concrete_names(const tf::SavedObject& object) {
  if (object.has_bare_concrete_function()) {
    return {object.bare_concrete_function().concrete_function_name()};
  }
  return {object.function().concrete_functions().begin(),
          object.function().concrete_functions().end()};
}

std::optional<SavedFunction> describe_concrete(const GraphFile& file, const std::string& path,
                                               const std::string& concrete) {
  const tf::FunctionDef* f = library_function(file, concrete);
  const auto& functions = file.meta.object_graph_def().concrete_functions();
  const auto saved = functions.find(concrete);
  if (f == nullptr || saved == functions.end()) return std::nullopt;
  const int args = f->signature().input_arg_size();
  const int captured = saved->second.bound_inputs_size();
  if (captured > args) return std::nullopt;
  SavedFunction out{
      path, concrete, {}, static_cast<std::size_t>(f->signature().output_arg_size()), {}};
  for (int k = 0; k < args - captured; ++k) {
    const std::string& name = f->signature().input_arg(k).name();
    out.inputs.push_back({name, fmt::format("{}~{}", path, name), argument_type(*f, k)});
  }
  const auto& objects = file.meta.object_graph_def();
  for (int id : saved->second.bound_inputs()) {
    const bool variable = id >= 0 && id < objects.nodes_size() && objects.nodes(id).has_variable();
    out.captured.push_back(variable ? objects.nodes(id).variable().name()
                                    : fmt::format("object {}", id));
  }
  return out;
}

std::string unique_node_name(const tf::GraphDef& graph, const std::string& wanted) {
  std::set<std::string> taken;
  for (const tf::NodeDef& n : graph.node()) taken.insert(n.name());
  std::string name = wanted;
  for (int k = 1; taken.count(name) > 0; ++k) name = fmt::format("{}~{}", wanted, k);
  return name;
}

// The graph node that is saved object `id`: for a constant, its Const node; for a variable,
// the one bound to it, else the one handle of its name, else a VarHandleOp added for it.
std::string bind_object(GraphFile& file, const std::map<int, int>& bound, int id,
                        const std::string& function) {
  for (const auto& [node, object] : bound) {
    if (object == id) return file.graph.node(node).name();
  }
  const auto& objects = file.meta.object_graph_def();
  // A captured constant is the graph's Const node of that name.
  if (id >= 0 && id < objects.nodes_size() && objects.nodes(id).has_constant()) {
    const std::string& op = objects.nodes(id).constant().operation();
    for (const tf::NodeDef& n : file.graph.node()) {
      if (n.name() == op && n.op() == "Const") return op;
    }
  }
  if (id < 0 || id >= objects.nodes_size() || !objects.nodes(id).has_variable()) {
    throw InputError(fmt::format(
        "error: function '{}' captures object {}, which is not a variable or constant of the "
        "SavedModel\n",
        function, id));
  }
  const tf::SavedVariable& v = objects.nodes(id).variable();
  // A handle of the graph to the resource of that name, bound to no other object, is that
  // variable: TensorFlow names a resource by its shared_name. Only a single such handle is
  // taken as it; otherwise one is made.
  std::vector<int> handles;
  for (int i = 0; i < file.graph.node_size(); ++i) {
    const tf::NodeDef& n = file.graph.node(i);
    const auto shared = n.attr().find("shared_name");
    const auto dtype = n.attr().find("dtype");
    if (n.op() == "VarHandleOp" && shared != n.attr().end() && shared->second.s() == v.name() &&
        dtype != n.attr().end() && dtype->second.type() == v.dtype() && !bound.count(i)) {
      handles.push_back(i);
    }
  }
  if (handles.size() == 1) return file.graph.node(handles[0]).name();
  tf::NodeDef* node = file.graph.add_node();
  node->set_name(unique_node_name(file.graph, v.name()));
  node->set_op("VarHandleOp");
  (*node->mutable_attr())["dtype"].set_type(v.dtype());
  *(*node->mutable_attr())["shape"].mutable_shape() = v.shape();
  (*node->mutable_attr())["shared_name"].set_s(node->name());
  return node->name();
}

}  // namespace

std::map<int, int> bound_variables(const GraphFile& file) {
  std::map<std::string, int> by_name;
  for (int i = 0; i < file.graph.node_size(); ++i) by_name.emplace(file.graph.node(i).name(), i);
  const auto& functions = file.meta.object_graph_def().concrete_functions();
  std::map<int, int> bound;
  for (const tf::NodeDef& call : file.graph.node()) {
    const auto f = call.attr().find("f");
    if (f == call.attr().end()) continue;
    const auto function = functions.find(f->second.func().name());
    if (function == functions.end()) continue;
    std::vector<std::string> data;
    for (const std::string& text : call.input()) {
      const auto in = parse_input(text);
      if (in && !in->control) data.push_back(in->node);
    }
    const auto& ids = function->second.bound_inputs();
    if (static_cast<std::size_t>(ids.size()) > data.size()) continue;
    const std::size_t first = data.size() - static_cast<std::size_t>(ids.size());
    for (int k = 0; k < ids.size(); ++k) {
      const auto node = by_name.find(data[first + k]);
      if (node != by_name.end() && makes_variable(file.graph.node(node->second))) {
        bound.emplace(node->second, ids[k]);
      }
    }
  }
  return bound;
}

std::vector<Signature> signatures(const GraphFile& file) {
  std::map<std::string, Signature> sorted;
  for (const auto& [key, def] : file.meta.signature_def()) {
    if (key == "__saved_model_init_op") continue;
    Signature s{key, {}, {}};
    const auto named = [](const auto& map, std::vector<NamedTensor>& out) {
      std::map<std::string, NamedTensor> by_name;
      for (const auto& [name, info] : map) {
        tf::TensorShapeProto shape = info.tensor_shape();
        if (!info.has_tensor_shape()) shape.set_unknown_rank(true);
        by_name[name] = {name, info.name(), declared_type(info.dtype(), shape)};
      }
      for (auto& [name, t] : by_name) out.push_back(std::move(t));
    };
    named(def.inputs(), s.inputs);
    named(def.outputs(), s.outputs);
    sorted.emplace(key, std::move(s));
  }
  std::vector<Signature> out;
  for (auto& [key, s] : sorted) out.push_back(std::move(s));
  return out;
}

std::vector<SavedFunction> saved_functions(const GraphFile& file) {
  std::vector<std::pair<std::string, int>> found;
  std::set<int> seen;
  collect_functions(file.meta.object_graph_def(), 0, "", seen, found);
  std::vector<SavedFunction> out;
  std::set<std::string> listed;
  for (const auto& [path, id] : found) {
    for (const std::string& concrete : concrete_names(file.meta.object_graph_def().nodes(id))) {
      if (!listed.insert(concrete).second) continue;
      if (auto f = describe_concrete(file, path, concrete)) out.push_back(std::move(*f));
    }
  }
  return out;
}

EntryPoint choose_signature(const GraphFile& file, const std::string& path,
                            const std::string& key) {
  std::vector<std::string> keys;
  for (const Signature& s : signatures(file)) {
    keys.push_back(s.key);
    if (s.key != key) continue;
    EntryPoint entry;
    for (const NamedTensor& out : s.outputs) {
      entry.fetches.push_back(out.tensor);
      entry.output_names[out.tensor] = out.name;
    }
    for (const NamedTensor& in : s.inputs) entry.input_nodes[in.name] = fetched(in.tensor).first;
    return entry;
  }
  throw InputError(fmt::format("{}: error: --signature '{}': the file's signatures are: {}\n", path,
                               key, names_of(keys)));
}

EntryPoint choose_function(GraphFile& file, const std::string& path, const std::string& name) {
  std::vector<SavedFunction> candidates;
  std::vector<std::string> known;
  for (SavedFunction& f : saved_functions(file)) {
    known.push_back(fmt::format("{} ({})", f.path, f.concrete));
    if (f.path == name || f.concrete == name) candidates.push_back(std::move(f));
  }
  if (candidates.size() != 1) {
    throw InputError(fmt::format(
        "{}: error: --function '{}' {}; the file's functions (path and concrete function) "
        "are: {}\n",
        path, name,
        candidates.empty() ? "names none of the file's functions"
                           : "has several concrete functions: name one of them",
        names_of(known)));
  }
  const SavedFunction& f = candidates.front();
  const tf::FunctionDef& def = *library_function(file, f.concrete);
  const auto& bound_ids =
      file.meta.object_graph_def().concrete_functions().at(f.concrete).bound_inputs();
  const std::map<int, int> bound = bound_variables(file);
  tf::NodeDef call;
  call.set_name(unique_node_name(file.graph, f.path + "~call"));
  call.set_op("StatefulPartitionedCall");
  (*call.mutable_attr())["f"].mutable_func()->set_name(f.concrete);
  EntryPoint entry;
  for (std::size_t k = 0; k < f.inputs.size(); ++k) {
    tf::NodeDef* arg = file.graph.add_node();
    arg->set_name(unique_node_name(file.graph, f.inputs[k].tensor));
    arg->set_op("Placeholder");
    (*arg->mutable_attr())["dtype"].set_type(def.signature().input_arg(static_cast<int>(k)).type());
    call.add_input(arg->name());
    entry.input_nodes[f.inputs[k].name] = arg->name();
  }
  for (int id : bound_ids) call.add_input(bind_object(file, bound, id, name));
  for (std::size_t k = 0; k < f.outputs; ++k) {
    const std::string tensor = fmt::format("{}:{}", call.name(), k);
    entry.fetches.push_back(tensor);
    entry.output_names[tensor] = fmt::format("output_{}", k);
  }
  if (f.outputs == 0) entry.targets.push_back(call.name());
  *file.graph.add_node() = std::move(call);
  return entry;
}

}  // namespace tfmc::sem
