#include "semantics/values/tensor_summary.h"

#include <fmt/format.h>
#include <xxhash.h>

#include <cmath>
#include <cstring>

#include "semantics/values/tensor_text.h"

namespace tfmc::sem {
namespace {

bool is_float(eval::DType t) { return t == eval::DType::F32 || t == eval::DType::F64; }

std::int64_t element_as_integer(const eval::Tensor& t, std::int64_t i) {
  switch (t.dtype) {
    case eval::DType::I32: {
      std::int32_t v;
      std::memcpy(&v, t.bytes.data() + i * 4, 4);
      return v;
    }
    case eval::DType::I64: {
      std::int64_t v;
      std::memcpy(&v, t.bytes.data() + i * 8, 8);
      return v;
    }
    default:
      return t.bytes[static_cast<std::size_t>(i)];  // bool
  }
}

// Element i's bytes against element i of `b`, every NaN one value.
bool same_element(const eval::Tensor& a, const eval::Tensor& b, std::int64_t i) {
  const std::size_t size = eval::dtype_size(a.dtype);
  if (is_float(a.dtype) && std::isnan(element_as_double(a, i)) &&
      std::isnan(element_as_double(b, i)))
    return true;
  return std::memcmp(a.bytes.data() + i * size, b.bytes.data() + i * size, size) == 0;
}

}  // namespace

bool is_large(const eval::Tensor& t) { return t.size() > kSummaryElements; }

std::string tensor_digest(const eval::Tensor& t) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  const auto dtype = static_cast<std::uint8_t>(t.dtype);
  XXH3_64bits_update(state, &dtype, 1);
  const auto rank = static_cast<std::uint64_t>(t.shape.size());
  XXH3_64bits_update(state, &rank, sizeof rank);
  XXH3_64bits_update(state, t.shape.data(), t.shape.size() * sizeof(std::int64_t));
  XXH3_64bits_update(state, t.bytes.data(), t.bytes.size());
  const XXH64_hash_t h = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return fmt::format("{:016x}", h);
}

std::string summarize_tensor(const eval::Tensor& t) {
  const std::int64_t n = t.size();
  std::string out = format_tensor_type(t) + "{";
  for (std::int64_t i = 0; i < kSummaryHead; ++i) out += format_element(t, i) + ", ";
  out += "...";
  for (std::int64_t i = n - kSummaryTail; i < n; ++i) out += ", " + format_element(t, i);
  return out + fmt::format("}} ({} elements, digest {})", n, tensor_digest(t));
}

std::string digest_tensor(const eval::Tensor& t) {
  return format_tensor_type(t) + " digest " + tensor_digest(t);
}

std::optional<TensorDifference> tensor_difference(const eval::Tensor& a, const eval::Tensor& b) {
  if (a.dtype != b.dtype || a.shape != b.shape) return std::nullopt;
  TensorDifference d;
  d.total = a.size();
  std::int64_t first = -1;
  for (std::int64_t i = 0; i < d.total; ++i) {
    if (same_element(a, b, i)) continue;
    if (first < 0) first = i;
    ++d.count;
    if (!is_float(a.dtype)) {  // the magnitude of x - y, exact in 64 bits
      const std::int64_t x = element_as_integer(a, i);
      const std::int64_t y = element_as_integer(b, i);
      const std::uint64_t diff =
          x > y ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y)
                : static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x);
      d.largest_integer = std::max(d.largest_integer, diff);
      continue;
    }
    const double x = element_as_double(a, i);
    const double y = element_as_double(b, i);
    // A NaN against a number is as different as it gets; NaN marks it so that the report
    // does not pass it off as a number.
    const double diff = std::isnan(x) || std::isnan(y) ? NAN
                        : x == y                       ? 0.0  // -0 against +0
                                                       : std::fabs(x - y);
    d.largest = std::isnan(diff) || std::isnan(d.largest) ? NAN : std::max(d.largest, diff);
  }
  if (d.count == 0) return std::nullopt;
  d.first.assign(a.shape.size(), 0);
  for (std::size_t k = a.shape.size(); k-- > 0;) {
    d.first[k] = first % a.shape[k];
    first /= a.shape[k];
  }
  return d;
}

std::string describe_difference(const TensorDifference& d, eval::DType dtype) {
  return fmt::format("in {} of {} elements: largest absolute difference {}, first at [{}]", d.count,
                     d.total,
                     is_float(dtype) ? format_float(d.largest, eval::DType::F64)
                                     : std::to_string(d.largest_integer),
                     fmt::join(d.first, ","));
}

}  // namespace tfmc::sem
