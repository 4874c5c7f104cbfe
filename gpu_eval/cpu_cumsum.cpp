#include "gpu_eval/cpu_cumsum.h"

#include <cstddef>
#include <type_traits>

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {

EvalResult cumsum(const Tensor& x, const Tensor& axis, bool exclusive, bool reverse) {
  if (x.dtype == DType::Bool) return ErrorKind::Type;
  const auto written = integers(axis, 0);
  if (const auto* e = std::get_if<ErrorKind>(&written)) return *e;
  const std::optional<std::size_t> d =
      normalize_axis(std::get<std::vector<std::int64_t>>(written).front(), x.shape.size());
  if (!d) return ErrorKind::Shape;
  const auto along = x.shape.begin() + static_cast<std::ptrdiff_t>(*d);
  const std::int64_t outer = product(x.shape.begin(), along);
  const std::int64_t length = *along;
  const std::int64_t inner = product(along + 1, x.shape.end());
  return visit_numeric(x.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(x.dtype, x.shape);
    for (std::int64_t o = 0; o < outer; ++o) {
      for (std::int64_t r = 0; r < inner; ++r) {
        T acc{0};
        for (std::int64_t step = 0; step < length; ++step) {
          const std::int64_t k = reverse ? length - 1 - step : step;
          const std::int64_t i = (o * length + k) * inner + r;
          const T term = view<T>(x)[i];
          if (exclusive) store<T>(out, i, acc);
          acc = kernels::add<T>(acc, term);
          if (!exclusive) store<T>(out, i, acc);
        }
      }
    }
    return single(std::move(out));
  });
}

}  // namespace tfmc::eval::cpu
