// TensorFlow's softmax family on the CPU, f32 only (else Error(type)), over the last dimension
// (the classes) of each row, each following TensorFlow 2.21's Eigen kernels step by step
// (SoftmaxEigenImpl, XentEigenImpl, SparseXentEigenImpl) and giving their bits
// (tools/tf/make_softmax_cases.py):
//   m = the row's maximum (Eigen's MaxReducer: a NaN term is passed over)
//   s = x - m
//   t = the row's sum of Exp(s) in Eigen's reduction order (reduction_order.h), each Exp
//       taken inside the sum: by Eigen's packet approximation on the terms of the row's whole
//       8-float packets, by std::exp on the rest (cpu_transcendental_ops.h)
// except Softmax, which stores e = Exp(s) over the flat tensor first (whole packets of the
// flat tensor and tail) and sums those e. Where a step maps the vector of rows (Log of t), its
// whole packets are those of that vector.
//   Softmax(x):    e * (1 / t), 1 / t exact (TensorFlow's Eigen approximates it on whole
//                  packets of rows, TensorFlow's oneDNN computes Softmax its own way: FORMAT.md,
//                  "The softmax family as TensorFlow rounds it"); x of rank 1 to 5 (else
//                  Error(shape), as oneDNN refuses others)
//   LogSoftmax(x): s - Log(t); x of rank >= 1 (else Error(shape))
//   SoftmaxCrossEntropyWithLogits(logits, labels): logits and labels broadcast to a matrix
//     [rows, classes] (else Error(shape)); loss[r] = the row's sum of labels * (Log(t) - s),
//     backprop = Exp(s) over the flat matrix / t - labels
//   SparseSoftmaxCrossEntropyWithLogits(logits, labels): logits [rows, classes] with
//     classes >= 1, labels i32/i64 [rows] (else Error(shape), Error(type)); every label in
//     [0, classes) (else Error(shape), as TensorFlow's CPU kernel refuses it);
//     loss[r] = std::log(t) - s[label], summed onto +0 with the row's zeros;
//     backprop = Exp(s) over the flat matrix / t - (1 at the label, else 0)
#pragma once

#include "gpu_eval/cpu_tensor_access.h"

namespace tfmc::eval::cpu {

EvalResult softmax(const Tensor& logits);
EvalResult log_softmax(const Tensor& logits);
EvalResult softmax_cross_entropy(const Tensor& logits, const Tensor& labels);
EvalResult sparse_softmax_cross_entropy(const Tensor& logits, const Tensor& labels);

}  // namespace tfmc::eval::cpu
