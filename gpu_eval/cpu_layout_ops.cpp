#include "gpu_eval/cpu_layout_ops.h"

#include <algorithm>
#include <limits>

#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

Shape row_major_strides(const Shape& shape) {
  Shape strides(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

Tensor strided_copy(const Tensor& a, const Shape& shape, std::int64_t start, const Shape& steps) {
  Tensor out = make_tensor(a.dtype, shape);
  const auto size = static_cast<std::int64_t>(dtype_size(a.dtype));
  const std::size_t rank = shape.size();
  Shape index(rank, 0);
  std::int64_t from = start;
  const std::int64_t n = out.size();
  for (std::int64_t i = 0; i < n; ++i) {
    std::copy_n(a.bytes.data() + from * size, size, out.bytes.data() + i * size);
    // Step the output index like an odometer, moving the input offset along with it.
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d]) {
        from += steps[d];
        break;
      }
      from -= steps[d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
  return out;
}

EvalResult squeeze(const Tensor& a, const std::vector<std::int64_t>& dims) {
  const std::size_t rank = a.shape.size();
  std::vector<bool> wanted(rank, false);
  for (std::int64_t written : dims) {
    const std::optional<std::size_t> d = normalize_axis(written, rank);
    if (!d || a.shape[*d] != 1) return ErrorKind::Shape;
    wanted[*d] = true;
  }
  Shape shape;
  for (std::size_t d = 0; d < rank; ++d) {
    const bool dropped = dims.empty() ? a.shape[d] == 1 : wanted[d];
    if (!dropped) shape.push_back(a.shape[d]);
  }
  return single(Tensor{a.dtype, std::move(shape), a.bytes});
}

EvalResult expand_dims(const Tensor& a, const Tensor& axis) {
  auto values = integers(axis, std::numeric_limits<std::size_t>::max());
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  const auto& v = std::get<std::vector<std::int64_t>>(values);
  const auto rank = static_cast<std::int64_t>(a.shape.size());
  if (v.size() != 1 || v[0] < -rank - 1 || v[0] > rank) return ErrorKind::Shape;
  const std::int64_t at = v[0] < 0 ? v[0] + rank + 1 : v[0];
  Shape shape = a.shape;
  shape.insert(shape.begin() + at, 1);
  return single(Tensor{a.dtype, std::move(shape), a.bytes});
}

EvalResult transpose_by(const Tensor& a, const Tensor& perm) {
  auto values = integers(perm, 1);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  const auto& v = std::get<std::vector<std::int64_t>>(values);
  const std::size_t rank = a.shape.size();
  if (perm.shape.size() != 1 || v.size() != rank) return ErrorKind::Shape;
  std::vector<std::size_t> order(rank);
  std::vector<bool> seen(rank, false);
  for (std::size_t i = 0; i < rank; ++i) {
    // TensorFlow's kernel keeps the permutation in 32-bit integers.
    std::int64_t d = static_cast<std::int32_t>(static_cast<std::uint32_t>(v[i]));
    if (d < 0) d += static_cast<std::int64_t>(rank);
    if (d < 0 || d >= static_cast<std::int64_t>(rank) || seen[static_cast<std::size_t>(d)]) {
      return ErrorKind::Shape;
    }
    seen[static_cast<std::size_t>(d)] = true;
    order[i] = static_cast<std::size_t>(d);
  }
  return single(transpose(a, order));
}

EvalResult broadcast_to(const Tensor& a, const Tensor& shape) {
  auto values = integers(shape, 1);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  const Shape& target = std::get<std::vector<std::int64_t>>(values);
  if (shape.shape.size() != 1 || target.size() < a.shape.size() || !representable(target)) {
    return ErrorKind::Shape;
  }
  const std::size_t skipped = target.size() - a.shape.size();
  const Shape in_strides = row_major_strides(a.shape);
  Shape steps(target.size(), 0);
  for (std::size_t d = 0; d < target.size(); ++d) {
    if (target[d] < 0) return ErrorKind::Shape;
    if (d < skipped) continue;
    const std::int64_t dim = a.shape[d - skipped];
    if (dim != target[d] && dim != 1) return ErrorKind::Shape;
    if (dim == target[d]) steps[d] = in_strides[d - skipped];
  }
  return single(strided_copy(a, target, 0, steps));
}

EvalResult shape_n(std::span<const Tensor* const> args, DType out_type) {
  std::vector<Tensor> out;
  for (const Tensor* t : args) {
    EvalResult one = shape_of(*t, out_type);
    if (auto* e = std::get_if<ErrorKind>(&one)) return *e;
    out.push_back(std::move(std::get<std::vector<Tensor>>(one)[0]));
  }
  return out;
}

EvalResult size_of(const Tensor& a, DType out_type) {
  Tensor out = make_tensor(out_type, {});
  const std::int64_t n = a.size();
  if (out_type == DType::I64) {
    store<std::int64_t>(out, 0, n);
  } else if (n > std::numeric_limits<std::int32_t>::max()) {
    return ErrorKind::Shape;
  } else {
    store<std::int32_t>(out, 0, static_cast<std::int32_t>(n));
  }
  return single(std::move(out));
}

EvalResult rank_of(const Tensor& a) {
  Tensor out = make_tensor(DType::I32, {});
  store<std::int32_t>(out, 0, static_cast<std::int32_t>(a.shape.size()));
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
