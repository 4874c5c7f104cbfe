// Batches on the CUDA backend: how plan_batch divides a batch between launches, copies and the
// CPU (cuda_batch_plan.h), checked exactly everywhere; and, on a device, that a whole batch of
// mixed calls evaluated at once gives each call the CPU backend's result, bit for bit, in
// fewer launches than calls, a fault in one call of a launch making only that call an error.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"
#include "gpu_eval/cuda_required.h"
#include "gpu_eval/random_tensors.h"
#include "gpu_eval/same_results.h"
#include "support/literals.h"

namespace {

using namespace tfmc::eval;
using tfmc::test::literal;
using tfmc::test::random_tensor;

OpAttrs transposed_a() {
  OpAttrs attrs;
  attrs.transpose_a = true;
  return attrs;
}

std::vector<std::int32_t> ints(std::initializer_list<std::int32_t> values) { return values; }

}  // namespace

TEST_CASE("plan_batch groups calls by launch and leaves the rest to the CPU", "[cuda]") {
  std::mt19937_64 rng(1);
  const Tensor w = random_tensor(DType::F32, {8, 8}, rng);
  const Tensor a1 = random_tensor(DType::F32, {8, 8}, rng);
  const Tensor a2 = random_tensor(DType::F32, {8, 8}, rng);
  const Tensor v4 = random_tensor(DType::F32, {4}, rng);
  const Tensor u4 = random_tensor(DType::F32, {4}, rng);
  const Tensor v3 = random_tensor(DType::F32, {3}, rng);
  const Tensor d4 = random_tensor(DType::F64, {4}, rng);
  OpAttrs axis0;
  axis0.axis = 0;
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::MatMul, {}, {&a1, &w}},              // 0: MatMul group
      {BuiltinOp::Add, {}, {&v4, &u4}},                // 1: Add {4} group
      {BuiltinOp::MatMul, {}, {&a2, &w}},              // 2: MatMul group, w once
      {BuiltinOp::MatMul, transposed_a(), {&a1, &w}},  // 3: another launch
      {BuiltinOp::Add, {}, {&d4, &d4}},                // 4: f64: CPU
      {BuiltinOp::Add, {}, {&v3, &v3}},                // 5: Add {3} group
      {BuiltinOp::Max, axis0, {&v4}},                  // 6: no device kernel: CPU
      {BuiltinOp::Add, {}, {&v4, &v3}},                // 7: shapes that do not broadcast: CPU
      {BuiltinOp::Concat, axis0, {&v4, &v3}},          // 8: a copy
      {BuiltinOp::MatMul, {}, {&w, &w}},               // 9: MatMul group, w once
      {BuiltinOp::Add, {}, {&u4, &v4}},                // 10: Add {4} group
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  REQUIRE(plan.groups.size() == 4);
  const cuda::BatchGroup& matmuls = plan.groups[0];
  CHECK(matmuls.requests == std::vector<std::size_t>{0, 2, 9});
  CHECK(matmuls.operands == std::vector<const Tensor*>{&a1, &w, &a2});
  CHECK(matmuls.first == ints({0, 2, 1}));
  CHECK(matmuls.second == ints({1, 1, 1}));
  CHECK(matmuls.call.kernel == cuda::DeviceKernel::MatMul);
  CHECK((matmuls.call.m == 8 && matmuls.call.k == 8 && matmuls.call.n == 8));
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{1, 10});
  CHECK(plan.groups[1].operands == std::vector<const Tensor*>{&v4, &u4});
  CHECK(plan.groups[1].first == ints({0, 1}));
  CHECK(plan.groups[1].second == ints({1, 0}));
  CHECK(plan.groups[2].requests == std::vector<std::size_t>{3});
  CHECK(plan.groups[2].transpose_a);
  CHECK(plan.groups[3].requests == std::vector<std::size_t>{5});
  CHECK(plan.groups[3].first == ints({0}));
  CHECK(plan.groups[3].second == ints({0}));
  REQUIRE(plan.copies.size() == 1);
  CHECK(plan.copies[0].request == 8);
  CHECK(plan.copies[0].call.kernel == cuda::DeviceKernel::Concat);
  CHECK(plan.cpu == std::vector<std::size_t>{4, 6, 7});
}

