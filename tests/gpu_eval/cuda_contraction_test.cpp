// BatchMatMulV2, Conv2D and DepthwiseConv2dNative on the CUDA backend: how plan_batch groups
// them and which calls it leaves to the CPU (cuda_batch_plan.h), checked exactly everywhere;
// and, on a device, that a batch of random calls (broadcast batch dimensions, transposes,
// strides, dilations, every padding, groups, odd sizes that do and do not fill the device's
// tiles, -0, infinities, NaN, subnormals, long sums) gives each call the CPU backend's
// result, bit for bit.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cuda_batch_plan.h"
#include "gpu_eval/cuda_device.h"
#include "gpu_eval/cuda_evaluator.h"
#include "gpu_eval/cuda_required.h"
#include "gpu_eval/random_tensors.h"
#include "gpu_eval/same_results.h"

namespace {

using namespace tfmc::eval;
using tfmc::test::random_tensor;
using tfmc::test::Values;
using Shape = std::vector<std::int64_t>;

OpAttrs adjoints(bool adj_x, bool adj_y) {
  OpAttrs attrs;
  attrs.adj_x = adj_x;
  attrs.adj_y = adj_y;
  return attrs;
}

// A convolution's attributes in NHWC (NCHW with channels_first): strides and dilations along
// height and width.
OpAttrs window(std::int64_t stride_h, std::int64_t stride_w, std::int64_t dilation_h,
               std::int64_t dilation_w, ConvPadding padding,
               std::vector<std::int64_t> explicit_paddings = {}, bool channels_first = false) {
  OpAttrs attrs;
  attrs.channels_first = channels_first;
  attrs.window.padding = padding;
  attrs.window.explicit_paddings = std::move(explicit_paddings);
  attrs.window.strides =
      channels_first ? Shape{1, 1, stride_h, stride_w} : Shape{1, stride_h, stride_w, 1};
  attrs.window.dilations =
      channels_first ? Shape{1, 1, dilation_h, dilation_w} : Shape{1, dilation_h, dilation_w, 1};
  return attrs;
}

std::vector<std::int32_t> ints(std::initializer_list<std::int32_t> values) { return values; }

// Owns the tensors of a batch; requests point into it.
struct Batch {
  std::vector<Tensor> store;
  std::vector<EvalRequest> requests;
  std::vector<bool> on_device;  // whether the CUDA backend should take request i

  Batch() { store.reserve(1000); }
  const Tensor* keep(Tensor t) {
    REQUIRE(store.size() < store.capacity());
    store.push_back(std::move(t));
    return &store.back();
  }
  void add(BuiltinOp op, OpAttrs attrs, std::vector<const Tensor*> args, bool device) {
    requests.push_back({op, std::move(attrs), std::move(args)});
    on_device.push_back(device);
  }
};

}  // namespace

