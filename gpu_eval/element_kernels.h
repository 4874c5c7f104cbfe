// Per-element bodies of the built-in tensor functions, shared by every backend.
//
// Each function here is the one definition of its arithmetic: the CPU evaluator calls it in a
// loop and a CUDA kernel calls it per thread, so both produce the same bits (FORMAT.md, "Arithmetic
// on concrete tensors"). Element types are float, double, std::int32_t, std::int64_t and bool.
//
// Rules encoded here:
// - Float arithmetic is plain IEEE-754 in T (never widened); the build forbids contraction into
//   fused multiply-add (-ffp-contract=off on the host, --fmad=false on the device).
// - Integer arithmetic wraps (two's complement): it is done in the unsigned type, where
//   overflow is defined, and converted back (modular since C++20).
// - A function that can fail for the whole tensor (integer division by zero, float to integer
//   casts of NaN, infinities or out-of-range values) takes `bool& fault`, sets it to true on
//   failure and returns a harmless value; it never clears the flag. The caller turns a set
//   flag into Error(arithmetic) for the whole result.
// - The one reduction step here is Max's and Min's (max_min_step), order-free but for ties;
//   sums follow TensorFlow's orders elsewhere (reduction_order.h, inner_products.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "gpu_eval/evaluator.h"

#ifdef __CUDACC__
#define TFMC_HOST_DEVICE __host__ __device__
#else
#define TFMC_HOST_DEVICE
#endif

namespace tfmc::eval::kernels {

template <class T>
TFMC_HOST_DEVICE T add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

template <class T>
TFMC_HOST_DEVICE T sub(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}

template <class T>
TFMC_HOST_DEVICE T mul(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// Floats: the sign bit flipped, as TensorFlow's CPU Neg does (an xor), so that a subnormal
// stays one under flush-to-zero. On the device -a compiles to neg.ftz under --ftz=true, which
// would flush it; on the host -a is that xor already.
template <class T>
TFMC_HOST_DEVICE T neg(T a) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(U{0} - static_cast<U>(a));
  } else {
#ifdef __CUDA_ARCH__
    if constexpr (std::is_same_v<T, float>) {
      return __int_as_float(__float_as_int(a) ^ static_cast<int>(0x80000000u));
    }
#endif
    return -a;
  }
}

// Integer division truncates toward zero; MIN / -1 wraps to MIN (the negation of MIN).
template <class T>
TFMC_HOST_DEVICE T div(T a, T b, bool& fault) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) {
      fault = true;
      return 0;
    }
    if (b == -1) return neg(a);
    return a / b;
  } else {
    return a / b;
  }
}

// TensorFlow's FloorDiv: the quotient rounded toward minus infinity. Integers: the truncated
// quotient, one less when a remainder is left and the signs differ (MIN / -1 wraps to MIN, a
// zero divisor faults); floats: floor(a / b), as TensorFlow's kernel computes it, so that an
// infinite or NaN quotient stays one.
template <class T>
TFMC_HOST_DEVICE T floor_div(T a, T b, bool& fault) {
  if constexpr (std::is_integral_v<T>) {
    const T q = div(a, b, fault);
    if (b == 0 || b == -1) return q;
    return q * b != a && ((a < 0) != (b < 0)) ? T(q - 1) : q;
  } else {
    return std::floor(a / b);
  }
}

// TensorFlow's FloorMod: the remainder of FloorDiv, with the sign of the divisor. As its
// kernel computes it: the truncated remainder (C's % or fmod), plus the divisor when that
// remainder is non-zero and its sign differs from the divisor's. Integers: a zero divisor
// faults and x mod -1 is 0 (where C's MIN % -1 would trap); floats: fmod's NaN for a zero
// divisor stays NaN, and a -0 remainder stays -0.
template <class T>
TFMC_HOST_DEVICE T floor_mod(T a, T b, bool& fault) {
  T r;
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) {
      fault = true;
      return 0;
    }
    if (b == -1) return 0;
    r = a % b;
  } else {
    r = std::fmod(a, b);
  }
  return r != T{0} && ((b < T{0}) != (r < T{0})) ? add(r, b) : r;
}

