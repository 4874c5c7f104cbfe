// The convolution kernel of cuda_device.h: Conv2D (and DepthwiseConv2dNative, read as grouped)
// in NHWC over a batch group in one launch (grid y: the call). One thread per output element
// computes conv_geometry.h's forward_sum, the CPU backend's own sum, so the bits are the CPU
// backend's (compiled with --fmad=false; the fused steps call fma explicitly).
#include "gpu_eval/conv_geometry.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"

namespace tfmc::eval::cuda {
namespace {

// Output element i of call blockIdx.y, i in row-major [batch, h.out, w.out, out_c] order.
__global__ void convolution_kernel(const float* operands, const std::int64_t* first,
                                   const std::int64_t* second, float* out, std::int64_t elements,
                                   conv::Geometry g) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned call = blockIdx.y;
  if (i >= elements) return;
  const std::int64_t o = i % g.out_c;
  const std::int64_t xo = i / g.out_c % g.w.out;
  const std::int64_t y = i / g.out_c / g.w.out % g.h.out;
  const std::int64_t n = i / g.out_c / g.w.out / g.h.out;
  out[call * elements + i] =
      conv::forward_sum<float>(g, operands + first[call], operands + second[call], n, y, xo, o);
}

}  // namespace

bool convolution_batch(const BatchOperands& in, const conv::Geometry& g, std::span<Tensor> outs) {
  // The plan sends f32 alone: f64 stays on the CPU (cuda_batch_plan.h).
  if (in.tensors[0]->dtype != DType::F32) return false;
  return run_batch<float, float>(
      in, outs, nullptr,
      [&](const float* operands, const std::int64_t* first, const std::int64_t* second,
          float* results, int*) {
        const std::int64_t elements = outs[0].size();
        const dim3 grid(blocks(elements), static_cast<unsigned>(outs.size()));
        convolution_kernel<<<grid, kThreads>>>(operands, first, second, results, elements, g);
      });
}

}  // namespace tfmc::eval::cuda
