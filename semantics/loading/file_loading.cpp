// The file-type dispatch of file_loading.h: reading each file once, importing the graph files,
// routing --feed values to the programs that declare them, and rendering every file's
// diagnostics.
#include "semantics/loading/file_loading.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "semantics/build/program_files.h"
#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {
namespace {

// One file parsed (or imported), with what an import found beyond errors.
struct ReadFile {
  ParsedFile parsed;
  bool graph_file = false;
  ImportedGraph::Summary summary;
  std::vector<std::string> warnings;
};

ReadFile parse_program(const std::string& path, const std::string& bytes) {
  return {parse_file(path, bytes), false, {}, {}};
}

// A TensorFlow graph file imported as `graph` says, with the placeholders `feeds` name fed.
ReadFile import_file(const std::string& path, const std::string& bytes,
                     const GraphFileOptions& graph, const std::vector<Feed>& feeds) {
  const GraphFile file = parse_graph_file(path, bytes, graph.tag);
  GraphRun run = graph.run;
  for (const Feed& f : feeds) run.fed.insert(f.name);
  ReadFile read{{path, DiagnosticList(path, file.source), {}}, true, {}, {}};
  ImportedGraph imported = import_graph(file, run, read.parsed.diags);
  // The tree of a graph with errors is partial; building it would only add follow-on errors.
  if (!read.parsed.diags.empty()) throw InputError(read.parsed.diags.render());
  read.parsed.ast = std::move(imported.ast);
  read.summary = imported.summary;
  read.warnings = std::move(imported.warnings);
  return read;
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

Ast load_graph_ast(const std::string& path, const GraphFileOptions& graph,
                   const std::vector<Feed>& given_feeds, ValueStore& values) {
  const std::string bytes = read_program_file(path);
  if (!is_graph_file(path, bytes)) {
    throw InputError(fmt::format(
        "{}: error: not a TensorFlow graph file (a GraphDef, MetaGraphDef or SavedModel)\n", path));
  }
  const std::vector<Feed> feeds = by_node(given_feeds);
  ReadFile read = import_file(path, bytes, graph, feeds);
  Ast ast = read.parsed.ast;
  build_parsed(read.parsed, feeds, values, kDefaultMaxIterations);
  return ast;
}

std::vector<LoadedFile> load_files(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& given_feeds,
                                   const GraphFileOptions& graph, ValueStore& values,
                                   std::uint32_t max_iterations) {
  const std::vector<Feed> feeds = by_node(given_feeds);
  std::vector<ReadFile> files;
  std::vector<std::set<std::string>> inputs;
  std::string errors;
  for (const std::string& path : paths) {
    const std::string bytes = read_program_file(path);
    try {
      files.push_back(is_graph_file(path, bytes) ? import_file(path, bytes, graph, feeds)
                                                 : parse_program(path, bytes));
    } catch (const InputError& e) {
      errors += e.what();
      continue;
    }
    std::set<std::string> names;
    for (const InputDecl& in : files.back().parsed.ast.inputs) names.insert(in.name);
    inputs.push_back(std::move(names));
  }
  if (!errors.empty()) throw InputError(errors);
  if (std::none_of(files.begin(), files.end(), [](const ReadFile& f) { return f.graph_file; })) {
    require_graph_file(graph.run.fetches, "--fetch");
    require_graph_file(graph.run.targets, "--target");
    require_graph_file(graph.run.inits, "--init");
    require_graph_file(graph.tag.empty() ? std::vector<std::string>{} : std::vector{graph.tag},
                       "--tag");
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
      loaded.push_back({build_parsed(files[i].parsed, own, values, max_iterations),
                        files[i].graph_file, files[i].summary, std::move(files[i].warnings)});
    } catch (const InputError& e) {
      errors += e.what();
    }
  }
  if (!errors.empty()) throw InputError(errors);
  return loaded;
}

}  // namespace tfmc::sem
