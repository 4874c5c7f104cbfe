// The window attributes of the convolutions (Conv2D, its backprops and the depthwise forms;
// cpu_convolution.h), as TensorFlow's attributes give them, indexed by the dimensions of the
// op's data_format (NHWC or NCHW).
//
// Contract: the semantics layer checks the shapes of the lists it can (four strides and
// dilations, eight explicit paddings, each at least 1, respectively 0); what depends on the
// data format or the arguments (strides of 1 in the batch and channel dimensions, the
// paddings matching the padding mode) the kernel checks, Error(shape) otherwise.
#pragma once

#include <cstdint>
#include <vector>

namespace tfmc::eval {

enum class ConvPadding : std::uint8_t { Valid, Same, Explicit };

struct ConvWindow {
  std::vector<std::int64_t> strides{1, 1, 1, 1};
  std::vector<std::int64_t> dilations{1, 1, 1, 1};
  ConvPadding padding = ConvPadding::Valid;
  // EXPLICIT's (before, after) pairs per dimension; empty for SAME and VALID.
  std::vector<std::int64_t> explicit_paddings;

  friend bool operator==(const ConvWindow&, const ConvWindow&) = default;
};

}  // namespace tfmc::eval
