#include "gpu_eval/cpu_convolution.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "gpu_eval/conv_order.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {

namespace {

using Index = std::int64_t;

using conv::Axis;
using conv::Geometry;

// NHWC's dimension d is NCHW's dimension kFromNchw[d].
constexpr std::array<std::size_t, 4> kFromNchw{0, 2, 3, 1};
constexpr std::array<std::size_t, 4> kToNchw{0, 3, 1, 2};

// Entry d (an NHWC dimension) of a per-dimension attribute given in the data format's order.
Index nhwc_entry(const std::vector<Index>& v, std::size_t d, bool channels_first) {
  return v[channels_first ? kFromNchw[d] : d];
}

Shape to_nhwc(const Shape& s, bool channels_first) {
  return channels_first ? Shape{s[0], s[2], s[3], s[1]} : s;
}

// t moved into NHWC (to_nhwc_order) or back into the data format; unchanged for NHWC.
Tensor layout(const Tensor& t, bool channels_first, bool to_nhwc_order) {
  if (!channels_first) return t;
  const auto& perm = to_nhwc_order ? kFromNchw : kToNchw;
  return transpose(t, {perm.begin(), perm.end()});
}

// The output size and leading padding of one spatial dimension (TensorFlow's
// GetWindowedOutputSize); false where the window does not fit or a size overflows.
bool size_axis(Axis& a, ConvPadding padding, Index before, Index after) {
  constexpr Index kMax = std::numeric_limits<Index>::max();
  if (a.kernel - 1 > 0 && a.dilation > (kMax - 1) / (a.kernel - 1)) return false;
  const Index effective = (a.kernel - 1) * a.dilation + 1;
  if (padding == ConvPadding::Same) {
    a.out = a.in / a.stride + (a.in % a.stride != 0);
    const Index reach = a.out == 0 ? 0 : (a.out - 1) * a.stride;
    if (reach > kMax - effective) return false;
    const Index needed = std::max<Index>(reach + effective - a.in, 0);
    a.pad_before = needed / 2;
    return true;
  }
  if (padding == ConvPadding::Valid) before = after = 0;
  if (before > kMax - a.in || after > kMax - a.in - before) return false;
  const Index padded = a.in + before + after;
  if (padded < effective) return false;
  a.out = (padded - effective) / a.stride + 1;
  a.pad_before = before;
  return true;
}

// The geometry of input [N, H, W, C] (NHWC) and a grouped filter, or Error(shape).
std::variant<Geometry, ErrorKind> geometry(const Shape& input, const Shape& filter,
                                           const ConvWindow& window, bool channels_first) {
  const auto& s = window.strides;
  const auto& d = window.dilations;
  const auto& p = window.explicit_paddings;
  const bool explicit_padding = window.padding == ConvPadding::Explicit;
  if (input.size() != 4 || filter.size() != 4 || s.size() != 4 || d.size() != 4 ||
      p.size() != (explicit_padding ? 8u : 0u)) {
    return ErrorKind::Shape;
  }
  const auto below = [](const std::vector<Index>& v, Index least) {
    return std::any_of(v.begin(), v.end(), [&](Index x) { return x < least; });
  };
  if (below(p, 0) || below(s, 1) || below(d, 1)) return ErrorKind::Shape;
  // The batch and channel dimensions take no stride, dilation or padding.
  for (std::size_t dim : {std::size_t{0}, std::size_t{3}}) {
    const std::size_t pair = channels_first ? kFromNchw[dim] : dim;
    const bool padded = explicit_padding && (p[2 * pair] != 0 || p[2 * pair + 1] != 0);
    if (nhwc_entry(s, dim, channels_first) != 1 || nhwc_entry(d, dim, channels_first) != 1 ||
        padded) {
      return ErrorKind::Shape;
    }
  }
  Geometry g;
  g.batch = input[0];
  g.in_c = input[3];
  g.group_in = filter[2];
  g.out_c = filter[3];
  if (element_count(filter) == 0 || g.in_c == 0 || g.in_c % g.group_in != 0 ||
      g.out_c % g.groups() != 0) {
    return ErrorKind::Shape;
  }
  Axis* axes[2] = {&g.h, &g.w};
  for (std::size_t i = 0; i < 2; ++i) {
    Axis& a = *axes[i];
    const std::size_t dim = i + 1;  // H, W in NHWC
    a.in = input[dim];
    a.kernel = filter[i];
    a.stride = nhwc_entry(s, dim, channels_first);
    a.dilation = nhwc_entry(d, dim, channels_first);
    const std::size_t pair = channels_first ? kFromNchw[dim] : dim;
    const Index before = explicit_padding ? p[2 * pair] : 0;
    const Index after = explicit_padding ? p[2 * pair + 1] : 0;
    if (!size_axis(a, window.padding, before, after)) return ErrorKind::Shape;
  }
  if (!representable(g.output_shape())) return ErrorKind::Shape;
  return g;
}

// The filter shape as a grouped convolution sees it: depthwise [kh, kw, C, M] is a grouped
// [kh, kw, 1, C * M], one group per input channel, with the same element order.
std::variant<Shape, ErrorKind> grouped_filter(const Shape& filter, Index in_c, FilterForm form) {
  if (filter.size() != 4) return ErrorKind::Shape;
  if (form == FilterForm::Grouped) return filter;
  if (filter[2] != in_c) return ErrorKind::Shape;
  return Shape{filter[0], filter[1], 1, filter[2] * filter[3]};
}

// Every output element's forward_sum (conv_geometry.h), in row-major order.
template <class T>
Tensor forward(const Geometry& g, const Tensor& input, const Tensor& filter) {
  Tensor out = make_tensor(input.dtype, g.output_shape());
  const auto x = view<T>(input);
  const auto f = view<T>(filter);
  Index i = 0;
  for (Index n = 0; n < g.batch; ++n)
    for (Index y = 0; y < g.h.out; ++y)
      for (Index xo = 0; xo < g.w.out; ++xo)
        for (Index o = 0; o < g.out_c; ++o, ++i) {
          store(out, i, conv::forward_sum<T>(g, x, f, n, y, xo, o));
        }
  return out;
}

// The input-channel block of TensorFlow's order for this forward convolution (conv_order.h).
Index forward_block(const Geometry& g, DType dtype, const ConvWindow& window, bool channels_first) {
  kernels::Conv2dShape s;
  s.batch = g.batch;
  s.kernel_h = g.h.kernel;
  s.kernel_w = g.w.kernel;
  s.in_channels = g.group_in;
  s.out_channels = g.out_c;
  s.in_h = g.h.in;
  s.in_w = g.w.in;
  s.out_h = g.h.out;
  s.out_w = g.w.out;
  s.stride_h = g.h.stride;
  s.stride_w = g.w.stride;
  s.groups = g.groups();
  s.f32 = dtype == DType::F32;
  s.nhwc = !channels_first;
  s.explicit_padding = window.padding == ConvPadding::Explicit;
  return std::max<Index>(kernels::conv2d_input_channel_block(s), 1);
}

// Every element's input_grad_sum (conv_geometry.h), in row-major order.
template <class T>
Tensor backprop_input(const Geometry& g, const Tensor& filter, const Tensor& dy) {
  Tensor out = make_tensor(filter.dtype, g.input_shape());
  const auto f = view<T>(filter);
  const auto e = view<T>(dy);
  Index i = 0;
  for (Index n = 0; n < g.batch; ++n)
    for (Index r = 0; r < g.h.in; ++r)
      for (Index c = 0; c < g.w.in; ++c)
        for (Index ch = 0; ch < g.in_c; ++ch, ++i) {
          store(out, i, conv::input_grad_sum<T>(g, f, e, n, r, c, ch));
        }
  return out;
}

// Every element's filter_grad_sum (conv_geometry.h), in row-major order.
template <class T>
Tensor backprop_filter(const Geometry& g, const Tensor& input, const Tensor& dy) {
  Tensor out = make_tensor(input.dtype, g.filter_shape());
  const auto x = view<T>(input);
  const auto e = view<T>(dy);
  Index i = 0;
  for (Index kh = 0; kh < g.h.kernel; ++kh)
    for (Index kw = 0; kw < g.w.kernel; ++kw)
      for (Index ci = 0; ci < g.group_in; ++ci)
        for (Index o = 0; o < g.out_c; ++o, ++i) {
          store(out, i, conv::filter_grad_sum<T>(g, x, e, kh, kw, ci, o));
        }
  return out;
}

// Whether TensorFlow's generic CPU kernels, not oneDNN's, take the call (every f64 call, and
// an f32 backprop with EXPLICIT padding) and refuse it: they refuse NCHW, and all but Conv2D's
// also dilations and a depthwise window with different strides along height and width, and
// the backprops groups.
bool refused_by_generic_kernel(const Geometry& g, DType dtype, bool backprop,
                               const ConvWindow& window, bool channels_first, FilterForm form) {
  const bool generic = dtype == DType::F64 || (backprop && window.padding == ConvPadding::Explicit);
  if (!generic || channels_first) return channels_first && generic;
  if (!backprop && form == FilterForm::Grouped) return false;
  const bool dilated = g.h.dilation != 1 || g.w.dilation != 1;
  const bool unequal = form == FilterForm::Depthwise && g.h.stride != g.w.stride;
  const bool grouped = backprop && form == FilterForm::Grouped && g.groups() != 1;
  return dilated || unequal || grouped;
}

// The window as a backprop of `form` applies it: TensorFlow's depthwise backprops ignore the
// dilations with SAME padding and refuse them otherwise (nullopt).
std::optional<ConvWindow> backprop_window(const ConvWindow& window, FilterForm form) {
  const bool dilated =
      std::any_of(window.dilations.begin(), window.dilations.end(), [](Index d) { return d != 1; });
  if (form == FilterForm::Grouped || !dilated || window.padding != ConvPadding::Same) {
    return window;
  }
  ConvWindow undilated = window;
  undilated.dilations.assign(window.dilations.size(), 1);
  return undilated;
}

bool float_dtypes(std::initializer_list<const Tensor*> ts) {
  const DType t = (*ts.begin())->dtype;
  if (t != DType::F32 && t != DType::F64) return false;
  for (const Tensor* x : ts) {
    if (x->dtype != t) return false;
  }
  return true;
}

// The four sizes of input_sizes or filter_sizes, each non-negative, or the error.
std::variant<Shape, ErrorKind> sizes_of(const Tensor& t) {
  auto values = integers(t, 1);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  Shape s = std::get<Shape>(std::move(values));
  if (s.size() != 4 || !representable(s)) return ErrorKind::Shape;
  for (Index v : s) {
    if (v < 0) return ErrorKind::Shape;
  }
  return s;
}

template <class Kernel>
EvalResult by_dtype(DType t, Kernel&& k) {
  return visit_numeric(t, [&](auto type) -> EvalResult {
    using T = typename decltype(type)::type;
    if constexpr (std::is_floating_point_v<T>) {
      return single(k(std::type_identity<T>{}));
    } else {
      return ErrorKind::Type;
    }
  });
}

// The geometry of a backprop of the convolution of an input of NHWC shape `in` by a filter
// of `filter_shape`, with the window the backprops run with; Error(shape) unless
// `out_backprop` has the convolution's output shape and TensorFlow's kernel takes the call.
std::variant<Geometry, ErrorKind> backprop_geometry(const Shape& in, const Shape& filter_shape,
                                                    const ConvWindow& given_window,
                                                    const Tensor& out_backprop, bool channels_first,
                                                    FilterForm form) {
  const auto grouped = grouped_filter(filter_shape, in[3], form);
  if (auto* e = std::get_if<ErrorKind>(&grouped)) return *e;
  const auto applied = backprop_window(given_window, form);
  if (!applied) return ErrorKind::Shape;
  const ConvWindow& window = *applied;
  auto planned = geometry(in, std::get<Shape>(grouped), window, channels_first);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Geometry& g = std::get<Geometry>(planned);
  if (out_backprop.shape.size() != 4 ||
      to_nhwc(out_backprop.shape, channels_first) != g.output_shape() ||
      refused_by_generic_kernel(g, out_backprop.dtype, true, window, channels_first, form)) {
    return ErrorKind::Shape;
  }
  return planned;
}

}  // namespace

