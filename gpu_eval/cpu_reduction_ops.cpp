#include "gpu_eval/cpu_reduction_ops.h"

#include <limits>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {
namespace {

// A reduction laid out for a plain loop: `moved` holds the kept dimensions first, then the
// reduced ones, so that result element o reduces the contiguous block of `terms` elements
// from o * terms, in the row-major order of the reduced indices.
struct Reduction {
  Tensor moved;
  Shape shape;  // the result's
  std::int64_t terms = 1;
};

std::variant<Reduction, ErrorKind> plan_reduction(const Tensor& a, const Tensor& axes_tensor,
                                                  bool keep_dims) {
  auto by = reduced_by(a, axes_tensor, keep_dims);
  if (auto* e = std::get_if<ErrorKind>(&by)) return *e;
  const std::vector<bool>& reduced = std::get<ReducedAxes>(by).reduced;
  const std::size_t rank = a.shape.size();
  std::vector<std::size_t> perm;
  Reduction r;
  r.shape = std::get<ReducedAxes>(by).shape;
  for (std::size_t d = 0; d < rank; ++d) {
    if (!reduced[d]) perm.push_back(d);
  }
  for (std::size_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      perm.push_back(d);
      r.terms *= a.shape[d];
    }
  }
  r.moved = transpose(a, perm);
  return r;
}

// Each result element is `identity` folded with its terms in order by step(acc, term); with
// one term each (nothing to reduce) the terms themselves, copied, as TensorFlow copies them.
template <class T, class Step>
EvalResult fold(const Tensor& a, const Tensor& axes, bool keep_dims, T identity, Step step) {
  auto plan = plan_reduction(a, axes, keep_dims);
  if (auto* e = std::get_if<ErrorKind>(&plan)) return *e;
  const Reduction& r = std::get<Reduction>(plan);
  if (r.terms == 1) return single(Tensor{a.dtype, r.shape, a.bytes});
  Tensor out = make_tensor(a.dtype, r.shape);
  const ElementView<T> in = view<T>(r.moved);
  for (std::int64_t o = 0; o < out.size(); ++o) {
    T acc = identity;
    for (std::int64_t k = 0; k < r.terms; ++k) acc = step(acc, in[o * r.terms + k]);
    store<T>(out, o, acc);
  }
  return single(std::move(out));
}

}  // namespace

std::variant<ReducedAxes, ErrorKind> reduced_by(const Tensor& a, const Tensor& axes_tensor,
                                                bool keep_dims) {
  // Axes of any rank, as TensorFlow takes them: their elements in order.
  auto axes = integers(axes_tensor, axes_tensor.shape.size());
  if (auto* e = std::get_if<ErrorKind>(&axes)) return *e;
  std::optional<ReducedAxes> r = reduced_axes(a.shape, std::get<0>(axes), keep_dims);
  if (!r) return ErrorKind::Shape;
  return std::move(*r);
}

EvalResult max_min(const Tensor& a, const Tensor& axes, bool keep_dims, bool maximum) {
  if (a.dtype == DType::Bool) return ErrorKind::Type;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    return fold<T>(a, axes, keep_dims, kernels::max_min_identity<T>(maximum),
                   [maximum](T acc, T x) { return kernels::max_min_step(acc, x, maximum); });
  });
}

EvalResult all_any(const Tensor& a, const Tensor& axes, bool keep_dims, bool all) {
  if (a.dtype != DType::Bool) return ErrorKind::Type;
  return fold<bool>(a, axes, keep_dims, all,
                    [all](bool acc, bool x) { return all ? acc && x : acc || x; });
}

EvalResult arg_max_min(const Tensor& a, const Tensor& axis_tensor, DType index, bool maximum) {
  if (index != DType::I32 && index != DType::I64) {
    throw std::invalid_argument("arg_max_min: the index dtype must be i32 or i64");
  }
  auto written = integers(axis_tensor, 0);
  if (auto* e = std::get_if<ErrorKind>(&written)) return *e;
  const std::size_t rank = a.shape.size();
  const std::optional<std::size_t> axis =
      normalize_axis(std::get<std::vector<std::int64_t>>(written)[0], rank);
  if (!axis || a.shape[*axis] == 0) return ErrorKind::Shape;
  // a as [outer, len, inner]: result element (o, i) scans a[o, 0..len-1, i].
  const auto at = static_cast<std::ptrdiff_t>(*axis);
  const std::int64_t len = a.shape[*axis];
  const std::int64_t inner = product(a.shape.begin() + at + 1, a.shape.end());
  Shape shape = a.shape;
  shape.erase(shape.begin() + at);
  if (index == DType::I32 && len - 1 > std::numeric_limits<std::int32_t>::max()) {
    return ErrorKind::Shape;
  }
  return visit_dtype(a.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(index, shape);
    const ElementView<T> in = view<T>(a);
    for (std::int64_t j = 0; j < out.size(); ++j) {
      const std::int64_t base = (j / inner) * len * inner + j % inner;
      std::int64_t best_index = 0;
      T best = maximum ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
      for (std::int64_t k = 0; k < len; ++k) {
        const T x = in[base + k * inner];
        if (maximum ? best < x : x < best) {
          best = x;
          best_index = k;
        }
      }
      if (index == DType::I32) {
        store<std::int32_t>(out, j, static_cast<std::int32_t>(best_index));
      } else {
        store<std::int64_t>(out, j, best_index);
      }
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
