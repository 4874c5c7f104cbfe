#include "gpu_eval/cpu_optimizer_ops.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/eigen_packet_math.h"
#include "gpu_eval/eigen_scalar_ops.h"

namespace tfmc::eval::cpu {
namespace {

// What a step sees of an element besides the arguments' elements.
struct Lane {
  const OpAttrs& attrs;
  // Whether TensorFlow's Eigen computes the element in a whole SIMD packet (8 floats or 4
  // doubles, those before the last multiple), where its exp is Eigen's approximation.
  bool in_packet;
  std::int64_t global_step;  // AdagradDA's, 0 for the others
};

// Each step below is TensorFlow's CPU functor of that name (training_ops.cc) on one element:
// `x` holds the arguments' elements (a hyperparameter's one value), `y` receives the new
// values. Eigen evaluates an expression as its tree is written, left operand first, so each
// line keeps TensorFlow's parenthesization: `a * b * c` is (a * b) * c. The element functions
// are Eigen's scalar ones (eigen_scalar_ops.h).
using namespace eigen_scalar;

// `shaped[k]`: argument k has the first variable's shape (a variable or the gradient); the
// others are scalars.
struct Momentum {
  static constexpr std::array<bool, 5> shaped = {true, true, false, true, false};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], accum = x[1], lr = x[2], grad = x[3], momentum = x[4];
    const T a = accum * momentum + grad;
    y[0] = lane.attrs.use_nesterov ? var - (grad * lr + a * momentum * lr) : var - a * lr;
    y[1] = a;
  }
};

// Keras's form: the accumulator holds the step itself, added to the weight.
struct KerasMomentum {
  static constexpr std::array<bool, 5> shaped = {true, true, false, true, false};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], accum = x[1], lr = x[2], grad = x[3], momentum = x[4];
    const T a = accum * momentum - grad * lr;
    y[0] = lane.attrs.use_nesterov ? var + (a * momentum - grad * lr) : var + a;
    y[1] = a;
  }
};

// ApplyAdamNonCuda, with alpha = lr * sqrt(1 - beta2_power) / (1 - beta1_power).
struct Adam {
  static constexpr std::array<bool, 10> shaped = {true,  true,  true,  false, false,
                                                  false, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], m = x[1], v = x[2], beta1_power = x[3], beta2_power = x[4], lr = x[5],
            beta1 = x[6], beta2 = x[7], epsilon = x[8], grad = x[9];
    const T alpha = lr * std::sqrt(T(1) - beta2_power) / (T(1) - beta1_power);
    const T m1 = m + (grad - m) * (T(1) - beta1);
    const T v1 = v + (grad * grad - v) * (T(1) - beta2);
    const T direction = lane.attrs.use_nesterov ? grad * (T(1) - beta1) + beta1 * m1 : m1;
    y[0] = var - (direction * alpha) / (std::sqrt(v1) + epsilon);
    y[1] = m1;
    y[2] = v1;
  }
};

struct AdamWithAmsgrad {
  static constexpr std::array<bool, 11> shaped = {true,  true,  true,  true,  false, false,
                                                  false, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], m = x[1], v = x[2], vhat = x[3], beta1_power = x[4], beta2_power = x[5],
            lr = x[6], beta1 = x[7], beta2 = x[8], epsilon = x[9], grad = x[10];
    const T alpha = lr * std::sqrt(T(1) - beta2_power) / (T(1) - beta1_power);
    const T m1 = m + (grad - m) * (T(1) - beta1);
    const T v1 = v + (grad * grad - v) * (T(1) - beta2);
    const T vhat1 = max_of(vhat, v1);
    y[0] = var - (m1 * alpha) / (std::sqrt(vhat1) + epsilon);
    y[1] = m1;
    y[2] = v1;
    y[3] = vhat1;
  }
};

struct AdaMax {
  static constexpr std::array<bool, 9> shaped = {true,  true,  true,  false, false,
                                                 false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], m = x[1], v = x[2], beta1_power = x[3], lr = x[4], beta1 = x[5],
            beta2 = x[6], epsilon = x[7], grad = x[8];
    const T m1 = m + (grad - m) * (T(1) - beta1);
    const T v1 = max_of(beta2 * v, std::abs(grad));
    y[0] = var - lr / (T(1) - beta1_power) * (m1 / (v1 + epsilon));
    y[1] = m1;
    y[2] = v1;
  }
};

