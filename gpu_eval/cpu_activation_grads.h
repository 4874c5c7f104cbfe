// The gradients of TensorFlow's element-wise activations that take the activation's output y
// and the incoming gradient dy (TensorFlow's argument order): RsqrtGrad, SigmoidGrad and
// TanhGrad. Floats only (else Error(type)); y and dy of one dtype and one shape, as
// TensorFlow's kernels require (else Error(shape)). Each rounds as TensorFlow 2.21's CPU
// functor does, measured with tools/tf/make_activation_grad_cases.py:
//   RsqrtGrad   0 - (0.5 * (dy * y)) * (y * y); +0 where dy is zero, whatever y is
//   TanhGrad    dy * (1 - y * y)
//   SigmoidGrad dy * (y * (1 - y)) on TensorFlow's whole SIMD packets, the elements before the
//               last multiple of 8 (f32) or 4 (f64), and (dy * y) * (1 - y) on the rest: its
//               Eigen functor associates the products differently in its packet and scalar
//               forms.
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

EvalResult rsqrt_grad(const Tensor& y, const Tensor& dy);
EvalResult sigmoid_grad(const Tensor& y, const Tensor& dy);
EvalResult tanh_grad(const Tensor& y, const Tensor& dy);

}  // namespace tfmc::eval::cpu