// NaN wins; among equal values +0 is above -0. For two zeros a + b is +0 unless both are -0,
// which is exactly the larger one (and needs no signbit, which device code lacks in std::).
template <class T>
TFMC_HOST_DEVICE T maximum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == b && a == T{0}) return a + b;
  }
  return a < b ? b : a;
}

// NaN wins; among equal values -0 is below +0. For two zeros -(-a + -b) is -0 unless both are
// +0, which is exactly the smaller one.
template <class T>
TFMC_HOST_DEVICE T minimum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == b && a == T{0}) return -(-a + -b);
  }
  return b < a ? b : a;
}

// v with a subnormal replaced by the zero of its sign, decided on its bits, so that neither the
// host's denormals-are-zero mode nor the device's --ftz (nor which instruction a compiler picks)
// changes the answer.
template <class T>
TFMC_HOST_DEVICE T subnormal_flushed(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    constexpr int kFraction = std::numeric_limits<T>::digits - 1;
    Bits bits;
    std::memcpy(&bits, &v, sizeof v);
    if (((bits << 1) >> (kFraction + 1)) == 0) {  // a zero exponent: a zero or a subnormal
      bits &= Bits{1} << (8 * sizeof(T) - 1);
      std::memcpy(&v, &bits, sizeof v);
    }
  }
  return v;
}

// One step of the Max (`maximum`) or Min reduction, as TensorFlow's CPU kernels take it: a NaN
// accumulator stays, a NaN term replaces it, otherwise the term unless it is strictly worse,
// so of two equal values (-0 and +0) the later is kept; subnormals compare as zeros of their
// sign and the one kept becomes that zero (a MAXSS or MINSS under denormals-are-zero).
template <class T>
TFMC_HOST_DEVICE T max_min_step(T acc, T x, bool maximum) {
  if (acc != acc) return acc;
  if (x != x) return x;
  // Flushed before comparing too, so that the result needs no denormals-are-zero mode.
  const T a = subnormal_flushed(acc);
  const T t = subnormal_flushed(x);
  return (maximum ? t < a : a < t) ? a : t;
}

// The value Max (`maximum`) or Min starts from: -inf or +inf for floats, the lowest or highest
// value for integers (the result of an empty reduction).
template <class T>
T max_min_identity(bool maximum) {
  using limits = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>) {
    return maximum ? -limits::infinity() : limits::infinity();
  } else {
    return maximum ? limits::lowest() : limits::max();
  }
}

template <class T>
TFMC_HOST_DEVICE T relu(T a) {
  return maximum(a, T{0});
}

// IEEE comparisons: NaN equals nothing (so it is NotEqual to everything), -0 equals +0.
template <class T>
TFMC_HOST_DEVICE bool equal(T a, T b) {
  return a == b;
}

template <class T>
TFMC_HOST_DEVICE bool not_equal(T a, T b) {
  return a != b;
}

template <class T>
TFMC_HOST_DEVICE bool less(T a, T b) {
  return a < b;
}

template <class T>
TFMC_HOST_DEVICE bool greater(T a, T b) {
  return a > b;
}

template <class T>
TFMC_HOST_DEVICE bool greater_equal(T a, T b) {
  return a >= b;
}

template <class T>
TFMC_HOST_DEVICE bool less_equal(T a, T b) {
  return a <= b;
}

