#include "semantics/graphdef/graphdef_reader.h"

#include <fmt/format.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string_view>

#include "semantics/errors/diagnostics.h"

namespace tfmc::sem {
namespace {

namespace pb = google::protobuf;

// Whether `bytes` read as text: valid UTF-8 without control characters other than tab, CR
// and LF. Binary protobufs hold tags and lengths below 0x20 almost always.
bool looks_like_text(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == '\t' || c == '\n' || c == '\r') continue;
    if (c < 0x20 || c == 0x7f) return false;
    if (c < 0x80) continue;
    // A UTF-8 lead byte and its continuation bytes.
    const int more = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
    if (more < 0) return false;
    for (int k = 1; k <= more; ++k) {
      if (i + k >= bytes.size()) return false;
      if ((static_cast<unsigned char>(bytes[i + k]) & 0xc0) != 0x80) return false;
    }
    i += static_cast<std::size_t>(more);
  }
  return true;
}

// The first field name of a text-format message, skipping whitespace and `#` comments.
std::string_view first_field(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else {
      break;
    }
  }
  std::size_t end = i;
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) {
    ++end;
  }
  return text.substr(i, end - i);
}

GraphFileMessage text_message(std::string_view field) {
  if (field == "saved_model_schema_version" || field == "meta_graphs") {
    return GraphFileMessage::SavedModel;
  }
  static constexpr std::array<std::string_view, 7> kMetaGraphFields = {
      "meta_info_def", "graph_def",      "saver_def",       "collection_def",
      "signature_def", "asset_file_def", "object_graph_def"};
  for (std::string_view f : kMetaGraphFields) {
    if (field == f) return GraphFileMessage::MetaGraphDef;
  }
  return GraphFileMessage::GraphDef;
}

// Collects text-format errors as located diagnostics; warnings (the unknown fields skipped)
// are not errors.
class TextErrors : public pb::io::ErrorCollector {
 public:
  explicit TextErrors(DiagnosticList& diags) : diags_(diags) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    // Lines and columns arrive 0-based; a position past the end arrives as line -1.
    diags_.error({line < 0 ? 0 : line + 1, line < 0 ? 0 : column + 1}, message);
  }
  void AddWarning(int, pb::io::ColumnNumber, const std::string&) override {}

 private:
  DiagnosticList& diags_;
};

void parse_text(const std::string& name, const std::string& text, pb::Message& message,
                pb::TextFormat::ParseInfoTree& tree) {
  DiagnosticList diags(name, text);
  TextErrors errors(diags);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.AllowUnknownField(true);
  parser.AllowUnknownExtension(true);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(text, &message) && diags.empty()) {
    diags.error({}, "not a protobuf text-format message");
  }
  if (!diags.empty()) throw InputError(diags.render());
}

// Where each node's `name` field is (1-based), from the parse tree of the GraphDef holding
// them; a node without a name is located at its `node` field.
std::vector<SourceLoc> node_locations(const pb::TextFormat::ParseInfoTree* graph_tree,
                                      const tf::GraphDef& graph) {
  std::vector<SourceLoc> locs(static_cast<std::size_t>(graph.node_size()));
  if (graph_tree == nullptr) return locs;
  const pb::FieldDescriptor* node_field = tf::GraphDef::descriptor()->FindFieldByName("node");
  const pb::FieldDescriptor* name_field = tf::NodeDef::descriptor()->FindFieldByName("name");
  for (int i = 0; i < graph.node_size(); ++i) {
    pb::TextFormat::ParseLocation at = graph_tree->GetLocation(node_field, i);
    if (const auto* node_tree = graph_tree->GetTreeForNested(node_field, i)) {
      const pb::TextFormat::ParseLocation name_at = node_tree->GetLocation(name_field, -1);
      if (name_at.line >= 0) at = name_at;
    }
    if (at.line >= 0) locs[static_cast<std::size_t>(i)] = {at.line + 1, at.column + 1};
  }
  return locs;
}

// The parse tree of a message's field `field` (not repeated: index -1).
const pb::TextFormat::ParseInfoTree* nested(const pb::TextFormat::ParseInfoTree* tree,
                                            const pb::Descriptor* type, const char* field,
                                            int index = -1) {
  if (tree == nullptr) return nullptr;
  return tree->GetTreeForNested(type->FindFieldByName(field), index);
}

// Whether a binary parse gave a graph rather than another message's bytes read as one: a
// graph has nodes or functions, and every node a name and an op.
bool plausible(const tf::GraphDef& g) {
  for (const tf::NodeDef& n : g.node()) {
    if (n.name().empty() || n.op().empty()) return false;
  }
  return g.node_size() > 0 || g.has_library();
}

bool plausible(const tf::MetaGraphDef& m) { return m.has_graph_def() && plausible(m.graph_def()); }

// A SavedModel has no other top-level fields, so bytes of a MetaGraphDef (whose fields it
// would keep as unknown ones) are not taken for one.
bool plausible(const tf::SavedModel& s) {
  if (s.meta_graphs_size() == 0 || !s.GetReflection()->GetUnknownFields(s).empty()) return false;
  for (const tf::MetaGraphDef& m : s.meta_graphs()) {
    if (!plausible(m)) return false;
  }
  return true;
}

[[noreturn]] void fail(const std::string& name, const std::string& message) {
  throw InputError(fmt::format("{}: error: {}\n", name, message));
}

