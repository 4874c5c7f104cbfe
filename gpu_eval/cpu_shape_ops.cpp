#include "gpu_eval/cpu_shape_ops.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "gpu_eval/element_kernels.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::cpu {

namespace {

// The elements of `t` as a typed array (the tensor's bytes are not T objects).
template <class T>
std::vector<T> elements(const Tensor& t) {
  std::vector<T> out(static_cast<std::size_t>(t.size()));
  if (!out.empty()) std::memcpy(out.data(), t.bytes.data(), t.bytes.size());
  return out;
}

// out (m x n) = a (m x k) times b (k x n), each element kernels::inner_product's sum in
// `order`, Sequential or Fused: from +0, each product added in index order. The loops are
// blocked so that the innermost runs along a row of b and of out, contiguous, over up to
// kCols output elements of up to kRows rows that reuse each row of b from the cache: the
// compiler vectorizes across output elements, never across a sum, so the bits are those of
// the element-by-element loop.
template <class T, class Step>
[[gnu::always_inline]] inline void matmul_blocked(const T* __restrict a, const T* __restrict b,
                                                  T* __restrict out, std::int64_t m, std::int64_t k,
                                                  std::int64_t n, Step step) {
  constexpr std::int64_t kRows = 4;
  constexpr std::int64_t kCols = 512;
  for (std::int64_t i0 = 0; i0 < m; i0 += kRows) {
    const std::int64_t i1 = std::min(i0 + kRows, m);
    for (std::int64_t j0 = 0; j0 < n; j0 += kCols) {
      const std::int64_t j1 = std::min(j0 + kCols, n);
      for (std::int64_t p = 0; p < k; ++p) {
        const T* __restrict b_row = b + p * n;
        for (std::int64_t i = i0; i < i1; ++i) {
          const T x = a[i * k + p];
          T* __restrict row = out + i * n;
          for (std::int64_t j = j0; j < j1; ++j) row[j] = step(row[j], x, b_row[j]);
        }
      }
    }
  }
}

// The Fused loops vectorize only where the compiler may use the processor's fused
// multiply-add instructions (elsewhere each std::fma is a library call, twelve times slower on
// a 512 x 512 product): this copy of them may, and runs where the processor has them.
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("avx2,fma")]] void matmul_fused_f32_avx2(const float* a, const float* b, float* out,
                                                       std::int64_t m, std::int64_t k,
                                                       std::int64_t n) {
  matmul_blocked<float>(a, b, out, m, k, n,
                        [](float acc, float x, float y) { return __builtin_fmaf(x, y, acc); });
}

bool has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}
#endif

template <class T>
void matmul_in_order(const T* a, const T* b, T* out, std::int64_t m, std::int64_t k, std::int64_t n,
                     kernels::InnerProductOrder order) {
  using kernels::InnerProductOrder;
  if (order == InnerProductOrder::Sequential) {
    matmul_blocked<T>(a, b, out, m, k, n, kernels::add_product<T>);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (order == InnerProductOrder::Fused) {
#if defined(__x86_64__) && defined(__GNUC__)
      if constexpr (std::is_same_v<T, float>) {
        if (has_avx2_fma()) return matmul_fused_f32_avx2(a, b, out, m, k, n);
      }
#endif
      matmul_blocked<T>(a, b, out, m, k, n, kernels::fused_add_product<T>);
      return;
    }
    // EightLanes and PacketPairs: each output on its own (few rows or columns).
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t j = 0; j < n; ++j) {
        out[i * n + j] = kernels::inner_product<T>(order, a, i * k, 1, b, j, n, k);
      }
    }
  }
}

}  // namespace

EvalResult matmul(const Tensor& a, const Tensor& b, kernels::InnerProductOrder order) {
  if (a.dtype != b.dtype || a.dtype == DType::Bool) return ErrorKind::Type;
  if (a.shape.size() != 2 || b.shape.size() != 2 || a.shape[1] != b.shape[0]) {
    return ErrorKind::Shape;
  }
  const std::int64_t m = a.shape[0];
  const std::int64_t k = a.shape[1];
  const std::int64_t n = b.shape[1];
  if (!representable({m, n})) return ErrorKind::Shape;
  return visit_numeric(a.dtype, [&]<class T>(std::type_identity<T>) {
    Tensor out = make_tensor(a.dtype, {m, n});
    std::vector<T> result(static_cast<std::size_t>(m * n), T{0});
    matmul_in_order<T>(elements<T>(a).data(), elements<T>(b).data(), result.data(), m, k, n, order);
    if (!result.empty()) std::memcpy(out.bytes.data(), result.data(), out.bytes.size());
    return single(std::move(out));
  });
}