std::variant<conv::Geometry, ErrorKind> conv2d_geometry(const Tensor& input, const Tensor& filter,
                                                        const ConvWindow& window,
                                                        bool channels_first, FilterForm form) {
  if (!float_dtypes({&input, &filter})) return ErrorKind::Type;
  if (input.shape.size() != 4) return ErrorKind::Shape;
  const Shape in = to_nhwc(input.shape, channels_first);
  const auto grouped = grouped_filter(filter.shape, in[3], form);
  if (auto* e = std::get_if<ErrorKind>(&grouped)) return *e;
  auto planned = geometry(in, std::get<Shape>(grouped), window, channels_first);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  Geometry& g = std::get<Geometry>(planned);
  if (refused_by_generic_kernel(g, input.dtype, false, window, channels_first, form)) {
    return ErrorKind::Shape;
  }
  g.forward_block = forward_block(g, input.dtype, window, channels_first);
  return planned;
}

EvalResult conv2d(const Tensor& input, const Tensor& filter, const ConvWindow& window,
                  bool channels_first, FilterForm form) {
  const auto planned = conv2d_geometry(input, filter, window, channels_first, form);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Geometry& g = std::get<Geometry>(planned);
  const Tensor x = layout(input, channels_first, true);
  return by_dtype(input.dtype, [&](auto type) {
    return layout(forward<typename decltype(type)::type>(g, x, filter), channels_first, false);
  });
}

