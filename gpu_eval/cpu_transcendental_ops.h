// TensorFlow's element-wise transcendental ops on the CPU: Exp, Log, Sigmoid, Tanh and f32
// Rsqrt. Floats only (else Error(type)); the result has the argument's shape. Each gives
// TensorFlow 2.21's CPU bits, measured with tools/tf/make_transcendental_cases.py and
// make_rsqrt_cases.py: TensorFlow's Eigen computes the elements of whole 8-float packets
// (those before the last multiple of 8) with its packet approximations (eigen_packet_math.h,
// eigen_rsqrt.h) and the rest with scalar code:
//   Exp      pexp_float on packets, std::exp on the rest
//   Log      plog_float on packets, std::log on the rest
//   Sigmoid  Eigen's logistic packet approximation on packets, e / (1 + e) with
//            e = std::exp(min(x, 16.6355324)) on the rest
//   Tanh     ptanh_float everywhere
//   Rsqrt    f32 only: the processor's approximation and a Newton step on packets, whose bits
//            are TensorFlow's on the same processor; 1 / std::sqrt, each rounded, on the rest
#pragma once

#include <cstdint>

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

EvalResult exp(const Tensor& x);
// One element of Exp and Log: `in_packet` when TensorFlow's Eigen reads it in a whole packet.
// Kernels that apply Exp or Log inside a larger expression (cpu_softmax.h) round with these.
float exp_element(float x, bool in_packet);
float log_element(float x, bool in_packet);
// Whether element i of n is in a whole packet (before the last multiple of 8).
bool in_whole_packet(std::int64_t i, std::int64_t n);
EvalResult log(const Tensor& x);
EvalResult sigmoid(const Tensor& x);
EvalResult tanh(const Tensor& x);
EvalResult rsqrt(const Tensor& x);

}  // namespace tfmc::eval::cpu
