// What the device-side files of the CUDA backend share (compiled by nvcc only): device memory
// that frees itself, the lock that gives the device to one call at a time, the one way a
// batch of calls is run (one copy in, one launch, one copy out, through buffers kept between
// calls), the launch shape, and the choice of an element type by dtype. Every runtime failure
// is a false result, never an exception; cuda_device.h states what callers make of it.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <type_traits>
#include <vector>

#include "gpu_eval/cuda_device.h"
#include "gpu_eval/host_shares.h"
#include "gpu_eval/tensor.h"

namespace tfmc::eval::cuda {

inline constexpr int kThreads = 256;

// Blocks of kThreads threads for n threads.
inline unsigned blocks(std::int64_t n) {
  return static_cast<unsigned>((n + kThreads - 1) / kThreads);
}

// Whether a runtime call succeeded. A failure is also taken off the runtime's last-error
// record, so that it does not read as the failure of a later launch.
inline bool succeeded(cudaError_t e) {
  if (e == cudaSuccess) return true;
  cudaGetLastError();
  return false;
}

// Whether the kernel just launched started, and then ran to its end.
inline bool launched() {
  return succeeded(cudaGetLastError()) && succeeded(cudaDeviceSynchronize());
}

// Device memory released when it goes out of scope; ok() is false when it could not be had.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) {
    if (!succeeded(cudaMalloc(&ptr_, bytes == 0 ? 1 : bytes))) ptr_ = nullptr;
  }
  // A copy of t's bytes.
  explicit DeviceBuffer(const Tensor& t) : DeviceBuffer(t.bytes.size()) {
    if (ok() &&
        !succeeded(cudaMemcpy(ptr_, t.bytes.data(), t.bytes.size(), cudaMemcpyHostToDevice))) {
      cudaFree(ptr_);
      ptr_ = nullptr;
    }
  }
  ~DeviceBuffer() {
    if (ptr_ != nullptr) cudaFree(ptr_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  bool ok() const { return ptr_ != nullptr; }
  template <class T = void>
  T* get() const {
    return static_cast<T*>(ptr_);
  }
  // Copies the first out.bytes.size() bytes into `out`.
  bool download(Tensor& out) const {
    return succeeded(cudaMemcpy(out.bytes.data(), ptr_, out.bytes.size(), cudaMemcpyDeviceToHost));
  }

 private:
  void* ptr_ = nullptr;
};

// Held through every call of cuda_device.h: the device's buffers below serve one call at a
// time, and a call's launches and copies must not interleave with another's.
inline std::mutex& device_lock() {
  static std::mutex lock;
  return lock;
}

// Pinned host memory and device memory of one size, kept from call to call and grown (to a
// power of two) when a call needs more: a batch's copies then run at the bus's speed, and no
// call pays for allocations. Used under device_lock().
class Staging {
 public:
  Staging() = default;
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  ~Staging() { release(); }

  // Whether both buffers now hold at least `bytes`.
  bool reserve(std::size_t bytes) {
    if (bytes <= size_) return true;
    release();
    std::size_t size = 1 << 20;
    while (size < bytes) size *= 2;
    if (!succeeded(cudaMallocHost(&host_, size))) {
      host_ = nullptr;
      return false;
    }
    if (!succeeded(cudaMalloc(&device_, size))) {
      release();
      return false;
    }
    size_ = size;
    return true;
  }
  std::uint8_t* host() const { return static_cast<std::uint8_t*>(host_); }
  std::uint8_t* device() const { return static_cast<std::uint8_t*>(device_); }

 private:
  void release() {
    if (host_ != nullptr) cudaFreeHost(host_);
    if (device_ != nullptr) cudaFree(device_);
    host_ = device_ = nullptr;
    size_ = 0;
  }
  void* host_ = nullptr;
  void* device_ = nullptr;
  std::size_t size_ = 0;
};

inline Staging& staging() {
  static Staging buffers;
  return buffers;
}

// The phases of the last run_batch (cuda_device.h, last_batch_phases). Used under device_lock().
inline BatchPhases& batch_phases() {
  static BatchPhases phases;
  return phases;
}

// Seconds since the last call (the first call since `start`), for timing a batch's phases.
class PhaseClock {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Where a batch's parts lie in the staging buffers, in bytes: the operands (each aligned),
// then each call's operand offsets (in elements of the operand type), which the one copy in
// carries; then the results (call i's at i x result_bytes) and a fault flag per call, which
// the one copy out carries.
struct BatchLayout {
  static constexpr std::size_t kAlign = 256;
  static std::size_t aligned(std::size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

  std::vector<std::size_t> operand_at;
  std::size_t offsets_at = 0;
  std::size_t upload_bytes = 0;
  std::size_t results_at = 0;
  std::size_t result_bytes = 0;
  std::size_t faults_at = 0;
  std::size_t total = 0;

  BatchLayout(const BatchOperands& in, std::size_t calls, std::size_t result_bytes_each)
      : result_bytes(result_bytes_each) {
    std::size_t at = 0;
    for (const Tensor* t : in.tensors) {
      operand_at.push_back(at);
      at = aligned(at + t->bytes.size());
    }
    offsets_at = at;
    upload_bytes = offsets_at + 2 * calls * sizeof(std::int64_t);
    results_at = aligned(upload_bytes);
    faults_at = aligned(results_at + calls * result_bytes);
    total = faults_at + calls * sizeof(int);
  }
};

// Runs a group of calls of `in` with T the operands' element type and R the results': packs
// the operands and the per-call offsets into the pinned buffer, copies them in, clears the
// fault flags, calls launch(operands, first, second, results, faults) with device pointers
// (first[i] and second[i]: call i's operands as element offsets from `operands`; second is
// first for a unary op; call i's result at results + i x outs[i].size(), its flag faults[i])
// unless the results are empty, copies results and flags out, and unpacks them into `outs`
// (whose dtype and shape the caller set; their bytes are made here) and `faults` (null when the
// kernel cannot fault). Packing and unpacking run on several threads when large (host_shares.h).
template <class T, class R, class Launch>
bool run_batch(const BatchOperands& in, std::span<Tensor> outs, std::uint8_t* faults,
               Launch launch) {
  const std::lock_guard<std::mutex> hold(device_lock());
  const std::size_t calls = outs.size();
  const std::int64_t elements = calls == 0 ? 0 : outs[0].size();
  const BatchLayout layout(in, calls, static_cast<std::size_t>(elements) * sizeof(R));
  Staging& buffers = staging();
  if (!buffers.reserve(layout.total)) return false;
  std::uint8_t* host = buffers.host();
  std::uint8_t* device = buffers.device();
  BatchPhases& phases = batch_phases();
  phases = BatchPhases{};
  PhaseClock clock;
  std::vector<host::ByteCopy> packing;
  packing.reserve(in.tensors.size());
  for (std::size_t t = 0; t < in.tensors.size(); ++t) {
    packing.push_back(
        {host + layout.operand_at[t], in.tensors[t]->bytes.data(), in.tensors[t]->bytes.size()});
  }
  host::copy_all(packing);
  auto* offsets = reinterpret_cast<std::int64_t*>(host + layout.offsets_at);
  const auto element_offset = [&](std::int32_t operand) {
    return static_cast<std::int64_t>(layout.operand_at[operand] / sizeof(T));
  };
  for (std::size_t i = 0; i < calls; ++i) {
    offsets[i] = element_offset(in.first[i]);
    offsets[calls + i] = element_offset(in.second.empty() ? in.first[i] : in.second[i]);
  }
  phases.pack = clock.lap();
  if (!succeeded(cudaMemcpy(device, host, layout.upload_bytes, cudaMemcpyHostToDevice)) ||
      !succeeded(cudaMemset(device + layout.faults_at, 0, calls * sizeof(int)))) {
    return false;
  }
  phases.upload = clock.lap();
  phases.upload_bytes = layout.upload_bytes;
  if (elements > 0) {
    const auto* first = reinterpret_cast<const std::int64_t*>(device + layout.offsets_at);
    launch(reinterpret_cast<const T*>(device), first, first + calls,
           reinterpret_cast<R*>(device + layout.results_at),
           reinterpret_cast<int*>(device + layout.faults_at));
    if (!launched()) return false;
  }
  phases.compute = clock.lap();
  if (!succeeded(cudaMemcpy(host + layout.results_at, device + layout.results_at,
                            layout.total - layout.results_at, cudaMemcpyDeviceToHost))) {
    return false;
  }
  phases.download = clock.lap();
  phases.download_bytes = layout.total - layout.results_at;
  // Each result's bytes made here, by the share that fills them: its fresh pages are first
  // touched once, in parallel, instead of zeroed by the caller and then overwritten.
  host::for_shares(calls, calls * layout.result_bytes, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint8_t* result = host + layout.results_at + i * layout.result_bytes;
      outs[i].bytes.assign(result, result + layout.result_bytes);
    }
  });
  if (faults != nullptr) {
    const auto* flags = reinterpret_cast<const int*>(host + layout.faults_at);
    for (std::size_t i = 0; i < calls; ++i) faults[i] = flags[i] != 0 ? 1 : 0;
  }
  phases.unpack = clock.lap();
  return true;
}

// A broadcast plan (cpu::broadcast) of at most kMaxBatchRank dimensions as a kernel argument:
// the element-wise kernels' operands under broadcasting and BatchMatMulV2's slices.
struct DeviceBroadcast {
  int rank = 0;
  std::int64_t dims[kMaxBatchRank] = {};
  std::int64_t a_strides[kMaxBatchRank] = {};
  std::int64_t b_strides[kMaxBatchRank] = {};

  // The plan's copy, or false (and nothing set) when it has more dimensions than fit.
  bool set(const cpu::Broadcast& plan) {
    if (plan.shape.size() > kMaxBatchRank) return false;
    rank = static_cast<int>(plan.shape.size());
    for (int d = 0; d < rank; ++d) {
      dims[d] = plan.shape[d];
      a_strides[d] = plan.a_strides[d];
      b_strides[d] = plan.b_strides[d];
    }
    return true;
  }

  // The element offsets in a and in b of element i of the broadcast shape.
  __device__ void offsets(std::int64_t i, std::int64_t& a, std::int64_t& b) const {
    a = b = 0;
    for (int d = rank - 1; d >= 0; --d) {
      const std::int64_t index = i % dims[d];
      i /= dims[d];
      a += index * a_strides[d];
      b += index * b_strides[d];
    }
  }
};

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

// with_type for the number types: callers send no bools to arithmetic, and a bool gives false.
template <class F>
bool with_number_type(DType dtype, F&& f) {
  return with_type(dtype, [&](auto type) {
    if constexpr (std::is_same_v<decltype(type), bool>) {
      return false;
    } else {
      return f(type);
    }
  });
}

}  // namespace tfmc::eval::cuda