// The index of the MetaGraph whose tags hold `tag` (the first MetaGraph when `tag` is empty).
int choose_meta_graph(const std::string& name, const tf::SavedModel& model,
                      const std::string& tag) {
  if (model.meta_graphs_size() == 0) fail(name, "the SavedModel holds no MetaGraph");
  if (tag.empty()) return 0;
  std::vector<std::string> seen;
  for (int i = 0; i < model.meta_graphs_size(); ++i) {
    for (const std::string& t : model.meta_graphs(i).meta_info_def().tags()) {
      if (t == tag) return i;
      seen.push_back(t);
    }
  }
  fail(name, fmt::format("no MetaGraph of the SavedModel has the tag '{}' (its tags: {})", tag,
                         seen.empty() ? "none" : fmt::format("{}", fmt::join(seen, ", "))));
}

// The chosen MetaGraph's graph as the file's graph, the rest of it as the file's meta graph.
void take_meta_graph(GraphFile& file, tf::MetaGraphDef meta) {
  file.graph = std::move(*meta.mutable_graph_def());
  meta.clear_graph_def();
  file.meta = std::move(meta);
}

}  // namespace

GraphFile parse_graph_file(const std::string& name, const std::string& bytes,
                           const std::string& tag) {
  GraphFile file;
  if (looks_like_text(bytes)) {
    file.form = GraphFileForm::Text;
    file.message = text_message(first_field(bytes));
    file.source = bytes;
    pb::TextFormat::ParseInfoTree tree;
    const pb::TextFormat::ParseInfoTree* graph_tree = &tree;
    switch (file.message) {
      case GraphFileMessage::GraphDef:
        parse_text(name, bytes, file.graph, tree);
        break;
      case GraphFileMessage::MetaGraphDef: {
        tf::MetaGraphDef meta;
        parse_text(name, bytes, meta, tree);
        if (!meta.has_graph_def()) fail(name, "the MetaGraphDef holds no graph_def");
        take_meta_graph(file, std::move(meta));
        graph_tree = nested(graph_tree, tf::MetaGraphDef::descriptor(), "graph_def");
        break;
      }
      case GraphFileMessage::SavedModel: {
        tf::SavedModel model;
        parse_text(name, bytes, model, tree);
        const int chosen = choose_meta_graph(name, model, tag);
        take_meta_graph(file, std::move(*model.mutable_meta_graphs(chosen)));
        graph_tree = nested(graph_tree, tf::SavedModel::descriptor(), "meta_graphs", chosen);
        graph_tree = nested(graph_tree, tf::MetaGraphDef::descriptor(), "graph_def");
        break;
      }
    }
    file.node_locs = node_locations(graph_tree, file.graph);
    return file;
  }
  file.form = GraphFileForm::Binary;
  // Trying a message that the bytes do not hold makes libprotobuf log (invalid UTF-8 in a
  // string field, say); the outcome of the tries is what counts, so the log is silenced.
  const pb::LogSilencer silence;
  tf::SavedModel model;
  if (model.ParseFromString(bytes) && plausible(model)) {
    file.message = GraphFileMessage::SavedModel;
    take_meta_graph(file,
                    std::move(*model.mutable_meta_graphs(choose_meta_graph(name, model, tag))));
    return file;
  }
  tf::MetaGraphDef meta;
  if (meta.ParseFromString(bytes) && plausible(meta)) {
    file.message = GraphFileMessage::MetaGraphDef;
    take_meta_graph(file, std::move(meta));
    return file;
  }
  if (file.graph.ParseFromString(bytes) && plausible(file.graph)) {
    file.message = GraphFileMessage::GraphDef;
    return file;
  }
  fail(name,
       "not a TensorFlow graph: neither protobuf text nor a binary GraphDef, MetaGraphDef or "
       "SavedModel (a truncated or corrupt file?)");
}

bool is_graph_file(std::string_view name, std::string_view bytes) {
  if (!looks_like_text(bytes)) return !name.ends_with(".tfg");
  // A file named as TensorFlow names its graph files is read as one, so that text which is
  // not a graph gets protobuf's located error, not the .tfg parser's.
  for (std::string_view ext : {".pb", ".pbtxt", ".pbtext", ".meta"}) {
    if (name.ends_with(ext)) return true;
  }
  const std::string_view field = first_field(bytes);
  static constexpr std::array<std::string_view, 4> kGraphFields = {"node", "library", "versions",
                                                                   "version"};
  const bool known =
      text_message(field) != GraphFileMessage::GraphDef ||
      std::find(kGraphFields.begin(), kGraphFields.end(), field) != kGraphFields.end();
  if (!known) return false;
  // The first non-blank character after the field name.
  auto at = static_cast<std::size_t>(field.data() - bytes.data()) + field.size();
  while (at < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[at]))) ++at;
  return at < bytes.size() && (bytes[at] == '{' || bytes[at] == ':');
}

GraphFile read_graph_file(const std::string& path, const std::string& tag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot read the file");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return parse_graph_file(path, bytes.str(), tag);
}

std::string describe(const GraphFile& file) {
  const char* form = file.form == GraphFileForm::Text ? "text" : "binary";
  switch (file.message) {
    case GraphFileMessage::GraphDef:
      return fmt::format("{} GraphDef", form);
    case GraphFileMessage::MetaGraphDef:
      return fmt::format("{} MetaGraphDef", form);
    case GraphFileMessage::SavedModel:
      return fmt::format("{} SavedModel", form);
  }
  return form;
}

}  // namespace tfmc::sem
