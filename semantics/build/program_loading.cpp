// The file-level entry points of program_builder.h: reading files, parsing each once, routing
// --feed values to the programs that declare them, and rendering every file's diagnostics.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "semantics/build/program_builder.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/language/parser.h"

namespace tfmc::sem {
namespace {

// A UTF-8 byte-order mark, as some editors write, is not part of the first statement.
std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// The content of FILE; throws InputError when it cannot be read.
std::string read_program_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(fmt::format("{}: error: is a directory, not a graph file\n", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: error: cannot read the file\n", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One file parsed (or imported), with its errors, not yet built.
struct ParsedFile {
  std::string name;
  DiagnosticList diags;
  Ast ast;
  bool graph_file = false;
  ImportedGraph::Summary summary;
  std::vector<std::string> warnings;
};

ParsedFile parse_file(const std::string& file_name, const std::string& text) {
  const std::string body(without_bom(text));
  ParsedFile parsed{file_name, DiagnosticList(file_name, body), {}, false, {}, {}};
  parsed.ast = parse_tfg(body, parsed.diags);
  return parsed;
}

// Builds a parsed file; throws InputError with its diagnostics, syntax errors included.
Program build_parsed(ParsedFile& parsed, const std::vector<Feed>& feeds, ValueStore& values,
                     std::uint32_t max_iterations) {
  // The statements that parsed are checked too, so that the first error printed is the first
  // in the file whatever its kind; names declared by broken statements count as declared.
  Program p = build_program(parsed.ast, feeds, values, parsed.diags, max_iterations);
  if (!parsed.diags.empty()) throw InputError(parsed.diags.render());
  p.file = parsed.name;
  for (Node& n : p.nodes) n.file = parsed.name;
  for (Variable& v : p.variables) v.file = parsed.name;
  return p;
}

}  // namespace

Program load_program_text(const std::string& file_name, const std::string& text,
                          const std::vector<Feed>& feeds, ValueStore& values,
                          std::uint32_t max_iterations) {
  ParsedFile parsed = parse_file(file_name, text);
  return build_parsed(parsed, feeds, values, max_iterations);
}

Program load_program(const std::string& path, const std::vector<Feed>& feeds, ValueStore& values) {
  return load_program_text(path, read_program_file(path), feeds, values);
}

namespace {

// A TensorFlow graph file imported as `graph` says, with the placeholders `feeds` name fed.
ParsedFile import_file(const std::string& path, const std::string& bytes,
                       const GraphFileOptions& graph, const std::vector<Feed>& feeds) {
  const GraphFile file = parse_graph_file(path, bytes, graph.tag);
  GraphRun run = graph.run;
  for (const Feed& f : feeds) run.fed.insert(f.name);
  ParsedFile parsed{path, DiagnosticList(path, file.source), {}, true, {}, {}};
  ImportedGraph imported = import_graph(file, run, parsed.diags);
  // The tree of a graph with errors is partial; building it would only add follow-on errors.
  if (!parsed.diags.empty()) throw InputError(parsed.diags.render());
  parsed.ast = std::move(imported.ast);
  parsed.summary = imported.summary;
  parsed.warnings = std::move(imported.warnings);
  return parsed;
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
  ParsedFile parsed = import_file(path, bytes, graph, feeds);
  Ast ast = parsed.ast;
  build_parsed(parsed, feeds, values, kDefaultMaxIterations);
  return ast;
}

std::vector<LoadedFile> load_files(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& given_feeds,
                                   const GraphFileOptions& graph, ValueStore& values,
                                   std::uint32_t max_iterations) {
  const std::vector<Feed> feeds = by_node(given_feeds);
  std::vector<ParsedFile> files;
  std::vector<std::set<std::string>> inputs;
  std::string errors;
  for (const std::string& path : paths) {
    const std::string bytes = read_program_file(path);
    try {
      files.push_back(is_graph_file(path, bytes) ? import_file(path, bytes, graph, feeds)
                                                 : parse_file(path, bytes));
    } catch (const InputError& e) {
      errors += e.what();
      continue;
    }
    std::set<std::string> names;
    for (const InputDecl& in : files.back().ast.inputs) names.insert(in.name);
    inputs.push_back(std::move(names));
  }
  if (!errors.empty()) throw InputError(errors);
  if (std::none_of(files.begin(), files.end(), [](const ParsedFile& f) { return f.graph_file; })) {
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
      loaded.push_back({build_parsed(files[i], own, values, max_iterations), files[i].graph_file,
                        files[i].summary, std::move(files[i].warnings)});
    } catch (const InputError& e) {
      errors += e.what();
    }
  }
  if (!errors.empty()) throw InputError(errors);
  return loaded;
}

}  // namespace tfmc::sem
