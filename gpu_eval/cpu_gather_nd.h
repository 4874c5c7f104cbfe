// The CPU kernel of TensorFlow's GatherNd (and of ResourceGatherNd's gather, FORMAT.md,
// "Operations").
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// GatherNd(params, indices): indices (i32 or i64, else Error(type)) of shape [..., K], K at most
// params' rank (else Error(shape)), each K-tuple the position of the slice
// params[i0, ..., iK-1]; the result, of shape indices.shape[:-1] + params.shape[K:], holds
// them in order. A tuple outside params' shape is Error(shape), as TensorFlow's CPU kernel
// refuses it.
EvalResult gather_nd(const Tensor& params, const Tensor& indices);

}  // namespace tfmc::eval::cpu
