#include "semantics/values/tensor_text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace tfmc::sem {

using eval::DType;

std::string format_float(double v, DType t) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  // Without a precision, to_chars in scientific form gives the shortest digits that read back
  // to the same value of the argument's type: [-]D[.DDD]e(+|-)XX.
  char buf[64];
  const std::to_chars_result res =
      t == DType::F32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v),
                                      std::chars_format::scientific)
                      : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(res.ptr - buf));
  std::string out;
  if (s.front() == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  const std::size_t e_pos = s.find('e');
  const std::string_view mantissa = s.substr(0, e_pos);
  const std::string_view exponent_text = s.substr(e_pos + 1);
  int exponent = 0;
  std::from_chars(exponent_text.data() + 1, exponent_text.data() + exponent_text.size(), exponent);
  if (exponent_text.front() == '-') exponent = -exponent;
  if (exponent < -4 || exponent >= 16) {
    out += s;  // Already Python's layout: `1e+16`, `1.5e-05`.
    return out;
  }
  std::string digits(1, mantissa.front());
  if (mantissa.size() > 2) digits += mantissa.substr(2);
  if (exponent < 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-exponent - 1), '0');
    out += digits;
  } else {
    const auto int_digits = static_cast<std::size_t>(exponent) + 1;
    if (digits.size() <= int_digits) {
      out += digits;
      out.append(int_digits - digits.size(), '0');
    } else {
      out += digits.substr(0, int_digits);
      out += '.';
      out += digits.substr(int_digits);
    }
  }
  return out;
}

namespace {

template <class T>
T element(const eval::Tensor& t, std::int64_t i) {
  T v;
  std::memcpy(&v, t.bytes.data() + i * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
  return v;
}

}  // namespace

std::string format_element(const eval::Tensor& t, std::int64_t i) {
  switch (t.dtype) {
    case DType::F32:
      return format_float(element<float>(t, i), DType::F32);
    case DType::F64:
      return format_float(element<double>(t, i), DType::F64);
    case DType::I32:
      return std::to_string(element<std::int32_t>(t, i));
    case DType::I64:
      return std::to_string(element<std::int64_t>(t, i));
    case DType::Bool:
      break;
  }
  return t.bytes[static_cast<std::size_t>(i)] != 0 ? "true" : "false";
}

double element_as_double(const eval::Tensor& t, std::int64_t i) {
  switch (t.dtype) {
    case DType::F32:
      return element<float>(t, i);
    case DType::F64:
      return element<double>(t, i);
    case DType::I32:
      return element<std::int32_t>(t, i);
    case DType::I64:
      return static_cast<double>(element<std::int64_t>(t, i));
    case DType::Bool:
      break;
  }
  return t.bytes[static_cast<std::size_t>(i)];
}

std::string format_tensor_type(const eval::Tensor& t) {
  std::string out(eval::dtype_name(t.dtype));
  if (!t.shape.empty()) {
    out += '[';
    for (std::size_t d = 0; d < t.shape.size(); ++d) {
      if (d > 0) out += ',';
      out += std::to_string(t.shape[d]);
    }
    out += ']';
  }
  return out;
}

std::string format_tensor(const eval::Tensor& t) {
  std::string out = format_tensor_type(t);
  out += '{';
  const std::int64_t n = t.size();
  for (std::int64_t i = 0; i < n; ++i) {
    if (i > 0) out += ", ";
    out += format_element(t, i);
  }
  out += '}';
  return out;
}

namespace {

struct ParseError {
  std::size_t offset;
  std::string message;
};

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Characters that may appear in one element token: digits, letters (inf, nan, true, hex
// digits, exponent markers), signs and the decimal point.
bool is_token_char(char c) { return is_word_char(c) || c == '+' || c == '-' || c == '.'; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_hex_digit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// Skips a run of digits (hex digits when `hex`) starting at s[i]; returns how many there were.
std::size_t skip_digits(std::string_view s, std::size_t& i, bool hex) {
  const std::size_t start = i;
  while (i < s.size() && (hex ? is_hex_digit(s[i]) : is_digit(s[i]))) ++i;
  return i - start;
}

// [sign] (inf | nan | digits[.digits] | .digits | 0x hexdigits[.hexdigits]) with an optional
// exponent (e[sign]digits, or p[sign]digits for hex), and nothing else.
bool is_float_syntax(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::string_view body = s.substr(i);
  if (body == "inf" || body == "nan") return true;
  const bool hex = body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X');
  if (hex) i += 2;
  std::size_t mantissa_digits = skip_digits(s, i, hex);
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa_digits += skip_digits(s, i, hex);
  }
  if (mantissa_digits == 0) return false;
  if (i < s.size() && (hex ? (s[i] == 'p' || s[i] == 'P') : (s[i] == 'e' || s[i] == 'E'))) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (skip_digits(s, i, false) == 0) return false;
  }
  return i == s.size();
}

class LiteralParser {
 public:
  explicit LiteralParser(std::string_view text) : text_(text) {}

