// Swish x * sigmoid(x) as TensorFlow 2.21's _MklSwish computes it on the CPU: oneDNN's
// element-wise swish (eltwise_swish, alpha 1, its JIT kernel for AVX-512 and AVX2 processors,
// both with FMA), which TensorFlow's graph optimizer runs in place of Mul(x, Sigmoid(x))
// (semantics/graphdef/arithmetic_rewrites.h). Every element is computed alike, whatever its
// position:
//   e = exp(-|x|) by oneDNN's exp: -|x| clamped to [ln FLT_MIN, ln FLT_MAX], n = floor(x log2 e
//       + 1/2) (a product and a sum, each rounded), r = x - n ln 2 (fused), a degree-5
//       polynomial in r by fused multiply-adds, times 2^(n-1), times 2; 0 below ln FLT_MIN;
//   s = e / (e + 1) where x has its sign bit set, 1 - e / (e + 1) where not;
//   the result x * s.
// f32 only (else Error(type)); the result has the argument's shape. Measured bit for bit
// against TensorFlow with tools/tf/make_swish_graph.py; called under the CPU evaluator's
// flush-to-zero/denormals-are-zero mode, as TensorFlow's kernels run.
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// One element.
float onednn_swish_element(float x);
EvalResult onednn_swish(const Tensor& x);

}  // namespace tfmc::eval::cpu
