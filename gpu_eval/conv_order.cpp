// oneDNN 3.7's choice of input-channel block for its brgemm 1x1 f32 convolution on AVX-512,
// as TensorFlow 2.21 calls it (conv_order.h): planned for TensorFlow's intra-op threads, a
// batch of one, one group, weights in the plain [in, out] layout. The model, restated from
// oneDNN's blocking heuristic:
//
// - Output-channel blocks: every multiple of 16 up to the output channels rounded up to 16
//   when the output positions can be walked as one flat row (row stride 1 and the input
//   width a multiple of the column stride), else 64, 48, 32 and 16; 64 only when the output
//   channels round to a multiple of 64 and there are at least 64 strided output positions,
//   48 only when it wastes at most 5% of the channels. Larger blocks are tried first.
// - For each, output-position blocks ceil(positions / n) for n = 1, 2, ..., each at most a
//   start block (bounds for keeping every thread busy, and 251 and less where the output's
//   bytes are a multiple of 4 KiB); for each of those, an input-channel block
//   (input_channel_block), the kernel's rows per call (kernel_rows) and an efficiency
//   (efficiency). The best efficiency wins, the first one on ties, for the output-position
//   blocks and then for the output-channel blocks; the winner's input-channel block is the
//   answer.
//
// The floating-point steps of the efficiency are kept in oneDNN's order and precision (f32,
// no contraction: the build passes -ffp-contract=off), since near-ties decide the blocks.
#include "gpu_eval/conv_order.h"

#include <algorithm>
#include <array>