struct Adagrad {
  static constexpr std::array<bool, 4> shaped = {true, true, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], accum = x[1], lr = x[2], grad = x[3];
    const T a = lane.attrs.update_slots ? accum + grad * grad : accum;
    y[0] = var - grad * lr * rsqrt(a);
    y[1] = a;
  }
};

struct AdagradV2 {
  static constexpr std::array<bool, 5> shaped = {true, true, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], accum = x[1], lr = x[2], epsilon = x[3], grad = x[4];
    const T a = lane.attrs.update_slots ? accum + grad * grad : accum;
    y[0] = var - grad * lr / (std::sqrt(a) + epsilon);
    y[1] = a;
  }
};

struct Adadelta {
  static constexpr std::array<bool, 7> shaped = {true, true, true, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], accum = x[1], accum_update = x[2], lr = x[3], rho = x[4], epsilon = x[5],
            grad = x[6];
    const T a = accum * rho + grad * grad * (T(1) - rho);
    const T update = std::sqrt(accum_update + epsilon) * rsqrt(a + epsilon) * grad;
    y[0] = var - update * lr;
    y[1] = a;
    y[2] = accum_update * rho + update * update * (T(1) - rho);
  }
};

struct RMSProp {
  static constexpr std::array<bool, 8> shaped = {true,  true,  true,  false,
                                                 false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], ms = x[1], mom = x[2], lr = x[3], rho = x[4], momentum = x[5],
            epsilon = x[6], grad = x[7];
    const T ms1 = ms + (grad * grad - ms) * (T(1) - rho);
    const T mom1 = mom * momentum + (grad * lr) / std::sqrt(ms1 + epsilon);
    y[0] = var - mom1;
    y[1] = ms1;
    y[2] = mom1;
  }
};

struct CenteredRMSProp {
  static constexpr std::array<bool, 9> shaped = {true,  true,  true,  true, false,
                                                 false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], mg = x[1], ms = x[2], mom = x[3], lr = x[4], rho = x[5], momentum = x[6],
            epsilon = x[7], grad = x[8];
    const T ms1 = ms + (grad * grad - ms) * (T(1) - rho);
    const T mg1 = mg + (grad - mg) * (T(1) - rho);
    const T denom = (ms1 - mg1 * mg1) + epsilon;
    const T mom1 = mom * momentum + (grad * lr) / std::sqrt(denom);
    y[0] = var - mom1;
    y[1] = mg1;
    y[2] = ms1;
    y[3] = mom1;
  }
};

// FTRL-proximal, shared by Ftrl and FtrlV2 (whose gradient adds the shrinkage): TensorFlow's
// ApplyFtrl, ApplyFtrlV2 and their MultiplyLinearByLr forms. lr_power -0.5 takes sqrt, any
// other std::pow, as TensorFlow's kernel branches.
template <class T>
void ftrl(T var, T accum, T linear, T grad, T shrunk_grad, T lr, T l1, T l2, T lr_power, bool by_lr,
          T* y) {
  const bool half = lr_power == T(-0.5);
  const auto power = [&](T a) { return half ? std::sqrt(a) : std::pow(a, -lr_power); };
  const T new_accum = accum + grad * grad;
  const T linear1 = by_lr ? linear + (shrunk_grad * lr - (power(new_accum) - power(accum)) * var)
                          : linear + (shrunk_grad - (power(new_accum) - power(accum)) / lr * var);
  const T threshold = by_lr ? l1 * lr : l1;
  const T x = threshold * sign(linear1) - linear1;
  const T y_denominator =
      by_lr ? power(new_accum) + T(2) * l2 * lr : power(new_accum) / lr + T(2) * l2;
  y[0] = std::abs(linear1) > threshold ? x / y_denominator : T(0);
  y[1] = accum + grad * grad;
  y[2] = linear1;
}

struct Ftrl {
  static constexpr std::array<bool, 8> shaped = {true,  true,  true,  true,
                                                 false, false, false, false};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    ftrl(x[0], x[1], x[2], x[3], x[3], x[4], x[5], x[6], x[7], lane.attrs.multiply_linear_by_lr, y);
  }
};

struct FtrlV2 {
  static constexpr std::array<bool, 9> shaped = {true,  true,  true,  true, false,
                                                 false, false, false, false};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], grad = x[3], l2_shrinkage = x[7];
    const T shrunk_grad = grad + T(2) * l2_shrinkage * var;
    ftrl(var, x[1], x[2], grad, shrunk_grad, x[4], x[5], x[6], x[8],
         lane.attrs.multiply_linear_by_lr, y);
  }
};

