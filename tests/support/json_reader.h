// A small strict JSON reader for tests (RFC 8259): it reads the documents that `tfmc check
// --json` prints and the expected.json files of testdata/, so tests compare parsed values
// rather than text.
//
// Contract: parse_json accepts exactly one JSON value surrounded by optional whitespace and
// throws JsonError (with the byte offset) on anything else, including trailing text and
// duplicate object keys. Object members keep their order in the text. Numbers keep their text
// as written next to their value, so integer counts compare exactly.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfmc::test {

class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;  // String: the decoded string; Number: the number as written
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  bool is(Kind k) const { return kind == k; }
  // The member named `key` of an object, or nullptr when there is none (or this is no object).
  const Json* find(std::string_view key) const;
  // The member named `key`; throws JsonError when it is missing.
  const Json& at(std::string_view key) const;
};

Json parse_json(std::string_view text);

// The kind's name, for messages: "null", "bool", "number", "string", "array", "object".
const char* kind_name(Json::Kind kind);

}  // namespace tfmc::test