namespace tfmc::eval::kernels {

namespace {

using I = std::int64_t;

// The machine the orders were measured on, as oneDNN reads it: per-core L1 and L2 bytes.
constexpr I kL1Bytes = 48 * 1024;
constexpr I kL2Bytes = 1024 * 1024;
// The blocking model's budgets: 7/8 of L1 and 3/4 of L2.
constexpr I kModelL1 = kL1Bytes * 7 / 8;
constexpr I kModelL2 = kL2Bytes * 3 / 4;
// Relative access costs the model assigns to data found in L1, L2, and beyond L2.
constexpr float kCostL1 = 1.f, kCostL2 = 2.3f, kCostFar = 17.f;
// A kernel call's fixed cost in the model.
constexpr float kCallCost = 1000.f;
// AVX-512: 16 f32 lanes, 32 vector registers; f32 elements are 4 bytes.
constexpr I kLanes = 16, kRegisters = 32, kBytes = 4;
// The input-channel block is at most 80 lanes' worth (5 x 16 groups of 16 channels).
constexpr I kMaxLaneGroups = 5 * kLanes;

I div_up(I a, I b) { return (a + b - 1) / b; }
I round_up(I a, I b) { return div_up(a, b) * b; }
bool power_of_two(I v) { return v > 0 && (v & (v - 1)) == 0; }

struct Problem {
  I ic = 0, oc = 0, iw = 0, oh = 0, ow = 0, stride_h = 1, stride_w = 1, threads = 1;
  // The output positions are blocked as one flat row (else each output row by columns).
  bool flat = false;
  // Which loop runs outside: over the output-channel blocks (input smaller than one output
  // channel's weights) or over the positions.
  bool channels_outer = false;
  I positions() const { return oh * ow; }
  // The positions one block walks through: all of them when flat, else one row's columns.
  I walked() const { return flat ? positions() : ow; }
};

struct Plan {
  I oc_block = 0, nb_oc = 0, sp_block = 0, nb_sp = 0, ic_block = 0, nb_ic = 0;
  I rows = 0;  // output positions per kernel call (oneDNN's ur)
  float eff = 0;
};

// The model's guess of the rows per kernel call for an output-channel block.
I estimated_rows(I oc_block) {
  switch (oc_block) {
    case 64:
      return 6;
    case 48:
      return 9;
    case 32:
      return 14;
    default:
      return 28;
  }
}

// The input-channel block: as many 16-channel groups (at most 80) as let one group's weights
// and input rows, times the group count, fit the L2 budget less the output rows of the
// previous estimate, then lowered until the last block is at least half used.
I input_channel_block(const Problem& p, I oc_block, I sp_block, I previous_rows) {
  const I groups = div_up(p.ic, kLanes);
  const I est = std::min(sp_block, estimated_rows(oc_block));
  const I input_rows = p.flat ? est : std::min(p.iw, est);
  // Power-of-two output channels are weighed whole: their blocks alias in the cache.
  const I weights_per_channel = (power_of_two(p.oc) ? p.oc : oc_block) * kBytes;
  const I input_per_channel = input_rows * kBytes;
  const I output_bytes = previous_rows * oc_block * kBytes;
  const I fit = (kModelL2 - output_bytes) / ((weights_per_channel + input_per_channel) * kLanes);
  const I most = std::clamp<I>(fit, 1, std::min(kMaxLaneGroups, groups));
  I chosen = 1;
  for (I g = most; g >= 1; --g) {
    if (2 * groups >= round_up(groups, g)) {
      chosen = g;
      break;
    }
  }
  return std::min(p.ic, chosen * kLanes);
}

// The rows (output positions) per kernel call: the register tile the kernel builds for n
// output channels and k input channels of m positions. Up to 4 vectors of 16 output
// channels per row; the rows are the tile height of best efficiency whose input rows fit L1.
I kernel_rows(I m, I n, I k) {
  const I vectors = n / kLanes;
  const I width = vectors / 4 != 0 ? 4 : std::max<I>(1, vectors % 4);
  const I tallest = std::min((kRegisters - width - 1) / width, kRegisters / width);
  I rows = tallest;
  float best = 0.f;
  for (I r = tallest; r >= 1; --r) {
    const float balance = static_cast<float>(m) / static_cast<float>(round_up(m, r));
    const float use = (static_cast<float>(width) * static_cast<float>(r)) /
                      static_cast<float>((width + r) * tallest);
    const float eff = balance * use;
    const float footprint = static_cast<float>(kBytes) * static_cast<float>(r * k);
    if (footprint <= static_cast<float>(kL1Bytes) && eff > best) {
      rows = r;
      best = eff;
    }
  }
  return rows;
}

// One loop level of the cost model: the elements each array touches in one iteration, how often
// the level repeats it, and (for the input of the innermost level) the lanes that share it.
struct Access {
  I size = 0;
  float repeat = 1, share = 1;
};
struct Level {
  Access src, wei, dst;
};

// An array's cost per access at a level, from its cost one level out: the first access at
// that cost, the repeats at the cost of the cache the level's footprint fits in.
float access_cost(const Level& l, const Access& a, float outer, bool broadcast) {
  const float n = a.repeat * a.share;
  if (n < 1) return 0;
  if (n == 1) return outer;
  const I bytes = (l.src.size + l.wei.size + l.dst.size) * kBytes;
  float k = bytes < kModelL2 ? kCostL2 : kCostFar;
  if (broadcast && l.src.size * kBytes < kModelL1) k = kCostL1;
  return (outer + k * (n - 1)) / n;
}

// How evenly the threads share the work items (one per channel block and position block,
// and per output row for strided rows): all items over the threads' rounded-up count, or,
// when a thread gets fewer items than there are threads, the outputs each thread computes
// (items split as evenly as possible, the first threads taking one more) over the largest
// share times the threads.
float balance(const Problem& p, const Plan& b, I work) {
  const I threads = p.threads;
  if (div_up(work, threads) >= threads) {
    return static_cast<float>(work) / static_cast<float>(round_up(work, threads));
  }
  const I sp = p.walked();
  const I sp_steps = p.flat ? b.nb_sp : p.oh * b.nb_sp;
  I largest = 0, total = 0;
  for (I t = 0; t < threads; ++t) {
    if (t >= work) continue;
    const I more = div_up(work, threads);
    const I taking_more = work - (more - 1) * threads;
    const I start =
        t <= taking_more ? t * more : taking_more * more + (t - taking_more) * (more - 1);
    const I end = start + (t < taking_more ? more : more - 1);
    I outputs = 0;
    for (I item = start; item < end; ++item) {
      // The channel block runs innermost when the positions are the outer loop.
      const I ocb = p.channels_outer ? item / sp_steps : item % b.nb_oc;
      const I spb = p.channels_outer ? item % b.nb_sp : item / b.nb_oc % b.nb_sp;
      outputs += std::min(sp - spb * b.sp_block, b.sp_block) *
                 std::min(p.oc - ocb * b.oc_block, b.oc_block);
    }
    largest = std::max(largest, outputs);
    total += outputs;
  }
  return largest == 0 ? 1.f : static_cast<float>(total) / static_cast<float>(largest * threads);
}

// The model's efficiency of a plan, a product of: the output channels over the channels the
// blocks cover, the kernel's register use, the positions over those the blocks cover, the
// rows per call over the block's rows rounded up to them, a bonus for tall calls, and the
// cache efficiency: the work (positions x channels in x channels out) over the cost of every
// access, each array costed level by level from the whole call inwards (access_cost), plus a
// fixed cost per kernel call.
float efficiency(const Problem& p, const Plan& b) {
  const I oc_vectors = b.oc_block / kLanes;
  const I ur = b.rows;
  const float kernel_eff = static_cast<float>(oc_vectors) * static_cast<float>(ur) /
                           static_cast<float>((ur + oc_vectors) * kRegisters);
  const float ur_eff =
      static_cast<float>(b.sp_block) / static_cast<float>(round_up(b.sp_block, ur));
  const float call_rows =
      static_cast<float>(ur) *
      (2.f - std::min(1.9f, static_cast<float>(ur) / static_cast<float>(b.sp_block))) / 64.f;
  const float call_eff = (1.f + call_rows) / 2.f;
  const I sp = p.walked();
  const I sp_steps = p.flat ? b.nb_sp : p.oh * b.nb_sp;
  const I work = b.nb_oc * sp_steps;
  const I jobs = div_up(work, p.threads);
  const float sp_eff = static_cast<float>(sp) / static_cast<float>(round_up(sp, b.sp_block));
  const float oc_eff = static_cast<float>(p.oc) / static_cast<float>(round_up(p.oc, b.oc_block));
  const float job_eff = balance(p, b, work);
  // One thread's share of the blocks: the channel blocks, positions and rows it walks.
  const I oc_blocks_thr = std::min(b.nb_oc, div_up(jobs, p.channels_outer ? sp_steps : 1));
  const I oc_vectors_all = div_up(std::min(p.oc, oc_blocks_thr * b.oc_block), kLanes);
  const I sp_blocks_thr = std::min(b.nb_sp, div_up(jobs, p.channels_outer ? 1 : b.nb_oc));
  const I sp_thr = std::min(sp, sp_blocks_thr * b.sp_block);
  const I rows_thr =
      p.flat ? 1 : std::min(p.oh, div_up(jobs, b.nb_sp * (p.channels_outer ? 1 : b.nb_oc)));
  const I oh_all = rows_thr;
  const I ic_b = b.ic_block;
  const auto lanes_up = [](I v) { return round_up(v, kLanes); };

  std::array<Level, 12> levels{};
  std::size_t n = 0;
  // The kernel: one lane group of input channels, then its rows, then the channel chunks.
  levels[n++] = {{ur * kLanes, 1, static_cast<float>(kLanes)}, {b.oc_block}, {0}};
  levels[n++] = {{ur * lanes_up(ic_b)},
                 {b.oc_block * ic_b, static_cast<float>(div_up(b.sp_block, ur))},
                 {ur * b.oc_block}};
  levels[n++] = {{b.sp_block * ic_b},
                 {b.oc_block * ic_b},
                 {b.sp_block * b.oc_block, static_cast<float>(b.nb_ic)}};
  I weights_walked = oc_vectors * p.ic;
  if (!p.channels_outer) {
    levels[n++] = {{b.sp_block * lanes_up(p.ic), static_cast<float>(oc_blocks_thr)},
                   {b.oc_block * p.ic},
                   {b.sp_block * b.oc_block}};
    weights_walked = oc_vectors_all * p.ic;
  }
  const I oc_span = kLanes * (p.channels_outer ? oc_vectors : oc_vectors_all);
  // The position blocks, and for rows blocked by columns the output rows.
  levels[n++] = {{b.sp_block * ic_b},
                 {weights_walked * kLanes, static_cast<float>(sp_blocks_thr)},
                 {b.sp_block * oc_span}};
  if (!p.flat) {
    levels[n++] = {{sp_thr * lanes_up(ic_b)},
                   {weights_walked * kLanes, static_cast<float>(rows_thr)},
                   {sp_thr * oc_span}};
    levels[n++] = {
        {oh_all * sp_thr * lanes_up(ic_b)}, {weights_walked * kLanes}, {oh_all * sp_thr * oc_span}};
  }
  if (p.channels_outer) {
    levels[n++] = {{oh_all * lanes_up(sp_thr * ic_b), static_cast<float>(oc_blocks_thr)},
                   {b.oc_block * p.ic},
                   {b.oc_block * oh_all * sp_thr}};
  }
  // The batch (of one), then the whole call.
  levels[n++] = {{oh_all * sp_thr * lanes_up(ic_b)},
                 {oc_vectors_all * p.ic * kLanes},
                 {oc_vectors_all * kLanes * oh_all * sp_thr}};
  const I src_op = oh_all * sp_thr * ic_b;
  const I dst_op = oc_vectors_all * oh_all * sp_thr;
  const I wei_op = oc_vectors_all * p.ic;
  levels[n++] = {{src_op}, {wei_op * kLanes}, {dst_op * kLanes}};

  float src_k = kCostFar, dst_k = kCostFar, wei_k = kCostFar;
  float src_rp = 1, dst_rp = 1, wei_rp = 1;
  for (std::size_t i = n; i-- > 0;) {
    const Level& l = levels[i];
    src_k = access_cost(l, l.src, src_k, true);
    dst_k = access_cost(l, l.dst, dst_k, false);
    wei_k = access_cost(l, l.wei, wei_k, false);
    src_rp *= l.src.repeat;
    dst_rp *= l.dst.repeat;
    wei_rp *= l.wei.repeat;
  }
  const float src_cost = src_k * (static_cast<float>(src_op) * src_rp);
  const float dst_cost = dst_k * (static_cast<float>(dst_op) * dst_rp);
  const float wei_cost = wei_k * (static_cast<float>(wei_op) * wei_rp);
  const float call_cost = kCallCost * static_cast<float>(jobs) * static_cast<float>(b.nb_ic);
  const I macs = (p.flat ? 1 : p.oh) * sp * p.ic * p.oc;
  const float cache_eff =
      static_cast<float>(macs) /
      (static_cast<float>(p.threads) * (((src_cost + dst_cost) + wei_cost) + call_cost));
  return oc_eff * kernel_eff * sp_eff * job_eff * ur_eff * cache_eff * call_eff;
}

// The largest output-position block tried for an output-channel block.
I start_position_block(const Problem& p, I oc_block, I nb_oc) {
  const I sp = p.walked();
  if (!p.flat) {
    // Thread balance for one thread: the positions of all channel blocks over 0.9.
    const float per_thread = 0.9f * static_cast<float>(p.threads);
    const float spread =
        (static_cast<float>(nb_oc * p.positions()) + per_thread - 1.f) / per_thread;
    return std::clamp<I>(static_cast<I>(spread), 1, sp);
  }
  // Enough blocks to keep every thread busy.
  const I by_threads =
      p.ic * kBytes >= 1024 && p.ic * kBytes < 4096
          ? std::max(std::min<I>(16, sp), div_up(sp, div_up(p.threads, div_up(p.oc, oc_block))))
          : std::max(div_up(2048, oc_block), div_up(sp, p.threads));
  // Outputs whose bytes are a multiple of 4 KiB take smaller blocks against cache aliasing.
  I aliasing = 1000000 / p.threads;
  if (p.oc * sp * kBytes % 4096 == 0) {
    for (I c = p.oc; aliasing * kBytes > 400 && c % 2 == 0 && c * sp * kBytes >= 4096; c /= 2) {
      aliasing /= 2;
    }
    aliasing += aliasing % 2 != 0 ? 0 : 1;
  }
  aliasing = std::min<I>(div_up(1001, kBytes), aliasing);
  return std::clamp<I>(std::min({by_threads, sp, aliasing}), 1, sp);
}

// The best plan for one output-channel block, over the output-position blocks. The input-
// channel block of each candidate uses the rows per call of the candidate before it.
Plan best_for(const Problem& p, I oc_block) {
  Plan c;
  c.oc_block = oc_block;
  c.nb_oc = div_up(p.oc, oc_block);
  const I sp = p.walked();
  const I start = start_position_block(p, oc_block, c.nb_oc);
  Plan best;
  I previous = 0;
  for (I parts = 1; parts <= sp; ++parts) {
    const I spb = div_up(sp, parts);
    if (spb == previous || spb > start) continue;
    previous = spb;
    c.sp_block = spb;
    c.nb_sp = div_up(sp, spb);
    c.ic_block = input_channel_block(p, oc_block, spb, c.rows);
    c.nb_ic = div_up(p.ic, c.ic_block);
    const I n = p.oc >= oc_block ? oc_block : p.oc % oc_block;
    c.rows = kernel_rows(spb, n, c.ic_block);
    c.eff = efficiency(p, c);
    if (c.eff > best.eff || best.eff == 0) best = c;
  }
  return best;
}

bool oc_block_considered(const Problem& p, I oc_block) {
  if (oc_block == 64) {
    return round_up(p.oc, kLanes) % 64 == 0 && p.positions() >= 64 * p.stride_h * p.stride_w;
  }
  if (oc_block == 48) {
    return static_cast<float>(p.oc) / static_cast<float>(round_up(p.oc, 48)) >= 0.95f;
  }
  return true;
}

}  // namespace

std::int64_t conv2d_input_channel_block(const Conv2dShape& s) {
  const bool plain_1x1 = s.f32 && s.nhwc && !s.explicit_padding && s.batch == 1 && s.groups == 1 &&
                         s.kernel_h == 1 && s.kernel_w == 1;
  if (!plain_1x1 || s.in_channels <= 0 || s.out_channels <= 0 || s.out_h <= 0 || s.out_w <= 0) {
    return s.in_channels;
  }
  Problem p;
  p.ic = s.in_channels;
  p.oc = s.out_channels;
  p.iw = s.in_w;
  p.oh = s.out_h;
  p.ow = s.out_w;
  p.stride_h = s.stride_h;
  p.stride_w = s.stride_w;
  p.threads = std::max<I>(1, s.threads);
  p.flat = s.stride_h == 1 && s.in_w % s.stride_w == 0;
  p.channels_outer = s.in_h * s.in_w < p.oc;
  const I oc_vectors = div_up(p.oc, kLanes);
  Plan best;
  for (I v = p.flat ? oc_vectors : std::min<I>(oc_vectors, 4); v >= 1; --v) {
    if (!oc_block_considered(p, v * kLanes)) continue;
    const Plan c = best_for(p, v * kLanes);
    if (c.eff > best.eff) best = c;
  }
  return best.ic_block > 0 ? best.ic_block : s.in_channels;
}

}  // namespace tfmc::eval::kernels
