// The CUDA kernels of cuda_device.h. One thread per output element; every element's arithmetic
// is a shared body of element_kernels.h, and a sum or inner product runs in index order within
// its thread, so the bits are the CPU backend's (this file is compiled with --fmad=false).
#include <cuda_runtime.h>

#include <string>
#include <type_traits>
#include <vector>

#include "gpu_eval/cuda_device.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kMaxRank = 8;

// The broadcast plan as a kernel argument.
struct DevicePlan {
  int rank = 0;
  std::int64_t dims[kMaxRank] = {};
  std::int64_t a_strides[kMaxRank] = {};
  std::int64_t b_strides[kMaxRank] = {};
};

// Whether a runtime call succeeded. A failure is also taken off the runtime's last-error
// record, so that it does not read as the failure of a later launch.
bool succeeded(cudaError_t e) {
  if (e == cudaSuccess) return true;
  cudaGetLastError();
  return false;
}

// Device memory released when it goes out of scope.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) {
    if (!succeeded(cudaMalloc(&ptr_, bytes == 0 ? 1 : bytes))) ptr_ = nullptr;
  }
  ~DeviceBuffer() {
    if (ptr_ != nullptr) cudaFree(ptr_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return ptr_; }
  bool ok() const { return ptr_ != nullptr; }

 private:
  void* ptr_ = nullptr;
};

bool upload(const Tensor& t, DeviceBuffer& d) {
  return d.ok() &&
         succeeded(cudaMemcpy(d.get(), t.bytes.data(), t.bytes.size(), cudaMemcpyHostToDevice));
}

// Whether the kernel just launched started, and then ran to its end.
bool launched() { return succeeded(cudaGetLastError()) && succeeded(cudaDeviceSynchronize()); }

bool download(const DeviceBuffer& d_out, Tensor& out) {
  return succeeded(
      cudaMemcpy(out.bytes.data(), d_out.get(), out.bytes.size(), cudaMemcpyDeviceToHost));
}

// Copies `out` and the fault flag back after the kernel.
bool download(const DeviceBuffer& d_out, Tensor& out, const DeviceBuffer& d_fault, bool& fault) {
  int flag = 0;
  if (!download(d_out, out) ||
      !succeeded(cudaMemcpy(&flag, d_fault.get(), sizeof flag, cudaMemcpyDeviceToHost))) {
    return false;
  }
  fault = fault || flag != 0;
  return true;
}

unsigned blocks(std::int64_t n) { return static_cast<unsigned>((n + kThreads - 1) / kThreads); }

struct AddOp {
  template <class T>
  __device__ T operator()(T x, T y, bool&) const {
    return kernels::add(x, y);
  }
};
struct SubOp {
  template <class T>
  __device__ T operator()(T x, T y, bool&) const {
    return kernels::sub(x, y);
  }
};
struct MulOp {
  template <class T>
  __device__ T operator()(T x, T y, bool&) const {
    return kernels::mul(x, y);
  }
};
struct DivOp {
  template <class T>
  __device__ T operator()(T x, T y, bool& fault) const {
    return kernels::div(x, y, fault);
  }
};
struct MaximumOp {
  template <class T>
  __device__ T operator()(T x, T y, bool&) const {
    return kernels::maximum(x, y);
  }
};
struct MinimumOp {
  template <class T>
  __device__ T operator()(T x, T y, bool&) const {
    return kernels::minimum(x, y);
  }
};
struct EqualOp {
  template <class T>
  __device__ bool operator()(T x, T y, bool&) const {
    return kernels::equal(x, y);
  }
};
struct LessOp {
  template <class T>
  __device__ bool operator()(T x, T y, bool&) const {
    return kernels::less(x, y);
  }
};
struct GreaterOp {
  template <class T>
  __device__ bool operator()(T x, T y, bool&) const {
    return kernels::greater(x, y);
  }
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
  DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dout(out.bytes.size()), dfault(sizeof(int));
  if (!upload(a, da) || !upload(b, db) || !dout.ok() || !dfault.ok()) return false;
  if (!succeeded(cudaMemset(dfault.get(), 0, sizeof(int)))) return false;
  const std::int64_t n = out.size();
  if (n > 0) {
    binary_kernel<T, R, Op><<<blocks(n), kThreads>>>(
        static_cast<const T*>(da.get()), static_cast<const T*>(db.get()),
        static_cast<R*>(dout.get()), n, plan, op, static_cast<int*>(dfault.get()));
    if (!launched()) return false;
  }
  return download(dout, out, dfault, fault);
}

