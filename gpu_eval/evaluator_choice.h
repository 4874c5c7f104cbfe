// Which backend evaluates tensor functions (`--eval cpu|gpu|auto`, FORMAT.md, "The command line").
// Every backend gives the same bits, so the choice changes speed, never a value or an outcome.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/evaluator.h"

namespace tfmc::eval {

enum class EvalBackend { Cpu, Gpu, Auto };

// `auto` sends a call to the device when its work reaches these (cuda_batch_plan.h): the
// crossovers tools/bench/threshold_bench.cpp measured on an NVIDIA H200 against one core of its
// host (a 16-core Xeon virtual machine), copies included, where the device was faster from
// that size on, as one call and as a batch of 64 (tools/bench/README.md has the table; the
// reductions' rows threshold is the larger of two runs' crossovers, 1 << 20 and 1 << 22). Concat
// and Split never won there (a copy of 16M f32 elements: 42 ms on the CPU, 47 ms on the device),
// so auto leaves them to the CPU.
inline constexpr cuda::DeviceThresholds kAutoThresholds{
    .binary = std::int64_t{1} << 16,
    .unary = std::int64_t{1} << 18,
    .matmul = std::int64_t{1} << 21,  // 128 x 128 x 128 multiply-adds
    .copy = std::numeric_limits<std::int64_t>::max(),
    .batch_matmul = std::int64_t{1} << 21,  // 8 slices of 64 x 64 x 64
    .convolution = 2359296,                 // 16 x 16 x 32 outputs, 3 x 3 x 32 taps each
    .convolution_input_grad = 2359296,      // as the forward convolution's
    .convolution_filter_grad = 36864,       // the least size measured: the device won at every one
    .reduction_rows = std::int64_t{1} << 22,     // Sum over rows of 256
    .reduction_columns = std::int64_t{1} << 16,  // columns of 256, BiasAddGrad of 256 channels
    .max_min = std::int64_t{1} << 14,  // the least size measured: the device won at every one
};

// Cpu: the CPU backend. Gpu: the CUDA backend for every call it covers, in batches (the caller
// has made sure a device exists: cuda_device.h available()). Auto: in a build with the device
// side, the CUDA backend with kAutoThresholds, one call at a time (gathering batches cost the
// explorer 10 to 20% on programs of small tensors: hogwild 4x3 took 3.1-3.4 s against
// 3.6-3.8 s, two runs each, on a 2-core machine with a build that made auto gather them, not a
// committed benchmark), which looks for a device only when a call first reaches a threshold;
// else the CPU backend.
std::unique_ptr<Evaluator> make_evaluator(EvalBackend backend);

}  // namespace tfmc::eval
