// TensorFlow's BatchMatMulV2 on the CPU backend: x [..., m, k] times y [..., k, n], each
// operand's matrices read transposed (adj_x, adj_y; real tensors, so the adjoint is the
// transpose), the batch dimensions broadcast as numpy broadcasts them (a missing dimension
// or one of size 1 stretches). Each inner product is summed in the order TensorFlow 2.21's CPU
// kernel sums it (FORMAT.md, "BatchMatMul and Einsum as TensorFlow round them"): f32 fused in
// index order from +0 in every shape and transpose, which is not always MatMul's order;
// other dtypes unfused in index order (integers wrap).
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// The product; Error(type) for mixed dtypes or bool, Error(shape) for a rank below 2, inner
// dimensions that differ, batch dimensions that do not broadcast or a result too large.
EvalResult batch_matmul(const Tensor& x, const Tensor& y, bool adj_x, bool adj_y);

}  // namespace tfmc::eval::cpu
