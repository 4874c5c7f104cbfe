// Reading and building one program file: the steps that loading a .tfg file (program_builder.h
// load_program) and the loader of a command's files (semantics/loading/file_loading.h) share.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// One file parsed (or imported), with its errors, not yet built.
struct ParsedFile {
  std::string name;
  DiagnosticList diags;
  Ast ast;
};

// The content of FILE; throws InputError when it cannot be read (a directory among them).
std::string read_program_file(const std::string& path);

// The file that the FILE argument `path` names: `path` itself, or, for a SavedModel directory
// (as TensorFlow's loaders take it), its saved_model.pb, else its saved_model.pbtxt. Throws
// InputError for a directory that holds neither.
std::string program_file_of(const std::string& path);

// Parses .tfg text, a UTF-8 byte-order mark before it left out; syntax errors go to `diags`.
ParsedFile parse_file(const std::string& file_name, const std::string& text);

// Builds a parsed file, its program, nodes and variables marked with the file's name. Throws
// InputError with its diagnostics, syntax errors included.
Program build_parsed(ParsedFile& parsed, const std::vector<Feed>& feeds, ValueStore& values,
                     std::uint32_t max_iterations);

}  // namespace tfmc::sem
