#include "gpu_eval/cpu_tf_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {

std::variant<std::vector<std::int64_t>, ErrorKind> integers(const Tensor& t, std::size_t max_rank) {
  if (t.dtype != DType::I32 && t.dtype != DType::I64) return ErrorKind::Type;
  if (t.shape.size() > max_rank) return ErrorKind::Shape;
  std::vector<std::int64_t> out(static_cast<std::size_t>(t.size()));
  for (std::int64_t i = 0; i < t.size(); ++i) {
    out[static_cast<std::size_t>(i)] =
        t.dtype == DType::I32 ? view<std::int32_t>(t)[i] : view<std::int64_t>(t)[i];
  }
  return out;
}

Tensor transpose(const Tensor& a, const std::vector<std::size_t>& perm) {
  const std::size_t rank = a.shape.size();
  Shape shape(rank);
  Shape in_strides(rank, 1);
  for (std::size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * a.shape[d];
  Shape strides(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    shape[d] = a.shape[perm[d]];
    strides[d] = in_strides[perm[d]];
  }
  Tensor out = make_tensor(a.dtype, shape);
  const auto size = static_cast<std::int64_t>(dtype_size(a.dtype));
  Shape index(rank, 0);
  std::int64_t from = 0;
  for (std::int64_t i = 0; i < out.size(); ++i) {
    std::copy_n(a.bytes.data() + from * size, size, out.bytes.data() + i * size);
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d]) {
        from += strides[d];
        break;
      }
      from -= strides[d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
  return out;
}

EvalResult matmul_transposed(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  if (a.shape.size() != 2 || b.shape.size() != 2) return ErrorKind::Shape;
  const auto order = kernels::tensorflow_inner_product_order(a.dtype, a.shape[transpose_a ? 1 : 0],
                                                             b.shape[transpose_b ? 0 : 1],
                                                             transpose_a, transpose_b);
  return matmul(transpose_a ? transpose(a, {1, 0}) : a, transpose_b ? transpose(b, {1, 0}) : b,
                order);
}

EvalResult add_n(std::span<const Tensor* const> args) {
  const Tensor& first = *args[0];
  for (const Tensor* t : args) {
    if (t->dtype != first.dtype || t->dtype == DType::Bool) return ErrorKind::Type;
  }
  for (const Tensor* t : args) {
    if (t->shape != first.shape) return ErrorKind::Shape;
  }
  // TensorFlow's kernel adds the first r = n mod 8 terms (8 when that is 0, 9 when it is 1)
  // left to right, then each further group of 8 left to right on its own before adding the
  // group's sum to the total: out += ((in1 + in2) + ...) + in8.
  const std::size_t n = args.size();
  const std::size_t head = n % 8 == 0 ? 8 : n % 8 == 1 && n > 1 ? 9 : n % 8;
  return visit_numeric(first.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = first;
    for (std::int64_t i = 0; i < out.size(); ++i) {
      T total = view<T>(first)[i];
      for (std::size_t k = 1; k < std::min(head, n); ++k) {
        total = kernels::add(total, view<T>(*args[k])[i]);
      }
      for (std::size_t g = head; g < n; g += 8) {
        T group = view<T>(*args[g])[i];
        for (std::size_t k = g + 1; k < g + 8; ++k)
          group = kernels::add(group, view<T>(*args[k])[i]);
        total = kernels::add(total, group);
      }
      store<T>(out, i, total);
    }
    return single(std::move(out));
  });
}

EvalResult fill(const Tensor& dims_tensor, const Tensor& value) {
  auto dims = integers(dims_tensor, 1);
  if (auto* e = std::get_if<ErrorKind>(&dims)) return *e;
  Shape shape = std::get<std::vector<std::int64_t>>(dims);
  if (dims_tensor.shape.size() != 1 || !value.shape.empty()) return ErrorKind::Shape;
  if (std::any_of(shape.begin(), shape.end(), [](std::int64_t d) { return d < 0; }) ||
      !representable(shape)) {
    return ErrorKind::Shape;
  }
  Tensor out = make_tensor(value.dtype, shape);
  const std::size_t size = dtype_size(value.dtype);
  for (std::int64_t i = 0; i < out.size(); ++i) {
    std::copy_n(value.bytes.data(), size, out.bytes.data() + i * static_cast<std::int64_t>(size));
  }
  return single(std::move(out));
}

