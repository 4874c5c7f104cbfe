// The CPU kernel of TensorFlow's Unique, which the sparse optimizers' graphs use to sum the
// gradient rows of duplicate indices before they update a variable (FORMAT.md, "Operations").
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// Unique(x) of a rank-1 tensor (else Error(shape)): y, x's distinct values in the order they
// first occur, and idx (dtype `index`, i32 or i64), each element's position in y. Values are
// compared with ==, as TensorFlow's hash map compares them: -0 and +0 are one value (the first
// one seen is kept) and every NaN is a value of its own.
EvalResult unique(const Tensor& x, DType index);

}  // namespace tfmc::eval::cpu