TEST_CASE("plan_batch's thresholds weigh a launch group's whole work", "[cuda]") {
  std::mt19937_64 rng(2);
  const Tensor a = random_tensor(DType::F32, {8, 8}, rng);
  const Tensor b = random_tensor(DType::F32, {8, 8}, rng);
  const std::vector<EvalRequest> three(3, EvalRequest{BuiltinOp::MatMul, {}, {&a, &b}});
  // Each call is 8 x 8 x 8 = 512 multiply-adds; the three together 1536.
  CHECK(cuda::plan_batch(three, {.matmul = 1536}).groups.size() == 1);
  const cuda::BatchPlan below = cuda::plan_batch(three, {.matmul = 1537});
  CHECK(below.groups.empty());
  CHECK(below.cpu == std::vector<std::size_t>{0, 1, 2});
  // Element-wise work is the result's elements; a MatMul threshold does not apply to it.
  const std::vector<EvalRequest> adds(2, EvalRequest{BuiltinOp::Add, {}, {&a, &b}});
  CHECK(cuda::plan_batch(adds, {.binary = 128, .matmul = 1 << 30}).groups.size() == 1);
  CHECK(cuda::plan_batch(adds, {.binary = 129}).groups.empty());
  const std::vector<EvalRequest> concat = {{BuiltinOp::Concat, {}, {&a, &b}}};
  CHECK(cuda::plan_batch(concat, {.copy = 128}).copies.size() == 1);
  CHECK(cuda::plan_batch(concat, {.copy = 129}).cpu == std::vector<std::size_t>{0});
}

TEST_CASE("plan_batch splits a launch group at its item and byte limits", "[cuda]") {
  std::mt19937_64 rng(3);
  std::vector<Tensor> tensors;
  for (int i = 0; i < 7; ++i) tensors.push_back(random_tensor(DType::I32, {4}, rng));
  std::vector<EvalRequest> batch;
  for (int i = 0; i < 7; ++i) batch.push_back({BuiltinOp::Neg, {}, {&tensors[i]}});
  const cuda::BatchPlan by_items = cuda::plan_batch(batch, {}, {.items = 3});
  REQUIRE(by_items.groups.size() == 3);
  CHECK(by_items.groups[0].requests == std::vector<std::size_t>{0, 1, 2});
  CHECK(by_items.groups[1].requests == std::vector<std::size_t>{3, 4, 5});
  CHECK(by_items.groups[2].requests == std::vector<std::size_t>{6});
  CHECK(by_items.groups[2].first == ints({0}));  // operands are counted per launch
  // Each call is 32 bytes (16 in, 16 out): two fit in 64, and a call larger than the limit
  // still gets a launch of its own.
  const cuda::BatchPlan by_bytes = cuda::plan_batch(batch, {}, {.bytes = 64});
  REQUIRE(by_bytes.groups.size() == 4);
  CHECK(by_bytes.groups[3].requests == std::vector<std::size_t>{6});
  const cuda::BatchPlan tiny = cuda::plan_batch(batch, {}, {.bytes = 1});
  CHECK(tiny.groups.size() == 7);
}