EvalResult tile(const Tensor& a, const Tensor& multiples_tensor) {
  auto multiples = integers(multiples_tensor, 1);
  if (auto* e = std::get_if<ErrorKind>(&multiples)) return *e;
  const std::vector<std::int64_t>& m = std::get<std::vector<std::int64_t>>(multiples);
  const std::size_t rank = a.shape.size();
  if (multiples_tensor.shape.size() != 1 || m.size() != rank) return ErrorKind::Shape;
  Shape shape(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    if (m[d] < 0) return ErrorKind::Shape;
    if (a.shape[d] != 0 && m[d] > std::numeric_limits<std::int64_t>::max() / a.shape[d]) {
      return ErrorKind::Shape;
    }
    shape[d] = a.shape[d] * m[d];
  }
  if (!representable(shape)) return ErrorKind::Shape;
  Tensor out = make_tensor(a.dtype, shape);
  const auto size = static_cast<std::int64_t>(dtype_size(a.dtype));
  Shape index(rank, 0);
  for (std::int64_t i = 0; i < out.size(); ++i) {
    std::int64_t from = 0;
    for (std::size_t d = 0; d < rank; ++d) from = from * a.shape[d] + index[d] % a.shape[d];
    std::copy_n(a.bytes.data() + from * size, size, out.bytes.data() + i * size);
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

EvalResult pack(std::span<const Tensor* const> args, std::int64_t axis_attr) {
  const Tensor& first = *args[0];
  for (const Tensor* t : args) {
    if (t->dtype != first.dtype) return ErrorKind::Type;
  }
  for (const Tensor* t : args) {
    if (t->shape != first.shape) return ErrorKind::Shape;
  }
  const std::optional<std::size_t> axis = normalize_axis(axis_attr, first.shape.size() + 1);
  if (!axis) return ErrorKind::Shape;
  // Each argument gets a dimension of size 1 at `axis`; then they concatenate along it.
  Shape one = first.shape;
  one.insert(one.begin() + static_cast<std::ptrdiff_t>(*axis), 1);
  std::vector<Tensor> reshaped;
  for (const Tensor* t : args) reshaped.push_back(Tensor{t->dtype, one, t->bytes});
  std::vector<const Tensor*> parts;
  for (const Tensor& t : reshaped) parts.push_back(&t);
  return concat(parts, static_cast<std::int64_t>(*axis));
}

EvalResult shape_of(const Tensor& a, DType out_type) {
  Tensor out = make_tensor(out_type, {static_cast<std::int64_t>(a.shape.size())});
  for (std::size_t d = 0; d < a.shape.size(); ++d) {
    const auto i = static_cast<std::int64_t>(d);
    if (out_type == DType::I64) {
      store<std::int64_t>(out, i, a.shape[d]);
    } else if (a.shape[d] > std::numeric_limits<std::int32_t>::max()) {
      return ErrorKind::Shape;
    } else {
      store<std::int32_t>(out, i, static_cast<std::int32_t>(a.shape[d]));
    }
  }
  return single(std::move(out));
}

EvalResult select(const Tensor& cond, const Tensor& t, const Tensor& e) {
  if (cond.dtype != DType::Bool || t.dtype != e.dtype) return ErrorKind::Type;
  const bool rows = cond.shape.size() == 1 && t.shape.size() > 1;
  if (t.shape != e.shape ||
      !(cond.shape.empty() || cond.shape == t.shape || (rows && cond.shape[0] == t.shape[0]))) {
    return ErrorKind::Shape;
  }
  // Element i of t takes the condition at cond_index(i).
  const std::int64_t per_condition =
      cond.shape.empty() ? t.size() : t.size() / std::max<std::int64_t>(cond.size(), 1);
  Tensor out = make_tensor(t.dtype, t.shape);
  const auto size = static_cast<std::int64_t>(dtype_size(t.dtype));
  for (std::int64_t i = 0; i < t.size(); ++i) {
    const bool pick = view<bool>(cond)[cond.shape.empty() ? 0 : i / per_condition];
    std::copy_n((pick ? t : e).bytes.data() + i * size, size, out.bytes.data() + i * size);
  }
  return single(std::move(out));
}

EvalResult range(const Tensor& start, const Tensor& limit, const Tensor& delta) {
  if (start.dtype != limit.dtype || start.dtype != delta.dtype || start.dtype == DType::Bool) {
    return ErrorKind::Type;
  }
  if (!start.shape.empty() || !limit.shape.empty() || !delta.shape.empty()) {
    return ErrorKind::Shape;
  }
  return visit_numeric(start.dtype, [&](auto type) -> EvalResult {
    using T = typename decltype(type)::type;
    const T s = view<T>(start)[0];
    const T l = view<T>(limit)[0];
    const T d = view<T>(delta)[0];
    // The arguments TensorFlow's kernel refuses (NaN among them, which no test passes).
    if (d == T{0} || (d > T{0} ? !(s <= l) : !(s >= l))) return ErrorKind::Arithmetic;
    std::int64_t size = 0;
    if constexpr (std::is_integral_v<T>) {
      // ceil(|limit - start| / |delta|), in the unsigned type, where neither can overflow.
      using U = std::make_unsigned_t<T>;
      const U span = d > 0 ? static_cast<U>(static_cast<U>(l) - static_cast<U>(s))
                           : static_cast<U>(static_cast<U>(s) - static_cast<U>(l));
      const U step = d > 0 ? static_cast<U>(d) : static_cast<U>(U{0} - static_cast<U>(d));
      const U count = span / step + (span % step != 0 ? 1 : 0);
      if (count > static_cast<U>(std::numeric_limits<std::int64_t>::max() / sizeof(T))) {
        return ErrorKind::Shape;
      }
      size = static_cast<std::int64_t>(count);
    } else {
      // As the kernel computes it, in T; an infinite length is refused too.
      const T count = std::ceil(std::abs((l - s) / d));
      if (!(count <= static_cast<T>(std::numeric_limits<std::int64_t>::max() / sizeof(T)))) {
        return count == count ? ErrorKind::Shape : ErrorKind::Arithmetic;
      }
      size = static_cast<std::int64_t>(count);
    }
    Tensor out = make_tensor(start.dtype, {size});
    // start + i * delta, each element on its own (not a running sum), as the kernel does.
    for (std::int64_t i = 0; i < size; ++i) {
      store<T>(out, i, kernels::add(s, kernels::mul(static_cast<T>(i), d)));
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
