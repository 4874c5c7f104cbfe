// On-demand benchmark that measures where the CUDA backend beats one CPU core, per kernel family
// (cuda_batch_plan.h DeviceThresholds): for each family and work size, the median time of the
// CPU backend and of the CUDA backend (copies in and out included) over five runs, as one call
// of that work and as a batch of 64 calls sharing it (one launch group), with a bit-for-bit
// comparison. A family's crossover is the least measured work from which the device is faster
// at every larger size, for both forms; the last line gives the crossovers in the form of
// evaluator_choice.h's kAutoThresholds. Without a device it says so and prints the CPU times.
//
//   tfmc_threshold_bench [FAMILY...]     (default: every family)
//
// The families: binary (f32 Add, work = elements), unary (f32 Relu), matmul (f32 square
// MatMul, work = n^3 multiply-adds), copy (f32 Concat of two halves along axis 0),
// batch_matmul (f32 BatchMatMulV2 of 8 square slices, work = 8 n^3), convolution (f32 Conv2D,
// SAME, of an [1, s, s, 32] input by a [3, 3, 32, 32] filter, work = s^2 x 9216),
// conv_input_grad and conv_filter_grad (its Conv2DBackpropInput and Conv2DBackpropFilter, the
// same work), reduction
// (f32 Sum over axis 1 of [w / 256, 256]: rows, a warp each on the device) and
// reduction_columns (f32 Sum over axis 0 of [256, w / 256]: columns, a thread each) and
// bias_add_grad (f32 BiasAddGrad of [w / 256, 256]: 256 channels, a thread each), whose larger
// crossover is the columns threshold; max_rows and max_columns (f32 Max over axis 1 of
// [w / 256, 256] and axis 0 of [256, w / 256], a thread a result), whose larger crossover is
// the max_min threshold; every reduction's work is its operand's elements.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"