std::variant<BackpropPlan, ErrorKind> conv2d_backprop_input_plan(
    const Tensor& input_sizes, const Tensor& filter, const Tensor& out_backprop,
    const ConvWindow& window, bool channels_first, FilterForm form) {
  if (!float_dtypes({&filter, &out_backprop})) return ErrorKind::Type;
  const auto sizes = sizes_of(input_sizes);
  if (auto* e = std::get_if<ErrorKind>(&sizes)) return *e;
  const Shape in = to_nhwc(std::get<Shape>(sizes), channels_first);
  const auto planned =
      backprop_geometry(in, filter.shape, window, out_backprop, channels_first, form);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  return BackpropPlan{std::get<Geometry>(planned), std::get<Shape>(sizes)};
}

std::variant<BackpropPlan, ErrorKind> conv2d_backprop_filter_plan(
    const Tensor& input, const Tensor& filter_sizes, const Tensor& out_backprop,
    const ConvWindow& window, bool channels_first, FilterForm form) {
  if (!float_dtypes({&input, &out_backprop})) return ErrorKind::Type;
  if (input.shape.size() != 4) return ErrorKind::Shape;
  const auto sizes = sizes_of(filter_sizes);
  if (auto* e = std::get_if<ErrorKind>(&sizes)) return *e;
  const Shape in = to_nhwc(input.shape, channels_first);
  const auto planned =
      backprop_geometry(in, std::get<Shape>(sizes), window, out_backprop, channels_first, form);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  return BackpropPlan{std::get<Geometry>(planned), std::get<Shape>(sizes)};
}

