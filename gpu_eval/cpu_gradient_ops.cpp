#include "gpu_eval/cpu_gradient_ops.h"

#include <algorithm>
#include <limits>

#include "gpu_eval/cpu_layout_ops.h"
#include "gpu_eval/cpu_slice_ops.h"
#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

namespace {

// The 1-D tensor of `values` in `dtype` (i32 or i64); every value fits it.
Tensor index_vector(DType dtype, const std::vector<std::int64_t>& values) {
  Tensor out = make_tensor(dtype, {static_cast<std::int64_t>(values.size())});
  for (std::size_t k = 0; k < values.size(); ++k) {
    const auto i = static_cast<std::int64_t>(k);
    if (dtype == DType::I64) {
      store<std::int64_t>(out, i, values[k]);
    } else {
      store<std::int32_t>(out, i, static_cast<std::int32_t>(values[k]));
    }
  }
  return out;
}

// The integers of a 1-D i32 or i64 tensor: Error(type) for another dtype, Error(shape) for
// another rank.
std::variant<std::vector<std::int64_t>, ErrorKind> index_vector_values(const Tensor& t) {
  auto values = integers(t, 1);
  if (std::holds_alternative<ErrorKind>(values)) return values;
  if (t.shape.size() != 1) return ErrorKind::Shape;
  return values;
}

}  // namespace

EvalResult broadcast_gradient_args(const Tensor& s0, const Tensor& s1) {
  if (s0.dtype != s1.dtype) return ErrorKind::Type;
  auto v0 = index_vector_values(s0);
  auto v1 = index_vector_values(s1);
  if (auto* e = std::get_if<ErrorKind>(&v0)) return *e;
  if (auto* e = std::get_if<ErrorKind>(&v1)) return *e;
  const auto& x = std::get<std::vector<std::int64_t>>(v0);
  const auto& y = std::get<std::vector<std::int64_t>>(v1);
  std::vector<Tensor> out;
  if (x == y) {
    out.push_back(index_vector(s0.dtype, {}));
    out.push_back(index_vector(s0.dtype, {}));
    return out;
  }
  const std::size_t rank = std::max(x.size(), y.size());
  std::vector<std::int64_t> r0;
  std::vector<std::int64_t> r1;
  for (std::size_t d = 0; d < rank; ++d) {
    // Dimension d of the result, x's and y's aligned at their last dimension.
    const std::size_t from_end = rank - d;
    const std::int64_t dx = from_end <= x.size() ? x[x.size() - from_end] : 1;
    const std::int64_t dy = from_end <= y.size() ? y[y.size() - from_end] : 1;
    if (dx != dy && dx != 1 && dy != 1) return ErrorKind::Shape;
    if (dx == 1) r0.push_back(static_cast<std::int64_t>(d));
    if (dy == 1) r1.push_back(static_cast<std::int64_t>(d));
  }
  out.push_back(index_vector(s0.dtype, r0));
  out.push_back(index_vector(s0.dtype, r1));
  return out;
}

EvalResult invert_permutation(const Tensor& x) {
  auto values = index_vector_values(x);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  const auto& perm = std::get<std::vector<std::int64_t>>(values);
  const auto n = static_cast<std::int64_t>(perm.size());
  std::vector<std::int64_t> inverse(perm.size(), -1);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t p = perm[static_cast<std::size_t>(i)];
    if (p < 0 || p >= n || inverse[static_cast<std::size_t>(p)] != -1) return ErrorKind::Shape;
    inverse[static_cast<std::size_t>(p)] = i;
  }
  return single(index_vector(x.dtype, inverse));
}

EvalResult unsorted_segment_sum(const Tensor& data, const Tensor& segment_ids,
                                const Tensor& num_segments_t) {
  if (data.dtype == DType::Bool) return ErrorKind::Type;
  auto ids_values = integers(segment_ids, segment_ids.shape.size());
  auto count_values = integers(num_segments_t, 0);
  if (auto* e = std::get_if<ErrorKind>(&ids_values)) return *e;
  if (auto* e = std::get_if<ErrorKind>(&count_values)) return *e;
  const auto& ids = std::get<std::vector<std::int64_t>>(ids_values);
  const std::int64_t num_segments = std::get<std::vector<std::int64_t>>(count_values)[0];
  const std::size_t id_rank = segment_ids.shape.size();
  if (num_segments < 0 || id_rank > data.shape.size() ||
      !std::equal(segment_ids.shape.begin(), segment_ids.shape.end(), data.shape.begin())) {
    return ErrorKind::Shape;
  }
  Shape shape{num_segments};
  shape.insert(shape.end(), data.shape.begin() + static_cast<std::ptrdiff_t>(id_rank),
               data.shape.end());
  if (!representable(shape)) return ErrorKind::Shape;
  Tensor out = make_tensor(data.dtype, shape);  // +0 in every row
  if (data.size() == 0) return single(std::move(out));
  const std::int64_t row = product(shape.begin() + 1, shape.end());
  for (const std::int64_t id : ids) {
    if (id >= num_segments) return ErrorKind::Shape;
  }
  return visit_numeric(data.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> in = view<T>(data);
    const ElementView<T> sums = view<T>(out);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (ids[i] < 0) continue;
      const std::int64_t from = static_cast<std::int64_t>(i) * row;
      const std::int64_t to = ids[i] * row;
      for (std::int64_t k = 0; k < row; ++k) {
        if constexpr (std::is_integral_v<T>) {
          using U = std::make_unsigned_t<T>;  // wraps, as TensorFlow's adds do
          store<T>(out, to + k,
                   static_cast<T>(static_cast<U>(sums[to + k]) + static_cast<U>(in[from + k])));
        } else {
          store<T>(out, to + k, static_cast<T>(sums[to + k] + in[from + k]));
        }
      }
    }
    return single(std::move(out));
  });
}

