// The file-level entry points of program_builder.h for .tfg files (program_files.h): reading a
// file, parsing it and building it, with its diagnostics rendered.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "semantics/build/program_builder.h"
#include "semantics/build/program_files.h"
#include "semantics/language/parser.h"

namespace tfmc::sem {
namespace {

// A UTF-8 byte-order mark, as some editors write, is not part of the first statement.
std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace

std::string program_file_of(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return path;
  for (const char* name : {"saved_model.pb", "saved_model.pbtxt"}) {
    const std::filesystem::path file = std::filesystem::path(path) / name;
    if (std::filesystem::is_regular_file(file, ec)) return file.string();
  }
  throw InputError(fmt::format(
      "{}: error: is a directory without saved_model.pb or saved_model.pbtxt, not a SavedModel\n",
      path));
}

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

ParsedFile parse_file(const std::string& file_name, const std::string& text) {
  const std::string body(without_bom(text));
  ParsedFile parsed{file_name, DiagnosticList(file_name, body), {}};
  parsed.ast = parse_tfg(body, parsed.diags);
  return parsed;
}

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

Program load_program_text(const std::string& file_name, const std::string& text,
                          const std::vector<Feed>& feeds, ValueStore& values,
                          std::uint32_t max_iterations) {
  ParsedFile parsed = parse_file(file_name, text);
  return build_parsed(parsed, feeds, values, max_iterations);
}

Program load_program(const std::string& path, const std::vector<Feed>& feeds, ValueStore& values) {
  return load_program_text(path, read_program_file(path), feeds, values);
}

}  // namespace tfmc::sem
