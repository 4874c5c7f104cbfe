// The CPU backend's Cumsum, as TensorFlow's CPU kernel (Eigen's scan) computes it: along the
// axis, one running sum per line that starts at +0 and adds the terms one by one in index
// order (from the last with `reverse`); each result is the sum after its own term, or before
// it when `exclusive` (so the first exclusive result is +0, and a running sum of -0 is +0).
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// Cumsum(x, axis): axis a scalar i32 or i64 in [-rank, rank), else Error(type) for another
// dtype and Error(shape) for another rank or a value out of range (so a scalar x always gives
// Error(shape)); a bool x is Error(type). Integers wrap.
EvalResult cumsum(const Tensor& x, const Tensor& axis, bool exclusive, bool reverse);

}  // namespace tfmc::eval::cpu
