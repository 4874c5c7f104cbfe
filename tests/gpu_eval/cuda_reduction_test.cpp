// Sum, Mean, Prod and BiasAddGrad on the CUDA backend: which calls plan_batch sends to the device
// and how it groups them (by their axes' values, never uploading the axes), checked exactly
// everywhere; the device warp's way of computing a leaf (one chain per lane, then one finish)
// against EigenOrder's own leaf, on the host; and, on a device, that a batch of random reductions
// (full, rows, columns, planes; runs long enough to split, tails, columns in and out of whole
// packets; -0, infinities, NaN, subnormals) gives each call the CPU backend's result, bit for
// bit.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/device_batches.h"
#include "gpu_eval/random_tensors.h"
#include "gpu_eval/reduction_order.h"
#include "gpu_eval/same_results.h"

namespace {

using namespace tfmc::eval;
using tfmc::test::random_tensor;
using tfmc::test::Values;
using Shape = std::vector<std::int64_t>;
using Form = order::Layout::Form;

Tensor i32_vector(const std::vector<std::int32_t>& values) {
  Tensor t = cpu::make_tensor(DType::I32, {static_cast<std::int64_t>(values.size())});
  for (std::size_t i = 0; i < values.size(); ++i) {
    cpu::store<std::int32_t>(t, static_cast<std::int64_t>(i), values[i]);
  }
  return t;
}

OpAttrs keeping(bool keep_dims) {
  OpAttrs attrs;
  attrs.keep_dims = keep_dims;
  return attrs;
}

// Factors in [0.875, 1.125): products of thousands of them stay finite and round.
Tensor near_one(const Shape& shape, std::mt19937_64& rng) {
  std::uniform_real_distribution<float> factor(0.875f, 1.125f);
  Tensor t = cpu::make_tensor(DType::F32, shape);
  for (std::int64_t i = 0; i < t.size(); ++i) cpu::store<float>(t, i, factor(rng));
  return t;
}

std::vector<float> floats(const Tensor& t) {
  std::vector<float> out;
  for (std::int64_t i = 0; i < t.size(); ++i) out.push_back(cpu::view<float>(t)[i]);
  return out;
}

bool same_layout(const order::Layout& l, Form form, std::int64_t d0, std::int64_t d1,
                 std::int64_t d2) {
  return l.form == form && l.dims[0] == d0 && l.dims[1] == d1 && l.dims[2] == d2;
}

}  // namespace

