#include "gpu_eval/cpu_transcendental_ops.h"

#include <cmath>
#include <cstdint>

#include "gpu_eval/eigen_packet_math.h"
#include "gpu_eval/eigen_rsqrt.h"

namespace tfmc::eval::cpu {

namespace {

constexpr std::int64_t kFloatLanes = 8;  // floats in one of TensorFlow's AVX packets

// out[i] = packet(x[i]) on the elements of whole packets, tail(x[i]) on the rest.
template <class Packet, class Tail>
EvalResult by_position(const Tensor& x, Packet packet, Tail tail) {
  if (x.dtype != DType::F32) return ErrorKind::Type;
  Tensor out = make_tensor(x.dtype, x.shape);
  const std::int64_t n = x.size();
  const auto xs = view<float>(x);
  for (std::int64_t i = 0; i < n; ++i)
    store<float>(out, i, in_whole_packet(i, n) ? packet(xs[i]) : tail(xs[i]));
  return single(std::move(out));
}

}  // namespace

bool in_whole_packet(std::int64_t i, std::int64_t n) { return i < n / kFloatLanes * kFloatLanes; }

float exp_element(float x, bool in_packet) {
  return in_packet ? eigen::exp_packet(x) : std::exp(x);
}

float log_element(float x, bool in_packet) {
  return in_packet ? eigen::log_packet(x) : std::log(x);
}

EvalResult exp(const Tensor& x) {
  return by_position(x, eigen::exp_packet, [](float v) { return std::exp(v); });
}

EvalResult log(const Tensor& x) {
  return by_position(x, eigen::log_packet, [](float v) { return std::log(v); });
}

EvalResult sigmoid(const Tensor& x) {
  return by_position(x, eigen::logistic_packet, eigen::logistic_scalar);
}

EvalResult tanh(const Tensor& x) {
  return by_position(x, eigen::tanh_rational, eigen::tanh_rational);
}

EvalResult rsqrt(const Tensor& x) {
  return by_position(x, eigen::rsqrt_packet, [](float v) { return 1.0f / std::sqrt(v); });
}

}  // namespace tfmc::eval::cpu
