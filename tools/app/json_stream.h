// A JSON document written to a stream as it is made, for documents too big to hold whole (a
// check's outcome list): containers are opened, filled and closed in order, and each member is
// either written at once from a Json tree (json_document.h) or opened as a container of its own.
//
// Every container a stream opens is laid out one member per line (Json::Layout::Lines), and the
// text is byte for byte what Json::write gives for the same document built as a tree: a member
// starts its own line, indented two spaces deeper than the line that opened its container, the
// closing bracket goes back to that line's indentation, and an empty container is `{}` or `[]`.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

#include "tools/app/json_document.h"

namespace tfmc::app {

class JsonStream {
 public:
  // Writes to `out`, the document starting on a line indented by `indent`.
  explicit JsonStream(std::ostream& out, int indent = 0) : out_(out), indent_(indent) {}

  // The document itself (no container open yet): an object or an array.
  void open_object() { open('{', '}'); }
  void open_array() { open('[', ']'); }

  // In an open object: a member `key` whose value is `value`, or a container opened under it.
  void member(std::string_view key, const Json& value);
  void open_object(std::string_view key);
  void open_array(std::string_view key);

  // In an open array: an element.
  void element(const Json& value);

  // Closes the innermost open container.
  void close();

 private:
  struct Level {
    char close = '}';
    int indent = 0;  // of the line that opened it
    bool empty = true;
  };

  void open(char open, char close);
  // The separator before the next member of the innermost container, and its key when given.
  void start_member(std::string_view key);
  int inner_indent() const { return levels_.back().indent + 2; }

  std::ostream& out_;
  int indent_;
  std::vector<Level> levels_;
};

}  // namespace tfmc::app
