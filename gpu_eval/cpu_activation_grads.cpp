#include "gpu_eval/cpu_activation_grads.h"

#include <cstdint>

namespace tfmc::eval::cpu {

namespace {

// The elements of TensorFlow's whole 256-bit packets: those before the last multiple of the
// lane count (8 f32, 4 f64).
template <class T>
std::int64_t packet_prefix(std::int64_t n) {
  constexpr std::int64_t lanes = 32 / static_cast<std::int64_t>(sizeof(T));
  return n / lanes * lanes;
}

// out[i] = f(y[i], dy[i], whether i lies in a whole packet), after the contract's checks.
template <class F>
EvalResult gradient(const Tensor& y, const Tensor& dy, F f) {
  if (y.dtype != dy.dtype || (y.dtype != DType::F32 && y.dtype != DType::F64)) {
    return ErrorKind::Type;
  }
  if (y.shape != dy.shape) return ErrorKind::Shape;
  return visit_numeric(y.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    if constexpr (std::is_floating_point_v<T>) {
      Tensor out = make_tensor(y.dtype, y.shape);
      const std::int64_t n = y.size();
      const std::int64_t packets = packet_prefix<T>(n);
      const auto ys = view<T>(y);
      const auto dys = view<T>(dy);
      for (std::int64_t i = 0; i < n; ++i) store<T>(out, i, f(ys[i], dys[i], i < packets));
      return single(std::move(out));
    } else {
      return ErrorKind::Type;
    }
  });
}

}  // namespace

EvalResult rsqrt_grad(const Tensor& y, const Tensor& dy) {
  // A zero gradient gives +0 whatever y is (NaN and infinities included), and the product is
  // negated by a subtraction from 0 (so a zero product gives +0), as TensorFlow's.
  return gradient(y, dy, []<class T>(T v, T d, bool) {
    return d == T(0) ? T(0) : T(T(0) - T(T(T(0.5) * T(d * v)) * T(v * v)));
  });
}

EvalResult sigmoid_grad(const Tensor& y, const Tensor& dy) {
  return gradient(y, dy, []<class T>(T v, T d, bool in_packet) {
    return in_packet ? T(d * T(v * T(T(1) - v))) : T(T(d * v) * T(T(1) - v));
  });
}

EvalResult tanh_grad(const Tensor& y, const Tensor& dy) {
  return gradient(y, dy, []<class T>(T v, T d, bool) { return T(d * T(T(1) - T(v * v))); });
}

}  // namespace tfmc::eval::cpu
