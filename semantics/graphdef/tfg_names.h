// TensorFlow's names as .tfg names, reversibly, for `tfmc import` (which writes .tfg text).
//
// A TensorFlow node name matches [A-Za-z0-9.][A-Za-z0-9_./>-]*, a .tfg name
// [A-Za-z_][A-Za-z0-9_./-]*: most names are both, and stay as they are. Any other name (one
// that starts with a digit, `.` or `_`, or holds `>`, `~`, `@`, `&`, `"` ... as names tfmc
// makes during import do) becomes `_` followed by its characters, each of
// [A-Za-z0-9./-] as it is, `_` as `__`, and every other byte as `_` and two lowercase hex
// digits. Since no kept name starts with `_`, unmangling is unambiguous:
// tf_name(tfg_name(n)) == n for every n.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tfmc::sem {

std::string tfg_name(std::string_view name);

// The name tfg_name made `mangled` from; nullopt when no name maps to it.
std::optional<std::string> tf_name(std::string_view mangled);

}  // namespace tfmc::sem
