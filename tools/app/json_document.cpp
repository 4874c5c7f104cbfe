#include "tools/app/json_document.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace tfmc::app {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (2 to 4), or 0 if there is none.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  std::uint32_t min = 0;
  if ((c & 0xe0) == 0xc0)
    n = 2, min = 0x80;
  else if ((c & 0xf0) == 0xe0)
    n = 3, min = 0x800;
  else if ((c & 0xf8) == 0xf0)
    n = 4, min = 0x10000;
  else
    return 0;
  if (i + n > s.size()) return 0;
  std::uint32_t code = c & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    const auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xc0) != 0x80) return 0;
    code = (code << 6) | (d & 0x3f);
  }
  const bool surrogate = code >= 0xd800 && code <= 0xdfff;
  return code >= min && code <= 0x10ffff && !surrogate ? n : 0;
}

// A line break and `indent` spaces. Built in place: GCC 12 warns (-Wrestrict, wrongly) on
// `"\n" + std::string(indent, ' ')`.
std::string new_line(int indent) {
  std::string s(static_cast<std::size_t>(indent) + 1, ' ');
  s.front() = '\n';
  return s;
}

}  // namespace

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\t':
        out += "\\t";
        continue;
      case '\r':
        out += "\\r";
        continue;
      default:
        break;
    }
    if (c >= 0x80) {
      if (const std::size_t n = utf8_sequence(s, i); n > 0) {
        out.append(s.substr(i, n));  // valid UTF-8 passes through unchanged
        i += n - 1;
        continue;
      }
    }
    if (c < 0x20 || c >= 0x7f) {
      // Control characters, and bytes that are not UTF-8 (read as Latin-1), are escaped so the
      // document is always valid JSON.
      out += fmt::format("\\u{:04x}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

Json Json::object(Layout layout) {
  Json j;
  j.value_ = std::make_shared<Container>(Container{true, layout, {}});
  return j;
}

Json Json::array(Layout layout) {
  Json j;
  j.value_ = std::make_shared<Container>(Container{false, layout, {}});
  return j;
}

Json& Json::set(std::string key, Json value) {
  std::get<std::shared_ptr<Container>>(value_)->members.emplace_back(std::move(key),
                                                                     std::move(value));
  return *this;
}

Json& Json::push(Json value) {
  std::get<std::shared_ptr<Container>>(value_)->members.emplace_back(std::string(),
                                                                     std::move(value));
  return *this;
}

std::string Json::write(int indent) const {
  struct Writer {
    int indent;
    std::string operator()(std::nullptr_t) const { return "null"; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(const std::string& s) const { return json_string(s); }
    std::string operator()(std::uint64_t n) const { return std::to_string(n); }
    std::string operator()(std::int64_t n) const { return std::to_string(n); }
    // Enough digits to read back. JSON has no literal for NaN or the infinities: they are the
    // strings "nan", "inf" and "-inf" (FORMAT.md, "The JSON result").
    std::string operator()(double d) const {
      if (std::isnan(d)) return "\"nan\"";
      if (std::isinf(d)) return d > 0 ? "\"inf\"" : "\"-inf\"";
      return fmt::format("{}", d);
    }
    std::string operator()(const std::shared_ptr<Container>& c) const {
      const char* open = c->is_object ? "{" : "[";
      const char* close = c->is_object ? "}" : "]";
      if (c->members.empty()) return std::string(open) + close;
      const bool lines = c->layout == Layout::Lines;
      const int inner = lines ? indent + 2 : indent;
      std::string separator = ",";
      separator += lines ? new_line(inner) : " ";
      std::string out = open;
      if (lines) out += new_line(inner);
      for (std::size_t i = 0; i < c->members.size(); ++i) {
        if (i > 0) out += separator;
        const auto& [key, value] = c->members[i];
        if (c->is_object) out += json_string(key) + ": ";
        out += value.write(inner);
      }
      if (lines) out += new_line(indent);
      return out + close;
    }
  };
  return std::visit(Writer{indent}, value_);
}

}  // namespace tfmc::app
