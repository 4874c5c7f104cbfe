// The CPU backend's TensorFlow element-wise ops that do not fit one or two broadcast operands
// of one dtype (cpu_evaluator.cpp's helpers): SelectV2, whose three operands broadcast
// together, and BiasAdd, which adds a 1-D bias along the channel dimension.
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

// TensorFlow's SelectV2: `cond` bool, `t` and `e` of one dtype (Error(type) otherwise); the
// three shapes broadcast together as numpy's (Error(shape) otherwise); each element is t's
// where cond is true, else e's.
EvalResult select_v2(const Tensor& cond, const Tensor& t, const Tensor& e);

// TensorFlow's BiasAdd: `value` + `bias` broadcast along the channel dimension, the last one
// (NHWC) or, with `channels_first` (NCHW), dimension 1. One numeric dtype (Error(type)
// otherwise); value of rank 2 or more and bias 1-D as long as the channel dimension
// (Error(shape) otherwise, as TensorFlow requires).
EvalResult bias_add(const Tensor& value, const Tensor& bias, bool channels_first);

}  // namespace tfmc::eval::cpu