// In row-major order a tensor is `outer` blocks along `axis`, each block holding
// shape[axis] * inner elements; Concat and Split move whole blocks as bytes.
std::variant<BlockPlan, ErrorKind> plan_concat(std::span<const Tensor* const> args,
                                               std::optional<std::int64_t> axis_attr) {
  const Tensor& first = *args[0];
  for (const Tensor* t : args) {
    if (t->dtype != first.dtype) return ErrorKind::Type;
  }
  const std::size_t rank = first.shape.size();
  const std::optional<std::size_t> axis = normalize_axis(axis_attr.value_or(0), rank);
  if (!axis) return ErrorKind::Shape;
  Shape shape = first.shape;
  shape[*axis] = 0;
  for (const Tensor* t : args) {
    if (t->shape.size() != rank) return ErrorKind::Shape;
    for (std::size_t d = 0; d < rank; ++d) {
      if (d != *axis && t->shape[d] != first.shape[d]) return ErrorKind::Shape;
    }
    if (t->shape[*axis] > std::numeric_limits<std::int64_t>::max() - shape[*axis]) {
      return ErrorKind::Shape;
    }
    shape[*axis] += t->shape[*axis];
  }
  if (!representable(shape)) return ErrorKind::Shape;
  const auto ax = shape.begin() + static_cast<std::ptrdiff_t>(*axis);
  const auto inner_bytes =
      product(ax + 1, shape.end()) * static_cast<std::int64_t>(dtype_size(first.dtype));
  BlockPlan plan{{shape}, product(shape.begin(), ax), {}};
  for (const Tensor* t : args) plan.blocks.push_back(t->shape[*axis] * inner_bytes);
  return plan;
}

EvalResult concat(std::span<const Tensor* const> args, std::optional<std::int64_t> axis_attr) {
  const auto plan = plan_concat(args, axis_attr);
  if (const auto* e = std::get_if<ErrorKind>(&plan)) return *e;
  const BlockPlan& p = std::get<BlockPlan>(plan);
  Tensor out = make_tensor(args[0]->dtype, p.shapes[0]);
  std::uint8_t* dst = out.bytes.data();
  for (std::int64_t o = 0; o < p.outer; ++o) {
    for (std::size_t k = 0; k < args.size(); ++k) {
      dst = std::copy_n(args[k]->bytes.data() + o * p.blocks[k], p.blocks[k], dst);
    }
  }
  return single(std::move(out));
}

std::variant<BlockPlan, ErrorKind> plan_split(const Tensor& a, const OpAttrs& attrs) {
  const std::optional<std::size_t> axis = normalize_axis(attrs.axis.value_or(0), a.shape.size());
  if (!axis || a.shape[*axis] % attrs.num != 0) return ErrorKind::Shape;
  Shape piece = a.shape;
  piece[*axis] /= attrs.num;
  const auto ax = piece.begin() + static_cast<std::ptrdiff_t>(*axis);
  const std::int64_t block =
      product(ax, piece.end()) * static_cast<std::int64_t>(dtype_size(a.dtype));
  return BlockPlan{std::vector<Shape>(static_cast<std::size_t>(attrs.num), piece),
                   product(piece.begin(), ax),
                   std::vector<std::int64_t>(static_cast<std::size_t>(attrs.num), block)};
}

EvalResult split(const Tensor& a, const OpAttrs& attrs) {
  const auto plan = plan_split(a, attrs);
  if (const auto* e = std::get_if<ErrorKind>(&plan)) return *e;
  const BlockPlan& p = std::get<BlockPlan>(plan);
  std::vector<Tensor> results;
  for (const Shape& shape : p.shapes) results.push_back(make_tensor(a.dtype, shape));
  const std::uint8_t* src = a.bytes.data();
  for (std::int64_t o = 0; o < p.outer; ++o) {
    for (std::size_t k = 0; k < results.size(); ++k) {
      std::copy_n(src, p.blocks[k], results[k].bytes.data() + o * p.blocks[k]);
      src += p.blocks[k];
    }
  }
  return results;
}

EvalResult reshape(const Tensor& a, const Shape& target) {
  Shape shape = target;
  std::optional<std::size_t> inferred;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred) return ErrorKind::Shape;
      inferred = d;
      shape[d] = 1;  // A placeholder, so that `shape` multiplies to the known part.
    } else if (shape[d] < 0) {
      return ErrorKind::Shape;
    }
  }
  if (!representable(shape)) return ErrorKind::Shape;
  const std::int64_t known = element_count(shape);
  const std::int64_t count = a.size();
  if (inferred) {
    // With a zero among the known dimensions the -1 could be anything: numpy rejects it too.
    if (known == 0 || count % known != 0) return ErrorKind::Shape;
    shape[*inferred] = count / known;
  } else if (known != count) {
    return ErrorKind::Shape;
  }
  return single(Tensor{a.dtype, std::move(shape), a.bytes});
}

}  // namespace tfmc::eval::cpu
