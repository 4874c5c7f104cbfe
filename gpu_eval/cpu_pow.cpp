#include "gpu_eval/cpu_pow.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "gpu_eval/eigen_pow.h"

namespace tfmc::eval::cpu {

namespace {

// The result's dimensions as TensorFlow's BCast collapses them: dimensions of size 1 dropped,
// then neighbours in which the same operands broadcast merged. `broadcasts` counts the
// operands that broadcast in some collapsed dimension.
struct Collapsed {
  Shape dims;
  int broadcasts = 0;
};

Collapsed collapse(const Broadcast& plan) {
  Collapsed c;
  bool x_broadcasts = false;
  bool y_broadcasts = false;
  std::optional<std::pair<bool, bool>> last;  // the previous kept dimension's pattern
  for (std::size_t d = 0; d < plan.shape.size(); ++d) {
    if (plan.shape[d] == 1) continue;
    const std::pair<bool, bool> pattern{plan.a_strides[d] == 0, plan.b_strides[d] == 0};
    x_broadcasts = x_broadcasts || pattern.first;
    y_broadcasts = y_broadcasts || pattern.second;
    if (last == pattern) {
      c.dims.back() *= plan.shape[d];
    } else {
      c.dims.push_back(plan.shape[d]);
    }
    last = pattern;
  }
  c.broadcasts = int{x_broadcasts} + int{y_broadcasts};
  return c;
}

// The elements of one of TensorFlow's AVX packets, and their bytes.
struct Lanes {
  std::int64_t count;
  std::int64_t bytes;
};

// The block size Eigen's tiled executor aims for, from its cost model: per element, each
// broadcast operand's evaluator loads and stores an element (11/64 cycles a byte) and the Pow
// functor costs 5 cycles a packet; a block is the elements that cost 40,000 cycles.
std::int64_t target_block_size(int broadcast_evaluators, Lanes lanes) {
  const double bytes = static_cast<double>(lanes.bytes * broadcast_evaluators);
  const double byte_cycles = 1.0 / 64 * 11;
  const double functor = 5.0 / static_cast<double>(lanes.count);
  const double cost = byte_cycles * bytes + byte_cycles * bytes + 1.0 * functor;
  return static_cast<std::int64_t>(1.0 / (1.0 * cost / 40000));
}

// Marks the elements of a run of `length` elements from `start` that fall in whole packets.
void mark_run(std::vector<bool>& packet, std::int64_t start, std::int64_t length, Lanes lanes) {
  std::fill_n(packet.begin() + start, length / lanes.count * lanes.count, true);
}

// The row-major offset, in a tensor of `strides`, of element `local` of a box of `extent`
// whose first element is at `origin`.
std::int64_t offset_in(const Shape& extent, const Shape& strides, std::int64_t origin,
                       std::int64_t local) {
  for (std::size_t d = extent.size(); d-- > 0;) {
    origin += local % extent[d] * strides[d];
    local /= extent[d];
  }
  return origin;
}

// Eigen's TensorBlockMapper (skewed to the inner dimensions) and TensorBlockAssignment: the
// blocks of `dims`, and in each the runs its inner dimensions form while they are whole. A
// result of at most `target` elements is one block, one run.
void mark_blocks(std::vector<bool>& packet, const Shape& dims, Lanes lanes, std::int64_t target) {
  const std::size_t rank = dims.size();
  Shape block(rank);
  std::int64_t to_allocate = target;
  for (std::size_t d = rank; d-- > 0;) {
    block[d] = std::min(to_allocate, dims[d]);
    to_allocate = (to_allocate + block[d] - 1) / block[d];
  }
  Shape counts(rank);
  Shape strides(rank);
  std::int64_t stride = 1;
  for (std::size_t d = rank; d-- > 0;) {
    counts[d] = (dims[d] + block[d] - 1) / block[d];
    strides[d] = stride;
    stride *= dims[d];
  }
  const std::int64_t blocks = product(counts.begin(), counts.end());
  for (std::int64_t b = 0; b < blocks; ++b) {
    // The block's first element and its extent (cut short at the tensor's end).
    Shape extent(rank);
    std::int64_t origin = 0;
    std::int64_t rest = b;
    for (std::size_t d = rank; d-- > 0;) {
      const std::int64_t coord = rest % counts[d] * block[d];
      rest /= counts[d];
      extent[d] = std::min(dims[d] - coord, block[d]);
      origin += coord * strides[d];
    }
    std::int64_t run = extent[rank - 1];
    for (std::size_t d = rank - 1; d-- > 0 && run == strides[d];) run *= extent[d];
    const std::int64_t size = product(extent.begin(), extent.end());
    for (std::int64_t local = 0; local < size; local += run) {
      mark_run(packet, offset_in(extent, strides, origin, local), run, lanes);
    }
  }
}

template <class Int>
Int integer_pow(Int x, Int y, bool& negative_exponent) {
  if (y < 0) {
    negative_exponent = true;
    return 0;
  }
  // Eigen's repeated squaring, in unsigned arithmetic so that overflow wraps.
  using Bits = std::make_unsigned_t<Int>;
  Bits base = static_cast<Bits>(x);
  Bits result = (y & 1) != 0 ? base : 1;
  for (y >>= 1; y != 0; y >>= 1) {
    base *= base;
    if ((y & 1) != 0) result *= base;
  }
  return static_cast<Int>(result);
}

}  // namespace

std::vector<bool> pow_packet_elements(const Shape& x, const Shape& y, DType dtype) {
  const std::optional<Broadcast> plan = broadcast(x, y);
  if (!plan) return {};
  const std::int64_t n = product(plan->shape.begin(), plan->shape.end());
  std::vector<bool> packet(static_cast<std::size_t>(n), false);
  // Integer Pow has no packet form.
  if (n == 0 || (dtype != DType::F32 && dtype != DType::F64)) return packet;
  const Lanes lanes = dtype == DType::F32 ? Lanes{8, 4} : Lanes{4, 8};
  const Collapsed c = collapse(*plan);
  if (x == y || x.empty() || y.empty() || c.dims.size() <= 1) {
    mark_run(packet, 0, n, lanes);
    return packet;
  }
  // TensorFlow's two-dimension kernel broadcasts both operands, even one that fills the
  // result; the others broadcast only those that must.
  const int broadcasts = c.dims.size() == 2 ? 2 : c.broadcasts;
  mark_blocks(packet, c.dims, lanes, target_block_size(broadcasts, lanes));
  return packet;
}

float pow_element(float x, float y, bool in_packet, bool&) {
  return in_packet ? eigen::pow_packet(x, y) : std::pow(x, y);
}

double pow_element(double x, double y, bool in_packet, bool&) {
  return in_packet ? eigen::pow_packet(x, y) : std::pow(x, y);
}

std::int32_t pow_element(std::int32_t x, std::int32_t y, bool, bool& negative_exponent) {
  return integer_pow(x, y, negative_exponent);
}

std::int64_t pow_element(std::int64_t x, std::int64_t y, bool, bool& negative_exponent) {
  return integer_pow(x, y, negative_exponent);
}

}  // namespace tfmc::eval::cpu
