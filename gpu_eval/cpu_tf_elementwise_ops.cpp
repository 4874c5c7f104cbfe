#include "gpu_eval/cpu_tf_elementwise_ops.h"

#include <algorithm>
#include <optional>
#include <type_traits>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {
namespace {

// The strides that step an operand of shape `operand` along a broadcast result of shape `out`
// (which it broadcasts to): aligned at the last dimension, 0 where the operand stretches.
Shape strides_along(const Shape& operand, const Shape& out) {
  Shape strides(out.size(), 0);
  std::int64_t stride = 1;
  for (std::size_t k = 0; k < operand.size(); ++k) {
    const std::size_t o = out.size() - 1 - k;
    const std::int64_t dim = operand[operand.size() - 1 - k];
    if (dim != 1) strides[o] = stride;
    stride *= dim;
  }
  return strides;
}

}  // namespace

EvalResult select_v2(const Tensor& cond, const Tensor& t, const Tensor& e) {
  if (cond.dtype != DType::Bool || t.dtype != e.dtype) return ErrorKind::Type;
  const std::optional<Broadcast> first = broadcast(cond.shape, t.shape);
  if (!first) return ErrorKind::Shape;
  const std::optional<Broadcast> all = broadcast(first->shape, e.shape);
  if (!all) return ErrorKind::Shape;
  const Shape& shape = all->shape;
  const Shape cs = strides_along(cond.shape, shape);
  const Shape ts = strides_along(t.shape, shape);
  const Shape es = strides_along(e.shape, shape);
  Tensor out = make_tensor(t.dtype, shape);
  const auto size = static_cast<std::int64_t>(dtype_size(t.dtype));
  const std::size_t rank = shape.size();
  Shape index(rank, 0);
  std::int64_t ic = 0;
  std::int64_t it = 0;
  std::int64_t ie = 0;
  for (std::int64_t i = 0; i < out.size(); ++i) {
    const bool pick = view<bool>(cond)[ic];
    const std::uint8_t* from = pick ? t.bytes.data() + it * size : e.bytes.data() + ie * size;
    std::copy_n(from, size, out.bytes.data() + i * size);
    // Step the output index like an odometer, moving the operand offsets along with it.
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d]) {
        ic += cs[d];
        it += ts[d];
        ie += es[d];
        break;
      }
      ic -= cs[d] * (shape[d] - 1);
      it -= ts[d] * (shape[d] - 1);
      ie -= es[d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

EvalResult bias_add(const Tensor& value, const Tensor& bias, bool channels_first) {
  if (value.dtype != bias.dtype || value.dtype == DType::Bool) return ErrorKind::Type;
  const std::size_t rank = value.shape.size();
  if (rank < 2 || bias.shape.size() != 1) return ErrorKind::Shape;
  const std::size_t channel = channels_first ? 1 : rank - 1;
  const std::int64_t channels = value.shape[channel];
  if (bias.shape[0] != channels) return ErrorKind::Shape;
  // Element i lies in channel (i / inner) % channels, `inner` the elements of one channel's
  // block: the product of the dimensions after the channel's.
  const std::int64_t inner =
      product(value.shape.begin() + static_cast<std::ptrdiff_t>(channel) + 1, value.shape.end());
  return visit_numeric(value.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(value.dtype, value.shape);
    const ElementView<T> v = view<T>(value);
    const ElementView<T> b = view<T>(bias);
    for (std::int64_t i = 0; i < out.size(); ++i) {
      store<T>(out, i, kernels::add(v[i], b[(i / inner) % channels]));
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