// Calls f(T{}) with T the element type of `dtype`.
template <class F>
bool with_type(DType dtype, F&& f) {
  switch (dtype) {
    case DType::F32:
      return f(float{});
    case DType::F64:
      return f(double{});
    case DType::I32:
      return f(std::int32_t{});
    case DType::I64:
      return f(std::int64_t{});
    case DType::Bool:
      return f(bool{});
  }
  return false;
}

template <class Op>
bool arithmetic(DType dtype, const DevicePlan& plan, const Tensor& a, const Tensor& b, Tensor& out,
                Op op, bool& fault) {
  return with_type(dtype, [&](auto type) {
    using T = decltype(type);
    if constexpr (std::is_same_v<T, bool>) {
      return false;  // the caller sends no bool arithmetic
    } else {
      return launch_binary<T, T>(plan, a, b, out, op, fault);
    }
  });
}

template <class Op>
bool comparison(DType dtype, const DevicePlan& plan, const Tensor& a, const Tensor& b, Tensor& out,
                Op op, bool& fault) {
  return with_type(dtype, [&](auto type) {
    using T = decltype(type);
    return launch_binary<T, bool>(plan, a, b, out, op, fault);
  });
}

struct NegOp {
  template <class T>
  __device__ T operator()(T x, bool&) const {
    return kernels::neg(x);
  }
};
struct ReluOp {
  template <class T>
  __device__ T operator()(T x, bool&) const {
    return kernels::relu(x);
  }
};
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
  DeviceBuffer da(a.bytes.size()), dout(out.bytes.size()), dfault(sizeof(int));
  if (!upload(a, da) || !dout.ok() || !dfault.ok()) return false;
  if (!succeeded(cudaMemset(dfault.get(), 0, sizeof(int)))) return false;
  const std::int64_t n = out.size();
  if (n > 0) {
    unary_kernel<T, R, Op><<<blocks(n), kThreads>>>(static_cast<const T*>(da.get()),
                                                    static_cast<R*>(dout.get()), n, op,
                                                    static_cast<int*>(dfault.get()));
    if (!launched()) return false;
  }
  return download(dout, out, dfault, fault);
}

// A transposed operand is read in place: row `row` of a^T is column `row` of a (stride m),
// column `col` of b^T is row `col` of b (stride 1).
template <class T>
__global__ void matmul_kernel(const T* a, const T* b, T* out, std::int64_t m, std::int64_t k,
                              std::int64_t n, bool transpose_a, bool transpose_b) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= m * n) return;
  const std::int64_t row = i / n;
  const std::int64_t col = i % n;
  out[i] = kernels::dot_strided<T>(a, transpose_a ? row : row * k, transpose_a ? m : 1, b,
                                   transpose_b ? col * k : col, transpose_b ? 1 : n, k);
}

template <class T>
__global__ void sum_kernel(const T* a, T* out, std::int64_t outer, std::int64_t len,
                           std::int64_t inner) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= outer * inner) return;
  const std::int64_t o = i / inner;
  const std::int64_t r = i % inner;
  out[i] = kernels::sum_strided<T>(a, o * len * inner + r, len, inner);
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
  probe_kernel<<<1, 1>>>(static_cast<int*>(d.get()));
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
    case BuiltinOp::Add:
      return arithmetic(dtype, p, a, b, out, AddOp{}, fault);
    case BuiltinOp::Sub:
      return arithmetic(dtype, p, a, b, out, SubOp{}, fault);
    case BuiltinOp::Mul:
      return arithmetic(dtype, p, a, b, out, MulOp{}, fault);
    case BuiltinOp::Div:
      return arithmetic(dtype, p, a, b, out, DivOp{}, fault);
    case BuiltinOp::Maximum:
      return arithmetic(dtype, p, a, b, out, MaximumOp{}, fault);
    case BuiltinOp::Minimum:
      return arithmetic(dtype, p, a, b, out, MinimumOp{}, fault);
    case BuiltinOp::Equal:
      return comparison(dtype, p, a, b, out, EqualOp{}, fault);
    case BuiltinOp::Less:
      return comparison(dtype, p, a, b, out, LessOp{}, fault);
    case BuiltinOp::Greater:
      return comparison(dtype, p, a, b, out, GreaterOp{}, fault);
    default:
      return false;
  }
}

