// The order in which TensorFlow's CPU kernels (Eigen's tensor reductions, one intra-op thread,
// the x86-64 build's 256-bit AVX packets) combine the terms of a reduction, measured against
// TensorFlow 2.21 bit for bit (tools/tf/measure_reduction_order.py and
// make_reduction_cases.py; FORMAT.md, "Arithmetic on concrete tensors"). `Op` is the reduction's
// binary operation and `identity` its neutral element; every accumulator starts at the identity, so
// a Sum of -0 terms is +0.
//
// - A run of n contiguous terms (a full reduction, a row): for a Sum (`split_long_runs`),
//   when n > 1024 packets' worth, split at the packet boundary at or after its middle (counted
//   from the buffer's start) and the halves reduced the same way, identity + left + right;
//   otherwise, and for a Prod always, the run is one leaf.
// - A leaf: lane-wise accumulators of `kLanes` terms. With at least four packets, four
//   accumulators take the packets in turn (acc0 gets packets 0, 4, ..., acc1 packets 1, 5...)
//   up to the last whole group of four, and acc0 += acc1, += acc2, += acc3; the remaining
//   whole packets go to acc0; the terms after the last whole packet are added one by one to
//   a scalar s; the result is s + (the lanes of acc0 added pairwise: lane i + lane i+width/2,
//   halving the width until one lane is left).
// - A column (terms `stride` apart, reducing an outer or middle axis): when the result
//   element lies in a whole packet of results that does not cross a row of the result's last
//   dimension and there are at least 16 terms, four accumulators take terms 0, 4, 8... / 1, 5,
//   9... up to the last whole group of four, are added acc0 + acc1 + acc2 + acc3, and the rest
//   follow one by one; otherwise all terms one by one from the identity.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace tfmc::eval::order {

// Lanes of one AVX packet of T.
template <class T>
inline constexpr std::int64_t kLanes = static_cast<std::int64_t>(32 / sizeof(T));

// Runs longer than this many packets split in two before reaching a leaf.
inline constexpr std::int64_t kLeafPackets = 1024;

template <class T, class Op>
class EigenOrder {
 public:
  EigenOrder(Op op, T identity, bool split_long_runs)
      : op_(op), identity_(identity), split_long_runs_(split_long_runs) {}

  // The reduction of x[first .. first + n).
  T run(const T* x, std::int64_t first, std::int64_t n) const {
    return run_terms(first, n, [x](std::int64_t i, bool) { return x[i]; });
  }

  // The same reduction of terms that Eigen computes inside it (as Exp in a sum of Exps):
  // term(i, in_packet) is term i as Eigen evaluates it when it reads i in a whole packet of
  // its leaf (in_packet) or one by one after the leaf's last whole packet.
  template <class Term>
  T run_terms(std::int64_t first, std::int64_t n, const Term& term) const {
    constexpr std::int64_t P = kLanes<T>;
    if (!split_long_runs_ || n <= P * kLeafPackets) return leaf(first, n, term);
    const std::int64_t split = P * ceil_div(first + ceil_div(n, 2), P);
    const std::int64_t left = std::min(split - first, n);
    T acc = op_(identity_, run_terms(first, left, term));
    if (left < n) acc = op_(acc, run_terms(split, n - left, term));
    return acc;
  }

  // The reduction of x[base + k * stride], k < count, for a result element that is
  // (`in_packet`) or is not in a whole packet of results within one row of results.
  T column(const T* x, std::int64_t base, std::int64_t stride, std::int64_t count,
           bool in_packet) const {
    std::int64_t k = 0;
    T acc = identity_;
    if (in_packet && count >= 16) {
      std::array<T, 4> part;
      part.fill(identity_);
      for (; k + 4 <= count; k += 4) {
        for (std::int64_t p = 0; p < 4; ++p) part[p] = op_(part[p], x[base + (k + p) * stride]);
      }
      acc = op_(op_(op_(part[0], part[1]), part[2]), part[3]);
    }
    for (; k < count; ++k) acc = op_(acc, x[base + k * stride]);
    return acc;
  }

  T identity() const { return identity_; }
  T combine(T a, T b) const { return op_(a, b); }

 private:
  using Packet = std::array<T, kLanes<T>>;

  static std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

  template <class Term>
  void add_packet(Packet& acc, std::int64_t first, const Term& term) const {
    for (std::size_t l = 0; l < acc.size(); ++l)
      acc[l] = op_(acc[l], term(first + static_cast<std::int64_t>(l), true));
  }

  template <class Term>
  T leaf(std::int64_t first, std::int64_t n, const Term& term) const {
    constexpr std::int64_t P = kLanes<T>;
    Packet acc;
    acc.fill(identity_);
    std::int64_t start = 0;
    if (n >= 4 * P) {
      std::array<Packet, 4> part;
      for (Packet& p : part) p.fill(identity_);
      for (; start + 4 * P <= n; start += 4 * P) {
        for (std::int64_t p = 0; p < 4; ++p) add_packet(part[p], first + start + p * P, term);
      }
      acc = part[0];
      for (std::int64_t p = 1; p < 4; ++p) {
        for (std::size_t l = 0; l < acc.size(); ++l) acc[l] = op_(acc[l], part[p][l]);
      }
    }
    for (; start + P <= n; start += P) add_packet(acc, first + start, term);
    T tail = identity_;
    for (; start < n; ++start) tail = op_(tail, term(first + start, false));
    for (std::size_t width = acc.size(); width > 1; width /= 2) {
      for (std::size_t l = 0; l < width / 2; ++l) acc[l] = op_(acc[l], acc[l + width / 2]);
    }
    return op_(tail, acc[0]);
  }

