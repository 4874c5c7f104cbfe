// Conv2D's input-channel blocks against TensorFlow (gpu_eval/conv_order.h; FORMAT.md,
// "Convolutions as TensorFlow rounds them"): the probes of conv_ic_block_cases.inc, written by
// tools/tf/make_conv_block_cases.py from TensorFlow 2.21, whose values show where TensorFlow's
// sums split and in which order the blocks are added, give TensorFlow's values; the block
// sizes are the boundaries those probes show.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "gpu_eval/conv_order.h"
#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"

namespace {

using namespace tfmc;

struct BlockCase {
  std::int64_t batch, height, width, channels_in, channels_out, filter_size, stride;
  bool same;
  std::vector<std::int64_t> values;  // output position 0's, by output channel
};

const std::vector<BlockCase>& cases() {
  static const std::vector<BlockCase> kCases = {
#include "conv_ic_block_cases.inc"
  };
  return kCases;
}

// The probe of make_conv_block_cases.py: all-ones input; at the filter's centre tap, column
// o < C-1 holds 2^40 at channel o and -2^40 at channel o+1; every other weight is 1.
std::vector<eval::Tensor> probe(const BlockCase& c) {
  eval::Tensor x =
      eval::cpu::make_tensor(eval::DType::F32, {c.batch, c.height, c.width, c.channels_in});
  for (std::int64_t i = 0; i < x.size(); ++i) eval::cpu::store(x, i, 1.0f);
  const std::int64_t k = c.filter_size;
  eval::Tensor f = eval::cpu::make_tensor(eval::DType::F32, {k, k, c.channels_in, c.channels_out});
  for (std::int64_t i = 0; i < f.size(); ++i) eval::cpu::store(f, i, 1.0f);
  const std::int64_t centre = ((k / 2) * k + k / 2) * c.channels_in * c.channels_out;
  constexpr float kBig = 1099511627776.0f;  // 2^40
  for (std::int64_t o = 0; o < c.channels_in - 1 && o < c.channels_out; ++o) {
    eval::cpu::store(f, centre + o * c.channels_out + o, kBig);
    eval::cpu::store(f, centre + (o + 1) * c.channels_out + o, -kBig);
  }
  return {x, f};
}

}  // namespace

TEST_CASE("Conv2D sums the input channels in TensorFlow's blocks", "[conv][conv_blocks]") {
  REQUIRE(cases().size() == 8);
  for (const BlockCase& c : cases()) {
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

TEST_CASE("Conv2D's input-channel blocks are oneDNN's for a plain 1x1 filter",
          "[conv][conv_blocks]") {
  const auto block = [](std::int64_t in, std::int64_t out, std::int64_t spatial,
                        std::int64_t batch = 1, std::int64_t kernel = 1) {
    eval::kernels::Conv2dShape s;
    s.batch = batch;
    s.kernel_h = s.kernel_w = kernel;
    s.in_channels = in;
    s.out_channels = out;
    s.out_h = s.out_w = spatial;
    s.f32 = true;
    return eval::kernels::conv2d_input_channel_block(s);
  };
  // The boundaries the probes show (conv_ic_block_cases.inc) and those measured on random data.
  CHECK(block(256, 1024, 2) == 176);
  CHECK(block(1024, 1024, 1) == 176);
  CHECK(block(512, 512, 2) == 368);
  CHECK(block(256, 768, 1) == 240);
  CHECK(block(1024, 256, 2) == 752);
  // No split: the block holds every channel.
  CHECK(block(256, 640, 2) == 256);
  CHECK(block(256, 1024, 1, 2) == 256);
  CHECK(block(256, 1024, 1, 1, 3) == 256);
  eval::kernels::Conv2dShape f64;
  f64.batch = f64.kernel_h = f64.kernel_w = f64.out_h = f64.out_w = 1;
  f64.in_channels = f64.out_channels = 1024;
  CHECK(eval::kernels::conv2d_input_channel_block(f64) == 1024);
}
