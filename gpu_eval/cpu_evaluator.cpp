#include "gpu_eval/cpu_evaluator.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "gpu_eval/cpu_optimizer_ops.h"
#include "gpu_eval/cpu_random_ops.h"
#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval {

int output_count(BuiltinOp op, const OpAttrs& attrs) {
  const auto num = static_cast<int>(attrs.num);  // what an `outputs` of `num` counts
  switch (op) {
#define TFMC_BUILTIN_OP(name, least, most, outputs, ...) \
  case BuiltinOp::name:                                  \
    return outputs;
#include "gpu_eval/builtin_ops.def"
  }
  return 1;
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

// Numbers of one dtype, result in that dtype (the arithmetic ops, DivNoNan, ReluGrad).
template <class Kernel>
EvalResult arithmetic(const Tensor& a, const Tensor& b, Kernel kernel) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    return elementwise<T, T>(a, b, a.dtype, kernel);
  });
}

// Operands of one dtype (bools only where allowed), bool result.
template <class Kernel>
EvalResult comparison(const Tensor& a, const Tensor& b, bool bools_allowed, Kernel kernel) {
  if (a.dtype != b.dtype || (a.dtype == DType::Bool && !bools_allowed)) return ErrorKind::Type;
  return visit_dtype(a.dtype, [&]<class T>(std::type_identity<T>) {
    return elementwise<T, bool>(a, b, DType::Bool, kernel);
  });
}

// Numbers, result in the same dtype (Neg, Relu, Square).
template <class Kernel>
EvalResult unary_numeric(const Tensor& a, Kernel kernel) {
  if (a.dtype == DType::Bool) return ErrorKind::Type;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    return map_elements<T, T>(a, a.dtype, kernel);
  });
}

// The argument counts of builtin_ops.def.
bool arity_ok(BuiltinOp op, std::size_t n) {
  const auto given = static_cast<std::int64_t>(n);
  switch (op) {
#define TFMC_BUILTIN_OP(name, least, most, ...) \
  case BuiltinOp::name:                         \
    return given >= (least) && ((most) < 0 || given <= (most));
#include "gpu_eval/builtin_ops.def"
  }
  return false;
}

// The one integer of a scalar axis argument (ConcatV2's and Split's).
std::variant<std::int64_t, ErrorKind> scalar_axis(const Tensor& t) {
  auto values = integers(t, 0);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  return std::get<std::vector<std::int64_t>>(values)[0];
}

using Args = std::span<const Tensor* const>;
template <BuiltinOp op>
using Op = std::integral_constant<BuiltinOp, op>;

// The CPU kernel of each TFMC_BUILTIN_OP row of builtin_ops.def, an overload for Op<row's op>;
// it is called with as many arguments as the row allows. A row without one does not compile.

template <BuiltinOp op>
requires(kernels::is_arithmetic(op)) EvalResult kernel(Op<op>, Args args, const OpAttrs&) {
  return arithmetic(*args[0], *args[1], kernels::Element<op>{});
}

// Equal and NotEqual compare bools too.
template <BuiltinOp op>
requires(kernels::is_comparison(op)) EvalResult kernel(Op<op>, Args args, const OpAttrs&) {
  constexpr bool bools = op == BuiltinOp::Equal || op == BuiltinOp::NotEqual;
  return comparison(*args[0], *args[1], bools, kernels::Element<op>{});
}

template <BuiltinOp op>
requires(op == BuiltinOp::Neg || op == BuiltinOp::Relu) EvalResult
    kernel(Op<op>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], kernels::Element<op>{});
}

EvalResult kernel(Op<BuiltinOp::MatMul>, Args args, const OpAttrs& attrs) {
  return matmul_transposed(*args[0], *args[1], attrs.transpose_a, attrs.transpose_b);
}

EvalResult kernel(Op<BuiltinOp::Concat>, Args args, const OpAttrs& attrs) {
  return concat(args, attrs.axis);
}

// Split(x) {num, axis} or Split(axis, x) {num}.
EvalResult kernel(Op<BuiltinOp::Split>, Args args, const OpAttrs& attrs) {
  OpAttrs with_axis = attrs;
  if (args.size() == 2) {
    auto axis = scalar_axis(*args[0]);
    if (auto* e = std::get_if<ErrorKind>(&axis)) return *e;
    with_axis.axis = std::get<std::int64_t>(axis);
  }
  return split(*args.back(), with_axis);
}

