#include "gpu_eval/cpu_pooling.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {

namespace {

constexpr std::int64_t kMaxWindow = std::numeric_limits<std::int32_t>::max();

// The output columns oneDNN's f32 AvgPoolGrad takes at once, with up to 32 channels (with more
// it takes fewer, which tfmc does not follow).
constexpr std::int64_t kOneDnnColumns = 12;

// One spatial dimension: the input's size, the windows' count and the padding before.
struct Axis {
  std::int64_t size;
  std::int64_t window;
  std::int64_t stride;
  std::int64_t out;
  std::int64_t pad;

  // Output o's first position in the input, padding counted (may be negative).
  std::int64_t start(std::int64_t o) const { return o * stride - pad; }
  std::int64_t begin(std::int64_t o) const { return std::max<std::int64_t>(start(o), 0); }
  std::int64_t end(std::int64_t o) const { return std::min(start(o) + window, size); }
};

// TensorFlow's windows along a dimension of `size`; nullopt where a VALID window does not fit.
std::optional<Axis> axis_of(std::int64_t size, std::int64_t window, std::int64_t stride,
                            bool same) {
  if (!same) {
    if (size < window) return std::nullopt;
    return Axis{size, window, stride, (size - window) / stride + 1, 0};
  }
  const std::int64_t out = size == 0 ? 0 : (size - 1) / stride + 1;
  // (out - 1) * stride < size, so this cannot overflow.
  const std::int64_t pad = std::max<std::int64_t>((out - 1) * stride + window - size, 0) / 2;
  return Axis{size, window, stride, out, pad};
}

// The NHWC input shape's windows and the pooled shape.
struct Plan {
  std::int64_t batch;
  Axis rows;
  Axis cols;
  std::int64_t depth;

  Shape out_shape() const { return {batch, rows.out, cols.out, depth}; }
  std::int64_t in_index(std::int64_t b, std::int64_t r, std::int64_t c, std::int64_t d) const {
    return ((b * rows.size + r) * cols.size + c) * depth + d;
  }
  std::int64_t out_index(std::int64_t b, std::int64_t i, std::int64_t j, std::int64_t d) const {
    return ((b * rows.out + i) * cols.out + j) * depth + d;
  }
};

std::variant<Plan, ErrorKind> plan_of(const Shape& in, const PoolingOrError& window) {
  if (const auto* e = std::get_if<ErrorKind>(&window)) return *e;
  const Pooling& p = std::get<Pooling>(window);
  if (in.size() != 4) return ErrorKind::Shape;
  const auto rows = axis_of(in[1], p.window[0], p.stride[0], p.same);
  const auto cols = axis_of(in[2], p.window[1], p.stride[1], p.same);
  if (!rows || !cols) return ErrorKind::Shape;
  return Plan{in[0], *rows, *cols, in[3]};
}

bool is_float(DType t) { return t == DType::F32 || t == DType::F64; }

}  // namespace

PoolingOrError pooling(std::span<const std::int64_t> ksize, std::span<const std::int64_t> strides,
                       bool same) {
  if (ksize.size() != 4 || strides.size() != 4) return ErrorKind::Shape;
  for (std::span<const std::int64_t> list : {ksize, strides}) {
    if (list[0] != 1 || list[3] != 1) return ErrorKind::Shape;
    if (std::any_of(list.begin(), list.end(),
                    [](std::int64_t v) { return v < 1 || v > kMaxWindow; })) {
      return ErrorKind::Shape;
    }
  }
  return Pooling{{ksize[1], ksize[2]}, {strides[1], strides[2]}, same};
}

PoolingOrError pooling(const Tensor& ksize, const Tensor& strides, bool same) {
  if (ksize.dtype != DType::I32 || strides.dtype != DType::I32) return ErrorKind::Type;
  auto k = integers(ksize, 1);
  auto s = integers(strides, 1);
  if (auto* e = std::get_if<ErrorKind>(&k)) return *e;
  if (auto* e = std::get_if<ErrorKind>(&s)) return *e;
  return pooling(std::get<std::vector<std::int64_t>>(k), std::get<std::vector<std::int64_t>>(s),
                 same);
}

