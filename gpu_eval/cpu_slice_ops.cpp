#include "gpu_eval/cpu_slice_ops.h"

#include <algorithm>
#include <array>

#include "gpu_eval/cpu_layout_ops.h"
#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {

namespace {

// The integers of each index argument, rank at most 1, type errors before shape errors.
std::variant<std::vector<std::vector<std::int64_t>>, ErrorKind> index_vectors(
    std::initializer_list<const Tensor*> tensors) {
  for (const Tensor* t : tensors) {
    if (t->dtype != DType::I32 && t->dtype != DType::I64) return ErrorKind::Type;
  }
  std::vector<std::vector<std::int64_t>> out;
  for (const Tensor* t : tensors) {
    if (t->shape.size() != 1) return ErrorKind::Shape;
    out.push_back(std::get<std::vector<std::int64_t>>(integers(*t, 1)));
  }
  return out;
}

// The elements start + k * stride (k < sizes[d]) of each dimension d, as row-major offsets.
Tensor strided_block(const Tensor& a, const Shape& starts, const Shape& strides,
                     const Shape& sizes) {
  const Shape in_strides = row_major_strides(a.shape);
  std::int64_t start = 0;
  Shape steps(sizes.size(), 0);
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return make_tensor(a.dtype, sizes);  // no element is read
    start += starts[d] * in_strides[d];
    // A stride is only ever taken inside the dimension: never multiplied past int64.
    if (sizes[d] > 1) steps[d] = strides[d] * in_strides[d];
  }
  return strided_copy(a, sizes, start, steps);
}

bool bit(std::int64_t mask, std::size_t i) {
  return i < 32 && ((static_cast<std::uint32_t>(mask) >> i) & 1U) != 0;
}

// One dimension of the input as StridedSlice's dense spec describes it; zero until an entry
// of the spec fills it, as TensorFlow's (so a dimension no entry reaches is a zero stride).
struct DenseDim {
  std::int64_t begin = 0;
  std::int64_t end = 0;
  std::int64_t stride = 0;
  bool begin_masked = false;
  bool end_masked = false;
  bool shrink = false;
};

// Where each output dimension comes from: an input dimension, or a new axis of size 1.
constexpr std::int64_t kNewAxis = -1;

}  // namespace

EvalResult slice(const Tensor& a, const Tensor& begin_t, const Tensor& size_arg) {
  auto vectors = index_vectors({&begin_t, &size_arg});
  if (auto* e = std::get_if<ErrorKind>(&vectors)) return *e;
  const auto& v = std::get<std::vector<std::vector<std::int64_t>>>(vectors);
  const Shape& begin = v[0];
  Shape size = v[1];
  const std::size_t rank = a.shape.size();
  if (begin.size() != rank || size.size() != rank) return ErrorKind::Shape;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::int64_t dim = a.shape[d];
    if (size[d] == -1 && begin[d] >= 0) size[d] = dim - begin[d];
    if (begin[d] < 0 || begin[d] > dim || size[d] < 0 || size[d] > dim - begin[d]) {
      return ErrorKind::Shape;
    }
  }
  return single(strided_block(a, begin, Shape(rank, 1), size));
}