  eval::Tensor parse() {
    const std::string_view name = word();
    const std::optional<DType> dtype = eval::dtype_from_name(name);
    if (!dtype) {
      throw ParseError{0, name.empty() ? "expected a tensor literal (f32, f64, i32, i64 or bool)"
                                       : "unknown dtype '" + std::string(name) + "'"};
    }
    eval::Tensor t{*dtype, {}, {}};
    skip_blanks();
    const bool has_dims = peek() == '[';
    if (has_dims) t.shape = dims();
    skip_blanks();
    expect('{', has_dims ? "expected '{'" : "expected '[' or '{' after the dtype");
    const std::int64_t count = eval::element_count(t.shape);
    const std::size_t open = pos_ - 1;
    std::int64_t listed = 0;
    skip_blanks();
    if (peek() == '}') {
      ++pos_;
    } else {
      for (;;) {
        skip_blanks();
        const std::size_t at = pos_;
        if (listed > 0 && listed >= count) {
          throw ParseError{at, "too many elements: the shape holds " + std::to_string(count)};
        }
        append_element(t);
        ++listed;
        skip_blanks();
        const char c = next();
        if (c == '}') break;
        if (c != ',') throw ParseError{pos_ - 1, "expected ',' or '}'"};
      }
    }
    if (listed == 1) {
      // One element fills the whole shape.
      const std::vector<std::uint8_t> one = t.bytes;
      t.bytes.clear();
      for (std::int64_t i = 0; i < count; ++i)
        t.bytes.insert(t.bytes.end(), one.begin(), one.end());
    } else if (listed != count) {
      throw ParseError{listed == 0 ? open : pos_ - 1, "the shape holds " + std::to_string(count) +
                                                          " elements but " +
                                                          std::to_string(listed) + " are listed"};
    }
    return t;
  }

  std::size_t consumed() const { return pos_; }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  char next() {
    if (pos_ >= text_.size()) throw ParseError{text_.size(), "unterminated literal"};
    return text_[pos_++];
  }

  void expect(char c, const char* message) {
    if (next() != c) throw ParseError{pos_ - 1, message};
  }

  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }

  std::string_view word() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_word_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // `[d0, d1, ...]` after the `[` at pos_. The non-zero dimensions must multiply to at most
  // kMaxLiteralElements: that bounds the element count and keeps every product of dimensions
  // (in any later shape arithmetic) far from overflow, even for zero-element shapes.
  std::vector<std::int64_t> dims() {
    const std::size_t open = pos_++;
    std::vector<std::int64_t> shape;
    skip_blanks();
    if (peek() == ']') {
      ++pos_;
      return shape;
    }
    for (;;) {
      skip_blanks();
      const std::size_t at = pos_;
      std::size_t end = pos_;
      if (skip_digits(text_, end, false) == 0) {
        if (pos_ >= text_.size()) throw ParseError{pos_, "unterminated literal"};
        throw ParseError{at, "expected a dimension (a non-negative integer)"};
      }
      std::int64_t d = 0;
      if (std::from_chars(text_.data() + at, text_.data() + end, d).ec != std::errc{}) {
        throw ParseError{at,
                         "dimension " + std::string(text_.substr(at, end - at)) + " is too large"};
      }
      pos_ = end;
      shape.push_back(d);
      skip_blanks();
      const char c = next();
      if (c == ']') break;
      if (c != ',') throw ParseError{pos_ - 1, "expected ',' or ']'"};
    }
    std::int64_t product = 1;
    for (std::int64_t d : shape) {
      if (d == 0) continue;
      if (d > kMaxLiteralElements / product) {
        throw ParseError{open, "tensor literal too large: its dimensions multiply to more than " +
                                   std::to_string(kMaxLiteralElements)};
      }
      product *= d;
    }
    return shape;
  }

