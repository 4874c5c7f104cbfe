#include "gpu_eval/cpu_reductions.h"

#include <limits>
#include <type_traits>

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/reduction_order.h"

namespace tfmc::eval::cpu {
namespace {

template <class T>
std::vector<T> elements(const Tensor& a) {
  std::vector<T> x(static_cast<std::size_t>(a.size()));
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = view<T>(a)[static_cast<std::int64_t>(i)];
  return x;
}

// Sum's order: runs split when long (reduction_order.h).
template <class T>
order::EigenOrder<T, order::Plus<T>> sum_order() {
  return order::EigenOrder<T, order::Plus<T>>(order::Plus<T>{}, T{0}, true);
}

// Sum or Prod of a non-empty tensor in TensorFlow's order.
template <class T>
std::vector<T> reduce_terms(const std::vector<T>& x, const Shape& shape,
                            const std::vector<bool>& reduced, bool product) {
  if (product) {
    const order::EigenOrder<T, order::Times<T>> order(order::Times<T>{}, T{1}, false);
    return order::reduce_in_order(x, shape, reduced, order);
  }
  return order::reduce_in_order(x, shape, reduced, sum_order<T>());
}

// TensorFlow's Mean: a float Sum divided by the number of terms (in the dtype); an integer
// Sum taken in i64 (exact for i32 inputs) and divided truncating toward zero.
template <class T>
std::vector<T> mean(const Tensor& a, const Shape& shape, const std::vector<bool>& reduced,
                    std::int64_t results) {
  const std::int64_t terms = a.size() / results;
  if constexpr (std::is_floating_point_v<T>) {
    std::vector<T> sums = reduce_terms(elements<T>(a), shape, reduced, false);
    for (T& s : sums) s = s / static_cast<T>(terms);
    return sums;
  } else {
    std::vector<std::int64_t> wide;
    for (T v : elements<T>(a)) wide.push_back(v);
    std::vector<T> means;
    for (std::int64_t s : reduce_terms(wide, shape, reduced, false)) {
      means.push_back(static_cast<T>(s / terms));
    }
    return means;
  }
}

template <class T>
T empty_value(Reduction reduction) {
  if (reduction == Reduction::Prod) return T{1};
  if (reduction == Reduction::Mean && std::is_floating_point_v<T>) {
    return std::numeric_limits<T>::quiet_NaN();
  }
  return T{0};
}

}  // namespace

EvalResult bias_add_grad(const Tensor& x, bool channels_first) {
  if (x.dtype == DType::Bool) return ErrorKind::Type;
  const std::size_t rank = x.shape.size();
  if (rank < 2) return ErrorKind::Shape;
  const bool nchw = channels_first && rank > 2;
  const std::int64_t channels = nchw ? x.shape[1] : x.shape.back();
  const std::int64_t images = nchw ? x.shape[0] : product(x.shape.begin(), x.shape.end() - 1);
  const std::int64_t block = nchw ? product(x.shape.begin() + 2, x.shape.end()) : 1;
  return visit_numeric(x.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(x.dtype, {channels});
    if (x.size() == 0) return single(std::move(out));
    const std::vector<T> terms = elements<T>(x);
    const auto order = sum_order<T>();
    for (std::int64_t c = 0; c < channels; ++c) {
      T acc{0};
      if (images * block == 1) {
        acc = terms[static_cast<std::size_t>(c)];
      } else {
        for (std::int64_t n = 0; n < images; ++n) {
          const std::int64_t at = (n * channels + c) * block;
          acc = kernels::add<T>(acc, nchw ? order.run(terms.data() + at, 0, block) : terms[at]);
        }
      }
      store<T>(out, c, acc);
    }
    return single(std::move(out));
  });
}

std::variant<std::optional<std::vector<std::int64_t>>, ErrorKind> reduction_axes(
    std::span<const Tensor* const> args, const OpAttrs& attrs) {
  if (args.size() == 1) {
    if (!attrs.axis) return std::optional<std::vector<std::int64_t>>{};
    return std::optional<std::vector<std::int64_t>>{std::vector<std::int64_t>{*attrs.axis}};
  }
  auto axes = integers(*args[1], 1);
  if (auto* e = std::get_if<ErrorKind>(&axes)) return *e;
  return std::optional<std::vector<std::int64_t>>{std::get<std::vector<std::int64_t>>(axes)};
}

std::optional<ReducedAxes> reduced_axes(const Shape& shape,
                                        const std::optional<std::vector<std::int64_t>>& axes,
                                        bool keep_dims) {
  const std::size_t rank = shape.size();
  ReducedAxes r{std::vector<bool>(rank, !axes.has_value()), {}};
  for (std::int64_t written : axes.value_or(std::vector<std::int64_t>{})) {
    const std::optional<std::size_t> axis = normalize_axis(written, rank);
    if (!axis || r.reduced[*axis]) return std::nullopt;
    r.reduced[*axis] = true;
  }
  for (std::size_t d = 0; d < rank; ++d) {
    if (!r.reduced[d] || keep_dims) r.shape.push_back(r.reduced[d] ? 1 : shape[d]);
  }
  return r;
}

EvalResult reduce_axes(const Tensor& a, const std::optional<std::vector<std::int64_t>>& axes,
                       bool keep_dims, Reduction reduction) {
  if (a.dtype == DType::Bool) return ErrorKind::Type;
  const std::optional<ReducedAxes> r = reduced_axes(a.shape, axes, keep_dims);
  if (!r) return ErrorKind::Shape;
  const std::vector<bool>& reduced = r->reduced;
  const Shape& shape = r->shape;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(a.dtype, shape);
    if (out.size() == 0) return single(std::move(out));
    std::vector<T> values;
    if (a.size() == 0) {
      values.assign(static_cast<std::size_t>(out.size()), empty_value<T>(reduction));
    } else if (reduction == Reduction::Mean) {
      values = mean<T>(a, a.shape, reduced, out.size());
    } else {
      values = reduce_terms(elements<T>(a), a.shape, reduced, reduction == Reduction::Prod);
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      store<T>(out, static_cast<std::int64_t>(i), values[i]);
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