EvalResult conv2d_backprop_input(const Tensor& input_sizes, const Tensor& filter,
                                 const Tensor& out_backprop, const ConvWindow& window,
                                 bool channels_first, FilterForm form) {
  const auto planned =
      conv2d_backprop_input_plan(input_sizes, filter, out_backprop, window, channels_first, form);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const Geometry& g = std::get<BackpropPlan>(planned).geometry;
  const Tensor dy = layout(out_backprop, channels_first, true);
  return by_dtype(filter.dtype, [&](auto type) {
    return layout(backprop_input<typename decltype(type)::type>(g, filter, dy), channels_first,
                  false);
  });
}

EvalResult conv2d_backprop_filter(const Tensor& input, const Tensor& filter_sizes,
                                  const Tensor& out_backprop, const ConvWindow& window,
                                  bool channels_first, FilterForm form) {
  const auto planned =
      conv2d_backprop_filter_plan(input, filter_sizes, out_backprop, window, channels_first, form);
  if (auto* e = std::get_if<ErrorKind>(&planned)) return *e;
  const BackpropPlan& plan = std::get<BackpropPlan>(planned);
  const Tensor x = layout(input, channels_first, true);
  const Tensor dy = layout(out_backprop, channels_first, true);
  return by_dtype(input.dtype, [&](auto type) {
    Tensor dw = backprop_filter<typename decltype(type)::type>(plan.geometry, x, dy);
    dw.shape = plan.result_shape;  // the depthwise shape, the same elements
    return dw;
  });
}

}  // namespace tfmc::eval::cpu
