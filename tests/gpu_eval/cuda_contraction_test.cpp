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
#include "gpu_eval/device_batches.h"
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

// Runs b's requests as one batch on `device`, checks each result against the CPU backend's,
// bit for bit, and that the plan leaves to the CPU exactly the calls b marks so (with or
// without a device); returns those calls' indexes.
std::vector<std::size_t> run_against_cpu(const Batch& b, CudaEvaluator& device) {
  tfmc::test::check_against_cpu(device, b.requests);
  std::vector<std::size_t> expected_cpu;
  for (std::size_t i = 0; i < b.on_device.size(); ++i) {
    if (!b.on_device[i]) expected_cpu.push_back(i);
  }
  CHECK(cuda::plan_batch(b.requests, {}).cpu == expected_cpu);
  return expected_cpu;
}

// A convolution: its op, input, filter (the depthwise one [kh, kw, in_c, multiplier]) and
// window, and whether the device takes its forward call.
struct Conv {
  BuiltinOp op;
  Shape input;
  Shape filter;
  OpAttrs attrs;
  bool device = true;
};

// Every stride, dilation, padding and group, 1x1 filters whose sums split into input-channel
// blocks, an empty batch, and forms left to the CPU.
const std::vector<Conv>& convolutions() {
  const std::vector<std::int64_t> pads{0, 0, 1, 2, 0, 3, 0, 0};
  static const std::vector<Conv> kConvolutions = {
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
  return kConvolutions;
}

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

  // Convolutions: input, filter and window.
  for (const Conv& c : convolutions()) {
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

  CudaEvaluator device;
  const std::vector<std::size_t> expected_cpu = run_against_cpu(b, device);
  const auto sent = static_cast<std::uint64_t>(b.requests.size() - expected_cpu.size());
  if (!cuda::available()) {
    CHECK(device.device_calls() == 0);
    tfmc::test::no_cuda_device("the products and convolutions on the device");
    return;
  }
  CHECK(device.device_calls() == sent);
  CHECK(device.cpu_calls() == expected_cpu.size());
}

namespace {

// An i32 vector of `values`: a backprop's sizes argument.
Tensor sizes(const Shape& values) {
  Tensor t = cpu::make_tensor(DType::I32, {static_cast<std::int64_t>(values.size())});
  for (std::size_t i = 0; i < values.size(); ++i) {
    cpu::store<std::int32_t>(t, static_cast<std::int64_t>(i), static_cast<std::int32_t>(values[i]));
  }
  return t;
}

}  // namespace

TEST_CASE("plan_batch groups the convolutions' backprops by their sizes' values", "[cuda]") {
  std::mt19937_64 rng(13);
  const Tensor filter = random_tensor(DType::F32, {3, 3, 3, 4}, rng);
  const Tensor filter2 = random_tensor(DType::F32, {3, 3, 3, 4}, rng);
  const Tensor dy = random_tensor(DType::F32, {1, 5, 5, 4}, rng);
  const Tensor dy2 = random_tensor(DType::F32, {1, 5, 5, 4}, rng);
  const Tensor dy_strided = random_tensor(DType::F32, {1, 3, 3, 4}, rng);
  const Tensor dy_depthwise = random_tensor(DType::F32, {1, 5, 5, 6}, rng);
  const Tensor input = random_tensor(DType::F32, {1, 5, 5, 3}, rng);
  const Tensor input64 = random_tensor(DType::F64, {1, 5, 5, 3}, rng);
  const Tensor filter64 = random_tensor(DType::F64, {3, 3, 3, 4}, rng);
  const Tensor dy64 = random_tensor(DType::F64, {1, 5, 5, 4}, rng);
  const Tensor in5 = sizes({1, 5, 5, 3});
  const Tensor in5_again = sizes({1, 5, 5, 3});
  const Tensor in6 = sizes({1, 6, 6, 3});
  const Tensor in_nchw = sizes({1, 3, 5, 5});
  const Tensor f3344 = sizes({3, 3, 3, 4});
  const Tensor f3332 = sizes({3, 3, 3, 2});
  const Tensor negative = sizes({1, -5, 5, 3});
  const OpAttrs same = window(1, 1, 1, 1, ConvPadding::Same);
  const OpAttrs strided = window(2, 2, 1, 1, ConvPadding::Same);
  const OpAttrs nchw = window(1, 1, 1, 1, ConvPadding::Same, {}, true);
  const Tensor dy_nchw = random_tensor(DType::F32, {1, 4, 5, 5}, rng);
  const std::vector<EvalRequest> batch = {
      {BuiltinOp::Conv2DBackpropInput, same, {&in5, &filter, &dy}},             // 0
      {BuiltinOp::Conv2DBackpropInput, same, {&in5_again, &filter2, &dy2}},     // 1: with 0
      {BuiltinOp::Conv2DBackpropInput, strided, {&in5, &filter, &dy_strided}},  // 2
      {BuiltinOp::Conv2DBackpropInput, strided, {&in6, &filter, &dy_strided}},  // 3: 6 rows
      {BuiltinOp::Conv2DBackpropFilter, same, {&input, &f3344, &dy}},           // 4
      {BuiltinOp::DepthwiseConv2dNativeBackpropFilter, same, {&input, &f3332, &dy_depthwise}},
      {BuiltinOp::Conv2DBackpropInput, nchw, {&in_nchw, &filter, &dy_nchw}},  // 6: NCHW: CPU
      {BuiltinOp::Conv2DBackpropFilter, same, {&input64, &f3344, &dy64}},     // 7: f64: CPU
      {BuiltinOp::Conv2DBackpropInput, same, {&in5, &filter64, &dy64}},       // 8: f64: CPU
      {BuiltinOp::Conv2DBackpropInput, same, {&in5, &filter, &dy_strided}},   // 9: dy: CPU
      {BuiltinOp::Conv2DBackpropInput, same, {&negative, &filter, &dy}},      // 10: CPU
  };
  const cuda::BatchPlan plan = cuda::plan_batch(batch, {});
  CHECK(plan.cpu == std::vector<std::size_t>{6, 7, 8, 9, 10});
  REQUIRE(plan.groups.size() == 5);
  const cuda::BatchGroup& inputs = plan.groups[0];
  CHECK(inputs.requests == std::vector<std::size_t>{0, 1});
  CHECK(inputs.call.kernel == cuda::DeviceKernel::ConvolutionInputGrad);
  // The sizes are in the call's form: only the filters and gradients go up.
  CHECK(inputs.operands == std::vector<const Tensor*>{&filter, &dy, &filter2, &dy2});
  CHECK(inputs.first == ints({0, 2}));
  CHECK(inputs.second == ints({1, 3}));
  CHECK(inputs.call.result_shape == Shape{1, 5, 5, 3});
  CHECK(inputs.call.work == 75 * 3 * 3 * 4);
  CHECK(plan.groups[1].requests == std::vector<std::size_t>{2});
  CHECK(plan.groups[1].call.geometry.h.in == 5);
  CHECK(plan.groups[2].requests == std::vector<std::size_t>{3});
  CHECK(plan.groups[2].call.result_shape == Shape{1, 6, 6, 3});
  const cuda::BatchGroup& filters = plan.groups[3];
  CHECK(filters.requests == std::vector<std::size_t>{4});
  CHECK(filters.call.kernel == cuda::DeviceKernel::ConvolutionFilterGrad);
  CHECK(filters.operands == std::vector<const Tensor*>{&input, &dy});
  CHECK(filters.call.work == 108 * 5 * 5);
  // The depthwise filter's gradient keeps its own shape; read as grouped, one channel each.
  CHECK(plan.groups[4].call.result_shape == Shape{3, 3, 3, 2});
  CHECK(plan.groups[4].call.geometry.group_in == 1);
  CHECK(plan.groups[4].call.work == 54 * 5 * 5);
  const std::vector<EvalRequest> one = {batch[4]};
  CHECK(cuda::plan_batch(one, {.convolution_filter_grad = 2700}).groups.size() == 1);
  CHECK(cuda::plan_batch(one, {.convolution_filter_grad = 2701}).cpu ==
        std::vector<std::size_t>{0});
  CHECK(cuda::plan_batch(one, {.convolution_input_grad = 1 << 30}).groups.size() == 1);
}

TEST_CASE("the convolutions' backprops on the device give the CPU backend's bits", "[cuda]") {
  std::mt19937_64 rng(2029);
  Batch b;
  CpuEvaluator cpu;
  // The device takes every f32 NHWC call the CPU backend computes a tensor for (the generic
  // kernels' refusals of f64 dilated or grouped backprops are errors there, and stay there).
  const auto add = [&](BuiltinOp op, const OpAttrs& attrs, std::vector<const Tensor*> args,
                       bool f32) {
    const bool computed =
        std::holds_alternative<std::vector<Tensor>>(cpu.evaluate(op, attrs, args));
    b.add(op, attrs, std::move(args), f32 && computed && !attrs.channels_first);
  };
  for (const Conv& c : convolutions()) {
    const bool depthwise = c.op == BuiltinOp::DepthwiseConv2dNative;
    const BuiltinOp input_grad =
        depthwise ? BuiltinOp::DepthwiseConv2dNativeBackpropInput : BuiltinOp::Conv2DBackpropInput;
    const BuiltinOp filter_grad = depthwise ? BuiltinOp::DepthwiseConv2dNativeBackpropFilter
                                            : BuiltinOp::Conv2DBackpropFilter;
    // The output's shape, from an f32 forward call (the generic kernel may refuse f64); a
    // convolution the CPU refuses has no backprops.
    const Tensor* probe = b.keep(random_tensor(DType::F32, c.input, rng));
    const Tensor* probe_filter = b.keep(random_tensor(DType::F32, c.filter, rng));
    const EvalResult out =
        cpu.evaluate(c.op, c.attrs, std::vector<const Tensor*>{probe, probe_filter});
    if (!std::holds_alternative<std::vector<Tensor>>(out)) continue;
    const Shape out_shape = std::get<std::vector<Tensor>>(out)[0].shape;
    for (DType t : {DType::F32, DType::F64}) {
      for (const Values values : {Values::Special, Values::Finite}) {
        const Tensor* filter = b.keep(random_tensor(t, c.filter, rng, values));
        const Tensor* input = b.keep(random_tensor(t, c.input, rng, values));
        const Tensor* input_sizes = b.keep(sizes(c.input));
        const Tensor* filter_sizes = b.keep(sizes(c.filter));
        for (int call = 0; call < 2; ++call) {
          const Tensor* dy = b.keep(random_tensor(t, out_shape, rng, values));
          add(input_grad, c.attrs, {input_sizes, filter, dy}, t == DType::F32);
          add(filter_grad, c.attrs, {input, filter_sizes, dy}, t == DType::F32);
        }
      }
    }
  }

  CudaEvaluator device;
  const std::vector<std::size_t> expected_cpu = run_against_cpu(b, device);
  // The device takes every f32 call of the 17 NHWC convolutions the CPU computes (2 kinds of
  // values x 2 calls x 2 backprops each): the f64 ones and the NCHW one stay on the CPU.
  CHECK(b.requests.size() - expected_cpu.size() == 17 * 8);
  if (!cuda::available()) {
    CHECK(device.device_calls() == 0);
    tfmc::test::no_cuda_device("the convolutions' backprops on the device");
    return;
  }
  CHECK(device.device_calls() == b.requests.size() - expected_cpu.size());
}
