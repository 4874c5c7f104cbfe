#include "semantics/graphdef/graphdef_reader.h"

#include <fmt/format.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>

#include <array>
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
std::string first_field(std::string_view text) {
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
  return std::string(text.substr(i, end - i));
}

GraphFileMessage text_message(const std::string& field) {
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

void parse_text(const std::string& name, const std::string& text, pb::Message& message) {
  DiagnosticList diags(name, text);
  TextErrors errors(diags);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.AllowUnknownField(true);
  parser.AllowUnknownExtension(true);
  if (!parser.ParseFromString(text, &message) && diags.empty()) {
    diags.error({}, "not a protobuf text-format message");
  }
  if (!diags.empty()) throw InputError(diags.render());
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

// The graph of the MetaGraph whose tags hold `tag` (the first MetaGraph when `tag` is empty).
tf::GraphDef choose_meta_graph(const std::string& name, const tf::SavedModel& model,
                               const std::string& tag) {
  if (model.meta_graphs_size() == 0) fail(name, "the SavedModel holds no MetaGraph");
  if (tag.empty()) return model.meta_graphs(0).graph_def();
  std::vector<std::string> seen;
  for (const tf::MetaGraphDef& m : model.meta_graphs()) {
    for (const std::string& t : m.meta_info_def().tags()) {
      if (t == tag) return m.graph_def();
      seen.push_back(t);
    }
  }
  fail(name, fmt::format("no MetaGraph of the SavedModel has the tag '{}' (its tags: {})", tag,
                         seen.empty() ? "none" : fmt::format("{}", fmt::join(seen, ", "))));
}

}  // namespace

GraphFile parse_graph_file(const std::string& name, const std::string& bytes,
                           const std::string& tag) {
  GraphFile file;
  if (looks_like_text(bytes)) {
    file.form = GraphFileForm::Text;
    file.message = text_message(first_field(bytes));
    switch (file.message) {
      case GraphFileMessage::GraphDef:
        parse_text(name, bytes, file.graph);
        break;
      case GraphFileMessage::MetaGraphDef: {
        tf::MetaGraphDef meta;
        parse_text(name, bytes, meta);
        if (!meta.has_graph_def()) fail(name, "the MetaGraphDef holds no graph_def");
        file.graph = meta.graph_def();
        break;
      }
      case GraphFileMessage::SavedModel: {
        tf::SavedModel model;
        parse_text(name, bytes, model);
        file.graph = choose_meta_graph(name, model, tag);
        break;
      }
    }
    return file;
  }
  file.form = GraphFileForm::Binary;
  // Trying a message that the bytes do not hold makes libprotobuf log (invalid UTF-8 in a
  // string field, say); the outcome of the tries is what counts, so the log is silenced.
  const pb::LogSilencer silence;
  tf::SavedModel model;
  if (model.ParseFromString(bytes) && plausible(model)) {
    file.message = GraphFileMessage::SavedModel;
    file.graph = choose_meta_graph(name, model, tag);
    return file;
  }
  tf::MetaGraphDef meta;
  if (meta.ParseFromString(bytes) && plausible(meta)) {
    file.message = GraphFileMessage::MetaGraphDef;
    file.graph = meta.graph_def();
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
