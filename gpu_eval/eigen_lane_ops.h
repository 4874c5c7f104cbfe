// The primitives of Eigen's AVX packet math that eigen_packet_math.cpp and eigen_pow.cpp
// reproduce lane by lane, as TensorFlow 2.21's build compiles them (AVX, no FMA), for float
// and double lanes. Internal to those files.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tfmc::eval::eigen::lane {

// The unsigned integer of a float type's bits.
template <class T>
using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

// Eigen's pmadd: TensorFlow's build enables AVX but not FMA, so a product and a sum, each
// rounded.
template <class T>
T madd(T a, T b, T c) {
  return a * b + c;
}

// AVX's vminps/vmaxps as Eigen's pmin(x, c)/pmax(x, c) call them: a NaN x passes through.
template <class T>
T clamp_above(T x, T c) {
  return c < x ? c : x;
}
template <class T>
T clamp_below(T x, T c) {
  return c > x ? c : x;
}

// Eigen's AVX pround: halves away from zero, as trunc(a + copysign(largest below 1/2, a)).
template <class T>
T round_half_away(T a) {
  return std::trunc(a + std::copysign(std::nextafter(T(0.5), T(0)), a));
}

// Eigen's pfrexp_generic: a significand in [0.5, 1) with the sign of a, and its exponent e; a
// subnormal a (one that compares unequal to 0, so only where denormals are not treated as
// zero) is scaled by 2^(significand bits) first; 0, infinities and NaN come back as they are
// with e = 0.
template <class T>
T frexp_generic(T a, T& e) {
  using U = Bits<T>;
  constexpr int kMantissa = std::numeric_limits<T>::digits - 1;
  constexpr int kInfBiased = 2 * std::numeric_limits<T>::max_exponent - 1;
  constexpr int kBias = std::numeric_limits<T>::max_exponent - 2;  // of a significand in [0.5, 1)
  const bool subnormal = std::fabs(a) < std::numeric_limits<T>::min();
  const T normalized = subnormal ? a * T(U{1} << (kMantissa + 1)) : a;
  const U bits = std::bit_cast<U>(normalized);
  const auto biased = static_cast<int>((bits << 1) >> (kMantissa + 1));
  if (a == T(0) || biased == kInfBiased) {
    e = T(0);
    return a;
  }
  e = static_cast<T>(biased - kBias - (subnormal ? kMantissa + 1 : 0));
  const U sign_and_significand = ~(U(kInfBiased) << kMantissa);
  return std::bit_cast<T>((bits & sign_and_significand) | std::bit_cast<U>(T(0.5)));
}

// 2^k for an integer k in the normal exponents, from its bits.
template <class T>
T power_of_two(std::int32_t k) {
  using U = Bits<T>;
  constexpr int kMantissa = std::numeric_limits<T>::digits - 1;
  return std::bit_cast<T>(U(k + std::numeric_limits<T>::max_exponent - 1) << kMantissa);
}

// y * 2^m as Eigen's AVX pldexp: m clamped (float +-278, truncated; double +-2099, rounded)
// and applied as four powers of two, so that no intermediate product overflows or underflows
// before the last.
template <class T>
T ldexp_safe(T y, T m) {
  constexpr T kLimit = sizeof(T) == 4 ? T(278) : T(2099);
  const T clamped = std::fmin(std::fmax(m, -kLimit), kLimit);
  const auto e = static_cast<std::int32_t>(sizeof(T) == 4 ? clamped : std::nearbyint(clamped));
  const std::int32_t b = e >> 2;  // floor(e / 4)
  const T c = power_of_two<T>(b);
  return ((y * c) * c) * c * power_of_two<T>(e - 3 * b);
}

}  // namespace tfmc::eval::eigen::lane
