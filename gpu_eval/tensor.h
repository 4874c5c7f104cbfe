// Concrete tensors as the evaluators see them: a dtype, a shape and row-major element bytes.
//
// Contract: `bytes.size() == element_count(shape) * dtype_size(dtype)`; a scalar has an empty
// shape and one element. Bool elements are one byte each, 0 or 1. Floats are stored with their
// exact IEEE-754 bits (NaN payloads are canonicalized by the value store, not here).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tfmc::eval {

enum class DType : std::uint8_t { F32, F64, I32, I64, Bool };

// Size in bytes of one element of `t`.
std::size_t dtype_size(DType t);
// The .tfg spelling: "f32", "f64", "i32", "i64", "bool".
std::string_view dtype_name(DType t);
std::optional<DType> dtype_from_name(std::string_view name);

// Product of the dimensions (1 for a scalar). Callers guarantee it fits in int64.
std::int64_t element_count(const std::vector<std::int64_t>& shape);

struct Tensor {
  DType dtype = DType::F32;
  std::vector<std::int64_t> shape;
  std::vector<std::uint8_t> bytes;

  std::int64_t size() const { return element_count(shape); }
  friend bool operator==(const Tensor&, const Tensor&) = default;
};

// The paper's error values (footnotes 2, 4, 5; FORMAT.md, "Errors").
enum class ErrorKind : std::uint8_t { Uninitialized, Shape, Type, Arithmetic };
std::string_view error_kind_name(ErrorKind e);

}  // namespace tfmc::eval
