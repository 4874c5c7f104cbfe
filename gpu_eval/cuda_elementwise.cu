// The element-wise kernels of cuda_device.h: binary ops under broadcasting, Neg, Relu and Cast,
// each over a batch group in one launch (grid y: the call). One thread per output element
// applies the element function of element_kernels.h, so the bits are the CPU backend's
// (compiled with --fmad=false).
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cuda {
namespace {

// A fault is a flag any thread of a call may set to 1; the value written is the same whoever
// writes it.
template <class T, class R, class Op>
__global__ void binary_kernel(const T* operands, const std::int64_t* first,
                              const std::int64_t* second, R* out, std::int64_t n,
                              DeviceBroadcast plan, Op op, int* fault) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned call = blockIdx.y;
  if (i >= n) return;
  const T* a = operands + first[call];
  const T* b = operands + second[call];
  std::int64_t ia;
  std::int64_t ib;
  plan.offsets(i, ia, ib);
  bool f = false;
  out[call * n + i] = op(a[ia], b[ib], f);
  if (f) fault[call] = 1;
}

template <class T, class R, class Op>
bool launch_binary(const DeviceBroadcast& plan, const BatchOperands& in, std::span<Tensor> outs,
                   std::span<std::uint8_t> faults, Op op) {
  return run_batch<T, R>(in, outs, faults.data(),
                         [&](const T* operands, const std::int64_t* first,
                             const std::int64_t* second, R* results, int* flags) {
                           const std::int64_t n = outs[0].size();
                           const dim3 grid(blocks(n), static_cast<unsigned>(outs.size()));
                           binary_kernel<T, R, Op><<<grid, kThreads>>>(operands, first, second,
                                                                       results, n, plan, op, flags);
                         });
}

// The device's form of binary op `op`: false for an op that is not element-wise.
template <BuiltinOp op>
bool binary_op(DType dtype, const DeviceBroadcast& plan, const BatchOperands& in,
               std::span<Tensor> outs, std::span<std::uint8_t> faults) {
  if constexpr (kernels::is_arithmetic(op)) {
    return with_number_type(dtype, [&](auto type) {
      using T = decltype(type);
      return launch_binary<T, T>(plan, in, outs, faults, kernels::Element<op>{});
    });
  } else if constexpr (kernels::is_comparison(op)) {
    return with_type(dtype, [&](auto type) {
      using T = decltype(type);
      return launch_binary<T, bool>(plan, in, outs, faults, kernels::Element<op>{});
    });
  } else {
    return false;
  }
}

template <class To>
struct CastOp {
  template <class From>
  __device__ To operator()(From x, bool& fault) const {
    return kernels::cast<To, From>(x, fault);
  }
};

template <class T, class R, class Op>
__global__ void unary_kernel(const T* operands, const std::int64_t* first, R* out, std::int64_t n,
                             Op op, int* fault) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const unsigned call = blockIdx.y;
  if (i >= n) return;
  bool f = false;
  out[call * n + i] = op(operands[first[call] + i], f);
  if (f) fault[call] = 1;
}

template <class T, class R, class Op>
bool launch_unary(const BatchOperands& in, std::span<Tensor> outs, std::span<std::uint8_t> faults,
                  Op op) {
  return run_batch<T, R>(in, outs, faults.data(),
                         [&](const T* operands, const std::int64_t* first, const std::int64_t*,
                             R* results, int* flags) {
                           const std::int64_t n = outs[0].size();
                           const dim3 grid(blocks(n), static_cast<unsigned>(outs.size()));
                           unary_kernel<T, R, Op>
                               <<<grid, kThreads>>>(operands, first, results, n, op, flags);
                         });
}

}  // namespace

bool binary_batch(BuiltinOp op, DType dtype, const cpu::Broadcast& plan, const BatchOperands& in,
                  std::span<Tensor> outs, std::span<std::uint8_t> faults) {
  DeviceBroadcast p;
  if (!p.set(plan)) return false;
  switch (op) {
#define TFMC_BUILTIN_OP(name, ...) \
  case BuiltinOp::name:            \
    return binary_op<BuiltinOp::name>(dtype, p, in, outs, faults);
#include "gpu_eval/builtin_ops.def"
  }
  return false;
}

bool unary_batch(BuiltinOp op, const BatchOperands& in, std::span<Tensor> outs,
                 std::span<std::uint8_t> faults) {
  const DType from_dtype = in.tensors[0]->dtype;
  if (op == BuiltinOp::Cast) {
    return with_type(from_dtype, [&](auto from) {
      using From = decltype(from);
      return with_type(outs[0].dtype, [&](auto to) {
        using To = decltype(to);
        return launch_unary<From, To>(in, outs, faults, CastOp<To>{});
      });
    });
  }
  // The caller sends no bool Neg or Relu.
  return with_number_type(from_dtype, [&](auto type) {
    using T = decltype(type);
    return op == BuiltinOp::Neg
               ? launch_unary<T, T>(in, outs, faults, kernels::Element<BuiltinOp::Neg>{})
               : launch_unary<T, T>(in, outs, faults, kernels::Element<BuiltinOp::Relu>{});
  });
}

}  // namespace tfmc::eval::cuda
