// The file-type dispatch of file_loading.h: reading each file once, importing the graph files,
// routing --feed values to the programs that declare them, and rendering every file's
// diagnostics.
#include "semantics/loading/file_loading.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "semantics/build/program_files.h"
#include "semantics/graphdef/entry_points.h"
#include "semantics/graphdef/graph_selection.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/graphdef/import_op_tables.h"
#include "semantics/graphdef/tf_tensors.h"
#include "semantics/loading/checkpoint_restore.h"

namespace tfmc::sem {
namespace {

// One file parsed (or imported), with what an import found beyond errors.
struct ReadFile {
  ParsedFile parsed;
  bool graph_file = false;
  ImportedGraph::Summary summary;
  std::vector<std::string> warnings;
  std::string checkpoint;
  std::size_t restored = 0;
  std::string entry;
  std::set<std::string> variable_feeds;  // feeds that gave captured variables their values
  std::map<std::string, std::string> input_nodes;  // a feed's input key -> its placeholder
};

ReadFile parse_program(const std::string& path, const std::string& bytes) {
  return {parse_file(path, bytes), false, {}, {}, {}, 0, {}, {}, {}};
}

// The signature or function that `graph` chooses to run in `file`, the run made from it
// (its description in `entry`), or nullopt when the run is the fetches as given.
std::optional<EntryPoint> chosen_entry(GraphFile& file, const std::string& path,
                                       const GraphFileOptions& graph, std::string& entry) {
  const GraphRun& run = graph.run;
  const bool chosen = !graph.signature.empty() || !graph.function.empty();
  if (chosen && !run.fetches.empty()) {
    throw InputError(fmt::format(
        "{}: error: --signature and --function choose the outputs themselves; drop --fetch\n",
        path));
  }
  if (!graph.signature.empty() && !graph.function.empty()) {
    throw InputError(fmt::format("{}: error: choose --signature or --function, not both\n", path));
  }
  if (!graph.function.empty()) {
    entry = fmt::format("function '{}'", graph.function);
    return choose_function(file, path, graph.function);
  }
  std::string key = graph.signature;
  if (key.empty() && run.targets.empty() && run.inits.empty() && run.fetches.empty() &&
      file.meta.signature_def().count("serving_default") > 0) {
    key = "serving_default";
  }
  if (key.empty()) return std::nullopt;
  entry = fmt::format("signature '{}'", key);
  return choose_signature(file, path, key);
}

// Whether `name` is a DT_RESOURCE placeholder of `graph`: a variable a concrete function
// captured, which a feed gives its value.
bool is_captured_variable(const tf::GraphDef& graph, const std::string& name) {
  return std::any_of(graph.node().begin(), graph.node().end(), [&](const tf::NodeDef& node) {
    return node.name() == name && is_resource_placeholder(node);
  });
}

// As Session.run checks a feed: a value fed to a placeholder must have its dtype and a shape
// its shape admits (an unknown dimension any size). A resource placeholder fed a value is a
// captured variable's, whose value is not the handle's. Graphs of producer versions before 21
// wrote an empty shape for an unknown one, and TensorFlow reads them so. Throws InputError
// naming every feed that does not.
void check_placeholder_feeds(const std::string& path, const GraphFile& file,
                             const std::map<std::string, std::string>& input_nodes,
                             const std::vector<Feed>& feeds) {
  std::map<std::string, const tf::NodeDef*> placeholders;
  for (const tf::NodeDef& node : file.graph.node()) {
    if (is_placeholder(node.op())) placeholders[node.name()] = &node;
  }
  std::string errors;
  for (const Feed& f : feeds) {
    if (!f.value.literal) continue;  // a symbol stands for any value
    const auto key = input_nodes.find(f.name);
    const auto found = placeholders.find(key == input_nodes.end() ? f.name : key->second);
    if (found == placeholders.end()) continue;
    const tf::NodeDef& node = *found->second;
    const eval::Tensor& value = *f.value.literal;
    const auto dtype = node.attr().find("dtype");
    if (dtype != node.attr().end() && dtype->second.type() == tf::DT_RESOURCE) continue;
    const auto shape = node.attr().find("shape");
    const bool legacy_unknown = file.graph.versions().producer() < 21 &&
                                shape != node.attr().end() && shape->second.shape().dim_size() == 0;
    const std::optional<eval::DType> declared =
        dtype == node.attr().end() ? std::nullopt : dtype_of(dtype->second.type());
    if ((declared && *declared != value.dtype) ||
        (!legacy_unknown && !shape_admits(node, value.shape))) {
      errors += fmt::format(
          "{}: error: --feed {}: cannot feed a value of {}[{}] to placeholder '{}', which is {}\n",
          path, f.name, eval::dtype_name(value.dtype), fmt::join(value.shape, ","), node.name(),
          declared_type(node));
    }
  }
  if (!errors.empty()) throw InputError(errors);
}

// A TensorFlow graph file imported as `graph` says: its variables restored from the
// checkpoint beside it, the placeholders `feeds` name fed.
ReadFile import_file(const std::string& path, const std::string& bytes,
                     const GraphFileOptions& graph, const std::vector<Feed>& feeds) {
  GraphFile file = parse_graph_file(path, bytes, graph.tag);
  GraphRun run = graph.run;
  ReadFile read{{path, DiagnosticList(path, file.source), {}}, true, {}, {}, {}, 0, {}, {}, {}};
  if (auto chosen = chosen_entry(file, path, graph, read.entry)) {
    run.fetches = std::move(chosen->fetches);
    run.output_names = std::move(chosen->output_names);
    run.targets.insert(run.targets.end(), chosen->targets.begin(), chosen->targets.end());
    read.input_nodes = std::move(chosen->input_nodes);
  }
  check_placeholder_feeds(path, file, read.input_nodes, feeds);
  if (const auto prefix = checkpoint_beside(path, file); prefix && graph.restore) {
    RestoredVariables restored = restore_variables(path, file, *prefix);
    read.checkpoint = restored.checkpoint;
    read.restored = restored.values.size();
    run.variable_values = std::move(restored.values);
  }
  for (const Feed& f : feeds) {
    if (is_captured_variable(file.graph, f.name)) {
      run.variable_values[f.name] = f.value;
      read.variable_feeds.insert(f.name);
    } else {
      const auto node = read.input_nodes.find(f.name);
      run.fed.insert(node == read.input_nodes.end() ? f.name : node->second);
    }
  }
  ImportedGraph imported = import_graph(file, run, read.parsed.diags);
  // The tree of a graph with errors is partial; building it would only add follow-on errors.
  if (!read.parsed.diags.empty()) throw InputError(read.parsed.diags.render());
  read.parsed.ast = std::move(imported.ast);
  read.summary = imported.summary;
  read.warnings = std::move(imported.warnings);
  return read;
}

// The feeds of `feeds` that give a file's program its inputs, by the inputs' names: those
// that gave captured variables their values left out, input keys as their placeholders.
std::vector<Feed> input_feeds(const ReadFile& read, const std::vector<Feed>& feeds) {
  std::vector<Feed> inputs;
  for (Feed f : feeds) {
    if (read.variable_feeds.count(f.name) > 0) continue;
    if (const auto node = read.input_nodes.find(f.name); node != read.input_nodes.end()) {
      f.name = node->second;
    }
    inputs.push_back(std::move(f));
  }
  return inputs;
}

// The feeds with `NAME:0` written as NAME: the first output of placeholder NAME is input NAME.
std::vector<Feed> by_node(std::vector<Feed> feeds) {
  for (Feed& f : feeds) f.name = node_of(f.name);
  return feeds;
}

void require_graph_file(const std::vector<std::string>& values, const char* option) {
  if (!values.empty()) {
    throw InputError(fmt::format(
        "tfmc: {} applies to TensorFlow graph files, and none of the files is one\n", option));
  }
}

}  // namespace

Ast load_graph_ast(const std::string& given, const GraphFileOptions& graph,
                   const std::vector<Feed>& given_feeds, ValueStore& values) {
  const std::string path = program_file_of(given);
  const std::string bytes = read_program_file(path);
  if (!is_graph_file(path, bytes)) {
    throw InputError(fmt::format(
        "{}: error: not a TensorFlow graph file (a GraphDef, MetaGraphDef or SavedModel)\n", path));
  }
  const std::vector<Feed> feeds = by_node(given_feeds);
  ReadFile read = import_file(path, bytes, graph, feeds);
  Ast ast = read.parsed.ast;
  build_parsed(read.parsed, input_feeds(read, feeds), values, kDefaultMaxIterations);
  return ast;
}

std::vector<LoadedFile> load_files(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& given_feeds,
                                   const GraphFileOptions& graph, ValueStore& values,
                                   std::uint32_t max_iterations, const FileContents& contents) {
  const std::vector<Feed> feeds = by_node(given_feeds);
  std::vector<ReadFile> files;
  std::vector<std::set<std::string>> inputs;
  std::string errors;
  for (const std::string& given : paths) {
    const auto held = contents.find(given);
    const bool in_memory = held != contents.end();
    const std::string path = in_memory ? given : program_file_of(given);
    const std::string bytes = in_memory ? held->second : read_program_file(path);
    try {
      files.push_back(is_graph_file(path, bytes) ? import_file(path, bytes, graph, feeds)
                                                 : parse_program(path, bytes));
    } catch (const InputError& e) {
      errors += e.what();
      continue;
    }
    std::set<std::string> names = files.back().variable_feeds;
    for (const auto& [key, node] : files.back().input_nodes) names.insert(key);
    for (const InputDecl& in : files.back().parsed.ast.inputs) names.insert(in.name);
    inputs.push_back(std::move(names));
  }
  if (!errors.empty()) throw InputError(errors);
  if (std::none_of(files.begin(), files.end(), [](const ReadFile& f) { return f.graph_file; })) {
    require_graph_file(graph.run.fetches, "--fetch");
    require_graph_file(graph.run.targets, "--target");
    require_graph_file(graph.run.inits, "--init");
    for (const auto& [value, option] :
         {std::pair{&graph.tag, "--tag"}, std::pair{&graph.signature, "--signature"},
          std::pair{&graph.function, "--function"}}) {
      require_graph_file(value->empty() ? std::vector<std::string>{} : std::vector{*value}, option);
    }
  }
  // With one file, its builder reports a feed of no input, at the file.
  for (const Feed& f : feeds) {
    const bool known = std::any_of(inputs.begin(), inputs.end(),
                                   [&](const auto& names) { return names.count(f.name) > 0; });
    if (!known && files.size() > 1) {
      throw InputError(fmt::format(
          "tfmc: --feed names '{}', which is not an input of any of the programs\n", f.name));
    }
  }
  std::vector<LoadedFile> loaded;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::vector<Feed> own;
    for (const Feed& f : feeds) {
      if (inputs[i].count(f.name) > 0 || files.size() == 1) own.push_back(f);
    }
    try {
      loaded.push_back(
          {build_parsed(files[i].parsed, input_feeds(files[i], own), values, max_iterations),
           files[i].graph_file, files[i].summary, std::move(files[i].warnings), files[i].checkpoint,
           files[i].restored, files[i].entry});
      loaded.back().program.file = paths[i];  // as given: a SavedModel's directory, say
    } catch (const InputError& e) {
      errors += e.what();
    }
  }
  if (!errors.empty()) throw InputError(errors);
  return loaded;
}

}  // namespace tfmc::sem
