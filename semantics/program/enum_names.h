// Names of the enumerators of a dense enum (numbered 0..N-1 in declaration order), kept in one
// array beside the enum's users instead of a switch per enum: race kinds, edge styles,
// resource kinds.
#pragma once

#include <array>
#include <cstddef>

namespace tfmc::sem {

// names[e], or `other` for a value outside the enum's enumerators.
template <typename Enum, std::size_t N>
constexpr const char* enum_name(Enum e, const std::array<const char*, N>& names,
                                const char* other = "?") {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? names[i] : other;
}

}  // namespace tfmc::sem
