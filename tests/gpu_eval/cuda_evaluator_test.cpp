// The CUDA backend (gpu_eval/cuda_evaluator.h) against the CPU backend, bit for bit (every NaN
// one value, as the value store keeps them): random tensors of every dtype for each op it
// covers, with broadcasting, -0, infinities, NaN, subnormals, integer wrap-around, division by
// zero and casts out of range, and the error cases it leaves to the CPU backend. Without a
// CUDA device every call goes to the CPU backend, which this checks too; the device part then
// says that it was skipped, or fails under TFMC_REQUIRE_CUDA=1 (cuda_required.h).
#include "gpu_eval/cuda_evaluator.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_required.h"
#include "gpu_eval/evaluator_choice.h"
#include "gpu_eval/random_tensors.h"
#include "gpu_eval/same_results.h"

namespace {

using namespace tfmc::eval;

using tfmc::test::random_tensor;
using tfmc::test::same_result;

struct Call {
  BuiltinOp op;
  OpAttrs attrs;
  std::vector<Tensor> args;
  bool cpu_only = false;  // an error case or a rank the device does not take
};

// Whether the CUDA backend leaves the call to the CPU backend by its dtypes (cuda_evaluator.h):
// an f64 operand, or a float FloorMod.
bool cpu_by_dtype(const Call& c) {
  for (const Tensor& t : c.args) {
    if (t.dtype == DType::F64) return true;
  }
  return c.op == BuiltinOp::FloorMod && c.args[0].dtype == DType::F32;
}

// The calls: every covered op on every dtype it takes, in shapes that broadcast, and the
// calls the CPU backend answers with an error.
std::vector<Call> calls(std::mt19937_64& rng) {
  std::vector<Call> out;
  const DType numeric[] = {DType::F32, DType::F64, DType::I32, DType::I64};
  const BuiltinOp binary[] = {BuiltinOp::Add,          BuiltinOp::Sub,      BuiltinOp::Mul,
                              BuiltinOp::Div,          BuiltinOp::FloorDiv, BuiltinOp::FloorMod,
                              BuiltinOp::Maximum,      BuiltinOp::Minimum,  BuiltinOp::Equal,
                              BuiltinOp::NotEqual,     BuiltinOp::Less,     BuiltinOp::Greater,
                              BuiltinOp::GreaterEqual, BuiltinOp::LessEqual};
  for (const DType t : numeric) {
    for (const BuiltinOp op : binary) {
      out.push_back({op, {}, {random_tensor(t, {37, 41}, rng), random_tensor(t, {37, 41}, rng)}});
      out.push_back({op, {}, {random_tensor(t, {5, 1, 33}, rng), random_tensor(t, {7, 1}, rng)}});
    }
    out.push_back({BuiltinOp::Neg, {}, {random_tensor(t, {300}, rng)}});
    out.push_back({BuiltinOp::Relu, {}, {random_tensor(t, {300}, rng)}});
    for (const DType to : {DType::F32, DType::F64, DType::I32, DType::I64, DType::Bool}) {
      OpAttrs cast;
      cast.to = to;
      out.push_back({BuiltinOp::Cast, cast, {random_tensor(t, {300}, rng)}});
    }
    out.push_back({BuiltinOp::MatMul,
                   {},
                   {random_tensor(t, {33, 65}, rng), random_tensor(t, {65, 17}, rng)}});
    for (const bool ta : {false, true}) {
      for (const bool tb : {false, true}) {
        OpAttrs transposes;
        transposes.transpose_a = ta;
        transposes.transpose_b = tb;
        const std::vector<std::int64_t> a_shape =
            ta ? std::vector<std::int64_t>{65, 33} : std::vector<std::int64_t>{33, 65};
        const std::vector<std::int64_t> b_shape =
            tb ? std::vector<std::int64_t>{17, 65} : std::vector<std::int64_t>{65, 17};
        out.push_back({BuiltinOp::MatMul,
                       transposes,
                       {random_tensor(t, a_shape, rng), random_tensor(t, b_shape, rng)}});
      }
    }
    // Finite operands: long sums, quotients and in-range casts stay numbers to compare.
    const auto finite = [&](std::vector<std::int64_t> shape) {
      return random_tensor(t, shape, rng, tfmc::test::Values::Finite);
    };
    out.push_back({BuiltinOp::MatMul, {}, {finite({33, 65}), finite({65, 17})}});
    for (const BuiltinOp op : {BuiltinOp::Div, BuiltinOp::FloorDiv, BuiltinOp::FloorMod}) {
      out.push_back({op, {}, {finite({37, 41}), finite({37, 41})}});
    }
    for (const DType to : {DType::I32, DType::I64, DType::F32, DType::F64}) {
      OpAttrs cast;
      cast.to = to;
      out.push_back({BuiltinOp::Cast, cast, {finite({300})}});
    }
  }
  // Casts from bool; Concat and Split by attribute; empty tensors, scalars, a MatMul with
  // k = 0, rank 9 (which the device leaves to the CPU).
  for (const DType to : {DType::F32, DType::I64}) {
    OpAttrs cast;
    cast.to = to;
    out.push_back({BuiltinOp::Cast, cast, {random_tensor(DType::Bool, {40}, rng)}});
  }
  OpAttrs columns;
  columns.axis = 1;
  out.push_back({BuiltinOp::Concat,
                 columns,
                 {random_tensor(DType::F32, {3, 5}, rng), random_tensor(DType::F32, {3, 7}, rng),
                  random_tensor(DType::F32, {3, 1}, rng)}});
  OpAttrs thirds;
  thirds.num = 3;
  out.push_back({BuiltinOp::Split, thirds, {random_tensor(DType::I64, {6, 4}, rng)}});
  thirds.axis = 1;
  thirds.num = 2;
  out.push_back({BuiltinOp::Split, thirds, {random_tensor(DType::F64, {6, 4}, rng)}});
  out.push_back({BuiltinOp::Add,
                 {},
                 {random_tensor(DType::F32, {0, 3}, rng), random_tensor(DType::F32, {0, 3}, rng)}});
  out.push_back({BuiltinOp::Mul,
                 {},
                 {random_tensor(DType::I32, {}, rng), random_tensor(DType::I32, {}, rng)}});
  out.push_back({BuiltinOp::MatMul,
                 {},
                 {random_tensor(DType::F64, {2, 0}, rng), random_tensor(DType::F64, {0, 3}, rng)}});
  const std::vector<std::int64_t> rank9(9, 2);
  out.push_back({BuiltinOp::Add,
                 {},
                 {random_tensor(DType::F32, rank9, rng), random_tensor(DType::F32, rank9, rng)},
                 true});
  out.push_back({BuiltinOp::Equal,
                 {},
                 {random_tensor(DType::Bool, {40}, rng), random_tensor(DType::Bool, {40}, rng)}});
  // Errors: dtypes that differ, shapes that do not broadcast, bool arithmetic, MatMul's inner
  // dimensions.
  out.push_back({BuiltinOp::Add,
                 {},
                 {random_tensor(DType::F32, {4}, rng), random_tensor(DType::F64, {4}, rng)},
                 true});
  out.push_back({BuiltinOp::Add,
                 {},
                 {random_tensor(DType::F32, {4}, rng), random_tensor(DType::F32, {3}, rng)},
                 true});
  out.push_back({BuiltinOp::Less,
                 {},
                 {random_tensor(DType::Bool, {4}, rng), random_tensor(DType::Bool, {4}, rng)},
                 true});
  out.push_back({BuiltinOp::MatMul,
                 {},
                 {random_tensor(DType::F32, {2, 3}, rng), random_tensor(DType::F32, {2, 3}, rng)},
                 true});
  return out;
}

EvalResult run(Evaluator& e, const Call& c) {
  std::vector<const Tensor*> args;
  for (const Tensor& t : c.args) args.push_back(&t);
  return e.evaluate(c.op, c.attrs, args);
}

}  // namespace

