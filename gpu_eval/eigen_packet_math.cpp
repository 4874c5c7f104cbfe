#include "gpu_eval/eigen_packet_math.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "gpu_eval/eigen_lane_ops.h"

namespace tfmc::eval::eigen {

namespace {

using lane::clamp_above;
using lane::clamp_below;
using lane::ldexp_safe;
using lane::madd;

// y * 2^m as Eigen's pldexp_fast: the biased exponent clamped to [0, 255] (0 gives a zero
// factor, 255 an infinite one).
float ldexp_fast(float y, float m) {
  const auto biased = static_cast<std::uint32_t>(std::fmin(std::fmax(m + 127.0f, 0.0f), 255.0f));
  return y * std::bit_cast<float>(biased << 23);
}

constexpr float kLog2e = 1.44269504088896341f;
constexpr float kLn2High = -0.693359375f;  // -ln 2 in two parts, Cephes'
constexpr float kLn2Low = 2.12194440e-4f;

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

double exp_packet_double(double x) {
  if (std::isnan(x)) return x;
  if (x < -745.519) return 0.0;
  const double xc = clamp_above(x, 709.784);
  const double m = std::floor(madd(1.4426950408889634073599, xc, 0.5));
  // r = x - m ln 2, ln 2 in two parts, each product rounded.
  const double r = (xc - m * 0.693145751953125) - m * 1.42860682030941723212e-6;
  const double r2 = r * r;
  double p = madd(madd(1.26177193074810590878e-4, r2, 3.02994407707441961300e-2), r2,
                  9.99999999999999999910e-1);
  p = p * r;
  const double q = madd(madd(madd(3.00198505138664455042e-6, r2, 2.52448340349684104192e-3), r2,
                             2.27265548208155028766e-1),
                        r2, 2.00000000000000000009e0);
  const double y = madd(2.0, p / (q - p), 1.0);
  // As in the float form, pldexp_fast (|x| <= 708 on every lane) and pldexp agree.
  return clamp_below(ldexp_safe(y, m), x);
}

float log_packet(float x) {
  if (std::isnan(x) || x < 0.0f) return std::numeric_limits<float>::quiet_NaN();
  if (x == 0.0f) return -std::numeric_limits<float>::infinity();
  if (x == std::numeric_limits<float>::infinity()) return x;
  float e = 0.0f;
  float f = lane::frexp_generic(x, e);
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

}  // namespace tfmc::eval::eigen
