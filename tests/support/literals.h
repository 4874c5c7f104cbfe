// Test helper: .tfg literals written in expected outcomes.
#pragma once

#include <string>

namespace tfmc::test {

// The canonical literal of the i32 scalar `v`, as tfmc prints it: `i32{V}`.
inline std::string i32(long long v) { return "i32{" + std::to_string(v) + "}"; }

}  // namespace tfmc::test
