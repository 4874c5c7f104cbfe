// How TensorFlow's f32 Conv2D splits each output's sum over the input channels (FORMAT.md,
// "Convolutions as TensorFlow rounds them"), one definition for every backend: the CPU kernel
// (cpu_convolution.cpp) and any device kernel call conv2d_input_channel_block and sum the
// same blocks, so both give the same bits.
//
// Contract: conv2d_input_channel_block(shape) is the number of consecutive input channels
// whose products one partial sum takes; it is shape.in_channels (one sum, no split) unless
// the call runs oneDNN's 1x1 kernel with the filter in TensorFlow's plain layout, where it is
// a multiple of 16 smaller than in_channels. The output is then the sum of its blocks, block b
// summing its products (filter row, filter column, channel) from +0, the blocks' sums added
// left to right: ((b0 + b1) + b2) + ...
//
// Why: oneDNN 3.7's brgemm 1x1 convolution (TensorFlow 2.21's f32 Conv2D for a batch of one,
// whose weights TensorFlow passes in their plain layout) blocks the input channels so that a
// block's weights for all output channels fit three quarters of the core's L2 cache; each
// block's partial sum is computed from zero and then added to the output. The block size
// below is oneDNN's heuristic (select_ic_block) for the plain layout, with a 1 MiB L2 per core
// (the machine the orders were measured on; another cache size gives other blocks).
#pragma once

#include <cstdint>

#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::kernels {

struct Conv2dShape {
  std::int64_t batch = 0, kernel_h = 0, kernel_w = 0, in_channels = 0, out_channels = 0;
  std::int64_t out_h = 0, out_w = 0, groups = 1;
  bool f32 = false, nhwc = true, explicit_padding = false;
};

// Three quarters of a 1 MiB per-core L2 cache, less an estimate of the output block's bytes.
inline constexpr std::int64_t kOneDnnL2Budget = 1024 * 1024 * 3 / 4 - 1024;
// oneDNN's f32 vector width on AVX-512 (channels per register) and its cap on the blocks.
inline constexpr std::int64_t kOneDnnSimdWidth = 16;
inline constexpr std::int64_t kOneDnnMaxSimdBlocks = 5 * kOneDnnSimdWidth;
// oneDNN's unrolled rows per kernel call for wide output blocks: the input it keeps per channel.
inline constexpr std::int64_t kOneDnnRowsPerCall = 28;

TFMC_HOST_DEVICE inline std::int64_t conv2d_input_channel_block(const Conv2dShape& s) {
  const bool plain_1x1 = s.f32 && s.nhwc && !s.explicit_padding && s.batch == 1 && s.groups == 1 &&
                         s.kernel_h == 1 && s.kernel_w == 1;
  if (!plain_1x1 || s.in_channels <= 0) return s.in_channels;
  const std::int64_t simd_blocks = (s.in_channels + kOneDnnSimdWidth - 1) / kOneDnnSimdWidth;
  const std::int64_t out_positions = s.out_h * s.out_w;
  const std::int64_t rows = out_positions < kOneDnnRowsPerCall ? out_positions : kOneDnnRowsPerCall;
  // Bytes per input channel: its weights for every output channel and its input rows.
  const std::int64_t per_channel = 4 * s.out_channels + 4 * rows;
  std::int64_t most = kOneDnnL2Budget / (per_channel * kOneDnnSimdWidth);
  if (most > kOneDnnMaxSimdBlocks) most = kOneDnnMaxSimdBlocks;
  if (most > simd_blocks) most = simd_blocks;
  if (most < 1) most = 1;
  // The largest count of 16-channel groups per block that leaves the last block at least half
  // used over all blocks (oneDNN's efficiency threshold of 0.5).
  for (std::int64_t b = most; b >= 1; --b) {
    const std::int64_t padded = (simd_blocks + b - 1) / b * b;
    if (2 * simd_blocks >= padded) {
      const std::int64_t block = b * kOneDnnSimdWidth;
      return block < s.in_channels ? block : s.in_channels;
    }
  }
  return s.in_channels;
}

}  // namespace tfmc::eval::kernels
