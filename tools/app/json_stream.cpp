#include "tools/app/json_stream.h"

#include <string>

namespace tfmc::app {

void JsonStream::open(char open, char close) {
  // A container opened as a member starts on its member's line, which is indented as the
  // container's members are; the document itself starts on the stream's first line.
  const int indent = levels_.empty() ? indent_ : inner_indent();
  out_ << open;
  levels_.push_back({close, indent, true});
}

void JsonStream::start_member(std::string_view key) {
  Level& level = levels_.back();
  out_ << (level.empty ? "\n" : ",\n")
       << std::string(static_cast<std::size_t>(inner_indent()), ' ');
  level.empty = false;
  if (level.close == '}') out_ << json_string(key) << ": ";
}

void JsonStream::member(std::string_view key, const Json& value) {
  start_member(key);
  out_ << value.write(inner_indent());
}

void JsonStream::open_object(std::string_view key) {
  start_member(key);
  open('{', '}');
}

void JsonStream::open_array(std::string_view key) {
  start_member(key);
  open('[', ']');
}

void JsonStream::element(const Json& value) {
  start_member({});
  out_ << value.write(inner_indent());
}

void JsonStream::close() {
  const Level level = levels_.back();
  levels_.pop_back();
  if (!level.empty) out_ << '\n' << std::string(static_cast<std::size_t>(level.indent), ' ');
  out_ << level.close;
}

}  // namespace tfmc::app
