// The device of cuda_device.h, and its kernels that are not element-wise (those are in
// cuda_elementwise.cu): MatMul, and the byte copies of Concat and Split. One thread per
// output element; an inner product runs in TensorFlow's order within its thread, through the
// shared bodies of inner_products.h, so the bits are the CPU backend's (compiled with
// --fmad=false; the fused steps call fma explicitly).
#include <string>
#include <vector>

#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::cuda {
namespace {

// A transposed operand is read in place: row `row` of a^T is column `row` of a (stride m),
// column `col` of b^T is row `col` of b (stride 1).
template <class T>
__global__ void matmul_kernel(const T* a, const T* b, T* out, std::int64_t m, std::int64_t k,
                              std::int64_t n, bool transpose_a, bool transpose_b,
                              kernels::InnerProductOrder order) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= m * n) return;
  const std::int64_t row = i / n;
  const std::int64_t col = i % n;
  out[i] = kernels::inner_product<T>(order, a, transpose_a ? row : row * k, transpose_a ? m : 1, b,
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

bool matmul(const Tensor& a, const Tensor& b, std::int64_t m, std::int64_t k, std::int64_t n,
            bool transpose_a, bool transpose_b, Tensor& out) {
  return with_number_type(a.dtype, [&](auto type) {
    using T = decltype(type);
    const DeviceBuffer da(a), db(b);
    if (!da.ok() || !db.ok()) return false;
    return run_kernel<T>(out, nullptr, [&](std::int64_t, T* d_out, int*) {
      matmul_kernel<T><<<blocks(m * n), kThreads>>>(
          da.get<const T>(), db.get<const T>(), d_out, m, k, n, transpose_a, transpose_b,
          kernels::tensorflow_inner_product_order(a.dtype, m, n, transpose_a, transpose_b));
    });
  });
}

bool concat(const cpu::BlockPlan& plan, std::span<const Tensor* const> args, Tensor& out) {
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
