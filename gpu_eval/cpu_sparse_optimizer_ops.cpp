#include "gpu_eval/cpu_sparse_optimizer_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_optimizer_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/eigen_scalar_ops.h"

namespace tfmc::eval::cpu {
namespace {

// What an element step sees besides its arguments' elements.
struct StepContext {
  const OpAttrs& attrs;
  std::int64_t global_step;  // AdagradDA's, 0 for the others
};

// An element step: `x` holds one element of each argument in the dense step's order (the
// variables, then the other inputs without indices; a hyperparameter its value), `y`
// receives the variables' new elements. Eigen evaluates an expression as its tree is
// written, left operand first, so each line keeps TensorFlow's parenthesization; the element
// functions are Eigen's scalar ones (eigen_scalar_ops.h).
template <class T>
using ElementStep = void (*)(const T* x, T* y, const StepContext& context);

using namespace eigen_scalar;

// SparseApplyMomentum's row: lr multiplies first, unlike ApplyMomentum's.
template <class T>
void momentum_rows(const T* x, T* y, const StepContext& c) {
  const T var = x[0], accum = x[1], lr = x[2], grad = x[3], momentum = x[4];
  const T a = accum * momentum + grad;
  y[0] = c.attrs.use_nesterov ? var - (lr * grad + lr * momentum * a) : var - lr * a;
  y[1] = a;
}

// SparseApplyRMSProp's row: rsqrt(ms + epsilon) * lr * grad, where ApplyRMSProp divides.
template <class T>
void rmsprop_rows(const T* x, T* y, const StepContext&) {
  const T var = x[0], ms = x[1], mom = x[2], lr = x[3], rho = x[4], momentum = x[5], epsilon = x[6],
          grad = x[7];
  const T ms1 = ms * rho + grad * grad * (T(1) - rho);
  const T mom1 = mom * momentum + rsqrt(ms1 + epsilon) * lr * grad;
  y[0] = var - mom1;
  y[1] = ms1;
  y[2] = mom1;
}

template <class T>
void centered_rmsprop_rows(const T* x, T* y, const StepContext&) {
  const T var = x[0], mg = x[1], ms = x[2], mom = x[3], lr = x[4], rho = x[5], momentum = x[6],
          epsilon = x[7], grad = x[8];
  const T ms1 = ms * rho + grad * grad * (T(1) - rho);
  const T mg1 = mg * rho + grad * (T(1) - rho);
  const T denom = ms1 + epsilon - mg1 * mg1;
  const T mom1 = mom * momentum + rsqrt(denom) * lr * grad;
  y[0] = var - mom1;
  y[1] = mg1;
  y[2] = ms1;
  y[3] = mom1;
}

// SparseApplyAdagrad's one-element rows: lr * g / sqrt(a).
template <class T>
void adagrad_scalars(const T* x, T* y, const StepContext& c) {
  const T var = x[0], accum = x[1], lr = x[2], grad = x[3];
  const T a = c.attrs.update_slots ? accum + grad * grad : accum;
  y[0] = var - lr * grad / std::sqrt(a);
  y[1] = a;
}

// The proximal step of the one-element rows of SparseApplyProximalGradientDescent and
// SparseApplyProximalAdagrad: TensorFlow's C++ divides by the double 1.0 + l2 * rate, so the
// quotient is a double rounded once to T.
template <class T>
T proximal_scalar(T prox, T rate, T l1, T l2) {
  const double shrink = 1.0 + l2 * rate;
  return l1 > T(0) ? static_cast<T>(sign(prox) * max_of(std::abs(prox) - rate * l1, T(0)) / shrink)
                   : static_cast<T>(prox / shrink);
}

template <class T>
void proximal_gradient_descent_scalars(const T* x, T* y, const StepContext&) {
  const T var = x[0], lr = x[1], l1 = x[2], l2 = x[3], grad = x[4];
  y[0] = proximal_scalar(var - lr * grad, lr, l1, l2);
}

template <class T>
void proximal_adagrad_scalars(const T* x, T* y, const StepContext&) {
  const T var = x[0], accum = x[1], lr = x[2], l1 = x[3], l2 = x[4], grad = x[5];
  const T a = accum + grad * grad;
  const T rate = lr / std::sqrt(a);
  y[0] = proximal_scalar(var - rate * grad, rate, l1, l2);
  y[1] = a;
}

// SparseApplyFtrl's one-element rows (its FtrlCompute): C's pow for every lr_power in sigma,
// the l1 clamp as min and max.
template <class T>
void ftrl_scalar(T var, T accum, T linear, T grad, T shrunk_grad, T lr, T l1, T l2, T lr_power,
                 bool by_lr, T* y) {
  const T new_accum = accum + grad * grad;
  T sigma = std::pow(new_accum, -lr_power) - std::pow(accum, -lr_power);
  if (!by_lr) sigma /= lr;
  const T new_linear =
      by_lr ? linear + shrunk_grad * lr - sigma * var : linear + shrunk_grad - sigma * var;
  const T power = lr_power == T(-0.5) ? std::sqrt(new_accum) : std::pow(new_accum, -lr_power);
  const T quadratic = by_lr ? power + T(2) * l2 * lr : power / lr + T(2) * l2;
  const T bound = by_lr ? l1 * lr : l1;
  const T adjust = max_of(min_of(new_linear, bound), -bound);
  y[0] = (adjust - new_linear) / quadratic;
  y[1] = new_accum;
  y[2] = new_linear;
}

template <class T>
void ftrl_scalars(const T* x, T* y, const StepContext& c) {
  ftrl_scalar(x[0], x[1], x[2], x[3], x[3], x[4], x[5], x[6], x[7], c.attrs.multiply_linear_by_lr,
              y);
}

template <class T>
void ftrl_v2_scalars(const T* x, T* y, const StepContext& c) {
  const T var = x[0], grad = x[3], l2_shrinkage = x[7];
  ftrl_scalar(var, x[1], x[2], grad, grad + T(2) * l2_shrinkage * var, x[4], x[5], x[6], x[8],
              c.attrs.multiply_linear_by_lr, y);
}

// SparseApplyAdagradDA's rows: the global step converted to T, gs_lr = global_step * lr.
template <class T>
void adagrad_da_rows(const T* x, T* y, const StepContext& c) {
  const T ga = x[1], da = x[2], grad = x[3], lr = x[4], l1 = x[5], l2 = x[6];
  const T step = static_cast<T>(c.global_step);
  const T step_lr = step * lr;
  const T ga1 = ga + grad;
  const T da1 = da + grad * grad;
  const T denominator = l2 + std::sqrt(da1) / step_lr;
  y[0] = l1 > T(0) ? T(-1) * sign(ga1) * max_of(std::abs(ga1) / step - l1, T(0)) / denominator
                   : T(-1) * (ga1 / step) / denominator;
  y[1] = ga1;
  y[2] = da1;
}

// Its one-element rows compute in double: the accumulators take a double gradient and round
// to T, the weight is a double expression rounded once.
template <class T>
void adagrad_da_scalars(const T* x, T* y, const StepContext& c) {
  const double grad = x[3], lr = x[4], l1 = x[5], l2 = x[6];
  const auto step = static_cast<double>(c.global_step);
  const auto ga1 = static_cast<T>(x[1] + grad);
  const auto da1 = static_cast<T>(x[2] + grad * grad);
  const double step_l1 = step * l1;
  const double step_l2_lr = step * l2 * lr;
  const double denominator = step_l2_lr + std::sqrt(da1);
  y[0] =
      l1 > 0
          ? static_cast<T>(sign(-ga1) * lr * std::max(std::abs(ga1) - step_l1, 0.0) / denominator)
          : static_cast<T>(-ga1 * lr / denominator);
  y[1] = ga1;
  y[2] = da1;
}

// A hyperparameter value TensorFlow's kernel requires.
enum class Need { Positive, NonNegative, NonPositive };

template <class T>
struct SparseForm {
  // The dense step whose arithmetic the rows share where `rows` is null.
  std::optional<BuiltinOp> dense;
  int variables;
  // grad's position among the dense step's arguments; indices follow it in the sparse step's.
  int grad;
  // TensorFlow refuses a variable whose rows have no elements.
  bool refuses_empty_rows;
  ElementStep<T> rows;                           // null: the dense step on each row
  ElementStep<T> scalars;                        // the one-element-row branch; null: as rows
  std::vector<std::pair<int, Need>> needs = {};  // (position among the dense arguments, need)
  int global_step = -1;                          // AdagradDA's i64 argument's position
};

template <class T>
SparseForm<T> form(BuiltinOp op) {
  using enum Need;
  switch (op) {
    case BuiltinOp::SparseAdagradStep:
      return {BuiltinOp::AdagradStep, 2, 3, true, nullptr, adagrad_scalars<T>};
    case BuiltinOp::SparseAdagradV2Step:
      return {BuiltinOp::AdagradV2Step, 2, 4, true, nullptr, nullptr};
    case BuiltinOp::SparseAdagradDAStep:
      return {std::nullopt, 3, 3, true, adagrad_da_rows<T>, adagrad_da_scalars<T>, {}, 7};
    case BuiltinOp::SparseAdadeltaStep:
      return {BuiltinOp::AdadeltaStep, 3, 6, false, nullptr, nullptr};
    case BuiltinOp::SparseMomentumStep:
      return {std::nullopt, 2, 3, false, momentum_rows<T>, nullptr};
    case BuiltinOp::SparseKerasMomentumStep:
      return {BuiltinOp::KerasMomentumStep, 2, 3, false, nullptr, nullptr};
    case BuiltinOp::SparseRMSPropStep:
      return {std::nullopt, 3, 7, false, rmsprop_rows<T>, nullptr};
    case BuiltinOp::SparseCenteredRMSPropStep:
      return {std::nullopt, 4, 8, false, centered_rmsprop_rows<T>, nullptr};
    case BuiltinOp::SparseFtrlStep:
      return {BuiltinOp::FtrlStep,
              3,
              3,
              true,
              nullptr,
              ftrl_scalars<T>,
              {{4, Positive}, {5, NonNegative}, {6, NonNegative}, {7, NonPositive}}};
    case BuiltinOp::SparseFtrlV2Step:
      return {
          BuiltinOp::FtrlV2Step,
          3,
          3,
          true,
          nullptr,
          ftrl_v2_scalars<T>,
          {{4, Positive}, {5, NonNegative}, {6, NonNegative}, {7, NonNegative}, {8, NonPositive}}};
    case BuiltinOp::SparseProximalAdagradStep:
      return {BuiltinOp::ProximalAdagradStep,
              2,
              5,
              true,
              nullptr,
              proximal_adagrad_scalars<T>,
              {{2, Positive}, {3, NonNegative}, {4, NonNegative}}};
    case BuiltinOp::SparseProximalGradientDescentStep:
      return {BuiltinOp::ProximalGradientDescentStep, 1, 4, true, nullptr,
              proximal_gradient_descent_scalars<T>};
    default:
      throw std::invalid_argument("sparse_optimizer_step: not a sparse optimizer's step");
  }
}

template <class T>
bool meets(T value, Need need) {
  switch (need) {
    case Need::Positive:
      return value > T(0);
    case Need::NonNegative:
      return value >= T(0);
    case Need::NonPositive:
      return value <= T(0);
  }
  return false;
}

// Checks the dense arguments (the sparse step's without indices) as the contract says.
template <class T>
std::optional<ErrorKind> check(const SparseForm<T>& f, const std::vector<const Tensor*>& dense,
                               std::int64_t rows, std::int64_t inner) {
  const Tensor& var = *dense[0];
  for (int k = 0; k < static_cast<int>(dense.size()); ++k) {
    const DType want = k == f.global_step ? DType::I64 : var.dtype;
    if (dense[k]->dtype != want) return ErrorKind::Type;
  }
  if (var.shape.empty()) return ErrorKind::Shape;
  for (int k = 1; k < static_cast<int>(dense.size()); ++k) {
    const Shape& shape = dense[k]->shape;
    if (k < f.variables) {
      if (shape != var.shape) return ErrorKind::Shape;
    } else if (k == f.grad) {
      Shape want = var.shape;
      want[0] = rows;
      if (shape != want) return ErrorKind::Shape;
    } else if (!shape.empty()) {
      return ErrorKind::Shape;
    }
  }
  if (f.refuses_empty_rows && inner == 0) return ErrorKind::Shape;
  for (const auto& [k, need] : f.needs) {
    if (!meets(view<T>(*dense[k])[0], need)) return ErrorKind::Arithmetic;
  }
  return std::nullopt;
}

// Row `row` (of `inner` elements) of `from` into row `to` of `into`.
template <class T>
void copy_row(const Tensor& from, std::int64_t row, Tensor& into, std::int64_t to,
              std::int64_t inner) {
  const auto bytes = static_cast<std::size_t>(inner) * sizeof(T);
  if (bytes == 0) return;
  std::memcpy(into.bytes.data() + to * bytes, from.bytes.data() + row * bytes, bytes);
}

template <class T>
EvalResult sparse_step(const SparseForm<T>& f, std::span<const Tensor* const> args,
                       const OpAttrs& attrs) {
  const Tensor& indices = *args[f.grad + 1];
  std::vector<const Tensor*> dense(args.begin(), args.end());
  dense.erase(dense.begin() + f.grad + 1);
  auto listed = integers(indices, 1);
  if (auto* e = std::get_if<ErrorKind>(&listed)) return *e;
  if (indices.shape.size() != 1) return ErrorKind::Shape;
  const auto& index = std::get<std::vector<std::int64_t>>(listed);
  const Tensor& var = *dense[0];
  const std::int64_t inner =
      var.shape.empty() ? 0 : product(var.shape.begin() + 1, var.shape.end());
  if (auto e = check(f, dense, indices.shape[0], inner)) return *e;
  for (const std::int64_t i : index) {
    if (i < 0 || i >= var.shape[0]) return ErrorKind::Shape;
  }
  std::vector<Tensor> out;
  for (int v = 0; v < f.variables; ++v) out.push_back(*dense[v]);
  const Tensor& grad = *dense[f.grad];
  const StepContext context{attrs,
                            f.global_step < 0 ? 0 : view<std::int64_t>(*dense[f.global_step])[0]};
  const ElementStep<T> step = inner == 1 && f.scalars != nullptr ? f.scalars : f.rows;
  const Shape row_shape(var.shape.begin() + 1, var.shape.end());
  std::vector<T> x(dense.size());
  std::vector<T> y(f.variables);
  for (std::size_t i = 0; i < index.size(); ++i) {
    const std::int64_t r = index[i];
    if (step != nullptr) {
      for (std::int64_t j = 0; j < inner; ++j) {
        for (std::size_t k = 0; k < dense.size(); ++k) {
          const auto position = static_cast<int>(k);
          if (position < f.variables) {
            x[k] = view<T>(out[k])[r * inner + j];
          } else if (position == f.grad) {
            x[k] = view<T>(grad)[static_cast<std::int64_t>(i) * inner + j];
          } else if (position != f.global_step) {
            x[k] = view<T>(*dense[k])[0];
          }
        }
        step(x.data(), y.data(), context);
        for (int v = 0; v < f.variables; ++v) store<T>(out[v], r * inner + j, y[v]);
      }
      continue;
    }
    // The dense step on the row: the variables' rows and grad's row i, the same scalars.
    std::vector<Tensor> rows;
    for (int v = 0; v <= f.variables; ++v) rows.push_back(make_tensor(var.dtype, row_shape));
    for (int v = 0; v < f.variables; ++v) copy_row<T>(out[v], r, rows[v], 0, inner);
    copy_row<T>(grad, static_cast<std::int64_t>(i), rows[f.variables], 0, inner);
    std::vector<const Tensor*> row_args = dense;
    for (int v = 0; v < f.variables; ++v) row_args[v] = &rows[v];
    row_args[f.grad] = &rows[f.variables];
    EvalResult result = optimizer_step(*f.dense, row_args, attrs);
    if (auto* e = std::get_if<ErrorKind>(&result)) return *e;
    const auto& updated = std::get<std::vector<Tensor>>(result);
    for (int v = 0; v < f.variables; ++v) copy_row<T>(updated[v], 0, out[v], r, inner);
  }
  return out;
}

}  // namespace

EvalResult sparse_optimizer_step(BuiltinOp op, std::span<const Tensor* const> args,
                                 const OpAttrs& attrs) {
  switch (args[0]->dtype) {
    case DType::F32:
      return sparse_step(form<float>(op), args, attrs);
    case DType::F64:
      return sparse_step(form<double>(op), args, attrs);
    default:
      return ErrorKind::Type;
  }
}

}  // namespace tfmc::eval::cpu
