// Reading the graph files TensorFlow writes: a GraphDef in text or binary form (what
// tf.io.write_graph writes with as_text=True or False), a MetaGraphDef (.meta) or a SavedModel
// (saved_model.pb) around one, in either form. The first step of the GraphDef front end; the
// import into a Program builds on it.
//
// The form follows from the content: a file whose bytes are all text (printable UTF-8, tab,
// CR, LF) is read as protobuf text format, anything else as the binary wire format. Which
// message the file holds follows from its content too: in text, from the first field name;
// in binary, from which of SavedModel, MetaGraphDef and GraphDef (tried in that order) parses
// into a plausible graph (every node named and with an op, nothing left over unread at the
// top level). Fields tfmc does not know are tolerated: real files carry many.
//
// Bad input (an unreadable file, a text syntax error, a corrupt or truncated binary, a
// SavedModel without the MetaGraph asked for) throws InputError: `FILE:LINE:COL: error: ...`
// for text, `FILE: error: ...` for binary.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/tf_graph.pb.h"

namespace tfmc::sem {

enum class GraphFileForm { Text, Binary };
enum class GraphFileMessage { GraphDef, MetaGraphDef, SavedModel };

struct GraphFile {
  tf::GraphDef graph;
  // A MetaGraphDef's (a SavedModel's chosen MetaGraph's) other parts, its graph_def cleared:
  // the signatures, the saver, TF2's object graph. Empty for a GraphDef.
  tf::MetaGraphDef meta;
  GraphFileForm form = GraphFileForm::Text;
  GraphFileMessage message = GraphFileMessage::GraphDef;
  // Text files: the text (diagnostics quote its lines) and, per node of `graph`, where its
  // `name` field is. Binary files: both empty (diagnostics name the node instead).
  std::string source;
  std::vector<SourceLoc> node_locs;
  // Filled by function inlining (function_inlining.h), per node of `graph`: the outermost If
  // or While whose lowering made it, or "". The import runs such a group whole, as TensorFlow
  // prunes the graph before it lowers them.
  std::vector<std::string> lowered_from;
};

// Whether the file `name` holding `bytes` is a TensorFlow graph file rather than a .tfg
// program: text whose first field is a field of GraphDef, MetaGraphDef or SavedModel followed
// by `{` or `:` (no .tfg statement starts so), any text in a file named `*.pb`, `*.pbtxt`,
// `*.pbtext` or `*.meta`, or binary content, unless the name ends in `.tfg` (the .tfg parser
// then says where its first bad byte is).
bool is_graph_file(std::string_view name, std::string_view bytes);

// Reads `path`; `tag` chooses the MetaGraph of a SavedModel whose tags hold it (empty: the
// first MetaGraph).
GraphFile read_graph_file(const std::string& path, const std::string& tag = "");

// The same for a file's contents, `name` naming it in messages.
GraphFile parse_graph_file(const std::string& name, const std::string& bytes,
                           const std::string& tag = "");

// "text GraphDef", "binary SavedModel", ...: how a file was read, for messages and reports.
std::string describe(const GraphFile& file);

}  // namespace tfmc::sem
