#include "gpu_eval/cpu_evaluator.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval {

int output_count(BuiltinOp op, const OpAttrs& attrs) {
  return op == BuiltinOp::Split ? static_cast<int>(attrs.num) : 1;
}

namespace {

using Shape = std::vector<std::int64_t>;

// Calls f(std::type_identity<T>{}) with T the element type of `t`, which must not be Bool:
// arithmetic kernels do not exist for bool, so callers reject it (Error(type)) beforehand.
template <class F>
EvalResult visit_numeric(DType t, F&& f) {
  switch (t) {
    case DType::F32:
      return f(std::type_identity<float>{});
    case DType::F64:
      return f(std::type_identity<double>{});
    case DType::I32:
      return f(std::type_identity<std::int32_t>{});
    case DType::I64:
      return f(std::type_identity<std::int64_t>{});
    case DType::Bool:
      break;
  }
  throw std::logic_error("visit_numeric: bool tensors must be rejected before dispatch");
}

// Calls f(std::type_identity<T>{}) with T the element type of `t`, any dtype.
template <class F>
EvalResult visit_dtype(DType t, F&& f) {
  if (t == DType::Bool) return f(std::type_identity<bool>{});
  return visit_numeric(t, std::forward<F>(f));
}

// Reads element i of a tensor's bytes as T. memcpy (a plain load once compiled) because the
// bytes are not T objects, so casting the pointer would break aliasing rules.
template <class T>
struct ElementView {
  const std::uint8_t* bytes;
  T operator[](std::int64_t i) const {
    T v;
    std::memcpy(&v, bytes + i * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
    return v;
  }
};

template <class T>
ElementView<T> view(const Tensor& t) {
  return ElementView<T>{t.bytes.data()};
}

template <class T>
void store(Tensor& t, std::int64_t i, T v) {
  std::memcpy(t.bytes.data() + i * static_cast<std::int64_t>(sizeof(T)), &v, sizeof(T));
}

Tensor make_tensor(DType dtype, Shape shape) {
  Tensor t{dtype, std::move(shape), {}};
  t.bytes.resize(static_cast<std::size_t>(t.size()) * dtype_size(dtype));
  return t;
}

EvalResult single(Tensor t) {
  std::vector<Tensor> results;
  results.push_back(std::move(t));
  return results;
}

std::int64_t product(Shape::const_iterator begin, Shape::const_iterator end) {
  std::int64_t n = 1;
  for (auto it = begin; it != end; ++it) n *= *it;
  return n;
}

// `axis` counted from the end when negative; nullopt when outside [-rank, rank).
std::optional<std::size_t> normalize_axis(std::int64_t axis, std::size_t rank) {
  const auto r = static_cast<std::int64_t>(rank);
  if (axis < 0) axis += r;
  if (axis < 0 || axis >= r) return std::nullopt;
  return static_cast<std::size_t>(axis);
}

// Whether the non-zero dimensions of `shape` multiply to a value that fits int64. Every
// tensor keeps this true (literals are bounded, results are checked), so every product over
// some of its dimensions fits too, even when a zero dimension makes the element count 0.
bool representable(const Shape& shape) {
  std::int64_t n = 1;
  for (std::int64_t d : shape) {
    if (d == 0) continue;
    if (d > std::numeric_limits<std::int64_t>::max() / n) return false;
    n *= d;
  }
  return true;
}

// Numpy broadcasting: shapes align at their last dimension; each pair of dimensions must be
// equal or contain a 1, which stretches (stride 0) to the other.
struct Broadcast {
  Shape shape;
  Shape a_strides;
  Shape b_strides;
};

std::optional<Broadcast> broadcast(const Shape& a, const Shape& b) {
  const std::size_t rank = std::max(a.size(), b.size());
  Broadcast plan{Shape(rank), Shape(rank, 0), Shape(rank, 0)};
  std::int64_t a_stride = 1;
  std::int64_t b_stride = 1;
  for (std::size_t k = 0; k < rank; ++k) {
    const std::int64_t da = k < a.size() ? a[a.size() - 1 - k] : 1;
    const std::int64_t db = k < b.size() ? b[b.size() - 1 - k] : 1;
    if (da != db && da != 1 && db != 1) return std::nullopt;
    const std::size_t d = rank - 1 - k;
    plan.shape[d] = da == 1 ? db : da;
    plan.a_strides[d] = da == 1 ? 0 : a_stride;
    plan.b_strides[d] = db == 1 ? 0 : b_stride;
    a_stride *= da;
    b_stride *= db;
  }
  if (!representable(plan.shape)) return std::nullopt;
  return plan;
}

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

EvalResult matmul(const Tensor& a, const Tensor& b) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  if (a.shape.size() != 2 || b.shape.size() != 2 || a.shape[1] != b.shape[0]) {
    return ErrorKind::Shape;
  }
  const std::int64_t m = a.shape[0];
  const std::int64_t k = a.shape[1];
  const std::int64_t n = b.shape[1];
  if (!representable({m, n})) return ErrorKind::Shape;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(a.dtype, {m, n});
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t j = 0; j < n; ++j) {
        // Row i of a (stride 1) against column j of b (stride n).
        store<T>(out, i * n + j,
                 kernels::dot_strided<T>(view<T>(a), i * k, 1, view<T>(b), j, n, k));
      }
    }
    return single(std::move(out));
  });
}

