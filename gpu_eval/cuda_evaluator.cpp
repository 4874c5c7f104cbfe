#include "gpu_eval/cuda_evaluator.h"

#include <vector>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"

namespace tfmc::eval {

std::optional<std::vector<EvalResult>> CudaEvaluator::run_group(const cuda::BatchGroup& group) {
  const cuda::DeviceCall& call = group.call;
  std::vector<Tensor> outs;
  outs.reserve(group.requests.size());
  // Shapes only: the device side makes each result's bytes as it unpacks them (cuda_device.h).
  for (std::size_t i = 0; i < group.requests.size(); ++i) {
    outs.push_back(Tensor{call.result_dtype, call.result_shape, {}});
  }
  std::vector<std::uint8_t> faults(outs.size(), 0);
  const cuda::BatchOperands in{group.operands, group.first, group.second};
  bool ran = false;
  switch (call.kernel) {
    case cuda::DeviceKernel::Binary:
      ran = cuda::binary_batch(group.op, call.operand_dtype, call.broadcast, in, outs, faults);
      break;
    case cuda::DeviceKernel::Unary:
      ran = cuda::unary_batch(group.op, in, outs, faults);
      break;
    case cuda::DeviceKernel::MatMul:
      ran = cuda::matmul_batch(in, call.m, call.k, call.n, group.transpose_a, group.transpose_b,
                               outs);
      break;
    case cuda::DeviceKernel::BatchMatMul:
      ran = cuda::batch_matmul_batch(in, call.broadcast, call.m, call.k, call.n, call.adj_x,
                                     call.adj_y, outs);
      break;
    case cuda::DeviceKernel::Convolution:
      ran = cuda::convolution_batch(conv::Pass::Forward, in, call.geometry, outs);
      break;
    case cuda::DeviceKernel::ConvolutionInputGrad:
      ran = cuda::convolution_batch(conv::Pass::InputGrad, in, call.geometry, outs);
      break;
    case cuda::DeviceKernel::ConvolutionFilterGrad:
      ran = cuda::convolution_batch(conv::Pass::FilterGrad, in, call.geometry, outs);
      break;
    case cuda::DeviceKernel::Reduction:
      ran = cuda::reduction_batch(group.op, call.reduction, in, outs);
      break;
    case cuda::DeviceKernel::MaxMin:
      ran =
          cuda::max_min_batch(group.op == BuiltinOp::Max, call.operand_dtype, call.fold, in, outs);
      break;
    case cuda::DeviceKernel::Concat:
    case cuda::DeviceKernel::Split:
      break;  // never grouped: run_copy
  }
  if (!ran) return std::nullopt;
  ++launches_;
  std::vector<EvalResult> results;
  results.reserve(outs.size());
  for (std::size_t i = 0; i < outs.size(); ++i) {
    if (faults[i] != 0) {
      results.emplace_back(ErrorKind::Arithmetic);
    } else {
      results.emplace_back(cpu::single(std::move(outs[i])));
    }
  }
  return results;
}

std::optional<EvalResult> CudaEvaluator::run_copy(const cuda::DeviceCall& call, BuiltinOp op,
                                                  std::span<const Tensor* const> args) {
  if (op == BuiltinOp::Concat) {
    Tensor out = cpu::make_tensor(call.operand_dtype, call.blocks.shapes[0]);
    if (!cuda::concat(call.blocks, args, out)) return std::nullopt;
    return cpu::single(std::move(out));
  }
  std::vector<Tensor> outs;
  for (const cpu::Shape& shape : call.blocks.shapes) {
    outs.push_back(cpu::make_tensor(call.operand_dtype, shape));
  }
  if (!cuda::split(call.blocks, *args[0], outs)) return std::nullopt;
  return outs;
}

std::vector<EvalResult> CudaEvaluator::evaluate_batch(std::span<const EvalRequest> requests) {
  const cuda::BatchPlan plan = cuda::plan_batch(requests, thresholds_);
  // Asked only here: a batch with nothing for the device does not start the CUDA runtime.
  const bool device = (!plan.groups.empty() || !plan.copies.empty()) && cuda::available();
  std::vector<std::optional<EvalResult>> results(requests.size());
  std::vector<std::size_t> on_cpu = plan.cpu;
  for (const cuda::BatchGroup& group : plan.groups) {
    std::optional<std::vector<EvalResult>> ran;
    if (device) ran = run_group(group);
    if (!ran) {
      on_cpu.insert(on_cpu.end(), group.requests.begin(), group.requests.end());
      continue;
    }
    device_calls_ += group.requests.size();
    for (std::size_t i = 0; i < group.requests.size(); ++i) {
      results[group.requests[i]] = std::move((*ran)[i]);
    }
  }
  for (const cuda::DeviceCopy& copy : plan.copies) {
    const EvalRequest& r = requests[copy.request];
    if (device) results[copy.request] = run_copy(copy.call, r.op, r.args);
    if (results[copy.request]) {
      ++device_calls_;
    } else {
      on_cpu.push_back(copy.request);
    }
  }
  for (std::size_t i : on_cpu) {
    const EvalRequest& r = requests[i];
    results[i] = cpu_.evaluate(r.op, r.attrs, r.args);
    ++cpu_calls_;
  }
  std::vector<EvalResult> out;
  out.reserve(results.size());
  for (std::optional<EvalResult>& r : results) out.push_back(std::move(*r));
  return out;
}

EvalResult CudaEvaluator::evaluate(BuiltinOp op, const OpAttrs& attrs,
                                   std::span<const Tensor* const> args) {
  // Most calls of most programs are small: they go straight to the CPU, unplanned.
  const std::optional<cuda::DeviceCall> call = cuda::device_call(op, attrs, args);
  if (!call || call->work < thresholds_.of(*call)) {
    ++cpu_calls_;
    return cpu_.evaluate(op, attrs, args);
  }
  const EvalRequest request{op, attrs, {args.begin(), args.end()}};
  return std::move(evaluate_batch({&request, 1})[0]);
}

bool CudaEvaluator::prefers_batches() const { return batches_ && cuda::available(); }

}  // namespace tfmc::eval
