#include "gpu_eval/cuda_evaluator.h"

#include <vector>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval {
namespace {

using cpu::Shape;

EvalResult result_of(bool fault, Tensor out) {
  if (fault) return ErrorKind::Arithmetic;
  return cpu::single(std::move(out));
}

}  // namespace

std::optional<EvalResult> CudaEvaluator::on_device(BuiltinOp op, const OpAttrs& attrs,
                                                   std::span<const Tensor* const> args) const {
  // f64 stays on the CPU: the device flushes f32 subnormals as TensorFlow's CPU kernels do
  // (--ftz=true), but never f64 ones (flush_denormals.h).
  for (const Tensor* t : args) {
    if (t->dtype == DType::F64) return std::nullopt;
  }
  bool fault = false;
  if ((kernels::is_arithmetic(op) || kernels::is_comparison(op)) && args.size() == 2) {
    const Tensor& a = *args[0];
    const Tensor& b = *args[1];
    // Bools: only Equal compares them; the CPU backend reports the type error otherwise.
    if (a.dtype != b.dtype || (a.dtype == DType::Bool && op != BuiltinOp::Equal)) {
      return std::nullopt;
    }
    const std::optional<cpu::Broadcast> plan = cpu::broadcast(a.shape, b.shape);
    if (!plan || element_count(plan->shape) < min_elements_) return std::nullopt;
    // Float FloorMod stays on the CPU: it is the host's fmod, whose reading of subnormals under
    // denormals-are-zero (TensorFlow's: 5 mod 1e-40 is NaN, 1e-40 mod 1 is 1e-40) the device's
    // flushing fmodf does not reproduce.
    if (op == BuiltinOp::FloorMod && a.dtype == DType::F32) return std::nullopt;
    Tensor out = cpu::make_tensor(kernels::is_comparison(op) ? DType::Bool : a.dtype, plan->shape);
    if (!cuda::binary(op, a.dtype, *plan, a, b, out, fault)) return std::nullopt;
    return result_of(fault, std::move(out));
  }
  if ((op == BuiltinOp::Neg || op == BuiltinOp::Relu || op == BuiltinOp::Cast) &&
      args.size() == 1) {
    const Tensor& a = *args[0];
    if (op != BuiltinOp::Cast && a.dtype == DType::Bool) return std::nullopt;
    if (a.size() < min_elements_) return std::nullopt;
    Tensor out = cpu::make_tensor(op == BuiltinOp::Cast ? attrs.to : a.dtype, a.shape);
    if (!cuda::unary(op, a, out, fault)) return std::nullopt;
    return result_of(fault, std::move(out));
  }
  if (op == BuiltinOp::MatMul && args.size() == 2) {
    const Tensor& a = *args[0];
    const Tensor& b = *args[1];
    if (a.dtype != b.dtype || a.dtype == DType::Bool || a.shape.size() != 2 ||
        b.shape.size() != 2) {
      return std::nullopt;
    }
    const std::int64_t m = a.shape[attrs.transpose_a ? 1 : 0];
    const std::int64_t k = a.shape[attrs.transpose_a ? 0 : 1];
    const std::int64_t n = b.shape[attrs.transpose_b ? 0 : 1];
    if (b.shape[attrs.transpose_b ? 1 : 0] != k) return std::nullopt;
    const Shape shape = {m, n};
    if (!cpu::representable(shape) || element_count(shape) < min_elements_) return std::nullopt;
    Tensor out = cpu::make_tensor(a.dtype, shape);
    if (!cuda::matmul(a, b, m, k, n, attrs.transpose_a, attrs.transpose_b, out)) {
      return std::nullopt;
    }
    return cpu::single(std::move(out));
  }
  if (op == BuiltinOp::Concat && args.size() >= 2) {
    const auto plan = cpu::plan_concat(args, attrs.axis);
    const auto* p = std::get_if<cpu::BlockPlan>(&plan);
    if (p == nullptr || element_count(p->shapes[0]) < min_elements_) return std::nullopt;
    Tensor out = cpu::make_tensor(args[0]->dtype, p->shapes[0]);
    if (!cuda::concat(*p, args, out)) return std::nullopt;
    return cpu::single(std::move(out));
  }
  if (op == BuiltinOp::Split && args.size() == 1) {
    const auto plan = cpu::plan_split(*args[0], attrs);
    const auto* p = std::get_if<cpu::BlockPlan>(&plan);
    if (p == nullptr || args[0]->size() < min_elements_) return std::nullopt;
    std::vector<Tensor> outs;
    for (const Shape& shape : p->shapes) outs.push_back(cpu::make_tensor(args[0]->dtype, shape));
    if (!cuda::split(*p, *args[0], outs)) return std::nullopt;
    return outs;
  }
  return std::nullopt;
}

EvalResult CudaEvaluator::evaluate(BuiltinOp op, const OpAttrs& attrs,
                                   std::span<const Tensor* const> args) {
  std::optional<EvalResult> r;
  {
    const std::lock_guard<std::mutex> hold(device_);
    r = on_device(op, attrs, args);
  }
  if (r) {
    ++device_calls_;
    return std::move(*r);
  }
  ++cpu_calls_;
  return cpu_.evaluate(op, attrs, args);
}

}  // namespace tfmc::eval
