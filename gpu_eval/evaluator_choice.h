// Which backend evaluates tensor functions (`--eval cpu|gpu|auto`, FORMAT.md, "The command line").
// Every backend gives the same bits, so the choice changes speed, never a value or an outcome.
#pragma once

#include <cstdint>
#include <memory>

#include "gpu_eval/evaluator.h"

namespace tfmc::eval {

enum class EvalBackend { Cpu, Gpu, Auto };

// `auto` sends a call to the device when its result has at least this many elements. Not yet
// measured on a device: a 256 x 256 f32 result, where the copies to and from the device are a
// few hundred kilobytes against millions of operations for a MatMul.
inline constexpr std::int64_t kAutoMinElements = std::int64_t{1} << 16;

// Cpu: the CPU backend. Gpu: the CUDA backend for every call it covers (the caller has made
// sure a device exists: cuda_device.h available()). Auto: the CUDA backend for the calls whose
// results have at least kAutoMinElements elements when a device exists, else the CPU backend.
std::unique_ptr<Evaluator> make_evaluator(EvalBackend backend);

}  // namespace tfmc::eval
