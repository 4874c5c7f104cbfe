// On-demand benchmark of the CPU backend's MatMul: for square f32 matrices of 64 to MAX_SIZE
// (at most 1024 here: the definition is slow), the time of CpuEvaluator's blocked MatMul
// against the element-by-element inner products it must equal (kernels::inner_product per
// output element, the definition), measured in one run on one core, with the ratio, the
// GFLOP/s, and a bit-for-bit comparison of the two results; then three chained 512 x 512
// MatMuls. Where a CUDA device exists, the CUDA backend's MatMul of each size from 64 to
// MAX_SIZE too (its time includes the copies to and from the device), with its ratio to the
// blocked CPU MatMul and a bit-for-bit comparison; and a batch of 64 MatMuls of 256 x 256
// operands (all distinct, then one right operand shared) evaluated at once (one launch group:
// cuda_batch_plan.h) against the CPU backend evaluating them one by one, with where the
// device's time went (cuda::last_batch_phases; also for single calls of 512 and more). The
// device's figures and the CPU's they are compared with are each the median of three runs.
//
//   tfmc_matmul_bench [MAX_SIZE]    (default 1024)
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"
#include "gpu_eval/inner_products.h"

namespace {

using namespace tfmc::eval;
using Clock = std::chrono::steady_clock;

constexpr int kBatch = 64;

Tensor random_matrix(std::int64_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  Tensor t{DType::F32, {n, n}, std::vector<std::uint8_t>(n * n * sizeof(float))};
  for (std::int64_t i = 0; i < n * n; ++i) cpu::store<float>(t, i, value(rng));
  return t;
}

// The result moved out, not copied: a copy's first touch of its fresh pages cost the device
// run more than its kernel (22 ms of a 28 ms 2048 x 2048 product on an H200 machine).
Tensor product(Evaluator& evaluator, const Tensor& a, const Tensor& b) {
  const Tensor* args[] = {&a, &b};
  EvalResult result = evaluator.evaluate(BuiltinOp::MatMul, {}, args);
  return std::move(std::get<std::vector<Tensor>>(result).at(0));
}

Tensor reference_product(const Tensor& a, const Tensor& b) {
  const std::int64_t n = a.shape[0];
  Tensor out{DType::F32, {n, n}, std::vector<std::uint8_t>(a.bytes.size())};
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      cpu::store<float>(
          out, i * n + j,
          kernels::inner_product<float>(kernels::InnerProductOrder::Fused, cpu::view<float>(a),
                                        i * n, 1, cpu::view<float>(b), j, n, n));
    }
  }
  return out;
}

