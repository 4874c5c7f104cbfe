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

#include "semantics/graphdef/tf_graph.pb.h"

namespace tfmc::sem {

enum class GraphFileForm { Text, Binary };
enum class GraphFileMessage { GraphDef, MetaGraphDef, SavedModel };

struct GraphFile {
  tf::GraphDef graph;
  GraphFileForm form = GraphFileForm::Text;
  GraphFileMessage message = GraphFileMessage::GraphDef;
};

// Reads `path`; `tag` chooses the MetaGraph of a SavedModel whose tags hold it (empty: the
// first MetaGraph).
GraphFile read_graph_file(const std::string& path, const std::string& tag = "");

// The same for a file's contents, `name` naming it in messages.
GraphFile parse_graph_file(const std::string& name, const std::string& bytes,
                           const std::string& tag = "");

// "text GraphDef", "binary SavedModel", ...: how a file was read, for messages and reports.
std::string describe(const GraphFile& file);

}  // namespace tfmc::sem
