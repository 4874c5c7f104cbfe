// The reduction kernels of cuda_device.h over a batch group in one launch (grid y: the call).
// Sum, Mean, Prod and BiasAddGrad of f32: each result element is reduction_order.h's
// reduce_element, the CPU backend's own order (compiled with --fmad=false), so the bits are the
// CPU backend's. A row (a Rows layout) takes one warp: lane c folds chain c of each leaf, so the
// warp's loads of a leaf's group of four packets are one coalesced read, and every lane finishes
// the leaf from the shuffled chains. Columns and planes take one thread per result element,
// neighbours reading neighbouring terms. Max and Min: one thread per result element folds
// kernels::max_min_step over its terms in the CPU backend's order.
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/reduction_order.h"

namespace tfmc::eval::cuda {
namespace {

constexpr int kWarp = 32;
static_assert(order::kChains<float> == kWarp, "a warp's lanes are an f32 leaf's chains");
static_assert(kThreads % kWarp == 0);

// A leaf of x[first .. first + n), computed by the whole warp.
template <class Op>
__device__ float warp_leaf(const order::EigenOrder<float, Op>& order, const float* x,
                           std::int64_t first, std::int64_t n) {
  const auto term = [x](std::int64_t i, bool) { return x[i]; };
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  float mine;
  order.fold_chains(first, n, term, lane, lane + 1, &mine);
  float chains[kWarp];
  for (int c = 0; c < kWarp; ++c) chains[c] = __shfl_sync(0xffffffffu, mine, c);
  return order.finish(chains, first, n, term);
}

// The result of call blockIdx.y's element o, a Mean's divided by its number of terms.
__device__ void store(float* out, std::int64_t results, std::int64_t o, float value, bool mean,
                      std::int64_t terms) {
  out[blockIdx.y * results + o] = mean ? value / static_cast<float>(terms) : value;
}

// Row o = (thread / kWarp) of each call; the whole warp leaves or stays together.
template <class Op>
__global__ void rows_kernel(const float* operands, const std::int64_t* first, float* out,
                            order::Layout layout, order::EigenOrder<float, Op> order, bool mean) {
  const std::int64_t o = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const std::int64_t results = layout.results();
  if (o >= results) return;
  const float* x = operands + first[blockIdx.y];
  const float value = order::reduce_element(
      order, layout, x, o,
      [&](std::int64_t f, std::int64_t n) { return warp_leaf(order, x, f, n); });
  if (threadIdx.x % kWarp == 0) store(out, results, o, value, mean, layout.terms());
}

// Result o = thread of each call, for Columns and Planes.
template <class Op>
__global__ void columns_kernel(const float* operands, const std::int64_t* first, float* out,
                               order::Layout layout, order::EigenOrder<float, Op> order,
                               bool mean) {
  const std::int64_t o = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t results = layout.results();
  if (o >= results) return;
  const float value = order::reduce_element(order, layout, operands + first[blockIdx.y], o);
  store(out, results, o, value, mean, layout.terms());
}

template <class Op>
bool run_reduction(const order::Layout& layout, const order::EigenOrder<float, Op>& order,
                   bool mean, const BatchOperands& in, std::span<Tensor> outs) {
  return run_batch<float, float>(
      in, outs, nullptr,
      [&](const float* operands, const std::int64_t* first, const std::int64_t*, float* results,
          int*) {
        const std::int64_t results_each = layout.results();
        const auto calls = static_cast<unsigned>(outs.size());
        if (layout.form == order::Layout::Form::Rows) {
          const dim3 grid(blocks(results_each * kWarp), calls);
          rows_kernel<<<grid, kThreads>>>(operands, first, results, layout, order, mean);
        } else {
          const dim3 grid(blocks(results_each), calls);
          columns_kernel<<<grid, kThreads>>>(operands, first, results, layout, order, mean);
        }
      });
}

// Max or Min: result o = thread of each call, its terms walked in row-major order of the
// reduced dimensions.
template <class T>
__global__ void max_min_kernel(const T* operands, const std::int64_t* first, T* out, FoldPlan plan,
                               bool maximum, T identity) {
  const std::int64_t o = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (o >= plan.results) return;
  std::int64_t at = 0;
  std::int64_t rest = o;
  for (int d = plan.kept - 1; d >= 0; --d) {
    at += rest % plan.kept_dims[d] * plan.kept_strides[d];
    rest /= plan.kept_dims[d];
  }
  const T* x = operands + first[blockIdx.y];
  std::int64_t index[kMaxBatchRank] = {};
  T acc = identity;
  for (std::int64_t t = 0; t < plan.terms; ++t) {
    acc = kernels::max_min_step(acc, x[at], maximum);
    // The next term: the last reduced index steps, carrying into the ones before it.
    for (int d = plan.reduced - 1; d >= 0; --d) {
      at += plan.reduced_strides[d];
      if (++index[d] < plan.reduced_dims[d]) break;
      at -= plan.reduced_dims[d] * plan.reduced_strides[d];
      index[d] = 0;
    }
  }
  out[blockIdx.y * plan.results + o] = acc;
}

}  // namespace

bool max_min_batch(bool maximum, DType dtype, const FoldPlan& plan, const BatchOperands& in,
                   std::span<Tensor> outs) {
  if (dtype != DType::F32 && dtype != DType::I32 && dtype != DType::I64) return false;
  return with_number_type(dtype, [&](auto type) {
    using T = decltype(type);
    const T identity = kernels::max_min_identity<T>(maximum);
    return run_batch<T, T>(
        in, outs, nullptr,
        [&](const T* operands, const std::int64_t* first, const std::int64_t*, T* results, int*) {
          const dim3 grid(blocks(plan.results), static_cast<unsigned>(outs.size()));
          max_min_kernel<T><<<grid, kThreads>>>(operands, first, results, plan, maximum, identity);
        });
  });
}

bool reduction_batch(BuiltinOp op, const order::Layout& layout, const BatchOperands& in,
                     std::span<Tensor> outs) {
  // The plan sends f32 alone (cuda_batch_plan.h).
  if (in.tensors[0]->dtype != DType::F32) return false;
  if (op == BuiltinOp::Prod) {
    return run_reduction(layout, order::EigenOrder<float, order::Times<float>>({}, 1.0f, false),
                         false, in, outs);
  }
  return run_reduction(layout, order::EigenOrder<float, order::Plus<float>>({}, 0.0f, true),
                       op == BuiltinOp::Mean, in, outs);
}

}  // namespace tfmc::eval::cuda