std::variant<StridedSliceSpec, ErrorKind> resolve_strided_slice(const Shape& input,
                                                                const Tensor& begin_t,
                                                                const Tensor& end_t,
                                                                const Tensor& strides_t,
                                                                const StridedSliceMasks& masks) {
  auto vectors = index_vectors({&begin_t, &end_t, &strides_t});
  if (auto* e = std::get_if<ErrorKind>(&vectors)) return *e;
  const auto& v = std::get<std::vector<std::vector<std::int64_t>>>(vectors);
  const std::size_t given = v[2].size();
  if (v[0].size() != given || v[1].size() != given || given >= 32) return ErrorKind::Shape;
  const auto ellipsis_bits = static_cast<std::uint32_t>(masks.ellipsis_mask);
  if ((ellipsis_bits & (ellipsis_bits - 1)) != 0) return ErrorKind::Shape;  // two ellipses

  // Step 1: the new axes after the ellipsis, and an ellipsis at the end if there is none.
  std::int64_t ellipsis = masks.ellipsis_mask;
  std::int64_t new_after_ellipsis = 0;
  bool ellipsis_seen = false;
  for (std::size_t i = 0; i < given; ++i) {
    if (ellipsis_seen && bit(masks.new_axis_mask, i)) ++new_after_ellipsis;
    if (bit(ellipsis, i)) ellipsis_seen = true;
  }
  std::size_t sparse = given;
  if (!ellipsis_seen) ellipsis |= std::int64_t{1} << sparse++;

  // Step 2: the sparse spec as one entry per input dimension.
  const auto rank = static_cast<std::int64_t>(input.size());
  std::vector<DenseDim> dense(input.size());
  std::vector<std::int64_t> gather;  // per output dimension: input dimension or kNewAxis
  std::int64_t full = 0;
  for (std::size_t i = 0; i < sparse; ++i) {
    if (bit(ellipsis, i)) {
      const std::int64_t next =
          std::min(rank - (static_cast<std::int64_t>(sparse) - static_cast<std::int64_t>(i)) + 1 +
                       new_after_ellipsis,
                   rank);
      for (; full < next; ++full) {
        dense[static_cast<std::size_t>(full)] = {0, 0, 1, true, true, false};
        gather.push_back(full);
      }
    } else if (bit(masks.new_axis_mask, i)) {
      gather.push_back(kNewAxis);
    } else {
      if (full == rank) return ErrorKind::Shape;  // more indices than dimensions
      const bool shrink = bit(masks.shrink_axis_mask, i);
      dense[static_cast<std::size_t>(full)] = {
          v[0][i], v[1][i], v[2][i], bit(masks.begin_mask, i), bit(masks.end_mask, i), shrink};
      if (!shrink) gather.push_back(full);
      ++full;
    }
  }

  // Step 3: the masks made explicit, the indices bounds-checked, each dimension's length.
  Shape starts(dense.size());
  Shape strides(dense.size());
  Shape sizes(dense.size());
  for (std::size_t d = 0; d < dense.size(); ++d) {
    const DenseDim& s = dense[d];
    const std::int64_t dim = input[d];
    if (s.stride == 0) return ErrorKind::Shape;
    if (s.shrink && s.stride <= 0) return ErrorKind::Shape;
    const std::array<bool, 2> masked = {s.begin_masked, s.end_masked};
    const std::array<std::int64_t, 2> valid = {s.stride > 0 ? 0 : -1, s.stride > 0 ? dim : dim - 1};
    const auto canonical = [&](std::int64_t x, std::size_t c) {
      if (masked[c]) return s.stride > 0 ? valid[c] : valid[(c + 1) & 1];
      const std::int64_t forward = x < 0 ? dim + x : x;
      return std::clamp(forward, valid[0], valid[1]);
    };
    std::int64_t begin = 0;
    std::int64_t end = 0;
    if (s.shrink) {
      begin = s.begin < 0 ? dim + s.begin : s.begin;
      if (begin < 0 || begin >= dim) return ErrorKind::Shape;
      end = begin + 1;
    } else {
      begin = canonical(s.begin, 0);
      end = canonical(s.end, 1);
    }
    const std::int64_t interval = end - begin;
    const bool empty = interval == 0 || ((interval < 0) != (s.stride < 0));
    sizes[d] = empty ? 0 : interval / s.stride + (interval % s.stride != 0 ? 1 : 0);
    starts[d] = begin;
    strides[d] = s.stride;
  }

  // Step 4: the result's shape, without the shrunk dimensions and with the new axes.
  Shape shape;
  for (std::int64_t g : gather)
    shape.push_back(g == kNewAxis ? 1 : sizes[static_cast<std::size_t>(g)]);
  return StridedSliceSpec{std::move(starts), std::move(strides), std::move(sizes),
                          std::move(shape)};
}

EvalResult strided_slice(const Tensor& a, const Tensor& begin, const Tensor& end,
                         const Tensor& strides, const StridedSliceMasks& masks) {
  auto resolved = resolve_strided_slice(a.shape, begin, end, strides, masks);
  if (auto* e = std::get_if<ErrorKind>(&resolved)) return *e;
  const auto& spec = std::get<StridedSliceSpec>(resolved);
  Tensor out = strided_block(a, spec.starts, spec.strides, spec.sizes);
  out.shape = spec.shape;
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
