// The convolution kernel of cuda_device.h: Conv2D's output and its two gradients (the depthwise
// forms read as grouped) in NHWC over a batch group in one launch (grid y: the call). One
// thread per result element computes conv_geometry.h's sum for it, the CPU backend's own, so
// the bits are the CPU backend's (compiled with --fmad=false; the fused steps call fma
// explicitly).
#include "gpu_eval/conv_geometry.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"

namespace tfmc::eval::cuda {
namespace {

// Result element i of call blockIdx.y, i in row-major order of the pass's result: [batch,
// h.out, w.out, out_c] (Forward), [batch, h.in, w.in, in_c] (InputGrad) or [h.kernel,
// w.kernel, group_in, out_c] (FilterGrad); `a` and `b` are the call's two operands in
// cuda_device.h's order.
__global__ void convolution_kernel(conv::Pass pass, const float* operands,
                                   const std::int64_t* first, const std::int64_t* second,
                                   float* out, std::int64_t elements, conv::Geometry g) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned call = blockIdx.y;
  if (i >= elements) return;
  const float* a = operands + first[call];
  const float* b = operands + second[call];
  // i's indexes in the row-major result shape [.., d1, d2, d3].
  std::int64_t at[4];
  const auto index = [&](std::int64_t d1, std::int64_t d2, std::int64_t d3) {
    at[3] = i % d3;
    at[2] = i / d3 % d2;
    at[1] = i / d3 / d2 % d1;
    at[0] = i / d3 / d2 / d1;
  };
  float value = 0;
  switch (pass) {
    case conv::Pass::Forward:
      index(g.h.out, g.w.out, g.out_c);
      value = conv::forward_sum<float>(g, a, b, at[0], at[1], at[2], at[3]);
      break;
    case conv::Pass::InputGrad:
      index(g.h.in, g.w.in, g.in_c);
      value = conv::input_grad_sum<float>(g, a, b, at[0], at[1], at[2], at[3]);
      break;
    case conv::Pass::FilterGrad:
      index(g.w.kernel, g.group_in, g.out_c);
      value = conv::filter_grad_sum<float>(g, a, b, at[0], at[1], at[2], at[3]);
      break;
  }
  out[call * elements + i] = value;
}

}  // namespace

bool convolution_batch(conv::Pass pass, const BatchOperands& in, const conv::Geometry& g,
                       std::span<Tensor> outs) {
  // The plan sends f32 alone: f64 stays on the CPU (cuda_batch_plan.h).
  if (in.tensors[0]->dtype != DType::F32) return false;
  return run_batch<float, float>(
      in, outs, nullptr,
      [&](const float* operands, const std::int64_t* first, const std::int64_t* second,
          float* results, int*) {
        const std::int64_t elements = outs[0].size();
        const dim3 grid(blocks(elements), static_cast<unsigned>(outs.size()));
        convolution_kernel<<<grid, kThreads>>>(pass, operands, first, second, results, elements, g);
      });
}

}  // namespace tfmc::eval::cuda
