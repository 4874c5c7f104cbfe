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
//
// The CPU backend and the CUDA backend's reduction kernel (cuda_reduction.cu) both compute
// through this file, so their bits agree: a leaf's four accumulators of kLanes lanes are
// 4 x kLanes independent chains (chain c takes terms c, c + 4 kLanes, ...), which the host
// folds together and a device warp folds one chain per lane, before one finish() combines them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::order {

// Lanes of one AVX packet of T.
template <class T>
inline constexpr std::int64_t kLanes = static_cast<std::int64_t>(32 / sizeof(T));

// A leaf's independent chains: four accumulators of kLanes lanes.
template <class T>
inline constexpr std::int64_t kChains = 4 * kLanes<T>;

// Runs longer than this many packets split in two before reaching a leaf.
inline constexpr std::int64_t kLeafPackets = 1024;

// The operations as function objects, which the device can call (a host function pointer it
// cannot).
template <class T>
struct Plus {
  TFMC_HOST_DEVICE T operator()(T a, T b) const { return kernels::add<T>(a, b); }
};
template <class T>
struct Times {
  TFMC_HOST_DEVICE T operator()(T a, T b) const { return kernels::mul<T>(a, b); }
};

template <class T, class Op>
class EigenOrder {
 public:
  TFMC_HOST_DEVICE EigenOrder(Op op, T identity, bool split_long_runs)
      : op_(op), identity_(identity), split_long_runs_(split_long_runs) {}

  // The reduction of x[first .. first + n).
  TFMC_HOST_DEVICE T run(const T* x, std::int64_t first, std::int64_t n) const {
    return run_terms(first, n, [x](std::int64_t i, bool) { return x[i]; });
  }

  // The same reduction of terms that Eigen computes inside it (as Exp in a sum of Exps):
  // term(i, in_packet) is term i as Eigen evaluates it when it reads i in a whole packet of
  // its leaf (in_packet) or one by one after the leaf's last whole packet.
  template <class Term>
  TFMC_HOST_DEVICE T run_terms(std::int64_t first, std::int64_t n, const Term& term) const {
    return split_run(first, n, [&](std::int64_t f, std::int64_t m) { return leaf(f, m, term); });
  }

  // The run's split into leaves and their combination, each leaf's value leaf(first, n):
  // the leaf below on the host, a warp's on the device.
  template <class Leaf>
  TFMC_HOST_DEVICE T split_run(std::int64_t first, std::int64_t n, const Leaf& leaf) const {
    constexpr std::int64_t P = kLanes<T>;
    if (!split_long_runs_ || n <= P * kLeafPackets) return leaf(first, n);
    const std::int64_t split = P * ceil_div(first + ceil_div(n, 2), P);
    const std::int64_t left = split - first < n ? split - first : n;
    T acc = op_(identity_, split_run(first, left, leaf));
    if (left < n) acc = op_(acc, split_run(split, n - left, leaf));
    return acc;
  }

  // The leaf of terms first .. first + n - 1.
  template <class Term>
  TFMC_HOST_DEVICE T leaf(std::int64_t first, std::int64_t n, const Term& term) const {
    T chains[kChains<T>];
    fold_chains(first, n, term, 0, kChains<T>, chains);
    return finish(chains, first, n, term);
  }

  // Chains [begin, end) of that leaf into chains[0 .. end - begin): chain c is the fold from
  // the identity of terms first + c + g x kChains over the leaf's whole groups of four packets.
  template <class Term>
  TFMC_HOST_DEVICE void fold_chains(std::int64_t first, std::int64_t n, const Term& term,
                                    std::int64_t begin, std::int64_t end, T* chains) const {
    for (std::int64_t c = begin; c < end; ++c) chains[c - begin] = identity_;
    for (std::int64_t start = 0; start + kChains<T> <= n; start += kChains<T>) {
      for (std::int64_t c = begin; c < end; ++c) {
        chains[c - begin] = op_(chains[c - begin], term(first + start + c, true));
      }
    }
  }

  // The leaf's value from all its chains: the four accumulators added lane-wise, the whole
  // packets after them, the terms after the last whole packet, the lanes pairwise.
  template <class Term>
  TFMC_HOST_DEVICE T finish(const T* chains, std::int64_t first, std::int64_t n,
                            const Term& term) const {
    constexpr std::int64_t P = kLanes<T>;
    T acc[P];
    for (std::int64_t l = 0; l < P; ++l) acc[l] = identity_;
    std::int64_t start = n / kChains<T> * kChains<T>;
    if (start > 0) {
      for (std::int64_t l = 0; l < P; ++l) {
        acc[l] = op_(op_(op_(chains[l], chains[P + l]), chains[2 * P + l]), chains[3 * P + l]);
      }
    }
    for (; start + P <= n; start += P) {
      for (std::int64_t l = 0; l < P; ++l) acc[l] = op_(acc[l], term(first + start + l, true));
    }
    T tail = identity_;
    for (; start < n; ++start) tail = op_(tail, term(first + start, false));
    for (std::int64_t width = P; width > 1; width /= 2) {
      for (std::int64_t l = 0; l < width / 2; ++l) acc[l] = op_(acc[l], acc[l + width / 2]);
    }
    return op_(tail, acc[0]);
  }