bool unary(BuiltinOp op, const Tensor& a, Tensor& out, bool& fault) {
  return with_type(a.dtype, [&](auto from) {
    using From = decltype(from);
    if (op == BuiltinOp::Cast) {
      return with_type(out.dtype, [&](auto to) {
        using To = decltype(to);
        return launch_unary<From, To>(a, out, CastOp<To>{}, fault);
      });
    }
    if constexpr (std::is_same_v<From, bool>) {
      return false;  // the caller sends no bool Neg or Relu
    } else {
      return op == BuiltinOp::Neg ? launch_unary<From, From>(a, out, NegOp{}, fault)
                                  : launch_unary<From, From>(a, out, ReluOp{}, fault);
    }
  });
}

bool matmul(const Tensor& a, const Tensor& b, std::int64_t m, std::int64_t k, std::int64_t n,
            bool transpose_a, bool transpose_b, Tensor& out) {
  return with_type(a.dtype, [&](auto type) {
    using T = decltype(type);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dout(out.bytes.size());
      if (!upload(a, da) || !upload(b, db) || !dout.ok()) return false;
      if (m * n > 0) {
        matmul_kernel<T><<<blocks(m * n), kThreads>>>(
            static_cast<const T*>(da.get()), static_cast<const T*>(db.get()),
            static_cast<T*>(dout.get()), m, k, n, transpose_a, transpose_b);
        if (!launched()) return false;
      }
      return download(dout, out);
    }
  });
}

bool sum_axis(const Tensor& a, std::int64_t outer, std::int64_t len, std::int64_t inner,
              Tensor& out) {
  return with_type(a.dtype, [&](auto type) {
    using T = decltype(type);
    if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      DeviceBuffer da(a.bytes.size()), dout(out.bytes.size());
      if (!upload(a, da) || !dout.ok()) return false;
      if (outer * inner > 0) {
        sum_kernel<T><<<blocks(outer * inner), kThreads>>>(
            static_cast<const T*>(da.get()), static_cast<T*>(dout.get()), outer, len, inner);
        if (!launched()) return false;
      }
      return download(dout, out);
    }
  });
}

bool concat(const cpu::BlockPlan& plan, std::span<const Tensor* const> args, Tensor& out) {
  DeviceBuffer dout(out.bytes.size());
  if (!dout.ok()) return false;
  const std::int64_t stride = total(plan.blocks);
  std::int64_t offset = 0;
  for (std::size_t k = 0; k < args.size(); ++k) {
    DeviceBuffer in(args[k]->bytes.size());
    if (!upload(*args[k], in) || !copy_blocks(in.get(), plan.blocks[k], 0, dout.get(), stride,
                                              offset, plan.outer, plan.blocks[k])) {
      return false;
    }
    offset += plan.blocks[k];
  }
  return download(dout, out);
}

bool split(const cpu::BlockPlan& plan, const Tensor& a, std::vector<Tensor>& outs) {
  DeviceBuffer da(a.bytes.size());
  if (!upload(a, da)) return false;
  const std::int64_t stride = total(plan.blocks);
  std::int64_t offset = 0;
  for (std::size_t k = 0; k < outs.size(); ++k) {
    DeviceBuffer dout(outs[k].bytes.size());
    if (!dout.ok() ||
        !copy_blocks(da.get(), stride, offset, dout.get(), plan.blocks[k], 0, plan.outer,
                     plan.blocks[k]) ||
        !download(dout, outs[k])) {
      return false;
    }
    offset += plan.blocks[k];
  }
  return true;
}

}  // namespace tfmc::eval::cuda