  Op op_;
  T identity_;
  bool split_long_runs_;
};

// A reduction's shape after TensorFlow's simplification: size-1 dimensions dropped and
// adjacent dimensions that are both reduced or both kept merged into one.
struct MergedShape {
  std::vector<std::int64_t> dims;
  std::vector<bool> reduced;

  std::int64_t reduced_terms() const {
    std::int64_t n = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) n *= reduced[d] ? dims[d] : 1;
    return n;
  }
};

inline MergedShape merge_dimensions(const std::vector<std::int64_t>& shape,
                                    const std::vector<bool>& reduced) {
  MergedShape m;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!m.dims.empty() && m.reduced.back() == reduced[d]) {
      m.dims.back() *= shape[d];
    } else {
      m.dims.push_back(shape[d]);
      m.reduced.push_back(reduced[d]);
    }
  }
  return m;
}

// x (row-major, of m's dimensions) with its kept dimensions moved before its reduced ones,
// each group in its own order.
template <class T>
std::vector<T> kept_then_reduced(const std::vector<T>& x, const MergedShape& m) {
  const std::size_t rank = m.dims.size();
  std::vector<std::int64_t> strides(rank, 1);
  for (std::size_t d = rank - 1; d-- > 0;) strides[d] = strides[d + 1] * m.dims[d + 1];
  std::vector<std::size_t> perm;
  for (bool want : {false, true}) {
    for (std::size_t d = 0; d < rank; ++d) {
      if (m.reduced[d] == want) perm.push_back(d);
    }
  }
  std::vector<T> out;
  out.reserve(x.size());
  std::vector<std::int64_t> index(rank, 0);
  for (std::size_t n = 0; n < x.size(); ++n) {
    std::int64_t from = 0;
    for (std::size_t d = 0; d < rank; ++d) from += index[d] * strides[perm[d]];
    out.push_back(x[static_cast<std::size_t>(from)]);
    for (std::size_t d = rank; d-- > 0;) {
      if (++index[d] < m.dims[perm[d]]) break;
      index[d] = 0;
    }
  }
  return out;
}

// The reduction of the row-major tensor x of `shape` (no dimension 0) over the dimensions
// flagged in `reduced`, as TensorFlow's reduction op dispatches it after merge_dimensions:
// nothing reduced (or only size-1 dimensions) copies; one reduced dimension left is a run;
// [kept, reduced] is a run per row; [reduced, kept] and [kept, reduced, kept] are columns;
// [reduced, kept, reduced] loops the last dimension outside the first for each kept index;
// any other shape is transposed to kept-then-reduced order and reduced as rows.
template <class T, class Op>
std::vector<T> reduce_in_order(const std::vector<T>& x, const std::vector<std::int64_t>& shape,
                               const std::vector<bool>& reduced, const EigenOrder<T, Op>& order) {
  const MergedShape m = merge_dimensions(shape, reduced);
  const auto& dims = m.dims;
  if (std::find(m.reduced.begin(), m.reduced.end(), true) == m.reduced.end()) return x;
  std::vector<T> out;
  if (dims.size() == 1) {
    out.push_back(order.run(x.data(), 0, dims[0]));
  } else if (dims.size() == 2 && !m.reduced[0]) {
    for (std::int64_t r = 0; r < dims[0]; ++r)
      out.push_back(order.run(x.data(), r * dims[1], dims[1]));
  } else if (dims.size() == 2 || (dims.size() == 3 && !m.reduced[0])) {
    const bool middle = dims.size() == 3;
    const std::int64_t outer = middle ? dims[0] : 1;
    const std::int64_t count = middle ? dims[1] : dims[0];
    const std::int64_t inner = middle ? dims[2] : dims[1];
    const std::int64_t results = outer * inner;
    constexpr std::int64_t P = kLanes<T>;
    for (std::int64_t o = 0; o < results; ++o) {
      const std::int64_t packet_start = o - o % P;
      const bool in_packet = o < results / P * P && packet_start % inner + P <= inner;
      out.push_back(
          order.column(x.data(), o / inner * count * inner + o % inner, inner, count, in_packet));
    }
  } else if (dims.size() == 3) {
    for (std::int64_t j = 0; j < dims[1]; ++j) {
      T acc = order.identity();
      for (std::int64_t k = 0; k < dims[2]; ++k) {
        for (std::int64_t i = 0; i < dims[0]; ++i) {
          acc = order.combine(acc, x[(i * dims[1] + j) * dims[2] + k]);
        }
      }
      out.push_back(acc);
    }
  } else {
    const std::vector<T> moved = kept_then_reduced(x, m);
    const std::int64_t results = static_cast<std::int64_t>(moved.size()) / m.reduced_terms();
    for (std::int64_t r = 0; r < results; ++r) {
      out.push_back(order.run(moved.data(), r * m.reduced_terms(), m.reduced_terms()));
    }
  }
  return out;
}

}  // namespace tfmc::eval::order