EvalResult strided_slice_grad(const Tensor& shape_t, const Tensor& begin, const Tensor& end,
                              const Tensor& strides, const Tensor& dy,
                              const StridedSliceMasks& masks) {
  for (const Tensor* t : {&shape_t, &begin, &end, &strides}) {
    if (t->dtype != DType::I32 && t->dtype != DType::I64) return ErrorKind::Type;
  }
  auto shape_values = index_vector_values(shape_t);
  if (auto* e = std::get_if<ErrorKind>(&shape_values)) return *e;
  const Shape& shape = std::get<std::vector<std::int64_t>>(shape_values);
  if (std::any_of(shape.begin(), shape.end(), [](std::int64_t d) { return d < 0; }) ||
      !representable(shape)) {
    return ErrorKind::Shape;
  }
  auto resolved = resolve_strided_slice(shape, begin, end, strides, masks);
  if (auto* e = std::get_if<ErrorKind>(&resolved)) return *e;
  const auto& spec = std::get<StridedSliceSpec>(resolved);
  if (spec.shape != dy.shape) return ErrorKind::Shape;
  Tensor out = make_tensor(dy.dtype, shape);
  const std::int64_t n = dy.size();
  if (n == 0) return single(std::move(out));
  // Walk the slice's elements in row-major order, as StridedSlice reads them, each to its
  // offset in the output.
  const Shape out_strides = row_major_strides(shape);
  const std::size_t rank = shape.size();
  Shape index(rank, 0);
  std::int64_t offset = 0;
  for (std::size_t d = 0; d < rank; ++d) offset += spec.starts[d] * out_strides[d];
  const auto width = static_cast<std::int64_t>(dtype_size(dy.dtype));
  for (std::int64_t i = 0; i < n; ++i) {
    std::copy_n(dy.bytes.begin() + i * width, width, out.bytes.begin() + offset * width);
    for (std::size_t d = rank; d-- > 0;) {
      const std::int64_t step = spec.strides[d] * out_strides[d];
      if (++index[d] < spec.sizes[d]) {
        offset += step;
        break;
      }
      offset -= step * (spec.sizes[d] - 1);
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

EvalResult concat_offset(const Tensor& concat_dim, std::span<const Tensor* const> shapes) {
  auto dim_values = integers(concat_dim, 0);
  if (auto* e = std::get_if<ErrorKind>(&dim_values)) return *e;
  std::vector<std::vector<std::int64_t>> dims;
  for (const Tensor* s : shapes) {
    if (s->dtype != shapes[0]->dtype) return ErrorKind::Type;
    auto values = index_vector_values(*s);
    if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
    dims.push_back(std::get<std::vector<std::int64_t>>(values));
  }
  const auto rank = static_cast<std::int64_t>(dims[0].size());
  std::int64_t axis = std::get<std::vector<std::int64_t>>(dim_values)[0];
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) return ErrorKind::Shape;
  std::vector<Tensor> out;
  std::int64_t offset = 0;
  for (const std::vector<std::int64_t>& d : dims) {
    if (static_cast<std::int64_t>(d.size()) != rank) return ErrorKind::Shape;
    std::vector<std::int64_t> at(d.size(), 0);
    for (std::size_t j = 0; j < d.size(); ++j) {
      if (static_cast<std::int64_t>(j) == axis) {
        at[j] = offset;
        offset += d[j];
      } else if (d[j] != dims[0][j]) {
        return ErrorKind::Shape;
      }
    }
    out.push_back(index_vector(shapes[0]->dtype, at));
  }
  return out;
}

}  // namespace tfmc::eval::cpu
