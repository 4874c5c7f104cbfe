#include "semantics/graphdef/tfg_names.h"

#include <fmt/format.h>

namespace tfmc::sem {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Characters a mangled name keeps as they are.
bool kept(char c) { return is_letter(c) || is_digit(c) || c == '.' || c == '/' || c == '-'; }

bool is_tfg_name(std::string_view name) {
  if (name.empty() || !is_letter(name[0])) return false;
  for (const char c : name) {
    if (!kept(c) && c != '_') return false;
  }
  return true;
}

int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

std::string tfg_name(std::string_view name) {
  if (is_tfg_name(name)) return std::string(name);
  std::string out = "_";
  for (const char c : name) {
    if (kept(c)) {
      out += c;
    } else if (c == '_') {
      out += "__";
    } else {
      out += fmt::format("_{:02x}", static_cast<unsigned char>(c));
    }
  }
  return out;
}

std::optional<std::string> tf_name(std::string_view mangled) {
  if (mangled.empty() || mangled[0] != '_') {
    if (!is_tfg_name(mangled)) return std::nullopt;
    return std::string(mangled);
  }
  std::string out;
  for (std::size_t i = 1; i < mangled.size(); ++i) {
    const char c = mangled[i];
    if (kept(c)) {
      out += c;
      continue;
    }
    if (c != '_' || i + 1 >= mangled.size()) return std::nullopt;
    if (mangled[i + 1] == '_') {
      out += '_';
      ++i;
      continue;
    }
    if (i + 2 >= mangled.size()) return std::nullopt;
    const int hi = hex_value(mangled[i + 1]);
    const int lo = hex_value(mangled[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  // Only names that tfg_name mangles come back from a mangled form.
  if (is_tfg_name(out)) return std::nullopt;
  return out;
}

}  // namespace tfmc::sem