TEST_CASE("the CUDA backend gives the CPU backend's results, bit for bit", "[cuda]") {
  std::mt19937_64 rng(4242);
  const std::vector<Call> all = calls(rng);
  CpuEvaluator cpu;
  CudaEvaluator cuda_evaluator;
  int differing = 0;
  std::vector<std::size_t> on_cpu;  // the calls the CUDA backend left to the CPU backend
  std::vector<std::size_t> expected_on_cpu;
  for (std::size_t k = 0; k < all.size(); ++k) {
    INFO("call " << k);
    const std::uint64_t before = cuda_evaluator.cpu_calls();
    const bool same = same_result(run(cpu, all[k]), run(cuda_evaluator, all[k]));
    CHECK(same);
    differing += same ? 0 : 1;
    if (cuda_evaluator.cpu_calls() != before) on_cpu.push_back(k);
    if (all[k].cpu_only || cpu_by_dtype(all[k])) expected_on_cpu.push_back(k);
  }
  CHECK(differing == 0);
  CHECK(cuda_evaluator.device_calls() + cuda_evaluator.cpu_calls() == all.size());
  if (!cuda::available()) {
    CHECK(cuda_evaluator.device_calls() == 0);
    // Every call ran on the CPU backend.
    tfmc::test::no_cuda_device("the device comparison");
    return;
  }
  // With a device every call ran there but the 4 errors, the rank-9 Add and those with
  // dtypes it leaves to the CPU.
  CHECK(on_cpu == expected_on_cpu);
}

TEST_CASE("auto sends only large launch groups to the device", "[cuda]") {
  std::mt19937_64 rng(7);
  CudaEvaluator threshold({.binary = 1000, .unary = 1000, .matmul = 1000, .copy = 1000});
  const Call small{BuiltinOp::Add,
                   {},
                   {random_tensor(DType::F32, {10}, rng), random_tensor(DType::F32, {10}, rng)}};
  const Call large{
      BuiltinOp::Add,
      {},
      {random_tensor(DType::F32, {40, 40}, rng), random_tensor(DType::F32, {40, 40}, rng)}};
  CpuEvaluator cpu;
  CHECK(same_result(run(threshold, small), run(cpu, small)));
  CHECK(same_result(run(threshold, large), run(cpu, large)));
  CHECK(threshold.cpu_calls() == (cuda::available() ? 1 : 2));
  CHECK(threshold.device_calls() == (cuda::available() ? 1 : 0));
  // Auto is the CUDA backend, one call at a time, in a build with the device side, else the
  // CPU backend; either way it gives the CPU backend's results.
  const std::unique_ptr<Evaluator> automatic = make_evaluator(EvalBackend::Auto);
  const auto* on_device = dynamic_cast<CudaEvaluator*>(automatic.get());
  CHECK((on_device != nullptr) == cuda::kBuilt);
  CHECK((dynamic_cast<CpuEvaluator*>(automatic.get()) != nullptr) == !cuda::kBuilt);
  CHECK_FALSE(automatic->prefers_batches());
  CHECK(same_result(run(*automatic, small), run(cpu, small)));
  CHECK(same_result(run(*automatic, large), run(cpu, large)));
  if (!cuda::available()) {
    tfmc::test::no_cuda_device("sending the large result to the device");
  }
}