  // The reduction of x[base + k * stride], k < count, for a result element that is
  // (`in_packet`) or is not in a whole packet of results within one row of results.
  TFMC_HOST_DEVICE T column(const T* x, std::int64_t base, std::int64_t stride, std::int64_t count,
                            bool in_packet) const {
    std::int64_t k = 0;
    T acc = identity_;
    if (in_packet && count >= 16) {
      T part[4] = {identity_, identity_, identity_, identity_};
      for (; k + 4 <= count; k += 4) {
        for (std::int64_t p = 0; p < 4; ++p) part[p] = op_(part[p], x[base + (k + p) * stride]);
      }
      acc = op_(op_(op_(part[0], part[1]), part[2]), part[3]);
    }
    for (; k < count; ++k) acc = op_(acc, x[base + k * stride]);
    return acc;
  }

  TFMC_HOST_DEVICE T identity() const { return identity_; }
  TFMC_HOST_DEVICE T combine(T a, T b) const { return op_(a, b); }

 private:
  TFMC_HOST_DEVICE static std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
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

// Where a result element of a reduction takes its terms, for the merged shapes TensorFlow
// reduces in place (layout_of), as three sizes:
// - Rows {rows, terms, 1}: [reduced] (one row) or [kept, reduced]; result o is the run of
//   x[o x terms ..];
// - Columns {outer, count, inner}: [reduced, kept] (outer 1) or [kept, reduced, kept]; result o
//   is a column of `count` terms `inner` apart;
// - Planes {first, kept, last}: [reduced, kept, reduced]; result j adds x[i][j][k] one by one,
//   the last dimension outside the first.
struct Layout {
  enum class Form : std::uint8_t { Rows, Columns, Planes };
  Form form = Form::Rows;
  std::int64_t dims[3] = {1, 0, 1};

  TFMC_HOST_DEVICE std::int64_t results() const {
    return form == Form::Rows ? dims[0] : form == Form::Columns ? dims[0] * dims[2] : dims[1];
  }
  TFMC_HOST_DEVICE std::int64_t terms() const {
    return form == Form::Planes ? dims[0] * dims[2] : dims[1];
  }
};

// The layout of a merged shape that reduces something, or nullopt when TensorFlow copies
// (nothing reduced) or transposes it first (kept_then_reduced below).
inline std::optional<Layout> layout_of(const MergedShape& m) {
  const auto& d = m.dims;
  const auto& r = m.reduced;
  if (d.size() == 1 && r[0]) return Layout{Layout::Form::Rows, {1, d[0], 1}};
  if (d.size() == 2) {
    if (!r[0]) return Layout{Layout::Form::Rows, {d[0], d[1], 1}};
    return Layout{Layout::Form::Columns, {1, d[0], d[1]}};
  }
  if (d.size() == 3) {
    if (!r[0]) return Layout{Layout::Form::Columns, {d[0], d[1], d[2]}};
    return Layout{Layout::Form::Planes, {d[0], d[1], d[2]}};
  }
  return std::nullopt;
}

// Result element o of the reduction of x laid out as `layout`, each leaf of a Rows run
// computed by leaf(first, n).
template <class T, class Op, class Leaf>
TFMC_HOST_DEVICE T reduce_element(const EigenOrder<T, Op>& order, const Layout& layout, const T* x,
                                  std::int64_t o, const Leaf& leaf) {
  const std::int64_t* d = layout.dims;
  switch (layout.form) {
    case Layout::Form::Rows:
      return order.split_run(o * d[1], d[1], leaf);
    case Layout::Form::Columns: {
      constexpr std::int64_t P = kLanes<T>;
      const std::int64_t results = d[0] * d[2];
      const std::int64_t packet_start = o - o % P;
      const bool in_packet = o < results / P * P && packet_start % d[2] + P <= d[2];
      return order.column(x, o / d[2] * d[1] * d[2] + o % d[2], d[2], d[1], in_packet);
    }
    case Layout::Form::Planes:
      break;
  }
  T acc = order.identity();
  for (std::int64_t k = 0; k < d[2]; ++k) {
    for (std::int64_t i = 0; i < d[0]; ++i) acc = order.combine(acc, x[(i * d[1] + o) * d[2] + k]);
  }
  return acc;
}

// reduce_element with EigenOrder's own leaves over x.
template <class T, class Op>
TFMC_HOST_DEVICE T reduce_element(const EigenOrder<T, Op>& order, const Layout& layout, const T* x,
                                  std::int64_t o) {
  const auto term = [x](std::int64_t i, bool) { return x[i]; };
  return reduce_element(order, layout, x, o,
                        [&](std::int64_t f, std::int64_t n) { return order.leaf(f, n, term); });
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
// nothing reduced (or only size-1 dimensions) copies; a shape with a layout reduces in place;
// any other shape is transposed to kept-then-reduced order and reduced as rows.
template <class T, class Op>
std::vector<T> reduce_in_order(const std::vector<T>& x, const std::vector<std::int64_t>& shape,
                               const std::vector<bool>& reduced, const EigenOrder<T, Op>& order) {
  const MergedShape m = merge_dimensions(shape, reduced);
  bool any = false;
  for (bool r : m.reduced) any = any || r;
  if (!any) return x;
  std::vector<T> out;
  const std::optional<Layout> in_place = layout_of(m);
  std::vector<T> moved;
  Layout layout;
  if (in_place) {
    layout = *in_place;
  } else {
    moved = kept_then_reduced(x, m);
    layout.dims[1] = m.reduced_terms();
    layout.dims[0] = static_cast<std::int64_t>(moved.size()) / layout.dims[1];
  }
  const T* terms = in_place ? x.data() : moved.data();
  for (std::int64_t o = 0; o < layout.results(); ++o) {
    out.push_back(reduce_element(order, layout, terms, o));
  }
  return out;
}

}  // namespace tfmc::eval::order