// Sum(x) {axis} or Sum(x, axes).
EvalResult kernel(Op<BuiltinOp::Sum>, Args args, const OpAttrs& attrs) {
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

EvalResult kernel(Op<BuiltinOp::Cast>, Args args, const OpAttrs& attrs) {
  const Tensor& a = *args[0];
  return visit_dtype(a.dtype, [&]<class From>(std::type_identity<From>) {
    return visit_dtype(attrs.to, [&]<class To>(std::type_identity<To>) {
      return map_elements<From, To>(
          a, attrs.to, [](From x, bool& fault) { return kernels::cast<To, From>(x, fault); });
    });
  });
}

// Reshape(x) {shape} or Reshape(x, shape).
EvalResult kernel(Op<BuiltinOp::Reshape>, Args args, const OpAttrs& attrs) {
  if (args.size() == 1) return reshape(*args[0], attrs.shape);
  auto shape = integers(*args[1], 1);
  if (auto* e = std::get_if<ErrorKind>(&shape)) return *e;
  if (args[1]->shape.size() != 1) return ErrorKind::Shape;
  return reshape(*args[0], std::get<std::vector<std::int64_t>>(shape));
}

EvalResult kernel(Op<BuiltinOp::AddN>, Args args, const OpAttrs&) { return add_n(args); }

EvalResult kernel(Op<BuiltinOp::Square>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) { return kernels::mul(x, x); });
}

EvalResult kernel(Op<BuiltinOp::DivNoNan>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  const Tensor& b = *args[1];
  if (a.dtype != b.dtype || (a.dtype != DType::F32 && a.dtype != DType::F64)) {
    return ErrorKind::Type;
  }
  return arithmetic(a, b, [](auto x, auto y, bool& fault) {
    return y == decltype(y){0} ? decltype(x){0} : kernels::div(x, y, fault);
  });
}

EvalResult kernel(Op<BuiltinOp::ReluGrad>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  const Tensor& b = *args[1];
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  if (a.shape != b.shape) return ErrorKind::Shape;
  // TensorFlow multiplies: g * (f > 0), so a negative g over f <= 0 gives -0.
  return arithmetic(a, b, [](auto g, auto f, bool&) {
    using T = decltype(g);
    return kernels::mul(g, f > T{0} ? T{1} : T{0});
  });
}

EvalResult kernel(Op<BuiltinOp::Fill>, Args args, const OpAttrs&) {
  return fill(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::Tile>, Args args, const OpAttrs&) {
  return tile(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::Pack>, Args args, const OpAttrs& attrs) {
  return pack(args, attrs.axis.value_or(0));
}

// ConcatV2(x..., axis).
EvalResult kernel(Op<BuiltinOp::ConcatV2>, Args args, const OpAttrs&) {
  auto axis = scalar_axis(*args.back());
  if (auto* e = std::get_if<ErrorKind>(&axis)) return *e;
  return concat(args.first(args.size() - 1), std::get<std::int64_t>(axis));
}

EvalResult kernel(Op<BuiltinOp::Shape>, Args args, const OpAttrs& attrs) {
  return shape_of(*args[0], attrs.to);
}

EvalResult kernel(Op<BuiltinOp::Select>, Args args, const OpAttrs&) {
  return select(*args[0], *args[1], *args[2]);
}

EvalResult kernel(Op<BuiltinOp::Range>, Args args, const OpAttrs&) {
  return range(*args[0], *args[1], *args[2]);
}

template <BuiltinOp op>
requires(is_optimizer_step(op)) EvalResult kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return optimizer_step(op, args, attrs);
}

EvalResult kernel(Op<BuiltinOp::StatelessRandomGetKeyCounter>, Args args, const OpAttrs&) {
  return random_key_counter(*args[0], false);
}

EvalResult kernel(Op<BuiltinOp::StatelessRandomGetKeyCounterAlg>, Args args, const OpAttrs&) {
  return random_key_counter(*args[0], true);
}

template <BuiltinOp op>
requires(is_stateless_random(op)) EvalResult kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return stateless_random(op, attrs.to, args);
}

}  // namespace

EvalResult CpuEvaluator::evaluate(BuiltinOp op, const OpAttrs& attrs, Args args) {
  if (!arity_ok(op, args.size())) {
    throw std::invalid_argument("CpuEvaluator: wrong number of arguments");
  }
  if (op == BuiltinOp::Split && attrs.num < 1) {
    throw std::invalid_argument("CpuEvaluator: Split needs num >= 1");
  }
  switch (op) {
#define TFMC_BUILTIN_OP(name, ...) \
  case BuiltinOp::name:            \
    return kernel(Op<BuiltinOp::name>{}, args, attrs);
#include "gpu_eval/builtin_ops.def"
  }
  throw std::invalid_argument("CpuEvaluator: unknown op");
}

}  // namespace tfmc::eval
