#include "gpu_eval/cpu_gather_nd.h"

#include <cstring>

#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

EvalResult gather_nd(const Tensor& params, const Tensor& indices) {
  if (indices.dtype != DType::I32 && indices.dtype != DType::I64) return ErrorKind::Type;
  if (indices.shape.empty()) return ErrorKind::Shape;
  const std::int64_t depth = indices.shape.back();
  if (depth > static_cast<std::int64_t>(params.shape.size())) return ErrorKind::Shape;
  const auto inner = params.shape.begin() + depth;
  Shape shape(indices.shape.begin(), indices.shape.end() - 1);
  shape.insert(shape.end(), inner, params.shape.end());
  if (!representable(shape)) return ErrorKind::Shape;
  auto index_values = integers(indices, indices.shape.size());
  if (auto* e = std::get_if<ErrorKind>(&index_values)) return *e;
  const auto& tuples = std::get<std::vector<std::int64_t>>(index_values);
  const std::int64_t slice = product(inner, params.shape.end());
  const std::int64_t count = product(indices.shape.begin(), indices.shape.end() - 1);
  const std::size_t bytes = static_cast<std::size_t>(slice) * dtype_size(params.dtype);
  Tensor out = make_tensor(params.dtype, shape);
  for (std::int64_t n = 0; n < count; ++n) {
    std::int64_t offset = 0;
    for (std::int64_t d = 0; d < depth; ++d) {
      const std::int64_t i = tuples[static_cast<std::size_t>(n * depth + d)];
      if (i < 0 || i >= params.shape[static_cast<std::size_t>(d)]) return ErrorKind::Shape;
      offset = offset * params.shape[static_cast<std::size_t>(d)] + i;
    }
    if (bytes > 0) {
      std::memcpy(out.bytes.data() + static_cast<std::size_t>(n) * bytes,
                  params.bytes.data() + static_cast<std::size_t>(offset) * bytes, bytes);
    }
  }
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