namespace {

using namespace tfmc::eval;
using Clock = std::chrono::steady_clock;

constexpr int kBatch = 64;
constexpr int kRuns = 5;

Tensor random_f32(const std::vector<std::int64_t>& shape, std::mt19937& rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  Tensor t = cpu::make_tensor(DType::F32, shape);
  for (std::int64_t i = 0; i < t.size(); ++i) cpu::store<float>(t, i, value(rng));
  return t;
}

// One family at one work size: `calls` requests over tensors it owns.
struct Case {
  std::vector<Tensor> tensors;
  std::vector<EvalRequest> requests;
};

using Shapes = std::vector<std::vector<std::int64_t>>;

// An i32 vector of `values`: a backprop's sizes argument.
Tensor sizes_tensor(const std::vector<std::int64_t>& values) {
  Tensor t = cpu::make_tensor(DType::I32, {static_cast<std::int64_t>(values.size())});
  for (std::size_t i = 0; i < values.size(); ++i) {
    cpu::store<std::int32_t>(t, static_cast<std::int64_t>(i), static_cast<std::int32_t>(values[i]));
  }
  return t;
}

// `count` calls of `op` with `attrs` whose operands have `shapes`, random f32, except that
// operand `sizes` (when not -1) is an i32 vector holding its entry of `shapes` (a backprop's
// sizes, a reduction's axes).
Case make_case(BuiltinOp op, const OpAttrs& attrs, const Shapes& shapes, int count,
               std::mt19937& rng, int sizes = -1) {
  Case c;
  c.tensors.reserve(static_cast<std::size_t>(count) * shapes.size());
  for (int i = 0; i < count; ++i) {
    EvalRequest r{op, attrs, {}};
    for (std::size_t k = 0; k < shapes.size(); ++k) {
      const bool sized = static_cast<int>(k) == sizes;
      c.tensors.push_back(sized ? sizes_tensor(shapes[k]) : random_f32(shapes[k], rng));
      r.args.push_back(&c.tensors.back());
    }
    c.requests.push_back(std::move(r));
  }
  return c;
}

double median_seconds(const std::function<void()>& f) {
  std::vector<double> times;
  for (int run = 0; run < kRuns; ++run) {
    const auto start = Clock::now();
    f();
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[kRuns / 2];
}

struct Family {
  std::string name;
  BuiltinOp op;
  OpAttrs attrs;
  // The operand shapes of one call of work w.
  std::function<Shapes(std::int64_t)> shapes;
  std::vector<std::int64_t> works;
  int sizes = -1;  // the operand that is an i32 vector of its shape entry (make_case), or -1
};

// The nearest whole root of x (cube root with `cube`), at least 1.
std::int64_t root(double x, bool cube) {
  const double r = cube ? std::cbrt(x) : std::sqrt(x);
  return std::max<std::int64_t>(1, std::llround(r));
}

std::vector<std::int64_t> powers_of_four(std::int64_t from, std::int64_t to) {
  std::vector<std::int64_t> out;
  for (std::int64_t w = from; w <= to; w *= 4) out.push_back(w);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::mt19937 rng(5);
  const bool device = cuda::available();
  if (!device) fmt::print("GPU: {}\n", cuda::describe());
  const std::set<std::string> chosen(argv + 1, argv + argc);
  // slices x n^3 for n = 8, 16, ... up to `largest`.
  const auto cubes = [](std::int64_t slices, std::int64_t largest) {
    std::vector<std::int64_t> works;
    for (std::int64_t n = 8; n <= largest; n *= 2) works.push_back(slices * n * n * n);
    return works;
  };
  OpAttrs axis0;
  axis0.axis = 0;
  OpAttrs same;
  same.window.padding = ConvPadding::Same;
  OpAttrs axis1;
  axis1.axis = 1;
  const std::vector<Family> all = {
      {"binary",
       BuiltinOp::Add,
       {},
       [](std::int64_t w) {
         return Shapes{{w}, {w}};
       },
       powers_of_four(1 << 8, 1 << 24)},
      {"unary",
       BuiltinOp::Relu,
       {},
       [](std::int64_t w) { return Shapes{{w}}; },
       powers_of_four(1 << 8, 1 << 24)},
      {"matmul",
       BuiltinOp::MatMul,
       {},
       [](std::int64_t w) {
         const std::int64_t n = root(static_cast<double>(w), true);
         return Shapes{{n, n}, {n, n}};
       },
       cubes(1, 512)},
      {"copy", BuiltinOp::Concat, axis0,
       [](std::int64_t w) {
         return Shapes{{w / 2}, {w / 2}};
       },
       powers_of_four(1 << 8, 1 << 24)},
      {"batch_matmul",
       BuiltinOp::BatchMatMulV2,
       {},
       [](std::int64_t w) {
         const std::int64_t n = root(static_cast<double>(w) / 8, true);
         return Shapes{{8, n, n}, {8, n, n}};
       },
       cubes(8, 256)},
      {"convolution",
       BuiltinOp::Conv2D,
       same,
       [](std::int64_t w) {
         const std::int64_t s = root(static_cast<double>(w) / 9216, false);
         return Shapes{{1, s, s, 32}, {3, 3, 32, 32}};
       },
       {9216 * 4, 9216 * 16, 9216 * 64, 9216 * 256, 9216 * 1024, 9216 * 4096, 9216 * 16384}},
      {"conv_input_grad",
       BuiltinOp::Conv2DBackpropInput,
       same,
       [](std::int64_t w) {
         const std::int64_t s = root(static_cast<double>(w) / 9216, false);
         return Shapes{{1, s, s, 32}, {3, 3, 32, 32}, {1, s, s, 32}};
       },
       {9216 * 4, 9216 * 16, 9216 * 64, 9216 * 256, 9216 * 1024, 9216 * 4096, 9216 * 16384},
       0},
      {"conv_filter_grad",
       BuiltinOp::Conv2DBackpropFilter,
       same,
       [](std::int64_t w) {
         const std::int64_t s = root(static_cast<double>(w) / 9216, false);
         return Shapes{{1, s, s, 32}, {3, 3, 32, 32}, {1, s, s, 32}};
       },
       {9216 * 4, 9216 * 16, 9216 * 64, 9216 * 256, 9216 * 1024, 9216 * 4096, 9216 * 16384},
       1},
      {"reduction", BuiltinOp::Sum, axis1,
       [](std::int64_t w) {
         return Shapes{{w / 256, 256}};
       },
       powers_of_four(1 << 14, 1 << 24)},
      {"reduction_columns", BuiltinOp::Sum, axis0,
       [](std::int64_t w) {
         return Shapes{{256, w / 256}};
       },
       powers_of_four(1 << 14, 1 << 24)},
      {"bias_add_grad",
       BuiltinOp::BiasAddGrad,
       {},
       [](std::int64_t w) {
         return Shapes{{w / 256, 256}};
       },
       powers_of_four(1 << 14, 1 << 24)},
      {"max_rows",
       BuiltinOp::Max,
       {},
       [](std::int64_t w) {
         return Shapes{{w / 256, 256}, {1}};
       },
       powers_of_four(1 << 14, 1 << 24),
       1},
      {"max_columns",
       BuiltinOp::Max,
       {},
       [](std::int64_t w) {
         return Shapes{{256, w / 256}, {0}};
       },
       powers_of_four(1 << 14, 1 << 24),
       1},
  };
  std::vector<Family> families;
  for (const Family& f : all) {
    if (chosen.empty() || chosen.count(f.name) != 0) families.push_back(f);
  }
  CpuEvaluator cpu;
  CudaEvaluator gpu;
  if (device) {
    const Case warm = make_case(BuiltinOp::Add, {}, {{4}, {4}}, 1, rng);
    gpu.evaluate_batch(warm.requests);  // starts the CUDA runtime: not timed
  }
  fmt::print("{:<17} {:>6} {:>12} {:>12} {:>12} {:>8} {:>6}\n", "family", "calls", "work", "cpu_s",
             "gpu_s", "ratio", "same");
  bool all_same = true;
  std::vector<std::string> thresholds;
  for (const Family& f : families) {
    std::optional<std::int64_t> crossover;  // the least work from which the device won
    for (std::int64_t work : f.works) {
      bool device_won = true;
      for (int calls : {1, kBatch}) {
        const std::int64_t each = work / calls;
        const Case c = make_case(f.op, f.attrs, f.shapes(each), calls, rng, f.sizes);
        std::vector<EvalResult> on_cpu, on_gpu;
        const double cpu_s = median_seconds([&] { on_cpu = cpu.evaluate_batch(c.requests); });
        if (!device) {
          fmt::print("{:<17} {:>6} {:>12} {:>12.6f} {:>12} {:>8} {:>6}\n", f.name, calls,
                     each * calls, cpu_s, "-", "-", "-");
          continue;
        }
        const double gpu_s = median_seconds([&] { on_gpu = gpu.evaluate_batch(c.requests); });
        bool same = true;
        for (std::size_t i = 0; i < on_cpu.size(); ++i) {
          same = same && std::get<std::vector<Tensor>>(on_cpu[i])[0].bytes ==
                             std::get<std::vector<Tensor>>(on_gpu[i])[0].bytes;
        }
        all_same = all_same && same;
        device_won = device_won && gpu_s < cpu_s;
        fmt::print("{:<17} {:>6} {:>12} {:>12.6f} {:>12.6f} {:>8.2f} {:>6}\n", f.name, calls,
                   each * calls, cpu_s, gpu_s, cpu_s / gpu_s, same ? "yes" : "NO");
      }
      if (!device_won) {
        crossover.reset();
      } else if (!crossover) {
        crossover = work;
      }
    }
    thresholds.push_back(fmt::format(
        "{} = {}", f.name,
        crossover ? std::to_string(*crossover) : fmt::format("never up to {}", f.works.back())));
  }
  if (device) {
    fmt::print("crossovers ({}): ", cuda::describe());
    for (std::size_t k = 0; k < thresholds.size(); ++k) {
      fmt::print("{}{}", k == 0 ? "" : ", ", thresholds[k]);
    }
    fmt::print("\n");
  }
  return all_same ? 0 : 1;
}
