// How reports show tensors too large to read element by element (FORMAT.md, "Large tensors").
//
// A tensor of more than kSummaryElements elements is *large*. Its summary is its dtype and
// shape, its first kSummaryHead and last kSummaryTail elements in canonical text, its element
// count and its digest:
//     f32[512,512]{0.5, 0.25, 0.125, 0.0625, ..., 2, 4} (262144 elements, digest 8c1f0a3b52d9e6a7)
// The digest is 16 hex digits of XXH3-64 over the dtype, the shape and the element bytes (with
// every NaN canonical, as the value store keeps them): equal tensors have equal digests, and
// two tensors with equal digests are equal but for a 2^-64 chance. Its digest form, for tools
// that only compare, is `f32[512,512] digest 8c1f0a3b52d9e6a7`.
//
// Two large tensors of one dtype and shape differ in some elements: tensor_difference counts
// them (bits compared, every NaN one value, -0 apart from +0), gives the largest absolute
// difference (floats in f64, NaN when a NaN is against a number; integers exactly) and the
// index of the first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu_eval/tensor.h"

namespace tfmc::sem {

inline constexpr std::int64_t kSummaryElements = 32;
inline constexpr std::int64_t kSummaryHead = 4;
inline constexpr std::int64_t kSummaryTail = 2;

bool is_large(const eval::Tensor& t);

// 16 lowercase hex digits.
std::string tensor_digest(const eval::Tensor& t);

// `f32[512,512]{a, b, c, d, ..., y, z} (N elements, digest D)`.
std::string summarize_tensor(const eval::Tensor& t);

// `f32[512,512] digest D`.
std::string digest_tensor(const eval::Tensor& t);

struct TensorDifference {
  std::int64_t count = 0;             // elements that differ
  std::int64_t total = 0;             // elements
  double largest = 0;                 // floats: the largest absolute difference
  std::uint64_t largest_integer = 0;  // integers and bools: the largest, exact
  std::vector<std::int64_t> first;    // the multi-index of the first that differs
};

// How `a` and `b` differ; nullopt when their dtypes or shapes differ, or when they are equal.
std::optional<TensorDifference> tensor_difference(const eval::Tensor& a, const eval::Tensor& b);

// `in 3 of 262144 elements: largest absolute difference 0.25, first at [0,7]`.
std::string describe_difference(const TensorDifference& d, eval::DType dtype);

}  // namespace tfmc::sem
