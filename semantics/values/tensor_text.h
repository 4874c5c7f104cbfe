// Concrete tensor literals: canonical printing and parsing (FORMAT.md, "Concrete tensors" and "How
// values print").
//
// Printed form: `DTYPE[D0,D1,...]{V0, V1, ...}` row-major, a scalar as `DTYPE{V}`, every
// element listed, ", " between elements, booleans `true`/`false`, integers in decimal, floats
// as format_float writes them. print(parse(print(t))) == print(t) for every tensor t, and
// parsing a printed float gives back its exact bits (every NaN reads back as the quiet NaN).
//
// Accepted literals (one at the start of the text; spaces and tabs allowed between tokens):
//   literal := DTYPE [ '[' [dim (',' dim)*] ']' ] '{' [elem (',' elem)*] '}'
// DTYPE is f32, f64, i32, i64 or bool; dims are non-negative decimal integers (`[]` and no
// brackets both mean a scalar); bool elements are `true`/`false`; integers are decimal with an
// optional sign; floats are [sign] decimal (`1`, `1.5`, `.5`, `1e-3`), `inf`, `nan`, or a C hex
// float (`0x1.8p1`). A list of one element fills the whole shape; otherwise the list has
// exactly as many elements as the shape (`{}` therefore only for a zero-element shape).
// An integer out of range for its dtype is an error; a float out of range becomes +-inf (or
// rounds to a subnormal or zero), read directly in the dtype so it is rounded only once.
// A shape whose non-zero dimensions multiply to more than kMaxLiteralElements is rejected
// (so zero-element shapes cannot smuggle in huge dimensions either).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpu_eval/tensor.h"

namespace tfmc::sem {

// Largest product of a literal's non-zero dimensions (so also its element count): 2^24.
inline constexpr std::int64_t kMaxLiteralElements = std::int64_t{1} << 24;

// The shortest digit string that reads back to `v` in dtype `t` (F32 or F64; for F32, `v` is
// a float widened to double), laid out as Python's repr: fixed notation when the decimal
// exponent of the first digit is in [-4, 16), else scientific (`1e+16`, `1.5e-05`); no
// trailing `.0`; `-0`, `inf`, `-inf`, and `nan` for every NaN.
std::string format_float(double v, eval::DType t);

// The canonical text of element i (row-major) of `t`, as format_tensor lists it.
std::string format_element(const eval::Tensor& t, std::int64_t i);

// Element i of `t` as a double (exact but for i64 beyond 2^53; bools as 0 and 1).
double element_as_double(const eval::Tensor& t, std::int64_t i);

// The canonical text of a tensor (see above).
std::string format_tensor(const eval::Tensor& t);

// Its dtype and shape as the canonical text begins: `f32[2,3]`, `i32` for a scalar.
std::string format_tensor_type(const eval::Tensor& t);

// Result of parse_tensor_literal: on success `tensor` is set and `consumed` is the number of
// characters up to and including the closing `}`; on failure `tensor` is empty, `error` says
// what is wrong and `error_offset` is where in the text the problem is.
struct LiteralParse {
  std::optional<eval::Tensor> tensor;
  std::size_t consumed = 0;
  std::size_t error_offset = 0;
  std::string error;
};

// Parses one literal at the very start of `text` (no leading spaces); trailing text is left
// alone.
LiteralParse parse_tensor_literal(std::string_view text);

// True when `text` starts with a word immediately followed by `[` or `{`: the form of a literal,
// which tells it from a symbol name. The word need not be a dtype: `f16{1}` is taken as a
// literal so that parse_tensor_literal reports its unknown dtype.
bool looks_like_tensor_literal(std::string_view text);

}  // namespace tfmc::sem
