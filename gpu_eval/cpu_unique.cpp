#include "gpu_eval/cpu_unique.h"

#include <map>

namespace tfmc::eval::cpu {

EvalResult unique(const Tensor& x, DType index) {
  if (x.shape.size() != 1) return ErrorKind::Shape;
  if (index != DType::I32 && index != DType::I64) return ErrorKind::Type;
  return visit_dtype(x.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> in = view<T>(x);
    // Ordered by value, so -0 and +0 meet as one key; a NaN is never found, so it is added
    // each time.
    std::map<T, std::int64_t> seen;
    std::vector<std::int64_t> first;  // y's elements, as positions in x
    Tensor idx = make_tensor(index, x.shape);
    for (std::int64_t i = 0; i < x.shape[0]; ++i) {
      const T v = in[i];
      std::int64_t at = static_cast<std::int64_t>(first.size());
      if (v != v) {  // NaN: its own value, and no key of the map
        first.push_back(i);
      } else if (const auto [it, added] = seen.emplace(v, at); !added) {
        at = it->second;
      } else {
        first.push_back(i);
      }
      if (index == DType::I32) {
        store<std::int32_t>(idx, i, static_cast<std::int32_t>(at));
      } else {
        store<std::int64_t>(idx, i, at);
      }
    }
    Tensor y = make_tensor(x.dtype, {static_cast<std::int64_t>(first.size())});
    for (std::size_t j = 0; j < first.size(); ++j) {
      store<T>(y, static_cast<std::int64_t>(j), in[first[j]]);
    }
    return std::vector<Tensor>{std::move(y), std::move(idx)};
  });
}

}  // namespace tfmc::eval::cpu
