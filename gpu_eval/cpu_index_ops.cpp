#include "gpu_eval/cpu_index_ops.h"

#include <algorithm>
#include <type_traits>

#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

EvalResult gather_v2(const Tensor& params, const Tensor& indices, const Tensor& axis_t,
                     std::int64_t batch_dims) {
  auto index_values = integers(indices, indices.shape.size());
  auto axis_values = integers(axis_t, 1);
  if (auto* e = std::get_if<ErrorKind>(&index_values)) return *e;
  if (auto* e = std::get_if<ErrorKind>(&axis_values)) return *e;
  if (!axis_t.shape.empty()) return ErrorKind::Shape;
  const auto prank = static_cast<std::int64_t>(params.shape.size());
  const auto irank = static_cast<std::int64_t>(indices.shape.size());
  std::int64_t axis = std::get<std::vector<std::int64_t>>(axis_values)[0];
  if (axis < -prank || axis >= prank) return ErrorKind::Shape;
  if (axis < 0) axis += prank;
  if (batch_dims < -irank || batch_dims > irank) return ErrorKind::Shape;
  if (batch_dims < 0) batch_dims += irank;
  if (batch_dims != 0 && (batch_dims >= prank || axis < batch_dims)) return ErrorKind::Shape;
  for (std::int64_t d = 0; d < batch_dims; ++d) {
    if (params.shape[static_cast<std::size_t>(d)] != indices.shape[static_cast<std::size_t>(d)]) {
      return ErrorKind::Shape;
    }
  }
  const auto at = [](const Shape& s, std::int64_t d) { return s.begin() + d; };
  Shape shape(params.shape.begin(), at(params.shape, axis));
  shape.insert(shape.end(), at(indices.shape, batch_dims), indices.shape.end());
  shape.insert(shape.end(), at(params.shape, axis + 1), params.shape.end());
  if (!representable(shape)) return ErrorKind::Shape;
  Tensor out = make_tensor(params.dtype, shape);
  if (out.size() == 0) return single(std::move(out));  // TensorFlow reads no index then

  const std::int64_t batches = product(params.shape.begin(), at(params.shape, batch_dims));
  const std::int64_t outer = product(at(params.shape, batch_dims), at(params.shape, axis));
  const std::int64_t limit = params.shape[static_cast<std::size_t>(axis)];
  const std::int64_t inner = product(at(params.shape, axis + 1), params.shape.end());
  const std::int64_t per_batch = product(at(indices.shape, batch_dims), indices.shape.end());
  const auto& idx = std::get<std::vector<std::int64_t>>(index_values);
  const std::int64_t bytes = inner * static_cast<std::int64_t>(dtype_size(params.dtype));
  std::uint8_t* dst = out.bytes.data();
  for (std::int64_t b = 0; b < batches; ++b) {
    for (std::int64_t o = 0; o < outer; ++o) {
      for (std::int64_t i = 0; i < per_batch; ++i) {
        const std::int64_t k = idx[static_cast<std::size_t>(b * per_batch + i)];
        if (k < 0 || k >= limit) return ErrorKind::Shape;
        const std::int64_t row = (b * outer + o) * limit + k;
        dst = std::copy_n(params.bytes.data() + row * bytes, bytes, dst);
      }
    }
  }
  return single(std::move(out));
}

EvalResult one_hot(const Tensor& indices, const Tensor& depth_t, const Tensor& on_value,
                   const Tensor& off_value, std::int64_t axis) {
  auto index_values = integers(indices, indices.shape.size());
  auto depth_values = integers(depth_t, 0);
  if (auto* e = std::get_if<ErrorKind>(&index_values)) return *e;
  if (auto* e = std::get_if<ErrorKind>(&depth_values)) return *e;
  if (on_value.dtype != off_value.dtype) return ErrorKind::Type;
  const auto rank = static_cast<std::int64_t>(indices.shape.size());
  if (axis != -1 && (axis < 0 || axis > rank)) return ErrorKind::Shape;
  if (!on_value.shape.empty() || !off_value.shape.empty()) return ErrorKind::Shape;
  const std::int64_t depth = std::get<std::vector<std::int64_t>>(depth_values)[0];
  if (depth < 0) return ErrorKind::Shape;
  const std::int64_t at = axis == -1 ? rank : axis;
  Shape shape = indices.shape;
  shape.insert(shape.begin() + at, depth);
  if (!representable(shape)) return ErrorKind::Shape;
  Tensor out = make_tensor(on_value.dtype, shape);
  const std::int64_t prefix = product(indices.shape.begin(), indices.shape.begin() + at);
  const std::int64_t suffix = product(indices.shape.begin() + at, indices.shape.end());
  const auto& idx = std::get<std::vector<std::int64_t>>(index_values);
  const auto size = static_cast<std::int64_t>(dtype_size(on_value.dtype));
  std::uint8_t* dst = out.bytes.data();
  for (std::int64_t p = 0; p < prefix; ++p) {
    for (std::int64_t d = 0; d < depth; ++d) {
      for (std::int64_t s = 0; s < suffix; ++s) {
        const bool on = idx[static_cast<std::size_t>(p * suffix + s)] == d;
        dst = std::copy_n((on ? on_value : off_value).bytes.data(), size, dst);
      }
    }
  }
  return single(std::move(out));
}

EvalResult where(const Tensor& a) {
  const std::size_t rank = a.shape.size();
  if (rank == 0 || rank > 8) return ErrorKind::Shape;
  return visit_dtype(a.dtype, [&]<class T>(std::type_identity<T>) {
    std::vector<std::int64_t> hits;
    const ElementView<T> in = view<T>(a);
    for (std::int64_t i = 0; i < a.size(); ++i) {
      if (in[i] != T{}) hits.push_back(i);
    }
    const auto count = static_cast<std::int64_t>(hits.size());
    const auto columns = static_cast<std::int64_t>(rank);
    Tensor out = make_tensor(DType::I64, {count, columns});
    for (std::int64_t h = 0; h < count; ++h) {
      std::int64_t rest = hits[static_cast<std::size_t>(h)];
      for (std::size_t d = rank; d-- > 0;) {
        store<std::int64_t>(out, h * columns + static_cast<std::int64_t>(d), rest % a.shape[d]);
        rest /= a.shape[d];
      }
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
