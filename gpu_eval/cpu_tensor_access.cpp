#include "gpu_eval/cpu_tensor_access.h"

#include <algorithm>
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

}  // namespace tfmc::eval::cpu
