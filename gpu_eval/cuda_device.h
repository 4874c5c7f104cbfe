// The CUDA backend's device side, behind a plain C++ interface (no CUDA types), so that the
// rest of tfmc compiles without nvcc. Each call copies its operands to the device, runs one
// kernel whose per-element arithmetic is the shared body of element_kernels.h or
// inner_products.h (compiled with --fmad=false, no atomics in float arithmetic, each inner
// product in TensorFlow's order by one thread), and copies the result back: the bytes are
// those the CPU backend computes.
//
// Operands and results are row-major element bytes of the dtype given; the caller has checked
// dtypes and shapes as the CPU backend does (cuda_evaluator.h) and sized `out`. Every call
// returns false when the device failed (no device, out of memory, a launch error); `fault` is
// set when an element faulted (integer division by zero, a float to integer cast out of
// range), which makes the whole result Error(arithmetic).
//
// In a build without nvcc (cuda_absent.cpp) available() is false and every call returns false.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/evaluator.h"

namespace tfmc::eval::cuda {

// Whether a CUDA device can run kernels here.
bool available();

// The device's name, or why there is none.
std::string describe();

// Add, Sub, Mul, Div, Maximum, Minimum (result in `dtype`), Equal, Less, Greater (bool result)
// of a and b under `plan` (cpu::broadcast).
bool binary(BuiltinOp op, DType dtype, const cpu::Broadcast& plan, const Tensor& a, const Tensor& b,
            Tensor& out, bool& fault);

// Neg, Relu (result in a's dtype) and Cast to out.dtype, element by element.
bool unary(BuiltinOp op, const Tensor& a, Tensor& out, bool& fault);

// out (m x n) = a times b, each element kernels::inner_product's sum in TensorFlow's order
// for this product: a is m x k (k x m, read transposed, with transpose_a) and b is k x n
// (n x k with transpose_b), as MatMul's attributes say.
bool matmul(const Tensor& a, const Tensor& b, std::int64_t m, std::int64_t k, std::int64_t n,
            bool transpose_a, bool transpose_b, Tensor& out);

// Concat of `args` into `out`, and Split of `a` into `outs`, by the CPU backend's block plan
// (cpu_shape_ops.h): bytes moved, nothing computed.
bool concat(const cpu::BlockPlan& plan, std::span<const Tensor* const> args, Tensor& out);
bool split(const cpu::BlockPlan& plan, const Tensor& a, std::vector<Tensor>& outs);

}  // namespace tfmc::eval::cuda
