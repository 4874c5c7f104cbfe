#include "gpu_eval/cpu_evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_activation_grads.h"
#include "gpu_eval/cpu_batch_matmul.h"
#include "gpu_eval/cpu_convolution.h"
#include "gpu_eval/cpu_cumsum.h"
#include "gpu_eval/cpu_gather_nd.h"
#include "gpu_eval/cpu_gradient_ops.h"
#include "gpu_eval/cpu_index_ops.h"
#include "gpu_eval/cpu_layout_ops.h"
#include "gpu_eval/cpu_onednn_swish.h"
#include "gpu_eval/cpu_optimizer_ops.h"
#include "gpu_eval/cpu_pad_ops.h"
#include "gpu_eval/cpu_pooling.h"
#include "gpu_eval/cpu_pow.h"
#include "gpu_eval/cpu_random_ops.h"
#include "gpu_eval/cpu_reduction_ops.h"
#include "gpu_eval/cpu_reductions.h"
#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_slice_ops.h"
#include "gpu_eval/cpu_softmax.h"
#include "gpu_eval/cpu_sparse_optimizer_ops.h"
#include "gpu_eval/cpu_sparse_variable_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cpu_tf_elementwise_ops.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/cpu_transcendental_ops.h"
#include "gpu_eval/cpu_unique.h"
#include "gpu_eval/einsum_plan.h"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/flush_denormals.h"
#include "gpu_eval/tf_element_kernels.h"

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

// Sum(x) {axis} or Sum(x, axes), and the same forms of Mean and Prod.
EvalResult reduce_kernel(Args args, const OpAttrs& attrs, Reduction reduction) {
  if (args[0]->dtype == DType::Bool) return ErrorKind::Type;
  auto axes = reduction_axes(args, attrs);
  if (auto* e = std::get_if<ErrorKind>(&axes)) return *e;
  return reduce_axes(*args[0], std::get<0>(axes), attrs.keep_dims, reduction);
}

EvalResult kernel(Op<BuiltinOp::Sum>, Args args, const OpAttrs& attrs) {
  return reduce_kernel(args, attrs, Reduction::Sum);
}

EvalResult kernel(Op<BuiltinOp::Mean>, Args args, const OpAttrs& attrs) {
  return reduce_kernel(args, attrs, Reduction::Mean);
}

EvalResult kernel(Op<BuiltinOp::Prod>, Args args, const OpAttrs& attrs) {
  return reduce_kernel(args, attrs, Reduction::Prod);
}

EvalResult kernel(Op<BuiltinOp::BiasAddGrad>, Args args, const OpAttrs& attrs) {
  return bias_add_grad(*args[0], attrs.channels_first);
}

EvalResult kernel(Op<BuiltinOp::Cumsum>, Args args, const OpAttrs& attrs) {
  return cumsum(*args[0], *args[1], attrs.exclusive, attrs.reverse);
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

// The arguments of one shape added left to right (AddN), then those sums from the smallest
// shape's to the largest's (equal sizes in order of first appearance), each added to the sum
// so far under broadcasting: the order TensorFlow's graph optimizer gives a tree of additions.
EvalResult kernel(Op<BuiltinOp::GroupedAdd>, Args args, const OpAttrs&) {
  std::vector<std::vector<const Tensor*>> groups;
  for (const Tensor* t : args) {
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return g[0]->shape == t->shape; });
    if (same == groups.end()) {
      groups.push_back({t});
    } else {
      same->push_back(t);
    }
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a[0]->size() < b[0]->size(); });
  std::optional<Tensor> sum;
  for (const auto& group : groups) {
    EvalResult part = add_n(group);
    if (sum && std::holds_alternative<std::vector<Tensor>>(part)) {
      const Tensor& group_sum = std::get<std::vector<Tensor>>(part)[0];
      part = arithmetic(*sum, group_sum, kernels::Element<BuiltinOp::Add>{});
    }
    if (std::holds_alternative<ErrorKind>(part)) return part;
    sum = std::move(std::get<std::vector<Tensor>>(part)[0]);
  }
  return single(std::move(*sum));
}

