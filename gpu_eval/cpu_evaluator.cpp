#include "gpu_eval/cpu_evaluator.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval {

int output_count(BuiltinOp op, const OpAttrs& attrs) {
  return op == BuiltinOp::Split ? static_cast<int>(attrs.num) : 1;
}

namespace {

using namespace cpu;  // the backend's shared helpers and shape ops

// Applies kernel(T, T, bool& fault) -> R element-wise under broadcasting.
template <class T, class R, class Kernel>
EvalResult elementwise(const Tensor& a, const Tensor& b, DType out_dtype, Kernel kernel) {
  const std::optional<Broadcast> plan = broadcast(a.shape, b.shape);
  if (!plan) return ErrorKind::Shape;
  Tensor out = make_tensor(out_dtype, plan->shape);
  const ElementView<T> va = view<T>(a);
  const ElementView<T> vb = view<T>(b);
  const std::size_t rank = plan->shape.size();
  Shape index(rank, 0);
  std::int64_t ia = 0;
  std::int64_t ib = 0;
  bool fault = false;
  const std::int64_t n = out.size();
  for (std::int64_t i = 0; i < n; ++i) {
    store<R>(out, i, kernel(va[ia], vb[ib], fault));
    // Step the output index like an odometer, moving both operand offsets along with it.
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < plan->shape[d]) {
        ia += plan->a_strides[d];
        ib += plan->b_strides[d];
        break;
      }
      ia -= plan->a_strides[d] * (plan->shape[d] - 1);
      ib -= plan->b_strides[d] * (plan->shape[d] - 1);
      index[d] = 0;
    }
  }
  if (fault) return ErrorKind::Arithmetic;
  return single(std::move(out));
}

// Applies kernel(T, bool& fault) -> R to every element; the shape is kept.
template <class T, class R, class Kernel>
EvalResult map_elements(const Tensor& a, DType out_dtype, Kernel kernel) {
  Tensor out = make_tensor(out_dtype, a.shape);
  const ElementView<T> in = view<T>(a);
  bool fault = false;
  const std::int64_t n = a.size();
  for (std::int64_t i = 0; i < n; ++i) store<R>(out, i, kernel(in[i], fault));
  if (fault) return ErrorKind::Arithmetic;
  return single(std::move(out));
}

// Add, Sub, Mul, Div, Maximum, Minimum: numbers of one dtype, result in that dtype.
template <class Kernel>
EvalResult arithmetic(const Tensor& a, const Tensor& b, Kernel kernel) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    return elementwise<T, T>(a, b, a.dtype, kernel);
  });
}

// Equal (bools allowed), Less, Greater: operands of one dtype, bool result.
template <class Kernel>
EvalResult comparison(const Tensor& a, const Tensor& b, bool bools_allowed, Kernel kernel) {
  if (a.dtype != b.dtype || (a.dtype == DType::Bool && !bools_allowed)) return ErrorKind::Type;
  return visit_dtype(a.dtype, [&]<class T>(std::type_identity<T>) {
    return elementwise<T, bool>(a, b, DType::Bool, kernel);
  });
}

// Neg, Relu: numbers, result in the same dtype.
template <class Kernel>
EvalResult unary_numeric(const Tensor& a, Kernel kernel) {
  if (a.dtype == DType::Bool) return ErrorKind::Type;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    return map_elements<T, T>(a, a.dtype, kernel);
  });
}

EvalResult cast(const Tensor& a, DType to) {
  return visit_dtype(a.dtype, [&]<class From>(std::type_identity<From>) {
    return visit_dtype(to, [&]<class To>(std::type_identity<To>) {
      return map_elements<From, To>(
          a, to, [](From x, bool& fault) { return kernels::cast<To, From>(x, fault); });
    });
  });
}

bool arity_ok(BuiltinOp op, std::size_t n) {
  switch (op) {
    case BuiltinOp::Neg:
    case BuiltinOp::Relu:
    case BuiltinOp::Cast:
    case BuiltinOp::Square:
    case BuiltinOp::Shape:
      return n == 1;
    case BuiltinOp::Split:
    case BuiltinOp::Sum:
    case BuiltinOp::Reshape:
      return n == 1 || n == 2;
    case BuiltinOp::Concat:
    case BuiltinOp::ConcatV2:
      return n >= 2;
    case BuiltinOp::AddN:
    case BuiltinOp::Pack:
      return n >= 1;
    case BuiltinOp::Add:
    case BuiltinOp::Sub:
    case BuiltinOp::Mul:
    case BuiltinOp::Div:
    case BuiltinOp::Maximum:
    case BuiltinOp::Minimum:
    case BuiltinOp::MatMul:
    case BuiltinOp::Equal:
    case BuiltinOp::Less:
    case BuiltinOp::Greater:
    case BuiltinOp::DivNoNan:
    case BuiltinOp::ReluGrad:
    case BuiltinOp::Fill:
    case BuiltinOp::Tile:
      return n == 2;
    case BuiltinOp::Select:
      return n == 3;
  }
  return false;
}

// The one integer of a scalar axis argument (ConcatV2's and Split's).
std::variant<std::int64_t, ErrorKind> scalar_axis(const Tensor& t) {
  auto values = integers(t, 0);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  return std::get<std::vector<std::int64_t>>(values)[0];
}

// Sum(x) {axis} or Sum(x, axes).
EvalResult sum(std::span<const Tensor* const> args, const OpAttrs& attrs) {
  if (args.size() == 1) {
    std::optional<std::vector<std::int64_t>> axes;
    if (attrs.axis) axes = std::vector<std::int64_t>{*attrs.axis};
    return sum_axes(*args[0], axes, attrs.keep_dims);
  }
  if (args[0]->dtype == DType::Bool) return ErrorKind::Type;
  auto axes = integers(*args[1], 1);
  if (auto* e = std::get_if<ErrorKind>(&axes)) return *e;
  return sum_axes(*args[0], std::get<std::vector<std::int64_t>>(axes), attrs.keep_dims);
}

