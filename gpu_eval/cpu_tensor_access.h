// What the CPU backend's op files share: typed element access to a tensor's bytes, dtype
// dispatch, and the shape arithmetic of row-major tensors. Internal to the CPU backend
// (cpu_evaluator.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval::cpu {

using Shape = std::vector<std::int64_t>;

// Calls f(std::type_identity<T>{}) with T the element type of `t`, which must not be Bool:
// arithmetic kernels do not exist for bool, so callers reject it (Error(type)) beforehand.
template <class F>
EvalResult visit_numeric(DType t, F&& f) {
  switch (t) {
    case DType::F32:
      return f(std::type_identity<float>{});
    case DType::F64:
      return f(std::type_identity<double>{});
    case DType::I32:
      return f(std::type_identity<std::int32_t>{});
    case DType::I64:
      return f(std::type_identity<std::int64_t>{});
    case DType::Bool:
      break;
  }
  throw std::logic_error("visit_numeric: bool tensors must be rejected before dispatch");
}

// Calls f(std::type_identity<T>{}) with T the element type of `t`, any dtype.
template <class F>
EvalResult visit_dtype(DType t, F&& f) {
  if (t == DType::Bool) return f(std::type_identity<bool>{});
  return visit_numeric(t, std::forward<F>(f));
}

// Reads element i of a tensor's bytes as T. memcpy (a plain load once compiled) because the
// bytes are not T objects, so casting the pointer would break aliasing rules.
template <class T>
struct ElementView {
  const std::uint8_t* bytes;
  T operator[](std::int64_t i) const {
    T v;
    std::memcpy(&v, bytes + i * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
    return v;
  }
};

template <class T>
ElementView<T> view(const Tensor& t) {
  return ElementView<T>{t.bytes.data()};
}

template <class T>
void store(Tensor& t, std::int64_t i, T v) {
  std::memcpy(t.bytes.data() + i * static_cast<std::int64_t>(sizeof(T)), &v, sizeof(T));
}

Tensor make_tensor(DType dtype, Shape shape);  // zero-filled

// A result of one tensor.
EvalResult single(Tensor t);

// The product of the dimensions from `begin` to `end`.
std::int64_t product(Shape::const_iterator begin, Shape::const_iterator end);

// `axis` counted from the end when negative; nullopt when outside [-rank, rank).
std::optional<std::size_t> normalize_axis(std::int64_t axis, std::size_t rank);

// Whether the non-zero dimensions of `shape` multiply to a value that fits int64. Every
// tensor keeps this true (literals are bounded, results are checked), so every product over
// some of its dimensions fits too, even when a zero dimension makes the element count 0.
bool representable(const Shape& shape);

// Numpy broadcasting: shapes align at their last dimension; each pair of dimensions must be
// equal or contain a 1, which stretches (stride 0) to the other. `shape` is the result's;
// a_strides and b_strides step each operand's elements along it. The CUDA backend plans its
// element-wise kernels with it too.
struct Broadcast {
  Shape shape;
  Shape a_strides;
  Shape b_strides;
};
// nullopt when the shapes do not broadcast or the result is not representable.
std::optional<Broadcast> broadcast(const Shape& a, const Shape& b);

}  // namespace tfmc::eval::cpu