EvalResult kernel(Op<BuiltinOp::Square>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) { return kernels::mul(x, x); });
}

// Floats only, as TensorFlow's kernels: std::sqrt is correctly rounded, as the processor's
// square root that TensorFlow's Eigen uses on whole packets and on the rest.
EvalResult kernel(Op<BuiltinOp::Sqrt>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  if (a.dtype != DType::F32 && a.dtype != DType::F64) return ErrorKind::Type;
  return unary_numeric(a, [](auto x, bool&) { return decltype(x)(std::sqrt(x)); });
}

// f32 as TensorFlow's Eigen computes each element's position (cpu_transcendental_ops.h); f64
// 1 / sqrt(x), each rounded, TensorFlow's path for every f64 element.
EvalResult kernel(Op<BuiltinOp::Rsqrt>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  if (a.dtype == DType::F32) return cpu::rsqrt(a);
  if (a.dtype != DType::F64) return ErrorKind::Type;
  return unary_numeric(a, [](auto x, bool&) {
    using T = decltype(x);
    return T(T(1) / T(std::sqrt(x)));
  });
}

// The magnitude; the most negative integer is its own (two's complement wraps, as in
// TensorFlow), a float's sign bit is cleared (-0 is 0, NaN loses its sign).
EvalResult kernel(Op<BuiltinOp::Abs>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) {
    using T = decltype(x);
    if constexpr (std::is_floating_point_v<T>) {
      return std::fabs(x);
    } else {
      using U = std::make_unsigned_t<T>;
      return x < 0 ? static_cast<T>(U(0) - static_cast<U>(x)) : x;
    }
  });
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

// TensorFlow's element-wise, bias and order-free reduction ops.

// LogicalAnd, LogicalOr, LogicalNot: bools only.
template <BuiltinOp op>
requires(op == BuiltinOp::LogicalAnd || op == BuiltinOp::LogicalOr) EvalResult
    kernel(Op<op>, Args args, const OpAttrs&) {
  if (args[0]->dtype != DType::Bool) return ErrorKind::Type;
  return comparison(*args[0], *args[1], true, [](auto x, auto y, bool&) -> bool {
    return op == BuiltinOp::LogicalAnd ? (x && y) : (x || y);
  });
}

EvalResult kernel(Op<BuiltinOp::LogicalNot>, Args args, const OpAttrs&) {
  if (args[0]->dtype != DType::Bool) return ErrorKind::Type;
  return map_elements<bool, bool>(*args[0], DType::Bool, [](bool x, bool&) { return !x; });
}

EvalResult kernel(Op<BuiltinOp::SelectV2>, Args args, const OpAttrs&) {
  return select_v2(*args[0], *args[1], *args[2]);
}

EvalResult kernel(Op<BuiltinOp::Relu6>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) { return kernels::relu6(x); });
}

// One shape, as TensorFlow requires of a gradient and its features.
EvalResult kernel(Op<BuiltinOp::Relu6Grad>, Args args, const OpAttrs&) {
  const Tensor& g = *args[0];
  const Tensor& f = *args[1];
  if (g.dtype != f.dtype || g.dtype == DType::Bool) return ErrorKind::Type;
  if (g.shape != f.shape) return ErrorKind::Shape;
  return arithmetic(g, f, [](auto x, auto y, bool&) { return kernels::relu6_grad(x, y); });
}

EvalResult kernel(Op<BuiltinOp::SquaredDifference>, Args args, const OpAttrs&) {
  return arithmetic(*args[0], *args[1],
                    [](auto x, auto y, bool&) { return kernels::squared_difference(x, y); });
}

EvalResult kernel(Op<BuiltinOp::Sign>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) { return kernels::sign(x); });
}

EvalResult kernel(Op<BuiltinOp::Round>, Args args, const OpAttrs&) {
  return unary_numeric(*args[0], [](auto x, bool&) { return kernels::round_half_even(x); });
}