// Cast between any two element types. To bool: any non-zero value (NaN included) is true.
// From bool: 0 or 1. Float to integer truncates toward zero and faults on NaN, infinities and
// values whose truncation does not fit. Integer to float and f64 to f32 round to nearest even
// (overflowing to infinity); integer to integer wraps.
template <class To, class From>
TFMC_HOST_DEVICE To cast(From x, bool& fault) {
  if constexpr (std::is_same_v<To, bool>) {
    return x != From{0};
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    // The range test runs in double, where every float and both bounds are exact. The bounds
    // are exclusive: for i32 anything in (MIN - 1, MAX + 1) truncates into range; for i64 no
    // double lies strictly between MIN - 1 and MIN, so the lower bound is MIN inclusive.
    const double d = static_cast<double>(x);
    bool in_range = false;
    if constexpr (sizeof(To) == 4) {
      in_range = d > -2147483649.0 && d < 2147483648.0;
    } else {
      in_range = d >= -9223372036854775808.0 && d < 9223372036854775808.0;
    }
    if (!in_range) {
      fault = true;
      return 0;
    }
    return static_cast<To>(x);
  } else {
    return static_cast<To>(x);
  }
}

// The element-wise ops with a function object below: Add, Sub, Mul, Div, FloorDiv, FloorMod,
// Maximum and Minimum compute numbers of one dtype in that dtype; Equal, NotEqual, Less,
// Greater, GreaterEqual and LessEqual compare to a bool.
TFMC_HOST_DEVICE constexpr bool is_arithmetic(BuiltinOp op) {
  return op == BuiltinOp::Add || op == BuiltinOp::Sub || op == BuiltinOp::Mul ||
         op == BuiltinOp::Div || op == BuiltinOp::FloorDiv || op == BuiltinOp::FloorMod ||
         op == BuiltinOp::Maximum || op == BuiltinOp::Minimum;
}
TFMC_HOST_DEVICE constexpr bool is_comparison(BuiltinOp op) {
  return op == BuiltinOp::Equal || op == BuiltinOp::NotEqual || op == BuiltinOp::Less ||
         op == BuiltinOp::Greater || op == BuiltinOp::GreaterEqual || op == BuiltinOp::LessEqual;
}

// The element function of an element-wise op as a function object, the one form every backend
// applies: Element<op>{}(x, y, fault) for the arithmetic ops and comparisons above,
// Element<op>{}(x, fault) for Neg and Relu.
template <BuiltinOp op>
struct Element {
  template <class T>
  TFMC_HOST_DEVICE auto operator()(T x, T y, [[maybe_unused]] bool& fault) const {
    static_assert(is_arithmetic(op) || is_comparison(op), "not an element-wise binary op");
    if constexpr (op == BuiltinOp::Add) return add(x, y);
    if constexpr (op == BuiltinOp::Sub) return sub(x, y);
    if constexpr (op == BuiltinOp::Mul) return mul(x, y);
    if constexpr (op == BuiltinOp::Div) return div(x, y, fault);
    if constexpr (op == BuiltinOp::FloorDiv) return floor_div(x, y, fault);
    if constexpr (op == BuiltinOp::FloorMod) return floor_mod(x, y, fault);
    if constexpr (op == BuiltinOp::Maximum) return maximum(x, y);
    if constexpr (op == BuiltinOp::Minimum) return minimum(x, y);
    if constexpr (op == BuiltinOp::Equal) return equal(x, y);
    if constexpr (op == BuiltinOp::NotEqual) return not_equal(x, y);
    if constexpr (op == BuiltinOp::Less) return less(x, y);
    if constexpr (op == BuiltinOp::Greater) return greater(x, y);
    if constexpr (op == BuiltinOp::GreaterEqual) return greater_equal(x, y);
    if constexpr (op == BuiltinOp::LessEqual) return less_equal(x, y);
  }

  template <class T>
  TFMC_HOST_DEVICE T operator()(T x, bool&) const {
    static_assert(op == BuiltinOp::Neg || op == BuiltinOp::Relu, "not an element-wise unary op");
    if constexpr (op == BuiltinOp::Neg) return neg(x);
    if constexpr (op == BuiltinOp::Relu) return relu(x);
  }
};

}  // namespace tfmc::eval::kernels
