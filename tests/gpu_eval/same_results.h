// Results compared as the value store compares them: bytes equal, every NaN of a float tensor
// one value. For the tests that hold one backend to another's bits.
#pragma once

#include <cmath>
#include <cstring>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/evaluator.h"

namespace tfmc::test {

// Bytes equal, except that two NaNs of a float tensor are equal whatever their bits.
inline bool same_bits(const eval::Tensor& a, const eval::Tensor& b) {
  if (a.dtype != b.dtype || a.shape != b.shape) return false;
  if (a.dtype != eval::DType::F32 && a.dtype != eval::DType::F64) return a.bytes == b.bytes;
  for (std::int64_t i = 0; i < a.size(); ++i) {
    const double x =
        a.dtype == eval::DType::F32 ? eval::cpu::view<float>(a)[i] : eval::cpu::view<double>(a)[i];
    const double y =
        b.dtype == eval::DType::F32 ? eval::cpu::view<float>(b)[i] : eval::cpu::view<double>(b)[i];
    const std::size_t size = eval::dtype_size(a.dtype);
    if (std::isnan(x) && std::isnan(y)) continue;
    if (std::memcmp(a.bytes.data() + i * size, b.bytes.data() + i * size, size) != 0) return false;
  }
  return true;
}

inline bool same_result(const eval::EvalResult& a, const eval::EvalResult& b) {
  if (a.index() != b.index()) return false;
  if (const auto* e = std::get_if<eval::ErrorKind>(&a)) return *e == std::get<eval::ErrorKind>(b);
  const auto& x = std::get<std::vector<eval::Tensor>>(a);
  const auto& y = std::get<std::vector<eval::Tensor>>(b);
  if (x.size() != y.size()) return false;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (!same_bits(x[k], y[k])) return false;
  }
  return true;
}

}  // namespace tfmc::test
