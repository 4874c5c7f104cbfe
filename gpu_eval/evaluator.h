// The Evaluator interface: applies one built-in tensor function to concrete tensors.
//
// Contract (FORMAT.md, "Arithmetic on concrete tensors" and "Operations"): results are bit-exact on
// every backend. Float arithmetic is IEEE-754 round-to-nearest in the tensor's dtype without fused
// multiply-add; Sum, Prod and Mean reduce in TensorFlow's CPU order (cpu_reductions.h), and
// MatMul's inner products round as TensorFlow's kernel does (inner_products.h). Element-wise
// binary functions use numpy broadcasting. Subnormals flush to zero (flush_denormals.h). A type
// error is reported before a shape error. Integer arithmetic wraps; a zero integer divisor
// anywhere makes the whole result Error(arithmetic).
//
// Symbolic arguments, error arguments, Identity, Copy, Const and Snd never reach an evaluator:
// the semantics layer handles them (term building, error propagation, pass-through).
//
// Threads: an evaluator takes calls from several threads at once (multi-core exploration).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "gpu_eval/conv_window.h"
#include "gpu_eval/tensor.h"

namespace tfmc::eval {

// The built-in ops, one per TFMC_BUILTIN_OP row of builtin_ops.def, in its order.
enum class BuiltinOp : std::uint8_t {
#define TFMC_BUILTIN_OP(name, ...) name,
#include "gpu_eval/builtin_ops.def"
};

// Attributes after validation by the semantics layer. `axis` is as written (may be negative;
// the evaluator normalizes it against the argument's rank and gives Error(shape) when out of
// range); Concat's, Split's, Sum's, Mean's, Prod's and Pack's. `num` is Split's output count
// (>= 1). `to` is Cast's target, Shape's result dtype and ArgMax's and ArgMin's index dtype (i32
// or i64). `shape` is Reshape's target (at most one -1). `transpose_a`, `transpose_b`: MatMul's.
// `keep_dims`: Sum's, Mean's, Prod's, Max's, Min's, All's and Any's. `exclusive`, `reverse`:
// Cumsum's. `channels_first`: BiasAdd's and BiasAddGrad's data_format, NCHW (the channel is
// dimension 1) rather than NHWC (the last dimension). `use_nesterov` (MomentumStep, AdamStep),
// `update_slots` (AdagradStep, AdagradV2Step; true unless set false) and `multiply_linear_by_lr`
// (FtrlStep, FtrlV2Step): the optimizers' TensorFlow attributes.
// The stateless random ops keep their result's `dtype` in `to`.
//
// The tensor-input forms take what an attribute would say as a tensor argument, as
// TensorFlow does: Sum(x, axes), Reshape(x, shape), Split(axis, x), ConcatV2(x..., axis),
// Fill(dims, value), Tile(x, multiples). Such an argument must be an i32 or i64 tensor
// (Error(type) otherwise) of rank 0 or 1 as the op needs (Error(shape) otherwise).
//
// The shape and index ops (cpu_layout_ops.h, cpu_slice_ops.h, cpu_pad_ops.h, cpu_index_ops.h):
// `squeeze_dims` is Squeeze's (empty: every dimension of size 1), `masks` StridedSlice's,
// `batch_dims` GatherV2's, `symmetric` MirrorPad's mode (SYMMETRIC, else REFLECT). OneHot
// takes `axis` (default -1); ShapeN, Size take `to` as their out_type; ShapeN's `num` is its
// argument count. `adj_x`, `adj_y` are BatchMatMulV2's; `equation` is Einsum's, in
// TensorFlow's syntax ("abc,cde->abde").
//
// The convolutions (cpu_convolution.h) take `window` and, as data_format, `channels_first`.
// The pooling ops (cpu_pooling.h): `ksize` and window.strides are TensorFlow's 4-entry lists
// (the V2 forms take them as arguments), window.padding SAME or VALID.
struct StridedSliceMasks {
  std::int64_t begin_mask = 0;
  std::int64_t end_mask = 0;
  std::int64_t ellipsis_mask = 0;
  std::int64_t new_axis_mask = 0;
  std::int64_t shrink_axis_mask = 0;

  friend bool operator==(const StridedSliceMasks&, const StridedSliceMasks&) = default;
};

struct OpAttrs {
  std::optional<std::int64_t> axis;
  std::int64_t num = 1;
  DType to = DType::F32;
  std::vector<std::int64_t> shape;
  bool transpose_a = false;
  bool transpose_b = false;
  bool keep_dims = false;
  bool channels_first = false;
  bool use_nesterov = false;
  bool update_slots = true;
  bool multiply_linear_by_lr = false;
  bool exclusive = false;
  bool reverse = false;
  std::vector<std::int64_t> squeeze_dims;
  StridedSliceMasks masks;
  std::int64_t batch_dims = 0;
  bool symmetric = false;
  ConvWindow window;
  std::vector<std::int64_t> ksize;  // the pooling ops' window
  bool adj_x = false;
  bool adj_y = false;
  std::string equation;

  friend bool operator==(const OpAttrs&, const OpAttrs&) = default;
};

// Either the op's results (one tensor per output) or the error every output carries.
using EvalResult = std::variant<std::vector<Tensor>, ErrorKind>;

// One call of a batch: the op, its attributes and its arguments (which outlive the batch).
struct EvalRequest {
  BuiltinOp op;
  OpAttrs attrs;
  std::vector<const Tensor*> args;
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual EvalResult evaluate(BuiltinOp op, const OpAttrs& attrs,
                              std::span<const Tensor* const> args) = 0;
  // The results of `requests`, in their order, each what evaluate would give. A backend that
  // gains from many calls at once (a device) says so with prefers_batches(), and the explorer
  // then gathers the evaluations a group of states needs into one batch (function.h).
  virtual std::vector<EvalResult> evaluate_batch(std::span<const EvalRequest> requests) {
    std::vector<EvalResult> out;
    out.reserve(requests.size());
    for (const EvalRequest& r : requests) out.push_back(evaluate(r.op, r.attrs, r.args));
    return out;
  }
  virtual bool prefers_batches() const { return false; }
};

// Number of tensor outputs of `op` under `attrs`: its `outputs` in builtin_ops.def (Split,
// ShapeN: num; StatelessRandomGetKeyCounter: 2; StatelessRandomGetKeyCounterAlg: 3; all others: 1).
int output_count(BuiltinOp op, const OpAttrs& attrs);

}  // namespace tfmc::eval
