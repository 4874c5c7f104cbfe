// Checks of the attributes `{key=value, ...}` of nodes and resource declarations: every
// attribute diagnostic of the builder is written here, once, and the op catalogue and the
// builder's checks call these. Each reports at the attribute concerned (at `owner_loc` for a
// missing one) and tells the caller whether the attributes passed. `owner` names what the
// attributes belong to in the message: an op (`Split`) or a declaration (`queue 'q'`).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// The attribute with key `key`, or nullptr.
const Attr* find_attr(const std::vector<Attr>& attrs, std::string_view key);

// "OWNER takes no attributes" at the first attribute, if any.
bool no_attributes(const std::vector<Attr>& attrs, std::string_view owner, DiagnosticList& diags);

// "OWNER takes no attributes (got 'KEY')" at `a`: the op catalogue's word for an attribute of
// an op that takes none.
void report_attribute_not_taken(const Attr& a, std::string_view owner, DiagnosticList& diags);

// "attribute 'KEY' is given twice" at every repeated key.
bool no_duplicate_keys(const std::vector<Attr>& attrs, DiagnosticList& diags);

// "unknown attribute 'KEY' for OWNER (expected K1, K2)" at `a`.
void report_unknown_attribute(const Attr& a, std::string_view owner,
                              std::span<const std::string_view> expected, DiagnosticList& diags);

// "OWNER needs the attribute 'KEY'" at `owner_loc`.
void report_missing_attribute(std::string_view owner, std::string_view key, SourceLoc owner_loc,
                              DiagnosticList& diags);

// "attribute 'KEY' of OWNER must be WHAT" at the attribute's value.
void report_bad_attribute(const Attr& a, std::string_view owner, std::string_view what,
                          DiagnosticList& diags);

// Each attribute once and among `keys`: reports, in attribute order, an unknown key or else a
// repeated one.
bool only_attributes(const std::vector<Attr>& attrs, std::initializer_list<std::string_view> keys,
                     std::string_view owner, DiagnosticList& diags);

// The integer attribute `key` within [lo, hi], or nullopt after reporting it missing or bad.
std::optional<std::int64_t> integer_attribute(const std::vector<Attr>& attrs, std::string_view key,
                                              std::int64_t lo, std::int64_t hi,
                                              std::string_view owner, SourceLoc owner_loc,
                                              DiagnosticList& diags);

}  // namespace tfmc::sem
