#include "support/json_reader.h"

#include <charconv>
#include <cstdint>
#include <set>

namespace tfmc::test {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  Json document() {
    Json v = value(0);
    skip_space();
    if (pos_ != text_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  // Nesting deeper than this is rejected instead of overflowing the stack.
  static constexpr int kMaxDepth = 256;

  [[noreturn]] void fail(const std::string& what) const {
    throw JsonError("JSON error at byte " + std::to_string(pos_) + ": " + what);
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool accept(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }

  bool accept_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Json value(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    skip_space();
    if (pos_ >= text_.size()) fail("expected a value but found the end");
    Json v;
    const char c = text_[pos_];
    if (c == '{') {
      v.kind = Json::Kind::Object;
      ++pos_;
      std::set<std::string> keys;
      if (accept('}')) return v;
      do {
        skip_space();
        if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a member name");
        std::string key = string();
        if (!keys.insert(key).second) fail("duplicate member name \"" + key + "\"");
        expect(':');
        v.members.emplace_back(std::move(key), value(depth + 1));
      } while (accept(','));
      expect('}');
    } else if (c == '[') {
      v.kind = Json::Kind::Array;
      ++pos_;
      if (accept(']')) return v;
      do {
        v.items.push_back(value(depth + 1));
      } while (accept(','));
      expect(']');
    } else if (c == '"') {
      v.kind = Json::Kind::String;
      v.text = string();
    } else if (accept_word("true")) {
      v.kind = Json::Kind::Bool;
      v.boolean = true;
    } else if (accept_word("false")) {
      v.kind = Json::Kind::Bool;
    } else if (accept_word("null")) {
      v.kind = Json::Kind::Null;
    } else {
      v.kind = Json::Kind::Number;
      number(v);
    }
    return v;
  }

  void number(Json& v) {
    const std::size_t start = pos_;
    const auto digits = [&] {
      const std::size_t first = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - first;
    };
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    const std::size_t int_start = pos_;
    const std::size_t int_digits = digits();
    if (int_digits == 0) fail("expected a value");
    if (int_digits > 1 && text_[int_start] == '0') fail("a number may not start with 0");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (digits() == 0) fail("expected digits after '.'");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (digits() == 0) fail("expected digits in the exponent");
    }
    v.text = std::string(text_.substr(start, pos_ - start));
    const auto [ptr, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), v.number);
    if (ec != std::errc() || ptr != v.text.data() + v.text.size()) fail("bad number " + v.text);
  }

  unsigned hex4() {
    if (pos_ + 4 > text_.size()) fail("short \\u escape");
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      code <<= 4;
      if (h >= '0' && h <= '9') {
        code |= static_cast<unsigned>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        code |= static_cast<unsigned>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        code |= static_cast<unsigned>(h - 'A' + 10);
      } else {
        fail("bad hex digit in \\u escape");
      }
    }
    return code;
  }

  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  // Reads a string starting at its opening quote; returns it decoded (UTF-8).
  std::string string() {
    ++pos_;  // the opening quote
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          std::uint32_t code = hex4();
          if (code >= 0xD800 && code < 0xDC00) {
            if (!accept_word("\\u")) fail("high surrogate without its low surrogate");
            const std::uint32_t low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("bad low surrogate");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code < 0xE000) {
            fail("low surrogate without a high surrogate");
          }
          append_utf8(out, code);
          break;
        }
        default:
          fail(std::string("bad escape \\") + e);
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

const Json* Json::find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

const Json& Json::at(std::string_view key) const {
  const Json* v = find(key);
  if (v == nullptr) throw JsonError("missing member \"" + std::string(key) + "\"");
  return *v;
}

Json parse_json(std::string_view text) { return Reader(text).document(); }

const char* kind_name(Json::Kind kind) {
  switch (kind) {
    case Json::Kind::Null:
      return "null";
    case Json::Kind::Bool:
      return "bool";
    case Json::Kind::Number:
      return "number";
    case Json::Kind::String:
      return "string";
    case Json::Kind::Array:
      return "array";
    case Json::Kind::Object:
      return "object";
  }
  return "?";
}

}  // namespace tfmc::test