// Sum of all elements into a scalar, or along `axis` (which is then dropped from the shape).
EvalResult sum(const Tensor& a, std::optional<std::int64_t> axis_attr) {
  if (a.dtype == DType::Bool) return ErrorKind::Type;
  if (!axis_attr) {
    return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
      Tensor out = make_tensor(a.dtype, {});
      store<T>(out, 0, kernels::sum_strided<T>(view<T>(a), 0, a.size(), 1));
      return single(std::move(out));
    });
  }
  const std::optional<std::size_t> axis = normalize_axis(*axis_attr, a.shape.size());
  if (!axis) return ErrorKind::Shape;
  const auto ax = a.shape.begin() + static_cast<std::ptrdiff_t>(*axis);
  const std::int64_t outer = product(a.shape.begin(), ax);
  const std::int64_t length = *ax;
  const std::int64_t inner = product(ax + 1, a.shape.end());
  Shape shape(a.shape.begin(), ax);
  shape.insert(shape.end(), ax + 1, a.shape.end());
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(a.dtype, shape);
    for (std::int64_t o = 0; o < outer; ++o) {
      for (std::int64_t i = 0; i < inner; ++i) {
        const std::int64_t base = o * length * inner + i;
        store<T>(out, o * inner + i, kernels::sum_strided<T>(view<T>(a), base, length, inner));
      }
    }
    return single(std::move(out));
  });
}

// In row-major order a tensor is `outer` blocks along `axis`, each block holding
// shape[axis] * inner elements; Concat and Split move whole blocks as bytes.
EvalResult concat(std::span<const Tensor* const> args, std::optional<std::int64_t> axis_attr) {
  const Tensor& first = *args[0];
  for (const Tensor* t : args) {
    if (t->dtype != first.dtype) return ErrorKind::Type;
  }
  const std::size_t rank = first.shape.size();
  const std::optional<std::size_t> axis = normalize_axis(axis_attr.value_or(0), rank);
  if (!axis) return ErrorKind::Shape;
  Shape shape = first.shape;
  shape[*axis] = 0;
  for (const Tensor* t : args) {
    if (t->shape.size() != rank) return ErrorKind::Shape;
    for (std::size_t d = 0; d < rank; ++d) {
      if (d != *axis && t->shape[d] != first.shape[d]) return ErrorKind::Shape;
    }
    if (t->shape[*axis] > std::numeric_limits<std::int64_t>::max() - shape[*axis]) {
      return ErrorKind::Shape;
    }
    shape[*axis] += t->shape[*axis];
  }
  if (!representable(shape)) return ErrorKind::Shape;
  const auto ax = shape.begin() + static_cast<std::ptrdiff_t>(*axis);
  const std::int64_t outer = product(shape.begin(), ax);
  const auto inner_bytes =
      product(ax + 1, shape.end()) * static_cast<std::int64_t>(dtype_size(first.dtype));
  Tensor out = make_tensor(first.dtype, shape);
  std::uint8_t* dst = out.bytes.data();
  for (std::int64_t o = 0; o < outer; ++o) {
    for (const Tensor* t : args) {
      const std::int64_t block = t->shape[*axis] * inner_bytes;
      dst = std::copy_n(t->bytes.data() + o * block, block, dst);
    }
  }
  return single(std::move(out));
}