// The proximal step of ProximalGradientDescent and ProximalAdagrad from v = var - rate * grad:
// sign(v) * max(|v| - rate * l1, 0) / (1 + l2 * rate) when l1 > 0, else v / (1 + l2 * rate).
template <class T>
T proximal(T v, T rate_l1, T l2_rate, T l1) {
  const T shrink = T(1) + l2_rate;
  return l1 > T(0) ? sign(v) * max_of(std::abs(v) - rate_l1, T(0)) / shrink : v / shrink;
}

struct ProximalGradientDescent {
  static constexpr std::array<bool, 5> shaped = {true, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], lr = x[1], l1 = x[2], l2 = x[3], grad = x[4];
    y[0] = proximal(var - grad * lr, lr * l1, l2 * lr, l1);
  }
};

struct ProximalAdagrad {
  static constexpr std::array<bool, 6> shaped = {true, true, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], accum = x[1], lr = x[2], l1 = x[3], l2 = x[4], grad = x[5];
    const T a = accum + grad * grad;
    const T rate = lr * rsqrt(a);
    y[0] = proximal(var - grad * rate, rate * l1, l2 * rate, l1);
    y[1] = a;
  }
};

// ApplyAdagradDA: the accumulators add grad and its square, then the weight is
// lr * -1 * sign(g) * max(|g| - step * l1, 0) / (l2 * (step * lr) + sqrt(gg)) when l1 > 0, else
// lr * g * -1 / (the same), where step is TensorFlow's static_cast<float>(global_step), so that
// a double step rounds to float first.
struct AdagradDA {
  static constexpr std::array<bool, 8> shaped = {true,  true,  true,  true,
                                                 false, false, false, false};
  static constexpr std::size_t global_step = 7;  // an i64 scalar
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T ga = x[1], gg = x[2], grad = x[3], lr = x[4], l1 = x[5], l2 = x[6];
    const auto global = static_cast<float>(lane.global_step);
    const T step_lr = global * lr;
    const T ga1 = ga + grad;
    const T gg1 = gg + grad * grad;
    const T denominator = l2 * step_lr + std::sqrt(gg1);
    y[0] = l1 > T(0)
               ? lr * T(-1) * sign(ga1) * max_of(std::abs(ga1) - T(global) * l1, T(0)) / denominator
               : lr * ga1 * T(-1) / denominator;
    y[1] = ga1;
    y[2] = gg1;
  }
};

// AddSign and PowerSign first move m toward grad, then scale grad by how sign(grad) and the new
// sign(m) agree.
template <class T>
T sign_momentum(T m, T grad, T beta) {
  return m * beta + grad * (T(1) - beta);
}

struct AddSign {
  static constexpr std::array<bool, 7> shaped = {true, true, false, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane&) {
    const T var = x[0], m = x[1], lr = x[2], alpha = x[3], sign_decay = x[4], beta = x[5],
            grad = x[6];
    const T m1 = sign_momentum(m, grad, beta);
    const T sign_gm = sign(grad) * sign(m1);
    y[0] = var - lr * (alpha + sign_decay * sign_gm) * grad;
    y[1] = m1;
  }
};

// e^x as TensorFlow's Eigen computes an element of an Exp expression: its packet approximation
// (eigen_packet_math.h) in whole packets, the C library's exp on the rest.
template <class T>
T exp_at(T x, bool in_packet) {
  if (!in_packet) return std::exp(x);
  if constexpr (std::is_same_v<T, float>) {
    return eigen::exp_packet(x);
  } else {
    return eigen::exp_packet_double(x);
  }
}

struct PowerSign {
  static constexpr std::array<bool, 7> shaped = {true, true, false, false, false, false, true};
  template <class T>
  static void step(const T* x, T* y, const Lane& lane) {
    const T var = x[0], m = x[1], lr = x[2], logbase = x[3], sign_decay = x[4], beta = x[5],
            grad = x[6];
    const T m1 = sign_momentum(m, grad, beta);
    const T sign_gm = sign(grad) * sign(m1);
    const T grad_scale = exp_at(logbase * sign_decay * sign_gm, lane.in_packet);
    y[0] = var - lr * grad_scale * grad;
    y[1] = m1;
  }
};

// The position of Kernel's i64 global step among its arguments, n (none) for the others.
template <class Kernel>
constexpr std::size_t global_step_position() {
  if constexpr (requires { Kernel::global_step; }) {
    return Kernel::global_step;
  } else {
    return Kernel::shaped.size();
  }
}