TEST_CASE("plan_batch groups BatchMatMulV2 and the convolutions by shapes and attributes",
          "[cuda]") {
  std::mt19937_64 rng(11);
  const Tensor x = random_tensor(DType::F32, {2, 3, 4}, rng);
  const Tensor x2 = random_tensor(DType::F32, {2, 3, 4}, rng);
  const Tensor y = random_tensor(DType::F32, {2, 4, 5}, rng);
  const Tensor y_t = random_tensor(DType::F32, {2, 5, 4}, rng);
  const Tensor x64 = random_tensor(DType::F64, {2, 3, 4}, rng);
  const Tensor y64 = random_tensor(DType::F64, {2, 4, 5}, rng);
  const Tensor deep_x = random_tensor(DType::F32, Shape(11, 1), rng);  // 9 batch dimensions
  const Tensor input = random_tensor(DType::F32, {1, 6, 6, 3}, rng);
  const Tensor input2 = random_tensor(DType::F32, {1, 6, 6, 3}, rng);
  const Tensor filter = random_tensor(DType::F32, {3, 3, 3, 4}, rng);
  const Tensor depthwise = random_tensor(DType::F32, {3, 3, 3, 2}, rng);
  const Tensor uneven = random_tensor(DType::F32, {3, 3, 2, 4}, rng);
  const OpAttrs valid = window(1, 1, 1, 1, ConvPadding::Valid);
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::BatchMatMulV2, {}, {&x, &y}},                       // 0: group
      {BuiltinOp::BatchMatMulV2, {}, {&x2, &y}},                      // 1: same group, y once
      {BuiltinOp::BatchMatMulV2, adjoints(false, true), {&x, &y_t}},  // 2: another launch
      {BuiltinOp::Conv2D, valid, {&input, &filter}},                  // 3: group
      {BuiltinOp::Conv2D, valid, {&input2, &filter}},                 // 4: same group
      {BuiltinOp::Conv2D, window(2, 2, 1, 1, ConvPadding::Valid), {&input, &filter}},  // 5
      {BuiltinOp::Conv2D,
       window(1, 1, 1, 1, ConvPadding::Valid, {}, true),
       {&input, &filter}},                                              // 6: NCHW: CPU
      {BuiltinOp::DepthwiseConv2dNative, valid, {&input, &depthwise}},  // 7: group
      {BuiltinOp::BatchMatMulV2, {}, {&x64, &y64}},                     // 8: f64: CPU
      {BuiltinOp::BatchMatMulV2, {}, {&x, &x}},                         // 9: k differs: CPU
      {BuiltinOp::Conv2D, valid, {&input, &uneven}},       // 10: 3 channels in groups of 2: CPU
      {BuiltinOp::BatchMatMulV2, {}, {&deep_x, &deep_x}},  // 11: 9 batch dimensions: CPU
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  CHECK(plan.cpu == std::vector<std::size_t>{6, 8, 9, 10, 11});
  CHECK(plan.copies.empty());
  REQUIRE(plan.groups.size() == 5);
  const cuda::BatchGroup& products = plan.groups[0];
  CHECK(products.requests == std::vector<std::size_t>{0, 1});
  CHECK(products.operands == std::vector<const Tensor*>{&x, &y, &x2});
  CHECK(products.first == ints({0, 2}));
  CHECK(products.second == ints({1, 1}));
  CHECK(products.call.kernel == cuda::DeviceKernel::BatchMatMul);
  CHECK((products.call.m == 3 && products.call.k == 4 && products.call.n == 5));
  CHECK(products.call.result_shape == Shape{2, 3, 5});
  CHECK(products.call.broadcast.shape == Shape{2});
  CHECK(products.call.work == 2 * 3 * 4 * 5);
  CHECK_FALSE(products.call.adj_y);
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{2});
  CHECK(plan.groups[1].call.adj_y);
  CHECK(plan.groups[1].call.n == 5);
  const cuda::BatchGroup& convolutions = plan.groups[2];
  CHECK(convolutions.requests == std::vector<std::size_t>{3, 4});
  CHECK(convolutions.operands == std::vector<const Tensor*>{&input, &filter, &input2});
  CHECK(convolutions.call.kernel == cuda::DeviceKernel::Convolution);
  CHECK(convolutions.call.result_shape == Shape{1, 4, 4, 4});
  CHECK(convolutions.call.work == 64 * 3 * 3 * 3);
  CHECK(plan.groups[3].requests == std::vector<std::size_t>{5});
  CHECK(plan.groups[3].call.result_shape == Shape{1, 2, 2, 4});
  CHECK(plan.groups[3].call.geometry.h.stride == 2);
  // Depthwise [3, 3, 3, 2] is a grouped [3, 3, 1, 6]: one input channel per output.
  CHECK(plan.groups[4].requests == std::vector<std::size_t>{7});
  CHECK(plan.groups[4].call.result_shape == Shape{1, 4, 4, 6});
  CHECK(plan.groups[4].call.geometry.group_in == 1);
  CHECK(plan.groups[4].call.work == 96 * 3 * 3);
}

TEST_CASE("plan_batch weighs BatchMatMulV2 and convolutions by their multiply-adds", "[cuda]") {
  std::mt19937_64 rng(12);
  const Tensor x = random_tensor(DType::F32, {2, 3, 4}, rng);
  const Tensor y = random_tensor(DType::F32, {4, 5}, rng);
  const Tensor input = random_tensor(DType::F32, {1, 5, 5, 2}, rng);
  const Tensor filter = random_tensor(DType::F32, {2, 2, 2, 3}, rng);
  // Each product is 2 slices x 3 x 4 x 5 = 120 multiply-adds; the two together 240.
  const std::vector<EvalRequest> products(2, EvalRequest{BuiltinOp::BatchMatMulV2, {}, {&x, &y}});
  CHECK(cuda::plan_batch(products, {.batch_matmul = 240}).groups.size() == 1);
  CHECK(cuda::plan_batch(products, {.batch_matmul = 241}).cpu == std::vector<std::size_t>{0, 1});
  CHECK(cuda::plan_batch(products, {.matmul = 1 << 30}).groups.size() == 1);
  // SAME keeps 5 x 5 outputs of 3 channels, each 2 x 2 x 2 products: 600.
  const std::vector<EvalRequest> convolution = {
      {BuiltinOp::Conv2D, window(1, 1, 1, 1, ConvPadding::Same), {&input, &filter}}};
  CHECK(cuda::plan_batch(convolution, {.convolution = 600}).groups.size() == 1);
  CHECK(cuda::plan_batch(convolution, {.convolution = 601}).cpu == std::vector<std::size_t>{0});
}