EvalResult split(const Tensor& a, const OpAttrs& attrs) {
  const std::optional<std::size_t> axis = normalize_axis(attrs.axis.value_or(0), a.shape.size());
  if (!axis || a.shape[*axis] % attrs.num != 0) return ErrorKind::Shape;
  Shape piece = a.shape;
  piece[*axis] /= attrs.num;
  const auto ax = piece.begin() + static_cast<std::ptrdiff_t>(*axis);
  const std::int64_t outer = product(piece.begin(), ax);
  const std::int64_t block =
      product(ax, piece.end()) * static_cast<std::int64_t>(dtype_size(a.dtype));
  std::vector<Tensor> results(static_cast<std::size_t>(attrs.num), make_tensor(a.dtype, piece));
  const std::uint8_t* src = a.bytes.data();
  for (std::int64_t o = 0; o < outer; ++o) {
    for (Tensor& r : results) {
      std::copy_n(src, block, r.bytes.data() + o * block);
      src += block;
    }
  }
  return results;
}

EvalResult reshape(const Tensor& a, const Shape& target) {
  Shape shape = target;
  std::optional<std::size_t> inferred;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred) return ErrorKind::Shape;
      inferred = d;
      shape[d] = 1;  // A placeholder, so that `shape` multiplies to the known part.
    } else if (shape[d] < 0) {
      return ErrorKind::Shape;
    }
  }
  if (!representable(shape)) return ErrorKind::Shape;
  const std::int64_t known = element_count(shape);
  const std::int64_t count = a.size();
  if (inferred) {
    // With a zero among the known dimensions the -1 could be anything: numpy rejects it too.
    if (known == 0 || count % known != 0) return ErrorKind::Shape;
    shape[*inferred] = count / known;
  } else if (known != count) {
    return ErrorKind::Shape;
  }
  return single(Tensor{a.dtype, std::move(shape), a.bytes});
}

bool arity_ok(BuiltinOp op, std::size_t n) {
  switch (op) {
    case BuiltinOp::Neg:
    case BuiltinOp::Relu:
    case BuiltinOp::Split:
    case BuiltinOp::Sum:
    case BuiltinOp::Cast:
    case BuiltinOp::Reshape:
      return n == 1;
    case BuiltinOp::Concat:
      return n >= 2;
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
      return n == 2;
  }
  return false;
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
      return matmul(a, b);
    case BuiltinOp::Concat:
      return concat(args, attrs.axis);
    case BuiltinOp::Split:
      return split(a, attrs);
    case BuiltinOp::Sum:
      return sum(a, attrs.axis);
    case BuiltinOp::Equal:
      return comparison(a, b, true, [](auto x, auto y, bool&) { return kernels::equal(x, y); });
    case BuiltinOp::Less:
      return comparison(a, b, false, [](auto x, auto y, bool&) { return kernels::less(x, y); });
    case BuiltinOp::Greater:
      return comparison(a, b, false, [](auto x, auto y, bool&) { return kernels::greater(x, y); });
    case BuiltinOp::Cast:
      return cast(a, attrs.to);
    case BuiltinOp::Reshape:
      return reshape(a, attrs.shape);
  }
  throw std::invalid_argument("CpuEvaluator: unknown op");
}

}  // namespace tfmc::eval