EvalResult max_pool(const Tensor& x, const PoolingOrError& p) {
  if (x.dtype == DType::Bool) return ErrorKind::Type;
  const auto planned = plan_of(x.shape, p);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Plan& plan = std::get<Plan>(planned);
  return visit_numeric(x.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> in = view<T>(x);
    Tensor out = make_tensor(x.dtype, plan.out_shape());
    for (std::int64_t b = 0; b < plan.batch; ++b) {
      for (std::int64_t i = 0; i < plan.rows.out; ++i) {
        for (std::int64_t j = 0; j < plan.cols.out; ++j) {
          for (std::int64_t d = 0; d < plan.depth; ++d) {
            T best = std::numeric_limits<T>::lowest();
            for (std::int64_t r = plan.rows.begin(i); r < plan.rows.end(i); ++r) {
              for (std::int64_t c = plan.cols.begin(j); c < plan.cols.end(j); ++c) {
                const T e = in[plan.in_index(b, r, c, d)];
                if (best < e) best = e;
              }
            }
            store<T>(out, plan.out_index(b, i, j, d), best);
          }
        }
      }
    }
    return single(std::move(out));
  });
}

EvalResult max_pool_grad(const Tensor& x, const Tensor& y, const Tensor& dy,
                         const PoolingOrError& p) {
  if (x.dtype == DType::Bool || y.dtype != x.dtype || dy.dtype != x.dtype) return ErrorKind::Type;
  const auto planned = plan_of(x.shape, p);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Plan& plan = std::get<Plan>(planned);
  if (y.shape != plan.out_shape() || dy.shape != plan.out_shape()) return ErrorKind::Shape;
  return visit_numeric(x.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> in = view<T>(x);
    const ElementView<T> grad = view<T>(dy);
    std::vector<T> dx(static_cast<std::size_t>(x.size()), T{0});
    for (std::int64_t b = 0; b < plan.batch; ++b) {
      for (std::int64_t i = 0; i < plan.rows.out; ++i) {
        for (std::int64_t j = 0; j < plan.cols.out; ++j) {
          for (std::int64_t d = 0; d < plan.depth; ++d) {
            std::int64_t arg = plan.in_index(b, plan.rows.begin(i), plan.cols.begin(j), d);
            for (std::int64_t r = plan.rows.begin(i); r < plan.rows.end(i); ++r) {
              for (std::int64_t c = plan.cols.begin(j); c < plan.cols.end(j); ++c) {
                const std::int64_t at = plan.in_index(b, r, c, d);
                if (in[arg] < in[at]) arg = at;
              }
            }
            T& to = dx[static_cast<std::size_t>(arg)];
            to = kernels::add(to, grad[plan.out_index(b, i, j, d)]);
          }
        }
      }
    }
    Tensor out = make_tensor(x.dtype, x.shape);
    for (std::int64_t k = 0; k < x.size(); ++k) store<T>(out, k, dx[static_cast<std::size_t>(k)]);
    return single(std::move(out));
  });
}

EvalResult avg_pool(const Tensor& x, const PoolingOrError& p) {
  if (!is_float(x.dtype)) return ErrorKind::Type;
  const auto planned = plan_of(x.shape, p);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Plan& plan = std::get<Plan>(planned);
  return visit_numeric(x.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> in = view<T>(x);
    Tensor out = make_tensor(x.dtype, plan.out_shape());
    for (std::int64_t b = 0; b < plan.batch; ++b) {
      for (std::int64_t i = 0; i < plan.rows.out; ++i) {
        for (std::int64_t j = 0; j < plan.cols.out; ++j) {
          const std::int64_t count =
              (plan.rows.end(i) - plan.rows.begin(i)) * (plan.cols.end(j) - plan.cols.begin(j));
          for (std::int64_t d = 0; d < plan.depth; ++d) {
            T sum{0};
            for (std::int64_t r = plan.rows.begin(i); r < plan.rows.end(i); ++r) {
              for (std::int64_t c = plan.cols.begin(j); c < plan.cols.end(j); ++c) {
                sum += in[plan.in_index(b, r, c, d)];
              }
            }
            store<T>(out, plan.out_index(b, i, j, d), sum / static_cast<T>(count));
          }
        }
      }
    }
    return single(std::move(out));
  });
}