TEST_CASE("BatchMatMulV2 and the convolutions on the device give the CPU backend's bits",
          "[cuda]") {
  std::mt19937_64 rng(2027);
  Batch b;
  // Products: every dtype the device takes, every adjoint, broadcast batch dimensions, sizes
  // around the 64 x 64 tiles and the 16-deep steps, k = 0 and an empty batch; special values
  // in short sums, finite ones in long sums, and the f64 and error calls left to the CPU.
  const Shape products[][2] = {
      {{3, 5, 7}, {3, 7, 4}},    {{2, 1, 4, 6}, {3, 6, 5}},       {{4, 6}, {2, 3, 6, 9}},
      {{2, 70, 130}, {130, 65}}, {{1, 64, 64}, {3, 64, 64}},      {{2, 3, 0}, {2, 0, 4}},
      {{0, 3, 4}, {4, 5}},       {{2, 2, 1, 17}, {2, 1, 17, 33}}, {{5, 1, 1}, {5, 1, 1}},
  };
  for (DType t : {DType::F32, DType::I32, DType::I64, DType::F64}) {
    for (const auto& s : products) {
      for (int adj = 0; adj < 4; ++adj) {
        const bool adj_x = (adj & 1) != 0;
        const bool adj_y = (adj & 2) != 0;
        Shape xs = s[0];
        Shape ys = s[1];
        if (adj_x) std::swap(xs[xs.size() - 1], xs[xs.size() - 2]);
        if (adj_y) std::swap(ys[ys.size() - 1], ys[ys.size() - 2]);
        const Values values =
            xs.back() * xs[xs.size() - 2] > 200 ? Values::Finite : Values::Special;
        const Tensor* y = b.keep(random_tensor(t, ys, rng, values));
        for (int call = 0; call < 2; ++call) {
          b.add(BuiltinOp::BatchMatMulV2, adjoints(adj_x, adj_y),
                {b.keep(random_tensor(t, xs, rng, values)), y}, t != DType::F64);
        }
      }
    }
  }
  const Tensor* deep = b.keep(random_tensor(DType::F32, Shape(11, 1), rng));
  b.add(BuiltinOp::BatchMatMulV2, {}, {deep, deep}, false);
  const Tensor* mismatched = b.keep(random_tensor(DType::F32, {2, 3, 4}, rng));
  b.add(BuiltinOp::BatchMatMulV2, {}, {mismatched, mismatched}, false);
  // All -0: every sum starts at +0.
  Tensor zeros = random_tensor(DType::F32, {2, 9, 9}, rng, Values::Finite);
  for (std::int64_t i = 0; i < zeros.size(); ++i) cpu::store<float>(zeros, i, -0.0f);
  const Tensor* negative_zeros = b.keep(std::move(zeros));
  b.add(BuiltinOp::BatchMatMulV2, {}, {negative_zeros, negative_zeros}, true);

  // Convolutions: input, filter and window; the depthwise filter is [kh, kw, in_c, multiplier].
  struct Conv {
    BuiltinOp op;
    Shape input;
    Shape filter;
    OpAttrs attrs;
    bool device = true;
  };
  const std::vector<std::int64_t> pads{0, 0, 1, 2, 0, 3, 0, 0};
  const std::vector<Conv> convolutions = {
      {BuiltinOp::Conv2D, {2, 9, 11, 3}, {3, 3, 3, 5}, window(1, 1, 1, 1, ConvPadding::Valid)},
      {BuiltinOp::Conv2D, {2, 9, 11, 3}, {3, 3, 3, 5}, window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D, {2, 9, 11, 3}, {3, 2, 3, 5}, window(2, 3, 1, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D, {1, 10, 9, 4}, {3, 3, 4, 3}, window(1, 1, 2, 3, ConvPadding::Valid)},
      {BuiltinOp::Conv2D, {1, 10, 9, 4}, {3, 3, 4, 3}, window(2, 1, 2, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D,
       {1, 7, 8, 2},
       {2, 3, 2, 4},
       window(1, 2, 1, 1, ConvPadding::Explicit, pads)},
      {BuiltinOp::Conv2D, {1, 7, 7, 6}, {2, 2, 3, 4}, window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D, {1, 5, 5, 37}, {3, 3, 37, 9}, window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D, {3, 6, 6, 16}, {1, 1, 16, 17}, window(1, 1, 1, 1, ConvPadding::Valid)},
      {BuiltinOp::Conv2D, {1, 3, 2, 2}, {5, 5, 2, 2}, window(1, 1, 1, 1, ConvPadding::Same)},
      // 1x1 filters of one image whose sums split into input-channel blocks (conv_order.h):
      // 176 + 80 channels, 752 + 272, and 896 + 128 for 200 output channels.
      {BuiltinOp::Conv2D, {1, 2, 2, 256}, {1, 1, 256, 1024}, window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::Conv2D,
       {1, 2, 2, 1024},
       {1, 1, 1024, 256},
       window(1, 1, 1, 1, ConvPadding::Valid)},
      {BuiltinOp::Conv2D,
       {1, 3, 3, 1024},
       {1, 1, 1024, 200},
       window(1, 1, 1, 1, ConvPadding::Valid)},
      {BuiltinOp::Conv2D, {0, 5, 5, 3}, {3, 3, 3, 2}, window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::DepthwiseConv2dNative,
       {2, 8, 8, 4},
       {3, 3, 4, 2},
       window(1, 1, 1, 1, ConvPadding::Same)},
      {BuiltinOp::DepthwiseConv2dNative,
       {1, 9, 7, 3},
       {2, 3, 3, 1},
       window(2, 2, 1, 1, ConvPadding::Valid)},
      {BuiltinOp::DepthwiseConv2dNative,
       {1, 9, 9, 2},
       {3, 3, 2, 3},
       window(1, 1, 2, 2, ConvPadding::Same)},
      // Left to the CPU: NCHW, a filter whose channels do not divide the input's, a window
      // larger than the input.
      {BuiltinOp::Conv2D,
       {1, 3, 6, 6},
       {3, 3, 3, 4},
       window(1, 1, 1, 1, ConvPadding::Same, {}, true),
       false},
      {BuiltinOp::Conv2D,
       {1, 6, 6, 3},
       {3, 3, 2, 4},
       window(1, 1, 1, 1, ConvPadding::Valid),
       false},
      {BuiltinOp::Conv2D,
       {1, 2, 2, 3},
       {3, 3, 3, 4},
       window(1, 1, 1, 1, ConvPadding::Valid),
       false},
  };
  for (const Conv& c : convolutions) {
    for (const Values values : {Values::Special, Values::Finite}) {
      const Tensor* filter = b.keep(random_tensor(DType::F32, c.filter, rng, values));
      for (int call = 0; call < 2; ++call) {
        b.add(c.op, c.attrs, {b.keep(random_tensor(DType::F32, c.input, rng, values)), filter},
              c.device);
      }
    }
    const Tensor* filter64 = b.keep(random_tensor(DType::F64, c.filter, rng));
    b.add(c.op, c.attrs, {b.keep(random_tensor(DType::F64, c.input, rng)), filter64}, false);
  }

  CpuEvaluator cpu;
  CudaEvaluator device;
  const std::vector<EvalResult> results = device.evaluate_batch(b.requests);
  REQUIRE(results.size() == b.requests.size());
  int differing = 0;
  for (std::size_t i = 0; i < b.requests.size(); ++i) {
    INFO("call " << i);
    const EvalRequest& r = b.requests[i];
    const bool same = tfmc::test::same_result(results[i], cpu.evaluate(r.op, r.attrs, r.args));
    CHECK(same);
    differing += same ? 0 : 1;
  }
  CHECK(differing == 0);
  // Which calls the plan sends to the device, with or without one.
  const cuda::BatchPlan plan = cuda::plan_batch(b.requests, {});
  std::vector<std::size_t> expected_cpu;
  for (std::size_t i = 0; i < b.on_device.size(); ++i) {
    if (!b.on_device[i]) expected_cpu.push_back(i);
  }
  CHECK(plan.cpu == expected_cpu);
  const auto sent = static_cast<std::uint64_t>(b.requests.size() - expected_cpu.size());
  if (!cuda::available()) {
    CHECK(device.device_calls() == 0);
    tfmc::test::no_cuda_device("the products and convolutions on the device");
    return;
  }
  CHECK(device.device_calls() == sent);
  CHECK(device.cpu_calls() == expected_cpu.size());
}