TEST_CASE("a batch on the device gives each call the CPU backend's result", "[cuda]") {
  std::mt19937_64 rng(2026);
  std::vector<Tensor> store;
  store.reserve(400);  // the requests point into it
  const auto keep = [&](Tensor t) -> const Tensor* {
    store.push_back(std::move(t));
    return &store.back();
  };
  std::vector<EvalRequest> batch;
  // MatMuls in every order and transpose, in shapes that do and do not fill the device's 64 x 64
  // tiles, with an operand shared by the calls of a shape.
  const std::int64_t shapes[][3] = {{1, 1, 1},    {3, 0, 4},      {0, 3, 4},  {65, 17, 130},
                                    {64, 64, 64}, {100, 300, 70}, {5, 40, 1}, {1, 37, 9}};
  for (DType t : {DType::F32, DType::I32, DType::I64}) {
    for (const auto& s : shapes) {
      for (int transposes = 0; transposes < 4; ++transposes) {
        OpAttrs attrs;
        attrs.transpose_a = (transposes & 1) != 0;
        attrs.transpose_b = (transposes & 2) != 0;
        const std::vector<std::int64_t> a_shape =
            attrs.transpose_a ? std::vector{s[1], s[0]} : std::vector{s[0], s[1]};
        const std::vector<std::int64_t> b_shape =
            attrs.transpose_b ? std::vector{s[2], s[1]} : std::vector{s[1], s[2]};
        const Tensor* b = keep(random_tensor(t, b_shape, rng));
        for (int call = 0; call < 2; ++call) {
          batch.push_back({BuiltinOp::MatMul, attrs, {keep(random_tensor(t, a_shape, rng)), b}});
        }
      }
    }
  }
  // Element-wise calls with broadcasting; an integer division by zero in one call of a launch.
  for (DType t : {DType::F32, DType::I32, DType::I64}) {
    for (BuiltinOp op : {BuiltinOp::Add, BuiltinOp::Div, BuiltinOp::Maximum, BuiltinOp::Less}) {
      for (int call = 0; call < 3; ++call) {
        batch.push_back(
            {op,
             {},
             {keep(random_tensor(t, {5, 1, 33}, rng)), keep(random_tensor(t, {7, 1}, rng))}});
      }
    }
  }
  const Tensor* numerators = keep(literal("i32[4]{7, 8, 9, 10}"));
  const Tensor* ones = keep(literal("i32[4]{1, 1, 1, 1}"));
  const Tensor* zero = keep(literal("i32[4]{1, 0, 1, 1}"));
  batch.push_back({BuiltinOp::Div, {}, {numerators, ones}});
  batch.push_back({BuiltinOp::Div, {}, {numerators, zero}});
  batch.push_back({BuiltinOp::Div, {}, {ones, ones}});
  // Unary calls; a cast out of i32's range in some of them.
  OpAttrs to_i32;
  to_i32.to = DType::I32;
  for (int call = 0; call < 6; ++call) {
    const Tensor* x = keep(random_tensor(DType::F32, {300}, rng));
    batch.push_back({BuiltinOp::Cast, to_i32, {x}});
    batch.push_back({BuiltinOp::Neg, {}, {x}});
    batch.push_back({BuiltinOp::Relu, {}, {x}});
  }
  REQUIRE(store.size() <= 400);
  CpuEvaluator cpu;
  CudaEvaluator device;
  const std::vector<EvalResult> results = device.evaluate_batch(batch);
  REQUIRE(results.size() == batch.size());
  int differing = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    INFO("call " << i);
    const bool same = tfmc::test::same_result(
        results[i], cpu.evaluate(batch[i].op, batch[i].attrs, batch[i].args));
    CHECK(same);
    differing += same ? 0 : 1;
  }
  CHECK(differing == 0);
  const std::size_t division = batch.size() - 21;
  CHECK(std::holds_alternative<std::vector<Tensor>>(results[division]));
  CHECK(std::get<ErrorKind>(results[division + 1]) == ErrorKind::Arithmetic);
  CHECK(std::holds_alternative<std::vector<Tensor>>(results[division + 2]));
  if (!cuda::available()) {
    CHECK(device.device_calls() == 0);
    CHECK(device.cpu_calls() == batch.size());
    tfmc::test::no_cuda_device("the batch on the device");
    return;
  }
  CHECK(device.prefers_batches());
  CHECK(device.cpu_calls() == 0);
  CHECK(device.device_calls() == batch.size());
  // One launch per shape, transposes and dtype of MatMul (3 x 8 x 4), per op and dtype of the
  // broadcast calls (3 x 4), the divisions by one vector (1), and the three unary ops (3).
  CHECK(device.launches() == 96 + 12 + 1 + 3);
}
