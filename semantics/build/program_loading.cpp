// The file-level entry points of program_builder.h: reading files, parsing each once, routing
// --feed values to the programs that declare them, and rendering every file's diagnostics.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "semantics/build/program_builder.h"
#include "semantics/language/parser.h"

namespace tfmc::sem {
namespace {

// A UTF-8 byte-order mark, as some editors write, is not part of the first statement.
std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// The text of FILE; throws InputError when it cannot be read.
std::string read_program_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(fmt::format("{}: error: is a directory, not a .tfg file\n", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: error: cannot read the file\n", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One file parsed, with its syntax errors, not yet built.
struct ParsedFile {
  std::string name;
  DiagnosticList diags;
  Ast ast;
};

ParsedFile parse_file(const std::string& file_name, const std::string& text) {
  const std::string body(without_bom(text));
  ParsedFile parsed{file_name, DiagnosticList(file_name, body), {}};
  parsed.ast = parse_tfg(body, parsed.diags);
  return parsed;
}

// Builds a parsed file; throws InputError with its diagnostics, syntax errors included.
Program build_parsed(ParsedFile& parsed, const std::vector<Feed>& feeds, ValueStore& values) {
  // The statements that parsed are checked too, so that the first error printed is the first
  // in the file whatever its kind; names declared by broken statements count as declared.
  Program p = build_program(parsed.ast, feeds, values, parsed.diags);
  if (!parsed.diags.empty()) throw InputError(parsed.diags.render());
  p.file = parsed.name;
  for (Node& n : p.nodes) n.file = parsed.name;
  for (Variable& v : p.variables) v.file = parsed.name;
  return p;
}

}  // namespace

Program load_program_text(const std::string& file_name, const std::string& text,
                          const std::vector<Feed>& feeds, ValueStore& values) {
  ParsedFile parsed = parse_file(file_name, text);
  return build_parsed(parsed, feeds, values);
}

Program load_program(const std::string& path, const std::vector<Feed>& feeds, ValueStore& values) {
  return load_program_text(path, read_program_file(path), feeds, values);
}

std::vector<Program> load_programs(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& feeds, ValueStore& values) {
  if (paths.size() == 1) return {load_program(paths[0], feeds, values)};
  std::vector<ParsedFile> files;
  std::vector<std::set<std::string>> inputs;
  for (const std::string& path : paths) {
    files.push_back(parse_file(path, read_program_file(path)));
    std::set<std::string> names;
    for (const InputDecl& in : files.back().ast.inputs) names.insert(in.name);
    inputs.push_back(std::move(names));
  }
  for (const Feed& f : feeds) {
    const bool known = std::any_of(inputs.begin(), inputs.end(),
                                   [&](const auto& names) { return names.count(f.name) > 0; });
    if (!known) {
      throw InputError(fmt::format(
          "tfmc: --feed names '{}', which is not an input of any of the programs\n", f.name));
    }
  }
  std::vector<Program> programs;
  std::string errors;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::vector<Feed> own;
    for (const Feed& f : feeds) {
      if (inputs[i].count(f.name) > 0) own.push_back(f);
    }
    try {
      programs.push_back(build_parsed(files[i], own, values));
    } catch (const InputError& e) {
      errors += e.what();
    }
  }
  if (!errors.empty()) throw InputError(errors);
  return programs;
}

}  // namespace tfmc::sem
