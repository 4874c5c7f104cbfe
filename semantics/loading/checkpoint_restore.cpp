#include "semantics/loading/checkpoint_restore.h"

#include <fmt/format.h>

#include <filesystem>
#include <set>

#include "semantics/checkpoint/tensor_bundle.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/tf_tensors.h"
#include "semantics/loading/checkpoint_matching.h"

namespace tfmc::sem {
namespace {

namespace fs = std::filesystem;

bool has_index(const std::string& prefix) { return fs::is_regular_file(prefix + ".index"); }

// Whether the dtype and shape a variable's node declares admit the entry `spec` (an unknown
// dimension or rank admits any).
bool admits(const tf::NodeDef& node, const TensorSpec& spec) {
  const auto dtype = node.attr().find("dtype");
  if (dtype != node.attr().end() && dtype->second.type() != spec.dtype) return false;
  return shape_admits(node, spec.shape);
}

std::string declared(const TensorSpec& spec) {
  tf::TensorShapeProto dims;
  for (std::int64_t d : spec.shape) dims.add_dim()->set_size(d);
  return declared_type(spec.dtype, dims);
}

}  // namespace

std::optional<std::string> checkpoint_beside(const std::string& path, const GraphFile& file) {
  std::string prefix;
  if (file.message == GraphFileMessage::SavedModel) {
    prefix = (fs::path(path).parent_path() / "variables" / "variables").string();
  } else if (file.message == GraphFileMessage::MetaGraphDef && path.ends_with(".meta")) {
    prefix = path.substr(0, path.size() - 5);
  }
  if (prefix.empty() || !has_index(prefix)) return std::nullopt;
  return prefix;
}

RestoredVariables restore_variables(const std::string& path, const GraphFile& file,
                                    const std::string& prefix) {
  const TensorBundle bundle = TensorBundle::open(prefix);
  const std::vector<std::string> listed = bundle.keys();
  const std::set<std::string> keys(listed.begin(), listed.end());
  const std::optional<tf::TrackableObjectGraph> objects = bundle.object_graph();
  RestoredVariables restored{prefix, {}};
  for (const auto& [name, source] :
       checkpoint_sources(file, keys, objects ? &*objects : nullptr, prefix)) {
    const tf::NodeDef& node = file.graph.node(source.node);
    const TensorSpec spec = bundle.spec(source.key);
    if (!admits(node, spec)) {
      throw InputError(fmt::format(
          "{}: error: variable '{}' (node '{}') is {}, but the checkpoint {} holds {} for it "
          "under '{}'\n",
          path, name, node.name(), declared_type(node), prefix, declared(spec), source.key));
    }
    restored.values.emplace(name, InitValue{bundle.tensor(source.key), "", {}});
  }
  return restored;
}

}  // namespace tfmc::sem