// Checks the arguments as the contract says, then applies Kernel::step element by element.
template <class Kernel, int variables>
EvalResult apply_step(std::span<const Tensor* const> args, const OpAttrs& attrs) {
  constexpr std::size_t n = Kernel::shaped.size();
  constexpr std::size_t step_at = global_step_position<Kernel>();
  const Tensor& first = *args[0];
  for (std::size_t k = 0; k < n; ++k) {
    if (args[k]->dtype != (k == step_at ? DType::I64 : first.dtype)) return ErrorKind::Type;
  }
  if (first.dtype != DType::F32 && first.dtype != DType::F64) return ErrorKind::Type;
  for (std::size_t k = 0; k < n; ++k) {
    if (Kernel::shaped[k] ? args[k]->shape != first.shape : !args[k]->shape.empty()) {
      return ErrorKind::Shape;
    }
  }
  std::int64_t global_step = 0;
  if constexpr (step_at < n) global_step = view<std::int64_t>(*args[step_at])[0];
  return visit_numeric(first.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    if constexpr (std::is_floating_point_v<T>) {
      std::vector<Tensor> out(variables, make_tensor(first.dtype, first.shape));
      std::array<ElementView<T>, n> in{};
      for (std::size_t k = 0; k < n; ++k) {
        if (k != step_at) in[k] = view<T>(*args[k]);
      }
      std::array<T, n> x{};
      std::array<T, variables> y{};
      const std::int64_t size = first.size();
      // AVX packets: 32 bytes, 8 floats or 4 doubles.
      constexpr std::int64_t lanes = 32 / sizeof(T);
      const std::int64_t packed = size / lanes * lanes;
      for (std::int64_t i = 0; i < size; ++i) {
        for (std::size_t k = 0; k < n; ++k) {
          if (k != step_at) x[k] = in[k][Kernel::shaped[k] ? i : 0];
        }
        Kernel::step(x.data(), y.data(), Lane{attrs, i < packed, global_step});
        for (int v = 0; v < variables; ++v) store<T>(out[v], i, y[v]);
      }
      return out;
    } else {
      throw std::logic_error("optimizer_step: only float dtypes reach the kernel");
    }
  });
}

}  // namespace

EvalResult optimizer_step(BuiltinOp op, std::span<const Tensor* const> args, const OpAttrs& attrs) {
  switch (op) {
    case BuiltinOp::MomentumStep:
      return apply_step<Momentum, 2>(args, attrs);
    case BuiltinOp::AdamStep:
      return apply_step<Adam, 3>(args, attrs);
    case BuiltinOp::AdamWithAmsgradStep:
      return apply_step<AdamWithAmsgrad, 4>(args, attrs);
    case BuiltinOp::AdaMaxStep:
      return apply_step<AdaMax, 3>(args, attrs);
    case BuiltinOp::AdagradStep:
      return apply_step<Adagrad, 2>(args, attrs);
    case BuiltinOp::AdagradV2Step:
      return apply_step<AdagradV2, 2>(args, attrs);
    case BuiltinOp::AdadeltaStep:
      return apply_step<Adadelta, 3>(args, attrs);
    case BuiltinOp::RMSPropStep:
      return apply_step<RMSProp, 3>(args, attrs);
    case BuiltinOp::CenteredRMSPropStep:
      return apply_step<CenteredRMSProp, 4>(args, attrs);
    case BuiltinOp::FtrlStep:
      return apply_step<Ftrl, 3>(args, attrs);
    case BuiltinOp::FtrlV2Step:
      return apply_step<FtrlV2, 3>(args, attrs);
    case BuiltinOp::ProximalGradientDescentStep:
      return apply_step<ProximalGradientDescent, 1>(args, attrs);
    case BuiltinOp::ProximalAdagradStep:
      return apply_step<ProximalAdagrad, 2>(args, attrs);
    case BuiltinOp::KerasMomentumStep:
      return apply_step<KerasMomentum, 2>(args, attrs);
    case BuiltinOp::AdagradDAStep:
      return apply_step<AdagradDA, 3>(args, attrs);
    case BuiltinOp::AddSignStep:
      return apply_step<AddSign, 2>(args, attrs);
    case BuiltinOp::PowerSignStep:
      return apply_step<PowerSign, 2>(args, attrs);
    default:
      throw std::invalid_argument("optimizer_step: not an optimizer's step");
  }
}

}  // namespace tfmc::eval::cpu
