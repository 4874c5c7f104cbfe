// Random tensors for the backend tests. Special values exercise the arithmetic rules of
// element_kernels.h (-0, infinities, NaN, subnormals, values out of i32's range; integers
// that wrap around and zeros for the divisions); finite values are ordinary numbers whose
// sums round (floats within +-2^23, so they cast into i32; integers never zero), so that long
// sums, quotients and casts stay numbers to compare.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::test {

enum class Values { Special, Finite };

template <class T>
T random_value(std::mt19937_64& rng, Values values) {
  const std::uint64_t r = rng();
  const bool finite = values == Values::Finite;
  if constexpr (std::is_same_v<T, bool>) {
    return (r & 1) != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    switch (finite ? 15 : r % 16) {
      case 0:
        return -0.0;
      case 1:
        return std::numeric_limits<T>::infinity();
      case 2:
        return std::numeric_limits<T>::quiet_NaN();
      case 3:
        return std::numeric_limits<T>::denorm_min() * static_cast<T>(r % 7);
      case 4:
        return static_cast<T>(3e9);  // out of i32's range when cast
      default:  // values whose sums round, in both signs and several magnitudes
        return static_cast<T>(static_cast<std::int64_t>(r >> 40) - (1 << 23)) /
               static_cast<T>(1 << (r % 20));
    }
  } else {
    if (finite) return static_cast<T>(r | 1);
    return r % 8 == 0 ? T{0} : static_cast<T>(r);
  }
}

// A tensor of `shape` with elements random_value<T> (T the element type of `dtype`).
inline eval::Tensor random_tensor(eval::DType dtype, const std::vector<std::int64_t>& shape,
                                  std::mt19937_64& rng, Values values = Values::Special) {
  eval::Tensor t{dtype, shape, {}};
  t.bytes.resize(static_cast<std::size_t>(t.size()) * eval::dtype_size(dtype));
  const auto fill = [&]<class T>(std::type_identity<T>) {
    for (std::int64_t i = 0; i < t.size(); ++i)
      eval::cpu::store<T>(t, i, random_value<T>(rng, values));
    return eval::EvalResult{};
  };
  eval::cpu::visit_dtype(dtype, fill);
  return t;
}

}  // namespace tfmc::test
