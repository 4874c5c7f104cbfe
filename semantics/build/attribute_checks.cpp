#include "semantics/build/attribute_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>

namespace tfmc::sem {
namespace {

void report_repeated_key(const Attr& a, DiagnosticList& diags) {
  diags.error(a.loc, fmt::format("attribute '{}' is given twice", a.key));
}

}  // namespace

const Attr* find_attr(const std::vector<Attr>& attrs, std::string_view key) {
  const auto it =
      std::find_if(attrs.begin(), attrs.end(), [&](const Attr& a) { return a.key == key; });
  return it == attrs.end() ? nullptr : &*it;
}

bool no_attributes(const std::vector<Attr>& attrs, std::string_view owner, DiagnosticList& diags) {
  if (attrs.empty()) return true;
  diags.error(attrs.front().loc, fmt::format("{} takes no attributes", owner));
  return false;
}

void report_attribute_not_taken(const Attr& a, std::string_view owner, DiagnosticList& diags) {
  diags.error(a.loc, fmt::format("{} takes no attributes (got '{}')", owner, a.key));
}

bool no_duplicate_keys(const std::vector<Attr>& attrs, DiagnosticList& diags) {
  std::set<std::string> seen;
  bool ok = true;
  for (const Attr& a : attrs) {
    if (!seen.insert(a.key).second) {
      report_repeated_key(a, diags);
      ok = false;
    }
  }
  return ok;
}

void report_unknown_attribute(const Attr& a, std::string_view owner,
                              std::span<const std::string_view> expected, DiagnosticList& diags) {
  diags.error(a.loc, fmt::format("unknown attribute '{}' for {} (expected {})", a.key, owner,
                                 fmt::join(expected, ", ")));
}

void report_missing_attribute(std::string_view owner, std::string_view key, SourceLoc owner_loc,
                              DiagnosticList& diags) {
  diags.error(owner_loc, fmt::format("{} needs the attribute '{}'", owner, key));
}

void report_bad_attribute(const Attr& a, std::string_view owner, std::string_view what,
                          DiagnosticList& diags) {
  diags.error(a.value.loc, fmt::format("attribute '{}' of {} must be {}", a.key, owner, what));
}

bool only_attributes(const std::vector<Attr>& attrs, std::initializer_list<std::string_view> keys,
                     std::string_view owner, DiagnosticList& diags) {
  bool ok = true;
  for (const Attr& a : attrs) {
    if (std::find(keys.begin(), keys.end(), a.key) == keys.end()) {
      report_unknown_attribute(a, owner, {keys.begin(), keys.size()}, diags);
      ok = false;
    } else if (find_attr(attrs, a.key) != &a) {
      report_repeated_key(a, diags);  // not the first attribute of its key
      ok = false;
    }
  }
  return ok;
}

std::optional<std::int64_t> integer_attribute(const std::vector<Attr>& attrs, std::string_view key,
                                              std::int64_t lo, std::int64_t hi,
                                              std::string_view owner, SourceLoc owner_loc,
                                              DiagnosticList& diags) {
  const Attr* a = find_attr(attrs, key);
  if (!a) {
    report_missing_attribute(owner, key, owner_loc, diags);
    return std::nullopt;
  }
  if (a->value.kind != AttrValue::Kind::Integer || a->value.integer < lo || a->value.integer > hi) {
    report_bad_attribute(*a, owner, fmt::format("an integer in [{}, {}]", lo, hi), diags);
    return std::nullopt;
  }
  return a->value.integer;
}

}  // namespace tfmc::sem
