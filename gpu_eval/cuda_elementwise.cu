// The element-wise kernels of cuda_device.h: binary ops under broadcasting, Neg, Relu and Cast.
// One thread per output element applies the element function of element_kernels.h, so the
// bits are the CPU backend's (compiled with --fmad=false).
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_memory.cuh"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cuda {
namespace {

constexpr int kMaxRank = 8;

// The broadcast plan as a kernel argument.
struct DevicePlan {
  int rank = 0;
  std::int64_t dims[kMaxRank] = {};
  std::int64_t a_strides[kMaxRank] = {};
  std::int64_t b_strides[kMaxRank] = {};
};

// A fault is a flag any thread may set to 1; the value written is the same whoever writes it.
template <class T, class R, class Op>
__global__ void binary_kernel(const T* a, const T* b, R* out, std::int64_t n, DevicePlan plan,
                              Op op, int* fault) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  std::int64_t rest = i;
  std::int64_t ia = 0;
  std::int64_t ib = 0;
  for (int d = plan.rank - 1; d >= 0; --d) {
    const std::int64_t index = rest % plan.dims[d];
    rest /= plan.dims[d];
    ia += index * plan.a_strides[d];
    ib += index * plan.b_strides[d];
  }
  bool f = false;
  out[i] = op(a[ia], b[ib], f);
  if (f) *fault = 1;
}

template <class T, class R, class Op>
bool launch_binary(const DevicePlan& plan, const Tensor& a, const Tensor& b, Tensor& out, Op op,
                   bool& fault) {
  const DeviceBuffer da(a), db(b);
  if (!da.ok() || !db.ok()) return false;
  return run_kernel<R>(out, &fault, [&](std::int64_t n, R* d_out, int* d_fault) {
    binary_kernel<T, R, Op><<<blocks(n), kThreads>>>(da.get<const T>(), db.get<const T>(), d_out, n,
                                                     plan, op, d_fault);
  });
}

// The device's form of binary op `op`: false for an op that is not element-wise.
template <BuiltinOp op>
bool binary_op(DType dtype, const DevicePlan& plan, const Tensor& a, const Tensor& b, Tensor& out,
               bool& fault) {
  if constexpr (kernels::is_arithmetic(op)) {
    return with_number_type(dtype, [&](auto type) {
      using T = decltype(type);
      return launch_binary<T, T>(plan, a, b, out, kernels::Element<op>{}, fault);
    });
  } else if constexpr (kernels::is_comparison(op)) {
    return with_type(dtype, [&](auto type) {
      using T = decltype(type);
      return launch_binary<T, bool>(plan, a, b, out, kernels::Element<op>{}, fault);
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
__global__ void unary_kernel(const T* a, R* out, std::int64_t n, Op op, int* fault) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bool f = false;
  out[i] = op(a[i], f);
  if (f) *fault = 1;
}

template <class T, class R, class Op>
bool launch_unary(const Tensor& a, Tensor& out, Op op, bool& fault) {
  const DeviceBuffer da(a);
  if (!da.ok()) return false;
  return run_kernel<R>(out, &fault, [&](std::int64_t n, R* d_out, int* d_fault) {
    unary_kernel<T, R, Op><<<blocks(n), kThreads>>>(da.get<const T>(), d_out, n, op, d_fault);
  });
}

}  // namespace

bool binary(BuiltinOp op, DType dtype, const cpu::Broadcast& plan, const Tensor& a, const Tensor& b,
            Tensor& out, bool& fault) {
  if (plan.shape.size() > kMaxRank) return false;
  DevicePlan p;
  p.rank = static_cast<int>(plan.shape.size());
  for (int d = 0; d < p.rank; ++d) {
    p.dims[d] = plan.shape[d];
    p.a_strides[d] = plan.a_strides[d];
    p.b_strides[d] = plan.b_strides[d];
  }
  switch (op) {
#define TFMC_BUILTIN_OP(name, ...) \
  case BuiltinOp::name:            \
    return binary_op<BuiltinOp::name>(dtype, p, a, b, out, fault);
#include "gpu_eval/builtin_ops.def"
  }
  return false;
}

bool unary(BuiltinOp op, const Tensor& a, Tensor& out, bool& fault) {
  if (op == BuiltinOp::Cast) {
    return with_type(a.dtype, [&](auto from) {
      using From = decltype(from);
      return with_type(out.dtype, [&](auto to) {
        using To = decltype(to);
        return launch_unary<From, To>(a, out, CastOp<To>{}, fault);
      });
    });
  }
  // The caller sends no bool Neg or Relu.
  return with_number_type(a.dtype, [&](auto type) {
    using T = decltype(type);
    return op == BuiltinOp::Neg
               ? launch_unary<T, T>(a, out, kernels::Element<BuiltinOp::Neg>{}, fault)
               : launch_unary<T, T>(a, out, kernels::Element<BuiltinOp::Relu>{}, fault);
  });
}

}  // namespace tfmc::eval::cuda
