// What the device-side files of the CUDA backend share (compiled by nvcc only): device memory
// that frees itself, the one way a kernel is run into a result tensor, the launch shape, and
// the choice of an element type by dtype. Every runtime failure is a false result, never an
// exception; cuda_device.h states what callers make of it.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <optional>
#include <type_traits>

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

// Runs one kernel into `out`, its operands already on the device: the result's memory (and,
// with `fault`, a fault flag cleared to 0) allocated, launch(n, result, flag) called when `out`
// has n > 0 elements (the flag null without `fault`), then the result copied back and a flag
// that a thread set to 1 added to *fault.
template <class R, class Launch>
bool run_kernel(Tensor& out, bool* fault, Launch launch) {
  DeviceBuffer d_out(out.bytes.size());
  std::optional<DeviceBuffer> d_fault;
  if (fault != nullptr) d_fault.emplace(sizeof(int));
  if (!d_out.ok()) return false;
  if (d_fault && !(d_fault->ok() && succeeded(cudaMemset(d_fault->get(), 0, sizeof(int))))) {
    return false;
  }
  const std::int64_t n = out.size();
  if (n > 0) {
    launch(n, d_out.get<R>(), d_fault ? d_fault->get<int>() : nullptr);
    if (!launched()) return false;
  }
  if (!d_out.download(out)) return false;
  if (!d_fault) return true;
  int flag = 0;
  if (!succeeded(cudaMemcpy(&flag, d_fault->get(), sizeof flag, cudaMemcpyDeviceToHost))) {
    return false;
  }
  *fault = *fault || flag != 0;
  return true;
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