// Floor, Ceil and Reciprocal: floats only, as TensorFlow's CPU kernels.
template <BuiltinOp op>
requires(op == BuiltinOp::Floor || op == BuiltinOp::Ceil || op == BuiltinOp::Reciprocal) EvalResult
    kernel(Op<op>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  if (a.dtype != DType::F32 && a.dtype != DType::F64) return ErrorKind::Type;
  return unary_numeric(a, [](auto x, bool&) {
    if constexpr (op == BuiltinOp::Floor) return std::floor(x);
    if constexpr (op == BuiltinOp::Ceil) return std::ceil(x);
    if constexpr (op == BuiltinOp::Reciprocal) return kernels::reciprocal(x);
  });
}

// ZerosLike and OnesLike: any dtype (false and true for bools).
template <BuiltinOp op>
requires(op == BuiltinOp::ZerosLike || op == BuiltinOp::OnesLike) EvalResult
    kernel(Op<op>, Args args, const OpAttrs&) {
  const Tensor& a = *args[0];
  return visit_dtype(a.dtype, [&]<class T>(std::type_identity<T>) {
    return map_elements<T, T>(a, a.dtype,
                              [](T, bool&) { return op == BuiltinOp::OnesLike ? T{1} : T{0}; });
  });
}

EvalResult kernel(Op<BuiltinOp::BiasAdd>, Args args, const OpAttrs& attrs) {
  return bias_add(*args[0], *args[1], attrs.channels_first);
}

template <BuiltinOp op>
requires(op == BuiltinOp::Max || op == BuiltinOp::Min) EvalResult
    kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return max_min(*args[0], *args[1], attrs.keep_dims, op == BuiltinOp::Max);
}

template <BuiltinOp op>
requires(op == BuiltinOp::All || op == BuiltinOp::Any) EvalResult
    kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return all_any(*args[0], *args[1], attrs.keep_dims, op == BuiltinOp::All);
}

template <BuiltinOp op>
requires(op == BuiltinOp::ArgMax || op == BuiltinOp::ArgMin) EvalResult
    kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return arg_max_min(*args[0], *args[1], attrs.to, op == BuiltinOp::ArgMax);
}

