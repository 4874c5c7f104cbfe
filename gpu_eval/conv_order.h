// How TensorFlow's f32 Conv2D splits each output's sum over the input channels (FORMAT.md,
// "Convolutions as TensorFlow rounds them"), one definition for every backend: the CPU backend
// (cpu_convolution.cpp) stores the block in conv::Geometry::forward_block, and the CPU kernel
// and the device kernel both sum conv_geometry.h's forward_sum in those blocks, so both give
// the same bits.
//
// Contract: conv2d_input_channel_block(shape) is the number of consecutive input channels
// whose products one partial sum takes; it is shape.in_channels (one sum, no split) unless
// the call runs oneDNN's 1x1 kernel with the filter in TensorFlow's plain layout (f32, a batch
// of one, one group, NHWC, a 1x1 filter, SAME or VALID padding), where it is a multiple of 16
// that may be smaller than in_channels. The output is then the sum of its blocks, block b
// summing its products from +0, the blocks' sums added left to right: ((b0 + b1) + b2) + ...
//
// Why: oneDNN 3.7's brgemm 1x1 convolution (TensorFlow 2.21's f32 Conv2D for a batch of one)
// computes each block's partial sum from zero and adds it to the output. It picks its blocks
// with a cost model (conv_order.cpp) that weighs cache footprints and register use of every
// output-channel block and output-position block it considers, for TensorFlow's intra-op
// threads, with the cache sizes of the machine it runs on; tfmc evaluates that model with the
// figures of the machine the orders were measured on (48 KiB L1 and 1 MiB L2 per core,
// AVX-512), so another cache size, instruction set or thread count gives other blocks.
#pragma once

#include <cstdint>

namespace tfmc::eval::kernels {

struct Conv2dShape {
  std::int64_t batch = 0, kernel_h = 0, kernel_w = 0, in_channels = 0, out_channels = 0;
  std::int64_t in_h = 0, in_w = 0, out_h = 0, out_w = 0, stride_h = 1, stride_w = 1, groups = 1;
  // The threads oneDNN plans the call for (TensorFlow's intra-op threads); tfmc evaluates with
  // one, the order FORMAT.md documents.
  std::int64_t threads = 1;
  bool f32 = false, nhwc = true, explicit_padding = false;
};

std::int64_t conv2d_input_channel_block(const Conv2dShape& s);

}  // namespace tfmc::eval::kernels
