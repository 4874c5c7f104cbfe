// The device of cuda_device.h, and its kernels that are not element-wise (those are in
// cuda_elementwise.cu): MatMul and BatchMatMulV2 over a batch group in one launch (grid z: the
// call), and the byte copies of Concat and Split. Every output element's inner product runs in
// TensorFlow's order within one thread, through the shared steps of inner_products.h, so the bits
// are the CPU backend's (compiled with --fmad=false; the fused steps call fma explicitly).
#include <string>
#include <vector>

#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::cuda {
namespace {

// Element (row, col) of an operand read in place: a transposed one is stored the other way.
template <class T>
__device__ T element(const T* x, bool transposed, std::int64_t rows, std::int64_t cols,
                     std::int64_t row, std::int64_t col) {
  return transposed ? x[col * rows + row] : x[row * cols + col];
}

// The Sequential and Fused orders: each output's products added in index order from +0, one
// step each (inner_products.h). Tiled: a block computes a kTile x kTile tile of the result,
// kTile / 16 x kTile / 16 elements per thread, with the k range staged through shared memory
// kDepth at a time; the tiling changes where operands are read from, never the order of a sum.
constexpr int kTile = 64;
constexpr int kDepth = 16;
constexpr int kSide = 16;  // threads along each side of a block
constexpr int kPer = kTile / kSide;

// The products of one call: `count` slices (a MatMul: one, rank 0), slice s reading operand a's
// matrix and b's at the indexes batch.offsets(s) gives (BatchMatMulV2's broadcast batch
// dimensions), and writing result matrix s.
struct Slices {
  std::int64_t count = 1;
  DeviceBroadcast batch;
};

// Grid x: the column tiles of each slice in turn.
template <class T, bool fused>
__global__ void tiled_matmul_kernel(const T* operands, const std::int64_t* first,
                                    const std::int64_t* second, T* out, std::int64_t m,
                                    std::int64_t k, std::int64_t n, bool transpose_a,
                                    bool transpose_b, Slices slices) {
  __shared__ T a_tile[kDepth][kTile];  // a_tile[d][r]: a(row0 + r, k0 + d)
  __shared__ T b_tile[kDepth][kTile];  // b_tile[d][c]: b(k0 + d, col0 + c)
  const unsigned call = blockIdx.z;
  const std::int64_t column_tiles = (n + kTile - 1) / kTile;
  const std::int64_t slice = blockIdx.x / column_tiles;
  std::int64_t a_matrix;
  std::int64_t b_matrix;
  slices.batch.offsets(slice, a_matrix, b_matrix);
  const T* a = operands + first[call] + a_matrix * m * k;
  const T* b = operands + second[call] + b_matrix * k * n;
  const std::int64_t row0 = static_cast<std::int64_t>(blockIdx.y) * kTile;
  const std::int64_t col0 = static_cast<std::int64_t>(blockIdx.x % column_tiles) * kTile;
  const int thread = threadIdx.y * kSide + threadIdx.x;
  T acc[kPer][kPer];
  for (int i = 0; i < kPer; ++i) {
    for (int j = 0; j < kPer; ++j) acc[i][j] = T{0};
  }
  for (std::int64_t k0 = 0; k0 < k; k0 += kDepth) {
    // Consecutive threads read consecutive addresses, whichever way an operand is stored.
    for (int e = thread; e < kDepth * kTile; e += kSide * kSide) {
      const int ad = transpose_a ? e / kTile : e % kDepth;
      const int ar = transpose_a ? e % kTile : e / kDepth;
      a_tile[ad][ar] =
          row0 + ar < m && k0 + ad < k ? element(a, transpose_a, m, k, row0 + ar, k0 + ad) : T{0};
      const int bd = transpose_b ? e % kDepth : e / kTile;
      const int bc = transpose_b ? e / kDepth : e % kTile;
      b_tile[bd][bc] =
          col0 + bc < n && k0 + bd < k ? element(b, transpose_b, k, n, k0 + bd, col0 + bc) : T{0};
    }
    __syncthreads();
    // Only the k that exist: a padded zero product would turn a -0 sum into +0.
    const int depth = static_cast<int>(k - k0 < kDepth ? k - k0 : kDepth);
    for (int d = 0; d < depth; ++d) {
      for (int i = 0; i < kPer; ++i) {
        const T x = a_tile[d][threadIdx.y + kSide * i];
        for (int j = 0; j < kPer; ++j) {
          const T y = b_tile[d][threadIdx.x + kSide * j];
          if constexpr (fused) {
            acc[i][j] = kernels::fused_add_product<T>(acc[i][j], x, y);
          } else {
            acc[i][j] = kernels::add_product<T>(acc[i][j], x, y);
          }
        }
      }
    }
    __syncthreads();
  }
  T* c = out + (call * slices.count + slice) * m * n;
  for (int i = 0; i < kPer; ++i) {
    const std::int64_t row = row0 + threadIdx.y + kSide * i;
    for (int j = 0; j < kPer; ++j) {
      const std::int64_t col = col0 + threadIdx.x + kSide * j;
      if (row < m && col < n) c[row * n + col] = acc[i][j];
    }
  }
}

// Any order, one thread per output element: the EightLanes and PacketPairs orders.
template <class T>
__global__ void matmul_kernel(const T* operands, const std::int64_t* first,
                              const std::int64_t* second, T* out, std::int64_t m, std::int64_t k,
                              std::int64_t n, bool transpose_a, bool transpose_b,
                              kernels::InnerProductOrder order) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned call = blockIdx.y;
  if (i >= m * n) return;
  const T* a = operands + first[call];
  const T* b = operands + second[call];
  const std::int64_t row = i / n;
  const std::int64_t col = i % n;
  out[call * m * n + i] =
      kernels::inner_product<T>(order, a, transpose_a ? row : row * k, transpose_a ? m : 1, b,
                                transpose_b ? col * k : col, transpose_b ? 1 : n, k);
}

