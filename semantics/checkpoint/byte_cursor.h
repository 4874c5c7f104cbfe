// Reading the little-endian integers and varints of TensorFlow's table and bundle formats from
// a range of bytes, never past its end.
//
// Contract: each read either consumes its bytes and returns the value, or returns nullopt
// and leaves the cursor where it was (the bytes end first, or a varint runs past 10 bytes, or
// 5 for a varint32, or does not fit its type).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tfmc::sem {

class ByteCursor {
 public:
  explicit ByteCursor(std::string_view bytes) : rest_(bytes) {}

  std::string_view rest() const { return rest_; }
  std::size_t remaining() const { return rest_.size(); }

  std::optional<std::uint32_t> fixed32() {
    if (rest_.size() < 4) return std::nullopt;
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(rest_[i]);
    rest_.remove_prefix(4);
    return v;
  }

  std::optional<std::uint64_t> varint64() { return varint(10, UINT64_MAX); }
  std::optional<std::uint32_t> varint32() {
    const auto v = varint(5, UINT32_MAX);
    return v ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v)) : std::nullopt;
  }

  // The next `n` bytes.
  std::optional<std::string_view> bytes(std::uint64_t n) {
    if (n > rest_.size()) return std::nullopt;
    const std::string_view out = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return out;
  }

 private:
  std::optional<std::uint64_t> varint(int max_bytes, std::uint64_t max_value) {
    std::uint64_t v = 0;
    for (int i = 0; i < max_bytes && i < static_cast<int>(rest_.size()); ++i) {
      const auto byte = static_cast<std::uint8_t>(rest_[i]);
      const int shift = 7 * i;
      const std::uint64_t bits = byte & 0x7f;
      // The 10th byte of a varint64 holds only bit 63.
      if (shift == 63 && bits > 1) return std::nullopt;
      v |= bits << shift;
      if (!(byte & 0x80)) {
        if (v > max_value) return std::nullopt;
        rest_.remove_prefix(i + 1);
        return v;
      }
    }
    return std::nullopt;
  }

  std::string_view rest_;
};

}  // namespace tfmc::sem
