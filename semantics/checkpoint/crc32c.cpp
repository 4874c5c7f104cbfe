#include "semantics/checkpoint/crc32c.h"

#include <array>

namespace tfmc::sem {
namespace {

constexpr std::uint32_t kPolynomial = 0x82f63b78;  // Castagnoli's, bit-reversed
constexpr std::uint32_t kMaskDelta = 0xa282ead8;

// The CRC of each byte value, for the byte-at-a-time loop.
constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t crc = i;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kPolynomial : 0);
    table[i] = crc;
  }
  return table;
}
constexpr std::array<std::uint32_t, 256> kTable = make_table();

}  // namespace

std::uint32_t crc32c_extend(std::uint32_t crc, std::string_view bytes) {
  crc = ~crc;
  for (const char c : bytes) crc = kTable[(crc ^ static_cast<std::uint8_t>(c)) & 0xff] ^ (crc >> 8);
  return ~crc;
}

std::uint32_t crc32c_mask(std::uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }

std::uint32_t crc32c_unmask(std::uint32_t masked) {
  const std::uint32_t rotated = masked - kMaskDelta;
  return (rotated >> 17) | (rotated << 15);
}

}  // namespace tfmc::sem