// Copies `outer` blocks of `block` bytes: block o from src + o * src_stride + src_offset to
// dst + o * dst_stride + dst_offset.
__global__ void copy_blocks_kernel(const std::uint8_t* src, std::int64_t src_stride,
                                   std::int64_t src_offset, std::uint8_t* dst,
                                   std::int64_t dst_stride, std::int64_t dst_offset,
                                   std::int64_t outer, std::int64_t block) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= outer * block) return;
  const std::int64_t o = i / block;
  const std::int64_t j = i % block;
  dst[o * dst_stride + dst_offset + j] = src[o * src_stride + src_offset + j];
}

bool copy_blocks(const void* src, std::int64_t src_stride, std::int64_t src_offset, void* dst,
                 std::int64_t dst_stride, std::int64_t dst_offset, std::int64_t outer,
                 std::int64_t block) {
  if (outer * block == 0) return true;
  copy_blocks_kernel<<<blocks(outer * block), kThreads>>>(
      static_cast<const std::uint8_t*>(src), src_stride, src_offset,
      static_cast<std::uint8_t*>(dst), dst_stride, dst_offset, outer, block);
  return launched();
}

std::int64_t total(const std::vector<std::int64_t>& sizes) {
  std::int64_t sum = 0;
  for (std::int64_t s : sizes) sum += s;
  return sum;
}

// The tiled kernel over `calls` calls of slices.count products each, fused (the Fused order,
// floats only) or not (the Sequential order). False where the grid's x extent (the column
// tiles of every slice) is past CUDA's limit.
template <class T>
bool launch_tiled(const T* operands, const std::int64_t* first, const std::int64_t* second,
                  T* results, std::int64_t m, std::int64_t k, std::int64_t n, bool transpose_a,
                  bool transpose_b, bool fused, const Slices& slices, unsigned calls) {
  const std::int64_t columns = (n + kTile - 1) / kTile * slices.count;
  if (columns > 0x7fffffff) return false;
  const dim3 grid(static_cast<unsigned>(columns), static_cast<unsigned>((m + kTile - 1) / kTile),
                  calls);
  const dim3 block(kSide, kSide);
  if constexpr (std::is_floating_point_v<T>) {
    if (fused) {
      tiled_matmul_kernel<T, true><<<grid, block>>>(operands, first, second, results, m, k, n,
                                                    transpose_a, transpose_b, slices);
      return true;
    }
  }
  tiled_matmul_kernel<T, false><<<grid, block>>>(operands, first, second, results, m, k, n,
                                                 transpose_a, transpose_b, slices);
  return true;
}

__global__ void probe_kernel(int* out) { *out = 1; }

// Whether a kernel of this build runs on the device: a device the build's architectures do
// not cover (older than sm_80) counts as none.
bool probe() {
  DeviceBuffer d(sizeof(int));
  int one = 0;
  if (!d.ok()) return false;
  probe_kernel<<<1, 1>>>(d.get<int>());
  return launched() &&
         cudaMemcpy(&one, d.get(), sizeof one, cudaMemcpyDeviceToHost) == cudaSuccess && one == 1;
}

}  // namespace

