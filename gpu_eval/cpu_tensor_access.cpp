#include "gpu_eval/cpu_tensor_access.h"

#include <limits>

namespace tfmc::eval::cpu {

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

std::optional<std::size_t> normalize_axis(std::int64_t axis, std::size_t rank) {
  const auto r = static_cast<std::int64_t>(rank);
  if (axis < 0) axis += r;
  if (axis < 0 || axis >= r) return std::nullopt;
  return static_cast<std::size_t>(axis);
}

bool representable(const Shape& shape) {
  std::int64_t n = 1;
  for (std::int64_t d : shape) {
    if (d == 0) continue;
    if (d > std::numeric_limits<std::int64_t>::max() / n) return false;
    n *= d;
  }
  return true;
}

}  // namespace tfmc::eval::cpu