template <class F>
double seconds(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The median of three runs: the device's first call of a larger size grows its buffers
// (cuda_memory.cuh Staging), a cost an exploration pays once, not per call.
template <class F>
double median_of_three(F&& f) {
  double t[3];
  for (double& s : t) s = seconds(f);
  std::sort(t, t + 3);
  return t[1];
}

// Where the device's time went in a run of `total` seconds, the copies' rates beside it: how
// far the call is from the bus's bound.
void print_phases(const cuda::BatchPhases& p, double total) {
  const auto rate = [](std::size_t bytes, double s) { return s > 0 ? bytes / s / 1e9 : 0.0; };
  const double other = total - (p.pack + p.upload + p.compute + p.download + p.unpack);
  fmt::print(
      "  its phases (ms): pack {:.2f}, copy in {:.2f} ({:.1f} MB at {:.1f} GB/s), kernel {:.2f}, "
      "copy out {:.2f} ({:.1f} MB at {:.1f} GB/s), unpack {:.2f}, outside the launch {:.2f}\n",
      p.pack * 1e3, p.upload * 1e3, p.upload_bytes / 1e6, rate(p.upload_bytes, p.upload),
      p.compute * 1e3, p.download * 1e3, p.download_bytes / 1e6, rate(p.download_bytes, p.download),
      p.unpack * 1e3, other * 1e3);
}

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t max_size = argc > 1 ? std::atoll(argv[1]) : 1024;
  std::mt19937 rng(12);
  CpuEvaluator evaluator;
  fmt::print("{:>6} {:>12} {:>12} {:>8} {:>10} {:>6}\n", "n", "blocked_s", "reference_s", "ratio",
             "GFLOP/s", "same");
  for (std::int64_t n = 64; n <= std::min<std::int64_t>(max_size, 1024); n *= 2) {
    const Tensor a = random_matrix(n, rng);
    const Tensor b = random_matrix(n, rng);
    Tensor fast, slow;
    const double blocked = seconds([&] { fast = product(evaluator, a, b); });
    const double reference = seconds([&] { slow = reference_product(a, b); });
    const double flops =
        2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
    fmt::print("{:>6} {:>12.4f} {:>12.4f} {:>8.1f} {:>10.2f} {:>6}\n", n, blocked, reference,
               reference / blocked, flops / blocked / 1e9, fast.bytes == slow.bytes ? "yes" : "NO");
  }
  const Tensor a = random_matrix(512, rng);
  Tensor chained;
  const double blocked = seconds(
      [&] { chained = product(evaluator, product(evaluator, product(evaluator, a, a), a), a); });
  Tensor expected;
  const double reference = seconds(
      [&] { expected = reference_product(reference_product(reference_product(a, a), a), a); });
  fmt::print(
      "three chained 512x512 f32 MatMuls: blocked {:.3f} s, element by element {:.3f} s, "
      "ratio {:.1f}, same bits: {}\n",
      blocked, reference, reference / blocked, chained.bytes == expected.bytes ? "yes" : "NO");
  bool same = chained.bytes == expected.bytes;
  if (!cuda::available()) {
    fmt::print("GPU: {}\n", cuda::describe());
    return same ? 0 : 1;
  }
  fmt::print("GPU: {}\n{:>6} {:>12} {:>12} {:>8} {:>6}\n", cuda::describe(), "n", "gpu_s",
             "blocked_s", "ratio", "same");
  CudaEvaluator device;
  product(device, a, a);  // the first call starts the CUDA runtime: not timed
  for (std::int64_t n = 64; n <= max_size; n *= 2) {
    const Tensor x = random_matrix(n, rng);
    const Tensor y = random_matrix(n, rng);
    Tensor on_device, on_cpu;
    const double gpu = median_of_three([&] { on_device = product(device, x, y); });
    const double cpu = median_of_three([&] { on_cpu = product(evaluator, x, y); });
    const bool equal = on_device.bytes == on_cpu.bytes;
    same = same && equal;
    fmt::print("{:>6} {:>12.4f} {:>12.4f} {:>8.1f} {:>6}\n", n, gpu, cpu, cpu / gpu,
               equal ? "yes" : "NO");
    // The last device run's phases (the median run's total beside them).
    if (n >= 512) print_phases(cuda::last_batch_phases(), gpu);
  }
  std::vector<Tensor> operands;
  for (int k = 0; k < 2 * kBatch; ++k) operands.push_back(random_matrix(256, rng));
  for (const bool shared : {false, true}) {
    std::vector<EvalRequest> batch;
    for (int k = 0; k < kBatch; ++k) {
      batch.push_back(
          {BuiltinOp::MatMul, {}, {&operands[2 * k], &operands[shared ? 1 : 2 * k + 1]}});
    }
    std::vector<EvalResult> on_device, on_cpu;
    const std::uint64_t launches_before = device.launches();
    // The device's three runs each with its phases, so that the phases printed are the median
    // run's.
    std::vector<std::pair<double, cuda::BatchPhases>> runs;
    for (int run = 0; run < 3; ++run) {
      const double s = seconds([&] { on_device = device.evaluate_batch(batch); });
      runs.emplace_back(s, cuda::last_batch_phases());
    }
    std::sort(runs.begin(), runs.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    const auto [gpu, phases] = runs[1];
    const double cpu = median_of_three([&] { on_cpu = evaluator.evaluate_batch(batch); });
    bool equal = true;
    for (int k = 0; k < kBatch; ++k) {
      equal = equal && std::get<std::vector<Tensor>>(on_device[k])[0].bytes ==
                           std::get<std::vector<Tensor>>(on_cpu[k])[0].bytes;
    }
    same = same && equal;
    fmt::print(
        "a batch of {} 256x256 f32 MatMuls, {}: GPU {:.4f} s in {} launch(es), CPU {:.4f} s, "
        "ratio {:.1f}, same bits: {}\n",
        kBatch, shared ? "one right operand" : "distinct operands", gpu,
        (device.launches() - launches_before) / 3, cpu, cpu / gpu, equal ? "yes" : "NO");
    print_phases(phases, gpu);
  }
  return same ? 0 : 1;
}
