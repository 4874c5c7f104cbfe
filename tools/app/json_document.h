// JSON documents built as trees, then written once: every JSON the tool prints (check, races,
// compare, SARIF) is made this way, never by editing rendered text.
//
// The layout is part of what users see, so each object and array says how it is laid out:
// inline (`{"a": 1, "b": [2, 3]}`, on one line) or one member per line, indented two spaces
// deeper than the line that opens it, the closing bracket back at that line's indentation.
// An empty container is `{}` or `[]` either way. Keys keep their insertion order (FORMAT.md
// fixes the order of the documented keys).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tfmc::app {

class Json {
 public:
  enum class Layout { Inline, Lines };

  Json() : value_(nullptr) {}  // null
  Json(bool b) : value_(b) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(std::uint64_t n) : value_(n) {}
  Json(int n) : value_(static_cast<std::int64_t>(n)) {}
  Json(std::int64_t n) : value_(n) {}
  Json(double d) : value_(d) {}  // NaN and the infinities as the strings "nan", "inf", "-inf"

  static Json object(Layout layout = Layout::Inline);
  static Json array(Layout layout = Layout::Inline);

  // Adds a member to an object (keys are not checked for repeats) and returns *this.
  Json& set(std::string key, Json value);
  // Appends an element to an array and returns *this.
  Json& push(Json value);

  // The document as text; `indent` is the indentation of the line it starts on.
  std::string write(int indent = 0) const;

 private:
  struct Container {
    bool is_object = false;
    Layout layout = Layout::Inline;
    std::vector<std::pair<std::string, Json>> members;  // keys empty in an array
  };
  std::variant<std::nullptr_t, bool, std::string, std::uint64_t, std::int64_t, double,
               std::shared_ptr<Container>>
      value_;
};

// `s` as a JSON string literal, quotes included. Valid UTF-8 passes through; control
// characters and bytes that are not valid UTF-8 are escaped as \uXXXX (a stray byte as its
// Latin-1 character), so the document is always valid JSON.
std::string json_string(std::string_view s);

}  // namespace tfmc::app
