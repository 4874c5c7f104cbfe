#include "tools/app/json.h"

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

std::string json_number(double v) {
  if (!std::isfinite(v)) return "0";
  return fmt::format("{}", v);
}

}  // namespace tfmc::app