namespace {

// [begin, end) of output o's window along `a` as TensorFlow's Eigen AvgPoolGrad takes it
// (GetBroadcastSize): a window starting in the padding whose size exceeds the input's spans
// the whole input.
std::pair<std::int64_t, std::int64_t> eigen_span(const Axis& a, std::int64_t o) {
  const std::int64_t begin = a.begin(o);
  if (a.start(o) < 0 && a.window > a.size) return {0, a.size};
  return {begin, a.end(o)};
}

// Adds each dy element of `plan`'s outputs into dx over its window, visiting outputs by rows
// ascending and, within a row, by blocks of `block` columns ascending, each block's columns
// descending (a block of 1: columns ascending); term(g, count) is what one element of a window
// of `count` receives, span(axis, o) the window.
template <class T, class Term, class Span>
void spread(const Plan& plan, const ElementView<T>& grad, std::int64_t block, Term term, Span span,
            std::vector<T>& dx) {
  for (std::int64_t b = 0; b < plan.batch; ++b) {
    for (std::int64_t i = 0; i < plan.rows.out; ++i) {
      const auto [r0, r1] = span(plan.rows, i);
      for (std::int64_t n = 0; n < plan.cols.out; ++n) {
        const std::int64_t first = n / block * block;
        const std::int64_t j = std::min(first + block, plan.cols.out) - 1 - (n - first);
        const auto [c0, c1] = span(plan.cols, j);
        const std::int64_t count = (r1 - r0) * (c1 - c0);
        for (std::int64_t r = r0; r < r1; ++r) {
          for (std::int64_t c = c0; c < c1; ++c) {
            for (std::int64_t d = 0; d < plan.depth; ++d) {
              T& to = dx[static_cast<std::size_t>(plan.in_index(b, r, c, d))];
              to += term(grad[plan.out_index(b, i, j, d)], count);
            }
          }
        }
      }
    }
  }
}

}  // namespace

EvalResult avg_pool_grad(const Tensor& shape, const Tensor& dy, const PoolingOrError& p) {
  if (!is_float(dy.dtype)) return ErrorKind::Type;
  auto sizes = integers(shape, 1);
  if (auto* e = std::get_if<ErrorKind>(&sizes)) return *e;
  const Shape& in_shape = std::get<std::vector<std::int64_t>>(sizes);
  if (std::any_of(in_shape.begin(), in_shape.end(), [](std::int64_t v) { return v < 0; }) ||
      !representable(in_shape)) {
    return ErrorKind::Shape;
  }
  const auto planned = plan_of(in_shape, p);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Plan& plan = std::get<Plan>(planned);
  if (dy.shape != plan.out_shape()) return ErrorKind::Shape;
  return visit_numeric(dy.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    std::vector<T> dx(static_cast<std::size_t>(element_count(in_shape)), T{0});
    const ElementView<T> grad = view<T>(dy);
    if constexpr (std::is_same_v<T, float>) {
      // oneDNN's kernel: a division per element, 12 columns at once visited last to first.
      spread<T>(
          plan, grad, kOneDnnColumns,
          [](T g, std::int64_t count) { return g / static_cast<T>(count); },
          [](const Axis& a, std::int64_t o) {
            return std::pair{a.begin(o), a.end(o)};
          },
          dx);
    } else {
      // Eigen's kernel: the reciprocal of the count, computed in double, times each gradient.
      spread<T>(
          plan, grad, 1, [](T g, std::int64_t count) { return g * static_cast<T>(1.0 / count); },
          eigen_span, dx);
    }
    Tensor out = make_tensor(dy.dtype, in_shape);
    for (std::int64_t k = 0; k < out.size(); ++k) store<T>(out, k, dx[static_cast<std::size_t>(k)]);
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
