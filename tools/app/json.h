// Minimal JSON text helpers for the reports: string escaping (RFC 8259) and number layout.
#pragma once

#include <string>
#include <string_view>

namespace tfmc::app {

// `s` as a JSON string literal, quotes included. Valid UTF-8 passes through; control
// characters and bytes that are not valid UTF-8 are escaped as \uXXXX (a stray byte as its
// Latin-1 character), so the document is always valid JSON.
std::string json_string(std::string_view s);

// A double as a JSON number with enough digits to read back (never NaN or inf).
std::string json_number(double v);

}  // namespace tfmc::app