// Asked once: the runtime's answer does not change while tfmc runs, and asking costs a driver
// call that every exploration (the race classification makes many) would repeat.
bool available() {
  static const bool found = [] {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess && count > 0 && probe();
  }();
  return found;
}

std::string describe() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return std::string("no CUDA device: ") + cudaGetErrorString(e);
  if (count == 0) return "no CUDA device";
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return "a CUDA device";
  return p.name;
}

BatchPhases last_batch_phases() {
  const std::lock_guard<std::mutex> hold(device_lock());
  return batch_phases();
}

bool matmul_batch(const BatchOperands& in, std::int64_t m, std::int64_t k, std::int64_t n,
                  bool transpose_a, bool transpose_b, std::span<Tensor> outs) {
  const DType dtype = in.tensors[0]->dtype;
  const kernels::InnerProductOrder order =
      kernels::tensorflow_inner_product_order(dtype, m, n, transpose_a, transpose_b);
  const auto calls = static_cast<unsigned>(outs.size());
  return with_number_type(dtype, [&](auto type) {
    using T = decltype(type);
    return run_batch<T, T>(
        in, outs, nullptr,
        [&](const T* operands, const std::int64_t* first, const std::int64_t* second, T* results,
            int*) {
          if (order == kernels::InnerProductOrder::EightLanes ||
              order == kernels::InnerProductOrder::PacketPairs) {
            const dim3 grid(blocks(m * n), calls);
            matmul_kernel<T><<<grid, kThreads>>>(operands, first, second, results, m, k, n,
                                                 transpose_a, transpose_b, order);
            return;
          }
          launch_tiled<T>(operands, first, second, results, m, k, n, transpose_a, transpose_b,
                          order == kernels::InnerProductOrder::Fused, Slices{}, calls);
        });
  });
}

bool batch_matmul_batch(const BatchOperands& in, const cpu::Broadcast& batch, std::int64_t m,
                        std::int64_t k, std::int64_t n, bool adj_x, bool adj_y,
                        std::span<Tensor> outs) {
  Slices slices;
  if (!slices.batch.set(batch)) return false;
  slices.count = element_count(batch.shape);
  const DType dtype = in.tensors[0]->dtype;
  // cpu::batch_matmul's order: MatMul's general one whatever the shape.
  const bool fused = kernels::tensorflow_inner_product_order(dtype, 2, 2, false, false) ==
                     kernels::InnerProductOrder::Fused;
  const auto calls = static_cast<unsigned>(outs.size());
  return with_number_type(dtype, [&](auto type) {
    using T = decltype(type);
    bool fits = true;
    const bool ran = run_batch<T, T>(in, outs, nullptr,
                                     [&](const T* operands, const std::int64_t* first,
                                         const std::int64_t* second, T* results, int*) {
                                       fits =
                                           launch_tiled<T>(operands, first, second, results, m, k,
                                                           n, adj_x, adj_y, fused, slices, calls);
                                     });
    return ran && fits;
  });
}

bool concat(const cpu::BlockPlan& plan, std::span<const Tensor* const> args, Tensor& out) {
  const std::lock_guard<std::mutex> hold(device_lock());
  DeviceBuffer dout(out.bytes.size());
  if (!dout.ok()) return false;
  const std::int64_t stride = total(plan.blocks);
  std::int64_t offset = 0;
  for (std::size_t k = 0; k < args.size(); ++k) {
    const DeviceBuffer in(*args[k]);
    if (!in.ok() || !copy_blocks(in.get(), plan.blocks[k], 0, dout.get(), stride, offset,
                                 plan.outer, plan.blocks[k])) {
      return false;
    }
    offset += plan.blocks[k];
  }
  return dout.download(out);
}

bool split(const cpu::BlockPlan& plan, const Tensor& a, std::vector<Tensor>& outs) {
  const std::lock_guard<std::mutex> hold(device_lock());
  const DeviceBuffer da(a);
  if (!da.ok()) return false;
  const std::int64_t stride = total(plan.blocks);
  std::int64_t offset = 0;
  for (std::size_t k = 0; k < outs.size(); ++k) {
    DeviceBuffer dout(outs[k].bytes.size());
    if (!dout.ok() ||
        !copy_blocks(da.get(), stride, offset, dout.get(), plan.blocks[k], 0, plan.outer,
                     plan.blocks[k]) ||
        !dout.download(outs[k])) {
      return false;
    }
    offset += plan.blocks[k];
  }
  return true;
}

}  // namespace tfmc::eval::cuda