TEST_CASE("plan_batch groups reductions by their axes and leaves the rest to the CPU", "[cuda]") {
  std::mt19937_64 rng(3);
  const Tensor x = random_tensor(DType::F32, {4, 1, 6, 5}, rng);
  const Tensor y = random_tensor(DType::F32, {4, 1, 6, 5}, rng);
  const Tensor axes_2 = i32_vector({2});
  const Tensor axes_2_again = i32_vector({-2});
  const Tensor axes_03 = i32_vector({0, 3});
  const Tensor axes_13 = i32_vector({1, 3});
  const Tensor axes_twice = i32_vector({0, 0});
  const Tensor axes_1 = i32_vector({1});
  const Tensor x_i32 = random_tensor(DType::I32, {4, 6}, rng);
  const Tensor x_f64 = random_tensor(DType::F64, {4, 6}, rng);
  const Tensor empty = random_tensor(DType::F32, {0, 6}, rng);
  const Tensor four_d = random_tensor(DType::F32, {2, 3, 4, 5}, rng);
  OpAttrs axis0;
  axis0.axis = 0;
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::Sum, {}, {&x, &axes_2}},             // 0: [4 k, 6 r, 5 k]: Columns
      {BuiltinOp::Sum, {}, {&y, &axes_2_again}},       // 1: the same axis written another way
      {BuiltinOp::Sum, keeping(true), {&x, &axes_2}},  // 2: another result shape
      {BuiltinOp::Sum, {}, {&x, &axes_03}},            // 3: [4 r, 6 k, 5 r]: Planes
      {BuiltinOp::Mean, {}, {&x, &axes_13}},           // 4: [4 x 6 k, 5 r]: Rows
      {BuiltinOp::Prod, {}, {&x}},                     // 5: everything: one row
      {BuiltinOp::Sum, {}, {&x, &axes_twice}},         // 6: a repeated axis: the CPU's error
      {BuiltinOp::Sum, {}, {&x, &axes_1}},             // 7: only a size-1 axis: a copy, CPU
      {BuiltinOp::Sum, axis0, {&x_i32}},               // 8: i32: CPU
      {BuiltinOp::Sum, axis0, {&x_f64}},               // 9: f64: CPU
      {BuiltinOp::Sum, axis0, {&empty}},               // 10: no terms: CPU
      {BuiltinOp::Sum, {}, {&four_d, &axes_13}},       // 11: [k, r, k, r]: transposed, CPU
      {BuiltinOp::Mean, axis0, {&y}},                  // 12: [r, k]: Columns {1, 4, 30}
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  CHECK(plan.cpu == std::vector<std::size_t>{6, 7, 8, 9, 10, 11});
  CHECK(plan.copies.empty());
  REQUIRE(plan.groups.size() == 6);
  const cuda::BatchGroup& middle = plan.groups[0];
  CHECK(middle.requests == std::vector<std::size_t>{0, 1});
  CHECK(middle.call.kernel == cuda::DeviceKernel::Reduction);
  CHECK(middle.call.result_shape == Shape{4, 1, 5});
  CHECK(same_layout(middle.call.reduction, Form::Columns, 4, 6, 5));
  CHECK(middle.call.work == 120);
  // The axes are in the layout: only the reduced tensors go up.
  CHECK(middle.operands == std::vector<const Tensor*>{&x, &y});
  CHECK(middle.first == std::vector<std::int32_t>{0, 1});
  CHECK(middle.second.empty());
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{2});
  CHECK(plan.groups[1].call.result_shape == Shape{4, 1, 1, 5});
  CHECK(plan.groups[2].requests == std::vector<std::size_t>{3});
  CHECK(same_layout(plan.groups[2].call.reduction, Form::Planes, 4, 6, 5));
  CHECK(plan.groups[2].call.result_shape == Shape{1, 6});
  // Axis 1 has size 1, so 4 and 6 merge into 24 kept.
  CHECK(plan.groups[3].requests == std::vector<std::size_t>{4});
  CHECK(plan.groups[3].op == BuiltinOp::Mean);
  CHECK(same_layout(plan.groups[3].call.reduction, Form::Rows, 24, 5, 1));
  CHECK(plan.groups[3].call.result_shape == Shape{4, 6});
  CHECK(plan.groups[4].requests == std::vector<std::size_t>{5});
  CHECK(same_layout(plan.groups[4].call.reduction, Form::Rows, 1, 120, 1));
  CHECK(plan.groups[4].call.result_shape == Shape{});
  CHECK(plan.groups[5].requests == std::vector<std::size_t>{12});
  CHECK(same_layout(plan.groups[5].call.reduction, Form::Columns, 1, 4, 30));
  // A reduction's work is its operand's elements.
  const std::vector<EvalRequest> one = {{BuiltinOp::Sum, {}, {&x, &axes_2}}};
  CHECK(cuda::plan_batch(one, {.reduction_columns = 120}).groups.size() == 1);
  CHECK(cuda::plan_batch(one, {.reduction_columns = 121}).cpu == std::vector<std::size_t>{0});
  // A row's threshold is its own.
  CHECK(cuda::plan_batch(one, {.reduction_rows = 121}).groups.size() == 1);
  const std::vector<EvalRequest> rows = {{BuiltinOp::Prod, {}, {&x}}};
  CHECK(cuda::plan_batch(rows, {.reduction_rows = 120}).groups.size() == 1);
  CHECK(cuda::plan_batch(rows, {.reduction_rows = 121}).cpu == std::vector<std::size_t>{0});
  CHECK(cuda::plan_batch(rows, {.reduction_columns = 121}).groups.size() == 1);
}

