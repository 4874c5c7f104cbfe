#include "gpu_eval/cpu_pad_ops.h"

#include <algorithm>
#include <limits>

#include "gpu_eval/cpu_layout_ops.h"
#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

namespace {

struct Padding {
  Shape before;
  Shape after;
  Shape shape;  // the result's
};

// The paddings matrix checked against a (rank at most max_rank) and the padded shape; `limit`
// bounds each count from above given the dimension.
template <class Limit>
std::variant<Padding, ErrorKind> paddings_of(const Tensor& a, const Tensor& paddings,
                                             std::size_t max_rank, Limit limit) {
  auto values = integers(paddings, 2);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  const auto& v = std::get<std::vector<std::int64_t>>(values);
  const std::size_t rank = a.shape.size();
  if (rank > max_rank || paddings.shape.size() != 2 || paddings.shape[1] != 2 ||
      paddings.shape[0] != static_cast<std::int64_t>(rank)) {
    return ErrorKind::Shape;
  }
  Padding p{Shape(rank), Shape(rank), Shape(rank)};
  for (std::size_t d = 0; d < rank; ++d) {
    p.before[d] = v[2 * d];
    p.after[d] = v[2 * d + 1];
    const std::int64_t dim = a.shape[d];
    if (p.before[d] < 0 || p.after[d] < 0 || p.before[d] > limit(dim) || p.after[d] > limit(dim) ||
        p.before[d] > std::numeric_limits<std::int64_t>::max() - dim - p.after[d]) {
      return ErrorKind::Shape;
    }
    p.shape[d] = p.before[d] + dim + p.after[d];
  }
  if (!representable(p.shape)) return ErrorKind::Shape;
  return p;
}

}  // namespace

EvalResult pad(const Tensor& a, const Tensor& paddings, const Tensor* value) {
  if (value != nullptr && value->dtype != a.dtype) return ErrorKind::Type;
  const auto planned = paddings_of(
      a, paddings, 8, [](std::int64_t) { return std::numeric_limits<std::int64_t>::max(); });
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  if (value != nullptr && !value->shape.empty()) return ErrorKind::Shape;
  const Padding& p = std::get<Padding>(planned);
  Tensor out = make_tensor(a.dtype, p.shape);
  const auto size = static_cast<std::int64_t>(dtype_size(a.dtype));
  if (value != nullptr) {
    for (std::int64_t i = 0; i < out.size(); ++i) {
      std::copy_n(value->bytes.data(), size, out.bytes.data() + i * size);
    }
  }
  // Each input element goes to its index shifted by the padding before it.
  const Shape out_strides = row_major_strides(p.shape);
  const std::size_t rank = a.shape.size();
  std::int64_t to = 0;
  for (std::size_t d = 0; d < rank; ++d) to += p.before[d] * out_strides[d];
  Shape index(rank, 0);
  for (std::int64_t i = 0; i < a.size(); ++i) {
    std::copy_n(a.bytes.data() + i * size, size, out.bytes.data() + to * size);
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < a.shape[d]) {
        to += out_strides[d];
        break;
      }
      to -= out_strides[d] * (a.shape[d] - 1);
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

EvalResult mirror_pad(const Tensor& a, const Tensor& paddings, bool symmetric) {
  const std::int64_t offset = symmetric ? 0 : 1;
  const auto planned =
      paddings_of(a, paddings, 5, [offset](std::int64_t dim) { return dim - offset; });
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Padding& p = std::get<Padding>(planned);
  // Output index o of dimension d reads input index i = o - before, mirrored into [0, dim).
  std::vector<std::vector<std::int64_t>> sources(a.shape.size());
  for (std::size_t d = 0; d < a.shape.size(); ++d) {
    const std::int64_t dim = a.shape[d];
    for (std::int64_t o = 0; o < p.shape[d]; ++o) {
      const std::int64_t i = o - p.before[d];
      sources[d].push_back(i < 0 ? -i - 1 + offset : i >= dim ? 2 * dim - 1 - offset - i : i);
    }
  }
  Tensor out = make_tensor(a.dtype, p.shape);
  const auto size = static_cast<std::int64_t>(dtype_size(a.dtype));
  const Shape in_strides = row_major_strides(a.shape);
  const std::size_t rank = a.shape.size();
  Shape index(rank, 0);
  for (std::int64_t i = 0; i < out.size(); ++i) {
    std::int64_t from = 0;
    for (std::size_t d = 0; d < rank; ++d) {
      from += sources[d][static_cast<std::size_t>(index[d])] * in_strides[d];
    }
    std::copy_n(a.bytes.data() + from * size, size, out.bytes.data() + i * size);
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < p.shape[d]) break;
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