  void append_element(eval::Tensor& t) {
    const std::size_t at = pos_;
    while (pos_ < text_.size() && is_token_char(text_[pos_])) ++pos_;
    const std::string_view token = text_.substr(at, pos_ - at);
    if (token.empty()) {
      if (pos_ >= text_.size()) throw ParseError{pos_, "unterminated literal"};
      throw ParseError{at, "expected a value"};
    }
    switch (t.dtype) {
      case DType::F32:
        return append(t, parse_float<float>(token, at));
      case DType::F64:
        return append(t, parse_float<double>(token, at));
      case DType::I32:
        return append(t, parse_int<std::int32_t>(token, at, "i32"));
      case DType::I64:
        return append(t, parse_int<std::int64_t>(token, at, "i64"));
      case DType::Bool:
        break;
    }
    if (token != "true" && token != "false") {
      throw ParseError{at, "expected true or false, not '" + std::string(token) + "'"};
    }
    append(t, token == "true");
  }

  template <class T>
  static void append(eval::Tensor& t, T v) {
    std::uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    t.bytes.insert(t.bytes.end(), bytes, bytes + sizeof(T));
  }

  template <class T>
  static T parse_int(std::string_view token, std::size_t at, const char* dtype) {
    // from_chars takes a leading '-' but not '+'; a sign must be followed by digits only.
    const std::string_view digits = token.substr(token[0] == '+' || token[0] == '-' ? 1 : 0);
    std::size_t end = 0;
    if (skip_digits(digits, end, false) == 0 || end != digits.size()) {
      throw ParseError{at, "malformed integer '" + std::string(token) + "'"};
    }
    const std::string_view number = token[0] == '+' ? digits : token;
    T v = 0;
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc{}) {
      throw ParseError{at, "integer " + std::string(token) + " is out of range for " + dtype};
    }
    return v;
  }

  // strtof reads f32 directly (one rounding, unlike strtof via strtod), returns +-inf on
  // overflow and the correctly rounded subnormal or zero on underflow; its ERANGE report is
  // therefore not an error here. The program never changes LC_NUMERIC from "C".
  template <class T>
  static T parse_float(std::string_view token, std::size_t at) {
    if (!is_float_syntax(token)) {
      throw ParseError{at, "malformed number '" + std::string(token) + "'"};
    }
    const std::string s(token);
    if constexpr (std::is_same_v<T, float>) {
      return std::strtof(s.c_str(), nullptr);
    } else {
      return std::strtod(s.c_str(), nullptr);
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

LiteralParse parse_tensor_literal(std::string_view text) {
  LiteralParser parser(text);
  LiteralParse result;
  try {
    result.tensor = parser.parse();
    result.consumed = parser.consumed();
  } catch (const ParseError& e) {
    result.error_offset = e.offset;
    result.error = e.message;
  }
  return result;
}

bool looks_like_tensor_literal(std::string_view text) {
  const auto word = [](char c, bool first) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
           (!first && c >= '0' && c <= '9');
  };
  std::size_t end = 0;
  while (end < text.size() && word(text[end], end == 0)) ++end;
  return end > 0 && end < text.size() && (text[end] == '[' || text[end] == '{');
}

}  // namespace tfmc::sem