TEST_CASE("plan_batch sends BiasAddGrad with its channels last to the reduction kernel", "[cuda]") {
  std::mt19937_64 rng(4);
  const Tensor nhwc = random_tensor(DType::F32, {2, 3, 4, 5}, rng);
  const Tensor matrix = random_tensor(DType::F32, {6, 7}, rng);
  const Tensor one_row = random_tensor(DType::F32, {1, 7}, rng);
  const Tensor vector = random_tensor(DType::F32, {7}, rng);
  const Tensor f64 = random_tensor(DType::F64, {6, 7}, rng);
  const Tensor no_channels = random_tensor(DType::F32, {6, 0}, rng);
  OpAttrs nchw;
  nchw.channels_first = true;
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::BiasAddGrad, {}, {&nhwc}},         // 0: 24 terms of 5 channels
      {BuiltinOp::BiasAddGrad, {}, {&matrix}},       // 1: 6 terms of 7
      {BuiltinOp::BiasAddGrad, nchw, {&matrix}},     // 2: rank 2: the channels are last anyway
      {BuiltinOp::BiasAddGrad, nchw, {&nhwc}},       // 3: NCHW: CPU
      {BuiltinOp::BiasAddGrad, {}, {&one_row}},      // 4: one term passes through: CPU
      {BuiltinOp::BiasAddGrad, {}, {&vector}},       // 5: rank 1, an error: CPU
      {BuiltinOp::BiasAddGrad, {}, {&f64}},          // 6: f64: CPU
      {BuiltinOp::BiasAddGrad, {}, {&no_channels}},  // 7: no channels: CPU
      {BuiltinOp::Sum, {}, {&matrix}},               // 8: not grouped with BiasAddGrad
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  CHECK(plan.cpu == std::vector<std::size_t>{3, 4, 5, 6, 7});
  REQUIRE(plan.groups.size() == 4);
  CHECK(plan.groups[0].requests == std::vector<std::size_t>{0});
  CHECK(plan.groups[0].call.kernel == cuda::DeviceKernel::Reduction);
  CHECK(plan.groups[0].op == BuiltinOp::BiasAddGrad);
  CHECK(same_layout(plan.groups[0].call.reduction, Form::Planes, 24, 5, 1));
  CHECK(plan.groups[0].call.result_shape == Shape{5});
  CHECK(plan.groups[0].call.work == 120);
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{1});
  CHECK(same_layout(plan.groups[1].call.reduction, Form::Planes, 6, 7, 1));
  CHECK(plan.groups[2].requests == std::vector<std::size_t>{2});
  CHECK(plan.groups[3].requests == std::vector<std::size_t>{8});
  CHECK(plan.groups[3].op == BuiltinOp::Sum);
}

TEST_CASE("a leaf folded one chain at a time, as a device warp does, gives the leaf's bits",
          "[cuda]") {
  std::mt19937_64 rng(8);
  const order::EigenOrder<float, order::Plus<float>> sum({}, 0.0f, true);
  const order::EigenOrder<float, order::Times<float>> product({}, 1.0f, false);
  for (std::int64_t n : {1, 7, 8, 31, 32, 33, 63, 64, 100, 257, 8192}) {
    const Tensor x = random_tensor(DType::F32, {n + 5}, rng, Values::Finite);
    const Tensor y = near_one({n + 5}, rng);
    const std::vector<float> x_values = floats(x);
    const std::vector<float> y_values = floats(y);
    const float* xs = x_values.data();
    const float* ys = y_values.data();
    for (std::int64_t first : {0, 5}) {
      const auto chained = [&](const auto& order, const float* v) {
        const auto term = [v](std::int64_t i, bool) { return v[i]; };
        float chains[order::kChains<float>];
        for (std::int64_t c = 0; c < order::kChains<float>; ++c) {
          order.fold_chains(first, n, term, c, c + 1, &chains[c]);
        }
        return order.finish(chains, first, n, term);
      };
      INFO("n " << n << ", first " << first);
      CHECK(chained(sum, xs) == sum.run(xs, first, n));
      CHECK(chained(product, ys) == product.run(ys, first, n));
    }
  }
}

