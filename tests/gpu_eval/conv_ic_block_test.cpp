// Conv2D's input-channel blocks against TensorFlow (gpu_eval/conv_order.h; FORMAT.md,
// "Convolutions as TensorFlow rounds them"): the probes of conv_ic_block_cases.inc, written by
// tools/tf/make_conv_block_cases.py from TensorFlow 2.21, whose values show where TensorFlow's
// sums split and in which order the blocks are added, give TensorFlow's values (the probes of
// one intra-op thread, tfmc's order), and tfmc's block rule, told TensorFlow's thread count,
// gives the block each probe shows.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "gpu_eval/conv_order.h"
#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"

namespace {

using namespace tfmc;

struct BlockCase {
  std::int64_t threads;  // TensorFlow's intra-op threads when the probe was recorded
  std::int64_t batch, height, width, channels_in, channels_out, filter_size, stride;
  bool same;
  std::int64_t block;                // the input-channel block the probe shows
  std::vector<std::int64_t> values;  // output position 0's, by output channel
};

const std::vector<BlockCase>& cases() {
  static const std::vector<BlockCase> kCases = {
#include "conv_ic_block_cases.inc"
  };
  return kCases;
}

// The probe of make_conv_block_cases.py: all-ones input; at the filter's centre tap, column
// o < min(O, C-1) holds 2^40 at channel k and -2^40 at channel k+1, k being o when O >= C-1
// and o (C-1) / O rounded down otherwise; every other weight is 1.
std::vector<eval::Tensor> probe(const BlockCase& c) {
  eval::Tensor x =
      eval::cpu::make_tensor(eval::DType::F32, {c.batch, c.height, c.width, c.channels_in});
  for (std::int64_t i = 0; i < x.size(); ++i) eval::cpu::store(x, i, 1.0f);
  const std::int64_t k = c.filter_size;
  eval::Tensor f = eval::cpu::make_tensor(eval::DType::F32, {k, k, c.channels_in, c.channels_out});
  for (std::int64_t i = 0; i < f.size(); ++i) eval::cpu::store(f, i, 1.0f);
  const std::int64_t centre = ((k / 2) * k + k / 2) * c.channels_in * c.channels_out;
  constexpr float kBig = 1099511627776.0f;  // 2^40
  const std::int64_t in = c.channels_in, out = c.channels_out;
  for (std::int64_t o = 0; o < in - 1 && o < out; ++o) {
    const std::int64_t pair = out >= in - 1 ? o : o * (in - 1) / out;
    eval::cpu::store(f, centre + pair * out + o, kBig);
    eval::cpu::store(f, centre + (pair + 1) * out + o, -kBig);
  }
  return {x, f};
}

}  // namespace

TEST_CASE("Conv2D sums the input channels in TensorFlow's blocks", "[conv][conv_blocks]") {
  REQUIRE(cases().size() == 40);
  for (const BlockCase& c : cases()) {
    // tfmc sums in the blocks of one thread (conv_order.h).
    if (c.threads != 1) continue;
    INFO("batch " << c.batch << ", " << c.height << "x" << c.width << ", " << c.channels_in
                  << " to " << c.channels_out << ", filter " << c.filter_size << ", stride "
                  << c.stride);
    const std::vector<eval::Tensor> args = probe(c);
    eval::OpAttrs attrs;
    attrs.window.strides = {1, c.stride, c.stride, 1};
    attrs.window.padding = c.same ? eval::ConvPadding::Same : eval::ConvPadding::Valid;
    eval::CpuEvaluator cpu;
    const std::vector<const eval::Tensor*> operands = {&args[0], &args[1]};
    const eval::EvalResult r = cpu.evaluate(eval::BuiltinOp::Conv2D, attrs, operands);
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const eval::Tensor& y = std::get<std::vector<eval::Tensor>>(r).at(0);
    const auto got = eval::cpu::view<float>(y);
    std::int64_t differing = 0;
    for (std::int64_t o = 0; o < c.channels_out; ++o) {
      differing += got[o] != static_cast<float>(c.values[static_cast<std::size_t>(o)]);
    }
    CHECK(differing == 0);
  }
}

TEST_CASE("Conv2D's input-channel blocks are the ones TensorFlow's probes show, by threads",
          "[conv][conv_blocks]") {
  for (const BlockCase& c : cases()) {
    INFO(c.threads << " threads, batch " << c.batch << ", " << c.height << "x" << c.width << ", "
                   << c.channels_in << " to " << c.channels_out << ", filter " << c.filter_size
                   << ", stride " << c.stride);
    eval::kernels::Conv2dShape s;
    s.batch = c.batch;
    s.kernel_h = s.kernel_w = c.filter_size;
    s.in_channels = c.channels_in;
    s.out_channels = c.channels_out;
    s.in_h = c.height;
    s.in_w = c.width;
    s.out_h = (c.height + c.stride - 1) / c.stride;
    s.out_w = (c.width + c.stride - 1) / c.stride;
    s.stride_h = s.stride_w = c.stride;
    s.f32 = true;
    s.threads = c.threads;
    CHECK(eval::kernels::conv2d_input_channel_block(s) == c.block);
  }
}

TEST_CASE("Conv2D's input channels stay one sum outside oneDNN's plain 1x1 kernel",
          "[conv][conv_blocks]") {
  eval::kernels::Conv2dShape s;
  s.batch = s.kernel_h = s.kernel_w = s.in_h = s.in_w = s.out_h = s.out_w = 1;
  s.in_channels = s.out_channels = 1024;
  s.f32 = true;
  REQUIRE(eval::kernels::conv2d_input_channel_block(s) == 176);
  eval::kernels::Conv2dShape f64 = s;
  f64.f32 = false;
  CHECK(eval::kernels::conv2d_input_channel_block(f64) == 1024);
  eval::kernels::Conv2dShape explicit_padding = s;
  explicit_padding.explicit_padding = true;
  CHECK(eval::kernels::conv2d_input_channel_block(explicit_padding) == 1024);
  eval::kernels::Conv2dShape nchw = s;
  nchw.nhwc = false;
  CHECK(eval::kernels::conv2d_input_channel_block(nchw) == 1024);
  eval::kernels::Conv2dShape grouped = s;
  grouped.groups = 2;
  CHECK(eval::kernels::conv2d_input_channel_block(grouped) == 1024);
}
