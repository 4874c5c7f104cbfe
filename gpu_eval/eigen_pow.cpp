#include "gpu_eval/eigen_pow.h"

#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

#include "gpu_eval/eigen_lane_ops.h"
#include "gpu_eval/eigen_packet_math.h"

namespace tfmc::eval::eigen {

namespace {

using lane::madd;

// ln 2 as Eigen's EIGEN_LN2 (a long double) converts to T.
template <class T>
constexpr T kLn2 = static_cast<T>(0.693147180559945309417232121458176568L);

// The double-word arithmetic of Eigen's GenericPacketMathFunctions.h as it compiles without
// FMA: a value hi + lo carried with about twice T's precision.
template <class T>
struct Word2 {
  T hi;
  T lo;
};

// Knuth's fast two-sum: hi = x + y rounded and lo its exact error, for |x| >= |y|.
template <class T>
Word2<T> fast_two_sum(T x, T y) {
  const T s = x + y;
  return {s, y - (s - x)};
}

// x + (y.hi + y.lo), for |x| >= |y.hi|.
template <class T>
Word2<T> fast_two_sum(T x, Word2<T> y) {
  const Word2<T> r = fast_two_sum(x, y.hi);
  return fast_two_sum(r.hi, y.lo + r.lo);
}

// (x.hi + x.lo) + (y.hi + y.lo), for |x.hi| >= |y.hi|.
template <class T>
Word2<T> fast_two_sum(Word2<T> x, Word2<T> y) {
  const Word2<T> r = fast_two_sum(x.hi, y.hi);
  return fast_two_sum(r.hi, (y.lo + r.lo) + x.lo);
}

// Veltkamp's split of x into the high half of its significand and the exact rest.
template <class T>
Word2<T> split(T x) {
  constexpr int kShift = (std::numeric_limits<T>::digits + 1) / 2;
  const T gamma = static_cast<T>((1ull << kShift) + 1) * x;
  const T hi = (x - gamma) + gamma;
  return {hi, x - hi};
}

// Dekker's exact product: hi = x * y rounded and lo its error.
template <class T>
Word2<T> two_prod(T x, T y) {
  const Word2<T> xs = split(x);
  const Word2<T> ys = split(y);
  const T p = x * y;
  T lo = madd(xs.hi, ys.hi, -p);
  lo = madd(xs.hi, ys.lo, lo);
  lo = madd(xs.lo, ys.hi, lo);
  return {p, madd(xs.lo, ys.lo, lo)};
}

// (x.hi + x.lo) * y.
template <class T>
Word2<T> two_prod(Word2<T> x, T y) {
  const Word2<T> c = two_prod(x.hi, y);
  const Word2<T> t = fast_two_sum(c.hi, x.lo * y);
  return fast_two_sum(t.hi, t.lo + c.lo);
}

// (x.hi + x.lo) * (y.hi + y.lo).
template <class T>
Word2<T> two_prod(Word2<T> x, Word2<T> y) {
  return fast_two_sum(two_prod(x, y.hi), two_prod(x, y.lo));
}

// (x.hi + x.lo) / y.
template <class T>
Word2<T> divide(Word2<T> x, T y) {
  const T hi = x.hi / y;
  const Word2<T> p = two_prod(hi, y);
  const T delta = ((x.hi - p.hi) - p.lo) + x.lo;
  return fast_two_sum(hi, delta / y);
}

// A constant given in double as the float pair Eigen splits it into.
constexpr Word2<float> word2(double v) {
  const auto hi = static_cast<float>(v);
  return {hi, static_cast<float>(v - static_cast<double>(hi))};
}

// log2 z for z in [sqrt(1/2), sqrt(2)] as Eigen's accurate_log2<float>: a degree-10
// polynomial of z - 1, its two lowest terms in double-word arithmetic.
Word2<float> accurate_log2(float z) {
  constexpr Word2<float> kC0 = word2(1.442695041742110273474963832995854318141937255859375e+00);
  constexpr Word2<float> kC1 = word2(-7.2134751588268664068692714863573201000690460205078125e-01);
  constexpr float kC[] = {9.7010828554630279541015625e-02f, -1.6896486282348632812500000e-01f,
                          1.7200836539268493652343750e-01f, -1.7892272770404815673828125e-01f,
                          2.0505344867706298828125000e-01f, -2.4046677350997924804687500e-01f,
                          2.8857553005218505859375000e-01f, -3.6067414283752441406250000e-01f,
                          4.8089790344238281250000000e-01f};
  const float x = z - 1.0f;
  float p = kC[0];
  for (std::size_t i = 1; i < std::size(kC); ++i) p = madd(p, x, kC[i]);
  Word2<float> w = two_prod(x, p);
  w = fast_two_sum(kC1, w);
  w = two_prod(w, x);
  w = fast_two_sum(kC0, w);
  return two_prod(w, x);
}

// log2 z for z in [sqrt(1/2), sqrt(2)] as Eigen's accurate_log2<double>: with
// r = (2 / ln 2) (z - 1) / (z + 1) in double-word arithmetic, r times an odd polynomial of r,
// its low terms in double-word arithmetic.
Word2<double> accurate_log2(double z) {
  constexpr Word2<double> kC = {0.0400377511598501157, -4.77726582251425391e-19};
  constexpr Word2<double> kTwoLog2e = {2.88539008177792677, 4.07660016854549667e-17};
  const Word2<double> r = divide(two_prod(kTwoLog2e, z - 1.0), z + 1.0);
  const Word2<double> r2 = two_prod(r, r);
  const Word2<double> r4 = two_prod(r2, r2);
  double even = madd(2.87074255468000586e-9, r4.hi, 2.31032094540014656e-7);
  double odd = madd(2.38957980901884082e-8, r4.hi, 2.27279857398537278e-6);
  even = madd(even, r4.hi, 2.31271023278625638e-5);
  odd = madd(odd, r4.hi, 2.47556738444535513e-4);
  even = madd(even, r4.hi, 2.88543873228900172e-3);
  const double q = madd(odd, r2.hi, even);
  const Word2<double> p = fast_two_sum(kC, two_prod(r2, q));
  return two_prod(fast_two_sum(1.0, two_prod(r2, p)), r);
}

// 2^r as Eigen's generic_exp2: e^hi * (1 + lo) with hi + lo = r ln 2 exactly.
template <class T>
T exp2_generic(T r) {
  constexpr T kMax = std::numeric_limits<T>::max_exponent + 1;
  constexpr T kMin = -(std::numeric_limits<T>::max_exponent + std::numeric_limits<T>::digits - 1);
  const Word2<T> p = two_prod(kLn2<T>, lane::clamp_below(lane::clamp_above(r, kMax), kMin));
  T exp_hi;
  if constexpr (std::is_same_v<T, float>) {
    exp_hi = exp_packet(p.hi);
  } else {
    exp_hi = exp_packet_double(p.hi);
  }
  return exp_hi * (T(1) + p.lo);
}

// |x|^y for finite x > 0 and |y| below pow_packet's huge exponent, as Eigen's
// generic_pow_impl: f = y log2 x in double-word arithmetic, split into an integer n and a
// fraction r, then 2^r * 2^n. Other lanes give what their special case replaces.
template <class T>
T pow_positive(T x, T y) {
  T e = 0;
  T m = lane::frexp_generic(x, e);
  if (m < T(0.70710678118654752440)) {
    m = T(2) * m;
    e = e - T(1);
  }
  const Word2<T> f = fast_two_sum(two_prod(e, y), two_prod(accurate_log2(m), y));
  T n = lane::round_half_away(f.hi);
  T r = (f.hi - n) + f.lo;
  const T n_r = lane::round_half_away(r);
  r = r - n_r;
  n = n + n_r;
  // Eigen scales with pldexp when some lane of the packet has |n| above the largest exponent
  // less 2, else with pldexp_fast; 2^r lies in [sqrt(1/2), sqrt(2)], so the two agree
  // wherever pldexp_fast is taken.
  return lane::ldexp_safe(exp2_generic(r), n);
}

template <class T>
T generic_pow(T x, T y) {
  constexpr T kInf = std::numeric_limits<T>::infinity();
  constexpr T kNaN = std::numeric_limits<T>::quiet_NaN();
  // The smallest |y| for which (1 + epsilon)^y overflows, computed in T as Eigen does.
  constexpr T kHugeExponent =
      (std::numeric_limits<T>::max_exponent * kLn2<T>) / std::numeric_limits<T>::epsilon();
  const T x_abs = std::fabs(x);
  T pow = pow_positive(x_abs, y);
  // C's special cases, selected in Eigen's order (a later rule overrides an earlier one).
  const bool y_is_int = std::floor(y) == y && std::fabs(y) != kInf;
  const T y_half = y * T(0.5);
  const bool y_is_odd_int = y_is_int && lane::round_half_away(y_half) != y_half;
  if (x < T(0) && !y_is_int) pow = kNaN;
  if (x == T(0)) pow = y < T(0) ? kInf : T(0);
  if (std::signbit(x) && y_is_odd_int) pow = -pow;
  if (std::fabs(y) >= kHugeExponent) {
    const bool to_inf = (y < T(0) && x == T(0)) || ((y < T(0)) != (T(1) < x_abs));
    pow = x == T(-1) ? T(1) : to_inf ? kInf : T(0);
  }
  if (x_abs == kInf) {
    const T positive = y < T(0) ? T(0) : kInf;
    pow = x < T(0) && y_is_odd_int ? -positive : positive;
  }
  if (std::isnan(x) || std::isnan(y)) pow = kNaN;
  if (y == T(1)) return x;
  return x == T(1) || y == T(0) ? T(1) : pow;
}

}  // namespace

float pow_packet(float x, float y) { return generic_pow(x, y); }

double pow_packet(double x, double y) { return generic_pow(x, y); }

}  // namespace tfmc::eval::eigen
