#include "gpu_eval/cpu_onednn_swish.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace tfmc::eval::cpu {

namespace {

constexpr std::uint32_t kSignBit = 0x80000000u;

float from_bits(std::uint32_t bits) { return std::bit_cast<float>(bits); }

// oneDNN's exp_compute_vector_fwd for one lane; x <= 0 or NaN here (its argument's sign bit
// is set).
float onednn_exp(float x) {
  const float ln_flt_min = from_bits(0xc2aeac50u);
  const float ln_flt_max = from_bits(0x42b17218u);
  const bool below = x < ln_flt_min;
  // vminps then vmaxps against the constants: a NaN lane takes the constant.
  x = x < ln_flt_max ? x : ln_flt_max;
  x = x > ln_flt_min ? x : ln_flt_min;
  const float n = std::floor(x * from_bits(0x3fb8aa3bu) + 0.5f);
  const float r = std::fma(-n, from_bits(0x3f317218u), x);
  // 2^(n-1), built in the exponent field; n - 1 >= -127, so the field is never negative.
  const auto field = static_cast<std::uint32_t>(static_cast<std::int32_t>(n - 1.0f) + 127);
  const float scale = below ? 0.0f : from_bits(field << 23);
  float p = from_bits(0x3c07cfceu);
  p = std::fma(p, r, from_bits(0x3d2b9d0du));
  p = std::fma(p, r, from_bits(0x3e2aad40u));
  p = std::fma(p, r, from_bits(0x3efffee3u));
  p = std::fma(p, r, from_bits(0x3f7ffffbu));
  p = std::fma(p, r, 1.0f);
  return p * scale * 2.0f;
}

}  // namespace

float onednn_swish_element(float x) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
  const float e = onednn_exp(from_bits(bits | kSignBit));
  const float y = e / (e + 1.0f);
  const float s = (bits & kSignBit) != 0 ? y : 1.0f - y;
  return x * s;
}

EvalResult onednn_swish(const Tensor& x) {
  if (x.dtype != DType::F32) return ErrorKind::Type;
  Tensor out = make_tensor(x.dtype, x.shape);
  const auto xs = view<float>(x);
  for (std::int64_t i = 0; i < x.size(); ++i) store<float>(out, i, onednn_swish_element(xs[i]));
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
