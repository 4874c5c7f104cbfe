// On-demand benchmark of the CPU backend's MatMul: for square f32 matrices of 64 to 1024, the
// time of CpuEvaluator's blocked MatMul against the element-by-element inner products it must
// equal (kernels::inner_product per output element, the definition), measured in one run on one
// core, with the ratio, the GFLOP/s, and a bit-for-bit comparison of the two results; then
// three chained 512 x 512 MatMuls, the figure issue 12 names. Where a CUDA device exists, the
// CUDA backend's MatMul of each size too (its time includes the copies to and from the
// device), with its ratio to the blocked CPU MatMul and a bit-for-bit comparison.
//
//   tfmc_matmul_bench [MAX_SIZE]    (default 1024)
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"
#include "gpu_eval/inner_products.h"

namespace {

using namespace tfmc::eval;
using Clock = std::chrono::steady_clock;

Tensor random_matrix(std::int64_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  Tensor t{DType::F32, {n, n}, std::vector<std::uint8_t>(n * n * sizeof(float))};
  for (std::int64_t i = 0; i < n * n; ++i) cpu::store<float>(t, i, value(rng));
  return t;
}

Tensor product(Evaluator& evaluator, const Tensor& a, const Tensor& b) {
  const Tensor* args[] = {&a, &b};
  return std::get<std::vector<Tensor>>(evaluator.evaluate(BuiltinOp::MatMul, {}, args)).at(0);
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

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t max_size = argc > 1 ? std::atoll(argv[1]) : 1024;
  std::mt19937 rng(12);
  CpuEvaluator evaluator;
  fmt::print("{:>6} {:>12} {:>12} {:>8} {:>10} {:>6}\n", "n", "blocked_s", "reference_s", "ratio",
             "GFLOP/s", "same");
  for (std::int64_t n = 64; n <= max_size; n *= 2) {
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
    const double gpu = seconds([&] { on_device = product(device, x, y); });
    const double cpu = seconds([&] { on_cpu = product(evaluator, x, y); });
    const bool equal = on_device.bytes == on_cpu.bytes;
    same = same && equal;
    fmt::print("{:>6} {:>12.4f} {:>12.4f} {:>8.1f} {:>6}\n", n, gpu, cpu, cpu / gpu,
               equal ? "yes" : "NO");
  }
  return same ? 0 : 1;
}
