// The loader of a command's files, above both front ends: each file is a .tfg program (built by
// semantics/build/program_builder.h) or a TensorFlow graph file, recognized by its content
// (semantics/graphdef/graphdef_reader.h is_graph_file) and imported as the graph options say
// (semantics/graphdef/graphdef_import.h), then built as a .tfg program would be.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "semantics/build/loop_unrolling.h"
#include "semantics/build/program_builder.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// How the TensorFlow graph files among a command's files are read: the run to import (its
// `fed` is filled from the feeds) and the SavedModel tag.
struct GraphFileOptions {
  GraphRun run;
  std::string tag;
  // Variables start with the values of the checkpoint beside the file, as TensorFlow's loader
  // gives them (checkpoint_restore.h); false (--no-restore): uninitialized.
  bool restore = true;
  // The run by the names users know (semantics/graphdef/entry_points.h): a signature's key or
  // a saved function's path; neither, and no fetch, target or init: the `serving_default`
  // signature where the file has one.
  std::string signature;
  std::string function;
};

// One file's program, and what reading it found beyond errors.
struct LoadedFile {
  Program program;
  bool graph_file = false;            // a TensorFlow graph file, not a .tfg program
  ImportedGraph::Summary summary;     // graph files: what was imported
  std::vector<std::string> warnings;  // graph files: ops without a mapping
  std::string checkpoint;             // graph files: the checkpoint restored from, if any
  std::size_t restored = 0;           // graph files: the variables it gave values
  std::string entry;                  // graph files: the signature or function run, if any
};

// Files given by their bytes rather than read from disk, by the names that stand for them among
// a command's paths: a program a binding holds in memory (its name is what messages cite).
using FileContents = std::map<std::string, std::string>;

// Reads and builds each of `paths`: a .tfg program, or a TensorFlow graph file imported as
// `graph` says. A feed goes to every program that declares an input of its name (`NAME:0`
// names input NAME), or, in a graph file, gives the variable of a DT_RESOURCE placeholder of
// its name its value; a feed that names an input of none of them is an error, and so are
// --fetch, --target, --init and --tag with no graph file. Throws InputError with every file's
// diagnostics. A path that `contents` holds is not read: its bytes are those.
std::vector<LoadedFile> load_files(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& feeds, const GraphFileOptions& graph,
                                   ValueStore& values,
                                   std::uint32_t max_iterations = kDefaultMaxIterations,
                                   const FileContents& contents = {});

// Imports the TensorFlow graph file `path` as `graph` says, with the placeholders `feeds` name
// fed, and checks that it builds (as load_files would); returns the syntax tree (what
// `tfmc import` writes). Throws InputError on bad input or a file that is not a graph file.
Ast load_graph_ast(const std::string& path, const GraphFileOptions& graph,
                   const std::vector<Feed>& feeds, ValueStore& values);

}  // namespace tfmc::sem
