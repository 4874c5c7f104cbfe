#include "gpu_eval/eigen_packet_math.h"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>

namespace tfmc::eval::eigen {

namespace {

// Eigen's pmadd: TensorFlow's build enables AVX but not FMA, so a product and a sum, each
// rounded.
float madd(float a, float b, float c) { return a * b + c; }

// AVX's vminps/vmaxps as Eigen's pmin(x, c)/pmax(x, c) call them: a NaN x passes through.
float clamp_above(float x, float c) { return c < x ? c : x; }
float clamp_below(float x, float c) { return c > x ? c : x; }

// 2^k for an integer k in [-126, 127], from its bits.
float power_of_two(std::int32_t k) { return std::bit_cast<float>(std::uint32_t(k + 127) << 23); }

// y * 2^m as Eigen's pldexp: m clamped to +-278 and applied as four powers of two, so that
// no intermediate product overflows or underflows before the last.
float ldexp_safe(float y, float m) {
  const auto e = static_cast<std::int32_t>(std::fmin(std::fmax(m, -278.0f), 278.0f));
  const std::int32_t b = e >> 2;  // floor(e / 4)
  const float c = power_of_two(b);
  return ((y * c) * c) * c * power_of_two(e - 3 * b);
}

// y * 2^m as Eigen's pldexp_fast: the biased exponent clamped to [0, 255] (0 gives a zero
// factor, 255 an infinite one).
float ldexp_fast(float y, float m) {
  const auto biased = static_cast<std::uint32_t>(std::fmin(std::fmax(m + 127.0f, 0.0f), 255.0f));
  return y * std::bit_cast<float>(biased << 23);
}

constexpr float kLog2e = 1.44269504088896341f;
constexpr float kLn2High = -0.693359375f;  // -ln 2 in two parts, Cephes'
constexpr float kLn2Low = 2.12194440e-4f;

// Eigen's pfrexp_generic: a significand in [0.5, 1) with the sign of a, and its exponent e; a
// subnormal a (one that compares unequal to 0, so only where denormals are not treated as
// zero) is scaled by 2^24 first; 0, infinities and NaN come back as they are with e = 0.
float frexp_generic(float a, float& e) {
  const bool subnormal = std::fabs(a) < std::numeric_limits<float>::min();
  const float normalized = subnormal ? a * 16777216.0f : a;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(normalized);
  const auto biased = static_cast<std::int32_t>((bits & 0x7fffffffu) >> 23);
  if (a == 0.0f || biased == 255) {
    e = 0.0f;
    return a;
  }
  e = static_cast<float>(biased - (subnormal ? 150 : 126));
  return std::bit_cast<float>((bits & 0x807fffffu) | 0x3f000000u);
}

// Eigen's AVX pround: halves away from zero, as trunc(a + copysign(0.49999997, a)).
float round_half_away(float a) { return std::trunc(a + std::copysign(0.49999997f, a)); }

// The double-word arithmetic of Eigen's GenericPacketMathFunctions.h as it compiles without
// FMA: a value hi + lo carried with about twice a float's precision.
struct Word2 {
  float hi;
  float lo;
};

// Knuth's fast two-sum: hi = x + y rounded and lo its exact error, for |x| >= |y|.
Word2 fast_two_sum(float x, float y) {
  const float s = x + y;
  return {s, y - (s - x)};
}

// (x.hi + x.lo) + (y.hi + y.lo), for |x.hi| >= |y.hi|.
Word2 fast_two_sum(Word2 x, Word2 y) {
  const Word2 r = fast_two_sum(x.hi, y.hi);
  return fast_two_sum(r.hi, (y.lo + r.lo) + x.lo);
}

// Veltkamp's split of x into a high half of its significand and the exact rest.
Word2 split(float x) {
  const float gamma = 4097.0f * x;  // 2^12 + 1
  const float hi = (x - gamma) + gamma;
  return {hi, x - hi};
}

// Dekker's exact product: hi = x * y rounded and lo its error.
Word2 two_prod(float x, float y) {
  const Word2 xs = split(x);
  const Word2 ys = split(y);
  const float p = x * y;
  float lo = madd(xs.hi, ys.hi, -p);
  lo = madd(xs.hi, ys.lo, lo);
  lo = madd(xs.lo, ys.hi, lo);
  return {p, madd(xs.lo, ys.lo, lo)};
}

// (x.hi + x.lo) * y.
Word2 two_prod(Word2 x, float y) {
  const Word2 c = two_prod(x.hi, y);
  const Word2 t = fast_two_sum(c.hi, x.lo * y);
  return fast_two_sum(t.hi, t.lo + c.lo);
}

// A float constant given in double as the double-word pair Eigen splits it into.
constexpr Word2 word2(double v) {
  const auto hi = static_cast<float>(v);
  return {hi, static_cast<float>(v - static_cast<double>(hi))};
}

// log2 z for z in [sqrt(1/2), sqrt(2)] as Eigen's accurate_log2<float>: a degree-10
// polynomial of z - 1, its two lowest terms in double-word arithmetic.
Word2 accurate_log2(float z) {
  constexpr Word2 kC0 = word2(1.442695041742110273474963832995854318141937255859375e+00);
  constexpr Word2 kC1 = word2(-7.2134751588268664068692714863573201000690460205078125e-01);
  constexpr float kC[] = {9.7010828554630279541015625e-02f, -1.6896486282348632812500000e-01f,
                          1.7200836539268493652343750e-01f, -1.7892272770404815673828125e-01f,
                          2.0505344867706298828125000e-01f, -2.4046677350997924804687500e-01f,
                          2.8857553005218505859375000e-01f, -3.6067414283752441406250000e-01f,
                          4.8089790344238281250000000e-01f};
  const float x = z - 1.0f;
  float p = kC[0];
  for (std::size_t i = 1; i < std::size(kC); ++i) p = madd(p, x, kC[i]);
  Word2 w = two_prod(x, p);
  w = fast_two_sum(kC1, w);
  w = two_prod(w, x);
  w = fast_two_sum(kC0, w);
  return two_prod(w, x);
}

// 2^r as Eigen's generic_exp2: e^(hi) * (1 + lo) with hi + lo = r ln 2 exactly.
float exp2_generic(float r) {
  const float clamped = clamp_below(clamp_above(r, 129.0f), -151.0f);
  const Word2 p = two_prod(static_cast<float>(0.693147180559945309417232121458176568L), clamped);
  return exp_packet(p.hi) * (1.0f + p.lo);
}

// |x|^y for finite x > 0 and |y| below pow_packet's huge exponent, as Eigen's
// generic_pow_impl: f = y log2 x in double-word arithmetic, split into an integer n and a
// fraction r, then 2^r * 2^n. Other lanes give what their special case replaces.
float pow_positive(float x, float y) {
  float e = 0.0f;
  float m = frexp_generic(x, e);
  if (m < 0.70710678118654752440f) {
    m = 2.0f * m;
    e = e - 1.0f;
  }
  const Word2 f = fast_two_sum(two_prod(e, y), two_prod(accurate_log2(m), y));
  float n = round_half_away(f.hi);
  float r = (f.hi - n) + f.lo;
  const float n_r = round_half_away(r);
  r = r - n_r;
  n = n + n_r;
  // Eigen scales with pldexp when some lane of the packet has |n| > 126, else with
  // pldexp_fast; 2^r lies in [sqrt(1/2), sqrt(2)], so the two agree wherever |n| <= 126.
  return ldexp_safe(exp2_generic(r), n);
}

}  // namespace

float exp_packet(float x) {
  if (std::isnan(x)) return x;
  if (x < -104.0f) return 0.0f;
  const float xc = clamp_above(x, 88.723f);
  const float m = std::floor(madd(xc, kLog2e, 0.5f));
  float r = madd(m, kLn2High, xc);
  r = madd(m, kLn2Low, r);
  const float r2 = r * r;
  float even = madd(r2, 1.37449637986719608306884765625e-3f, 4.166965186595916748046875e-2f);
  const float odd = madd(r2, 8.36894474923610687255859375e-3f, 0.16666518151760101318359375f);
  even = madd(r2, even, 0.49999988079071044921875f);
  const float low = r + 1.0f;
  float y = madd(r, odd, even);
  y = madd(r2, y, low);
  // Eigen scales with pldexp_fast when no lane of the packet exceeds 87 in magnitude, else
  // with pldexp; the two agree on every lane within 87, so each lane's result is pldexp's.
  return clamp_below(ldexp_safe(y, m), x);
}

float log_packet(float x) {
  if (std::isnan(x) || x < 0.0f) return std::numeric_limits<float>::quiet_NaN();
  if (x == 0.0f) return -std::numeric_limits<float>::infinity();
  if (x == std::numeric_limits<float>::infinity()) return x;
  float e = 0.0f;
  float f = frexp_generic(x, e);
  // Into [sqrt(1/2), sqrt(2)) and shifted by -1.
  const bool small = f < 0.707106781186547524f;
  const float doubled = small ? f : 0.0f;
  f = f - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  f = f + doubled;
  float p = madd(madd(0.18256296349849254f, f, 1.0000000190281063f), f, 1.0000000190281136f);
  p = f * p;
  const float q = madd(
      madd(madd(0.049616247954120038f, f, 0.59923249590823520f), f, 1.4999999999999927f), f, 1.0f);
  return madd(e, 0.693147180559945309417232121458176568f, p / q);
}

float tanh_rational(float x) {
  constexpr float kClamp = 7.90738964080810547f;  // where the rational function reaches 1
  const float xc = clamp_below(clamp_above(x, kClamp), -kClamp);
  const float x2 = xc * xc;
  const float x3 = x2 * xc;
  float p = madd(madd(madd(1.394553628e-8f, x2, 2.102733560e-5f), x2, 3.520756727e-3f), x2,
                 1.340216100e-1f);
  const float q = madd(madd(madd(madd(8.015776984e-7f, x2, 3.326951409e-4f), x2, 2.597254514e-2f),
                            x2, 4.673548340e-1f),
                       x2, 1.0f);
  p = madd(x3, p, xc);
  return p / q;
}

float logistic_packet(float x) {
  if (std::isnan(x)) return x;
  if (x < -104.0f) return 0.0f;
  const float half = clamp_above(x, 16.6355324f) * 0.5f;
  const float m = std::floor(madd(half, kLog2e, 0.5f));
  float r = madd(m, kLn2High, half);
  r = madd(m, kLn2Low, r);
  const float r2 = r * r;
  const float even = madd(r2, 4.1898667812347412109375e-2f, 0.49999141693115234375f);
  const float odd = madd(r2, 8.33471305668354034423828125e-3f, 0.16666877269744873046875f);
  const float low = r + 1.0f;
  float p = madd(r, odd, even);
  p = madd(r2, p, low);
  float e = ldexp_fast(p, m);
  e = e * e;
  return e / (1.0f + e);
}

float logistic_scalar(float x) {
  const float e = std::exp(clamp_above(x, 16.6355324f));
  return e / (1.0f + e);
}

float pow_packet(float x, float y) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  // The smallest |y| for which (1 + epsilon)^y overflows, computed in float as Eigen does.
  constexpr float kHugeExponent =
      (128 * static_cast<float>(0.693147180559945309417232121458176568L)) /
      std::numeric_limits<float>::epsilon();
  const float x_abs = std::fabs(x);
  float pow = pow_positive(x_abs, y);
  // C's special cases, selected in Eigen's order (a later rule overrides an earlier one).
  const bool y_is_int = std::floor(y) == y && std::fabs(y) != kInf;
  const float y_half = y * 0.5f;
  const bool y_is_odd_int = y_is_int && round_half_away(y_half) != y_half;
  if (x < 0.0f && !y_is_int) pow = std::numeric_limits<float>::quiet_NaN();
  if (x == 0.0f) pow = y < 0.0f ? kInf : 0.0f;
  if (std::signbit(x) && y_is_odd_int) pow = -pow;
  if (std::fabs(y) >= kHugeExponent) {
    const bool to_inf = (y < 0.0f && x == 0.0f) || ((y < 0.0f) != (1.0f < x_abs));
    pow = x == -1.0f ? 1.0f : to_inf ? kInf : 0.0f;
  }
  if (x_abs == kInf) {
    const float positive = y < 0.0f ? 0.0f : kInf;
    pow = x < 0.0f && y_is_odd_int ? -positive : positive;
  }
  if (std::isnan(x) || std::isnan(y)) pow = std::numeric_limits<float>::quiet_NaN();
  if (y == 1.0f) return x;
  return x == 1.0f || y == 0.0f ? 1.0f : pow;
}

}  // namespace tfmc::eval::eigen