// Split(x) {num, axis} or Split(axis, x) {num}.
EvalResult split_any(std::span<const Tensor* const> args, OpAttrs attrs) {
  if (args.size() == 2) {
    auto axis = scalar_axis(*args[0]);
    if (auto* e = std::get_if<ErrorKind>(&axis)) return *e;
    attrs.axis = std::get<std::int64_t>(axis);
  }
  return split(*args.back(), attrs);
}

// Reshape(x) {shape} or Reshape(x, shape).
EvalResult reshape_any(std::span<const Tensor* const> args, const OpAttrs& attrs) {
  if (args.size() == 1) return reshape(*args[0], attrs.shape);
  auto shape = integers(*args[1], 1);
  if (auto* e = std::get_if<ErrorKind>(&shape)) return *e;
  if (args[1]->shape.size() != 1) return ErrorKind::Shape;
  return reshape(*args[0], std::get<std::vector<std::int64_t>>(shape));
}

// ConcatV2(x..., axis).
EvalResult concat_v2(std::span<const Tensor* const> args) {
  auto axis = scalar_axis(*args.back());
  if (auto* e = std::get_if<ErrorKind>(&axis)) return *e;
  return concat(args.first(args.size() - 1), std::get<std::int64_t>(axis));
}

}  // namespace

EvalResult CpuEvaluator::evaluate(BuiltinOp op, const OpAttrs& attrs,
                                  std::span<const Tensor* const> args) {
  if (!arity_ok(op, args.size())) {
    throw std::invalid_argument("CpuEvaluator: wrong number of arguments");
  }
  if (op == BuiltinOp::Split && attrs.num < 1) {
    throw std::invalid_argument("CpuEvaluator: Split needs num >= 1");
  }
  const Tensor& a = *args[0];
  const Tensor& b = args.size() > 1 ? *args[1] : a;
  switch (op) {
    case BuiltinOp::Add:
      return arithmetic(a, b, [](auto x, auto y, bool&) { return kernels::add(x, y); });
    case BuiltinOp::Sub:
      return arithmetic(a, b, [](auto x, auto y, bool&) { return kernels::sub(x, y); });
    case BuiltinOp::Mul:
      return arithmetic(a, b, [](auto x, auto y, bool&) { return kernels::mul(x, y); });
    case BuiltinOp::Div:
      return arithmetic(a, b,
                        [](auto x, auto y, bool& fault) { return kernels::div(x, y, fault); });
    case BuiltinOp::Maximum:
      return arithmetic(a, b, [](auto x, auto y, bool&) { return kernels::maximum(x, y); });
    case BuiltinOp::Minimum:
      return arithmetic(a, b, [](auto x, auto y, bool&) { return kernels::minimum(x, y); });
    case BuiltinOp::Neg:
      return unary_numeric(a, [](auto x, bool&) { return kernels::neg(x); });
    case BuiltinOp::Relu:
      return unary_numeric(a, [](auto x, bool&) { return kernels::relu(x); });
    case BuiltinOp::MatMul:
      return matmul_transposed(a, b, attrs.transpose_a, attrs.transpose_b);
    case BuiltinOp::Concat:
      return concat(args, attrs.axis);
    case BuiltinOp::ConcatV2:
      return concat_v2(args);
    case BuiltinOp::Split:
      return split_any(args, attrs);
    case BuiltinOp::Sum:
      return sum(args, attrs);
    case BuiltinOp::Equal:
      return comparison(a, b, true, [](auto x, auto y, bool&) { return kernels::equal(x, y); });
    case BuiltinOp::Less:
      return comparison(a, b, false, [](auto x, auto y, bool&) { return kernels::less(x, y); });
    case BuiltinOp::Greater:
      return comparison(a, b, false, [](auto x, auto y, bool&) { return kernels::greater(x, y); });
    case BuiltinOp::Cast:
      return cast(a, attrs.to);
    case BuiltinOp::Reshape:
      return reshape_any(args, attrs);
    case BuiltinOp::AddN:
      return add_n(args);
    case BuiltinOp::Square:
      return unary_numeric(a, [](auto x, bool&) { return kernels::mul(x, x); });
    case BuiltinOp::DivNoNan:
      if (a.dtype != b.dtype || (a.dtype != DType::F32 && a.dtype != DType::F64)) {
        return ErrorKind::Type;
      }
      return arithmetic(a, b, [](auto x, auto y, bool& fault) {
        return y == decltype(y){0} ? decltype(x){0} : kernels::div(x, y, fault);
      });
    case BuiltinOp::ReluGrad:
      if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
      if (a.shape != b.shape) return ErrorKind::Shape;
      // TensorFlow multiplies: g * (f > 0), so a negative g over f <= 0 gives -0.
      return arithmetic(a, b, [](auto g, auto f, bool&) {
        using T = decltype(g);
        return kernels::mul(g, f > T{0} ? T{1} : T{0});
      });
    case BuiltinOp::Fill:
      return fill(a, b);
    case BuiltinOp::Tile:
      return tile(a, b);
    case BuiltinOp::Pack:
      return pack(args, attrs.axis.value_or(0));
    case BuiltinOp::Shape:
      return shape_of(a, attrs.to);
    case BuiltinOp::Select:
      return select(a, b, *args[2]);
  }
  throw std::invalid_argument("CpuEvaluator: unknown op");
}

}  // namespace tfmc::eval