TEST_CASE("Sum, Mean, Prod and BiasAddGrad on the device give the CPU backend's bits", "[cuda]") {
  std::mt19937_64 rng(2028);
  std::vector<Tensor> store;
  store.reserve(400);
  std::vector<EvalRequest> requests;
  struct Case {
    Shape shape;
    std::vector<std::int32_t> axes;  // empty: every axis (the one-argument form)
  };
  // Long runs split (past 8192 terms, full and per row), rows with tails, columns of at
  // least 16 terms in and out of whole packets of results, and planes.
  const std::vector<Case> cases = {
      {{100003}, {}},    {{3, 20000}, {1}},   {{37, 9000}, {1}},      {{5, 33}, {1}},
      {{64, 7}, {1}},    {{40, 17}, {0}},     {{15, 40}, {0}},        {{3, 24, 20}, {1}},
      {{2, 5, 9}, {1}},  {{7, 5, 9}, {0, 2}}, {{2, 3, 4, 5}, {0, 3}}, {{1, 300, 1}, {}},
      {{6, 1, 40}, {0}}, {{9, 130, 3}, {2}},  {{17, 2}, {0}},         {{2, 2, 2, 2, 70}, {4}},
  };
  for (const Case& c : cases) {
    const bool long_sum = c.shape.size() == 1 || element_count(c.shape) > 4000;
    const Tensor* axes = c.axes.empty() ? nullptr : &store.emplace_back(i32_vector(c.axes));
    for (BuiltinOp op : {BuiltinOp::Sum, BuiltinOp::Mean, BuiltinOp::Prod}) {
      for (int call = 0; call < 3; ++call) {
        const Values values = long_sum || call > 0 ? Values::Finite : Values::Special;
        const Tensor* x = &store.emplace_back(
            op == BuiltinOp::Prod && call > 0 ? near_one(c.shape, rng)
                                              : random_tensor(DType::F32, c.shape, rng, values));
        std::vector<const Tensor*> args{x};
        if (axes != nullptr) args.push_back(axes);
        requests.push_back({op, keeping(call == 2), args});
      }
    }
  }
  // All -0: every sum starts at +0. Subnormal terms: flushed as TensorFlow's CPU kernels flush.
  Tensor zeros = cpu::make_tensor(DType::F32, {20, 16});
  for (std::int64_t i = 0; i < zeros.size(); ++i) cpu::store<float>(zeros, i, -0.0f);
  Tensor tiny = cpu::make_tensor(DType::F32, {4, 64});
  for (std::int64_t i = 0; i < tiny.size(); ++i) cpu::store<float>(tiny, i, 1e-39f * (i % 5));
  for (const Tensor* t : {&store.emplace_back(std::move(zeros)), &store.emplace_back(tiny)}) {
    for (BuiltinOp op : {BuiltinOp::Sum, BuiltinOp::Mean}) {
      requests.push_back({op, {}, {t}});
      OpAttrs axis0;
      axis0.axis = 0;
      requests.push_back({op, axis0, {t}});
    }
  }
  // BiasAddGrad: each channel's terms one by one, in short and long columns.
  for (const Shape& shape : {Shape{2, 3, 4, 5}, Shape{300, 17}, Shape{8, 8, 8, 64}, Shape{2, 9}}) {
    for (const Values values : {Values::Special, Values::Finite}) {
      requests.push_back({BuiltinOp::BiasAddGrad,
                          {},
                          {&store.emplace_back(random_tensor(DType::F32, shape, rng, values))}});
    }
  }
  tfmc::test::check_whole_on_device(requests, "the reductions on the device");
}

TEST_CASE("plan_batch takes Max and Min over any axes, folded in the CPU backend's order",
          "[cuda]") {
  std::mt19937_64 rng(6);
  const Tensor x = random_tensor(DType::F32, {2, 3, 4, 5}, rng);
  const Tensor y = random_tensor(DType::F32, {2, 3, 4, 5}, rng);
  const Tensor ints = random_tensor(DType::I64, {2, 3, 4, 5}, rng);
  const Tensor f64 = random_tensor(DType::F64, {2, 3, 4, 5}, rng);
  const Tensor empty = random_tensor(DType::F32, {2, 0}, rng);
  const Tensor axes_13 = i32_vector({1, 3});
  const Tensor axes_31 = i32_vector({3, -3});
  const Tensor axes_23 = i32_vector({2, 3});
  const Tensor no_axes = i32_vector({});
  const Tensor twice = i32_vector({1, 1});
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::Max, {}, {&x, &axes_13}},             // 0: [k, r, k, r], transposed
      {BuiltinOp::Max, {}, {&y, &axes_31}},             // 1: the same axes: with 0
      {BuiltinOp::Min, {}, {&x, &axes_13}},             // 2: Min: another launch
      {BuiltinOp::Max, keeping(true), {&x, &axes_23}},  // 3: [6 k, 20 r]
      {BuiltinOp::Max, {}, {&ints, &axes_13}},          // 4: i64
      {BuiltinOp::Max, {}, {&x, &no_axes}},             // 5: nothing reduced: CPU copies
      {BuiltinOp::Max, {}, {&f64, &axes_13}},           // 6: f64: CPU
      {BuiltinOp::Max, {}, {&empty, &axes_13}},         // 7: an error (axis 3): CPU
      {BuiltinOp::Max, {}, {&x, &twice}},               // 8: a repeated axis: CPU
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  CHECK(plan.cpu == std::vector<std::size_t>{5, 6, 7, 8});
  REQUIRE(plan.groups.size() == 4);
  const cuda::BatchGroup& transposed = plan.groups[0];
  CHECK(transposed.requests == std::vector<std::size_t>{0, 1});
  CHECK(transposed.call.kernel == cuda::DeviceKernel::MaxMin);
  CHECK(transposed.operands == std::vector<const Tensor*>{&x, &y});
  CHECK(transposed.second.empty());
  CHECK(transposed.call.result_shape == Shape{2, 4});
  const cuda::FoldPlan& f = transposed.call.fold;
  CHECK((f.kept == 2 && f.kept_dims[0] == 2 && f.kept_dims[1] == 4));
  CHECK((f.kept_strides[0] == 60 && f.kept_strides[1] == 5));
  CHECK((f.reduced == 2 && f.reduced_dims[0] == 3 && f.reduced_dims[1] == 5));
  CHECK((f.reduced_strides[0] == 20 && f.reduced_strides[1] == 1));
  CHECK((f.results == 8 && f.terms == 15));
  CHECK(transposed.call.work == 120);
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{2});
  CHECK(plan.groups[1].op == BuiltinOp::Min);
  const cuda::FoldPlan& rows = plan.groups[2].call.fold;
  CHECK(plan.groups[2].call.result_shape == Shape{2, 3, 1, 1});
  CHECK((rows.kept == 1 && rows.kept_dims[0] == 6 && rows.kept_strides[0] == 20));
  CHECK((rows.reduced == 1 && rows.reduced_dims[0] == 20 && rows.reduced_strides[0] == 1));
  CHECK(plan.groups[3].requests == std::vector<std::size_t>{4});
  // Reductions of one shape over different axes whose merged sizes agree never share a launch.
  const Tensor square = random_tensor(DType::F32, {3, 3}, rng);
  const Tensor axis_0 = i32_vector({0});
  const Tensor axis_1 = i32_vector({1});
  const std::vector<EvalRequest> columns_and_rows = {{BuiltinOp::Max, {}, {&square, &axis_0}},
                                                     {BuiltinOp::Max, {}, {&square, &axis_1}}};
  const cuda::BatchPlan two = cuda::plan_batch(columns_and_rows, {});
  REQUIRE(two.groups.size() == 2);
  CHECK(two.groups[0].call.fold.reduced_strides[0] == 3);
  CHECK(two.groups[1].call.fold.reduced_strides[0] == 1);
  const std::vector<EvalRequest> one = {batch[0]};
  CHECK(cuda::plan_batch(one, {.max_min = 120}).groups.size() == 1);
  CHECK(cuda::plan_batch(one, {.max_min = 121}).cpu == std::vector<std::size_t>{0});
}