EvalResult kernel(Op<BuiltinOp::RsqrtGrad>, Args args, const OpAttrs&) {
  return rsqrt_grad(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::SigmoidGrad>, Args args, const OpAttrs&) {
  return sigmoid_grad(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::TanhGrad>, Args args, const OpAttrs&) {
  return tanh_grad(*args[0], *args[1]);
}

// Pow: a float element rounds as TensorFlow's kernel rounds its position (cpu_pow.h);
// elementwise() hands the kernel the result's elements in order.
EvalResult kernel(Op<BuiltinOp::Pow>, Args args, const OpAttrs&) {
  const std::vector<bool> in_packet =
      pow_packet_elements(args[0]->shape, args[1]->shape, args[0]->dtype);
  std::size_t next = 0;
  return arithmetic(*args[0], *args[1], [&](auto x, auto y, bool& fault) {
    return pow_element(x, y, in_packet[next++], fault);
  });
}

// The convolutions.

EvalResult kernel(Op<BuiltinOp::Conv2D>, Args args, const OpAttrs& attrs) {
  return conv2d(*args[0], *args[1], attrs.window, attrs.channels_first, FilterForm::Grouped);
}

EvalResult kernel(Op<BuiltinOp::Conv2DBackpropInput>, Args args, const OpAttrs& attrs) {
  return conv2d_backprop_input(*args[0], *args[1], *args[2], attrs.window, attrs.channels_first,
                               FilterForm::Grouped);
}

EvalResult kernel(Op<BuiltinOp::Conv2DBackpropFilter>, Args args, const OpAttrs& attrs) {
  return conv2d_backprop_filter(*args[0], *args[1], *args[2], attrs.window, attrs.channels_first,
                                FilterForm::Grouped);
}

EvalResult kernel(Op<BuiltinOp::DepthwiseConv2dNative>, Args args, const OpAttrs& attrs) {
  return conv2d(*args[0], *args[1], attrs.window, attrs.channels_first, FilterForm::Depthwise);
}

EvalResult kernel(Op<BuiltinOp::DepthwiseConv2dNativeBackpropInput>, Args args,
                  const OpAttrs& attrs) {
  return conv2d_backprop_input(*args[0], *args[1], *args[2], attrs.window, attrs.channels_first,
                               FilterForm::Depthwise);
}

EvalResult kernel(Op<BuiltinOp::DepthwiseConv2dNativeBackpropFilter>, Args args,
                  const OpAttrs& attrs) {
  return conv2d_backprop_filter(*args[0], *args[1], *args[2], attrs.window, attrs.channels_first,
                                FilterForm::Depthwise);
}

// The contractions.
EvalResult kernel(Op<BuiltinOp::BatchMatMulV2>, Args args, const OpAttrs& attrs) {
  return batch_matmul(*args[0], *args[1], attrs.adj_x, attrs.adj_y);
}

EvalResult kernel(Op<BuiltinOp::Einsum>, Args args, const OpAttrs& attrs) {
  return einsum(attrs.equation, args);
}

// The transcendental ops.

EvalResult kernel(Op<BuiltinOp::Exp>, Args args, const OpAttrs&) { return cpu::exp(*args[0]); }

EvalResult kernel(Op<BuiltinOp::Log>, Args args, const OpAttrs&) { return cpu::log(*args[0]); }

EvalResult kernel(Op<BuiltinOp::Sigmoid>, Args args, const OpAttrs&) { return sigmoid(*args[0]); }
EvalResult kernel(Op<BuiltinOp::MklSwish>, Args args, const OpAttrs&) {
  return onednn_swish(*args[0]);
}

EvalResult kernel(Op<BuiltinOp::Tanh>, Args args, const OpAttrs&) { return cpu::tanh(*args[0]); }

EvalResult kernel(Op<BuiltinOp::Softmax>, Args args, const OpAttrs&) { return softmax(*args[0]); }

EvalResult kernel(Op<BuiltinOp::LogSoftmax>, Args args, const OpAttrs&) {
  return log_softmax(*args[0]);
}

EvalResult kernel(Op<BuiltinOp::SoftmaxCrossEntropyWithLogits>, Args args, const OpAttrs&) {
  return softmax_cross_entropy(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::SparseSoftmaxCrossEntropyWithLogits>, Args args, const OpAttrs&) {
  return sparse_softmax_cross_entropy(*args[0], *args[1]);
}

// The shape and index ops.

EvalResult kernel(Op<BuiltinOp::Squeeze>, Args args, const OpAttrs& attrs) {
  return squeeze(*args[0], attrs.squeeze_dims);
}

EvalResult kernel(Op<BuiltinOp::ExpandDims>, Args args, const OpAttrs&) {
  return expand_dims(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::Transpose>, Args args, const OpAttrs&) {
  return transpose_by(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::Slice>, Args args, const OpAttrs&) {
  return slice(*args[0], *args[1], *args[2]);
}

EvalResult kernel(Op<BuiltinOp::StridedSlice>, Args args, const OpAttrs& attrs) {
  return strided_slice(*args[0], *args[1], *args[2], *args[3], attrs.masks);
}

EvalResult kernel(Op<BuiltinOp::Pad>, Args args, const OpAttrs&) {
  return pad(*args[0], *args[1], nullptr);
}

EvalResult kernel(Op<BuiltinOp::PadV2>, Args args, const OpAttrs&) {
  return pad(*args[0], *args[1], args[2]);
}

EvalResult kernel(Op<BuiltinOp::MirrorPad>, Args args, const OpAttrs& attrs) {
  return mirror_pad(*args[0], *args[1], attrs.symmetric);
}

EvalResult kernel(Op<BuiltinOp::GatherV2>, Args args, const OpAttrs& attrs) {
  return gather_v2(*args[0], *args[1], *args[2], attrs.batch_dims);
}

EvalResult kernel(Op<BuiltinOp::OneHot>, Args args, const OpAttrs& attrs) {
  return one_hot(*args[0], *args[1], *args[2], *args[3], attrs.axis.value_or(-1));
}

EvalResult kernel(Op<BuiltinOp::BroadcastTo>, Args args, const OpAttrs&) {
  return broadcast_to(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::ShapeN>, Args args, const OpAttrs& attrs) {
  return shape_n(args, attrs.to);
}

EvalResult kernel(Op<BuiltinOp::Size>, Args args, const OpAttrs& attrs) {
  return size_of(*args[0], attrs.to);
}

EvalResult kernel(Op<BuiltinOp::Rank>, Args args, const OpAttrs&) { return rank_of(*args[0]); }

EvalResult kernel(Op<BuiltinOp::Where>, Args args, const OpAttrs&) { return where(*args[0]); }

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

// The pooling ops: the window from the attributes, or from the V2 forms' last two arguments.

PoolingOrError pooling_of(Args args, const OpAttrs& attrs, bool as_arguments) {
  const bool same = attrs.window.padding == ConvPadding::Same;
  if (as_arguments) return pooling(*args[args.size() - 2], *args.back(), same);
  return pooling(attrs.ksize, attrs.window.strides, same);
}

template <BuiltinOp op>
requires(op == BuiltinOp::MaxPool || op == BuiltinOp::MaxPoolV2 || op == BuiltinOp::MaxPoolGrad ||
         op == BuiltinOp::MaxPoolGradV2 || op == BuiltinOp::AvgPool ||
         op == BuiltinOp::AvgPoolGrad) EvalResult kernel(Op<op>, Args args, const OpAttrs& attrs) {
  const bool v2 = op == BuiltinOp::MaxPoolV2 || op == BuiltinOp::MaxPoolGradV2;
  const PoolingOrError window = pooling_of(args, attrs, v2);
  switch (op) {
    case BuiltinOp::MaxPool:
    case BuiltinOp::MaxPoolV2:
      return max_pool(*args[0], window);
    case BuiltinOp::MaxPoolGrad:
    case BuiltinOp::MaxPoolGradV2:
      return max_pool_grad(*args[0], *args[1], *args[2], window);
    case BuiltinOp::AvgPool:
      return avg_pool(*args[0], window);
    default:
      return avg_pool_grad(*args[0], *args[1], window);
  }
}

// The ops of TensorFlow's gradients.

EvalResult kernel(Op<BuiltinOp::BroadcastGradientArgs>, Args args, const OpAttrs&) {
  return broadcast_gradient_args(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::InvertPermutation>, Args args, const OpAttrs&) {
  return invert_permutation(*args[0]);
}

EvalResult kernel(Op<BuiltinOp::UnsortedSegmentSum>, Args args, const OpAttrs&) {
  return unsorted_segment_sum(*args[0], *args[1], *args[2]);
}

EvalResult kernel(Op<BuiltinOp::StridedSliceGrad>, Args args, const OpAttrs& attrs) {
  return strided_slice_grad(*args[0], *args[1], *args[2], *args[3], *args[4], attrs.masks);
}

EvalResult kernel(Op<BuiltinOp::ConcatOffset>, Args args, const OpAttrs&) {
  return concat_offset(*args[0], args.subspan(1));
}

template <BuiltinOp op>
requires(is_sparse_optimizer_step(op)) EvalResult kernel(Op<op>, Args args, const OpAttrs& attrs) {
  return sparse_optimizer_step(op, args, attrs);
}

template <BuiltinOp op>
requires(scatter_step(op).has_value()) EvalResult kernel(Op<op>, Args args, const OpAttrs&) {
  return scatter(*scatter_step(op), *args[0], *args[1], *args[2]);
}

template <BuiltinOp op>
requires(scatter_nd_step(op).has_value()) EvalResult kernel(Op<op>, Args args, const OpAttrs&) {
  return scatter_nd(*scatter_nd_step(op), *args[0], *args[1], *args[2]);
}

EvalResult kernel(Op<BuiltinOp::GatherNd>, Args args, const OpAttrs&) {
  return gather_nd(*args[0], *args[1]);
}

EvalResult kernel(Op<BuiltinOp::Unique>, Args args, const OpAttrs& attrs) {
  return unique(*args[0], attrs.to);
}

}  // namespace

EvalResult CpuEvaluator::evaluate(BuiltinOp op, const OpAttrs& attrs, Args args) {
  const ScopedFlushDenormals as_tensorflow;  // subnormals flushed, as TensorFlow's kernels do
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