TEST_CASE("Max and Min on the device give the CPU backend's bits", "[cuda]") {
  std::mt19937_64 rng(2030);
  std::vector<Tensor> store;
  store.reserve(400);
  std::vector<EvalRequest> requests;
  struct Case {
    Shape shape;
    std::vector<std::int32_t> axes;
  };
  const std::vector<Case> cases = {
      {{100003}, {0}},
      {{37, 900}, {1}},
      {{40, 17}, {0}},
      {{2, 3, 4, 5}, {1, 3}},
      {{2, 3, 4, 5}, {0, 2}},
      {{2, 3, 4, 5}, {3, 0}},
      {{7, 2, 9}, {1}},
      {{6, 6}, {0}},
      {{6, 6}, {1}},
      {{3, 1, 4, 1, 5, 9}, {0, 2, 5}},
      {{2, 2, 2, 2, 2, 2, 2, 2, 2}, {0, 2, 4, 6, 8}},
  };
  for (const Case& c : cases) {
    const Tensor* axes = &store.emplace_back(i32_vector(c.axes));
    for (DType t : {DType::F32, DType::I32, DType::I64}) {
      for (BuiltinOp op : {BuiltinOp::Max, BuiltinOp::Min}) {
        for (int call = 0; call < 2; ++call) {
          const Tensor* x = &store.emplace_back(random_tensor(t, c.shape, rng));
          requests.push_back({op, keeping(call == 1), {x, axes}});
        }
      }
    }
  }
  // Ties of -0 and +0 (the later is kept), subnormals of both signs (zeros where kept) and NaN
  // among them.
  Tensor zeros = cpu::make_tensor(DType::F32, {6, 8});
  for (std::int64_t i = 0; i < zeros.size(); ++i) {
    const float tiny = i % 2 == 0 ? 1e-40f : -1e-40f;
    const float zero = i % 5 == 0 ? tiny : 0.0f;
    cpu::store<float>(zeros, i, i % 3 == 0 ? -0.0f : (i % 11 == 0 ? NAN : zero));
  }
  const Tensor* tied = &store.emplace_back(std::move(zeros));
  for (const std::vector<std::int32_t>& axes :
       {std::vector<std::int32_t>{0}, std::vector<std::int32_t>{1},
        std::vector<std::int32_t>{0, 1}}) {
    const Tensor* a = &store.emplace_back(i32_vector(axes));
    requests.push_back({BuiltinOp::Max, {}, {tied, a}});
    requests.push_back({BuiltinOp::Min, {}, {tied, a}});
  }
  // All planned for the device: the nine-dimensional case merges into no more than
  // kMaxBatchRank dimensions of each kind.
  tfmc::test::check_whole_on_device(requests, "Max and Min on the device");
}
