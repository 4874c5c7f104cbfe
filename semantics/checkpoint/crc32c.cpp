#include "semantics/checkpoint/crc32c.h"

#include <array>

namespace tfmc::sem {
namespace {

constexpr std::uint32_t kPolynomial = 0x82f63b78;  // Castagnoli's, bit-reversed
constexpr std::uint32_t kMaskDelta = 0xa282ead8;

// Slicing by 8: kTables[0] is the CRC of each byte value; kTables[k][b] is the CRC of byte b
// followed by k zero bytes, so that eight bytes fold into the CRC with eight lookups at once
// instead of one after the other (a checkpoint's tensors are checked on every load: ResNet50's
// 100 MB took a fifth of a check of its forward pass byte by byte).
using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables make_tables() {
  Tables tables{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t crc = i;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kPolynomial : 0);
    tables[0][i] = crc;
  }
  for (std::size_t k = 1; k < 8; ++k) {
    for (std::uint32_t i = 0; i < 256; ++i) {
      const std::uint32_t previous = tables[k - 1][i];
      tables[k][i] = tables[0][previous & 0xff] ^ (previous >> 8);
    }
  }
  return tables;
}
constexpr Tables kTables = make_tables();

std::uint32_t byte_at(std::string_view bytes, std::size_t i) {
  return static_cast<std::uint8_t>(bytes[i]);
}

}  // namespace

std::uint32_t crc32c_extend(std::uint32_t crc, std::string_view bytes) {
  crc = ~crc;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    // The bytes in order of the stream: the first four fold into the CRC's low bits first.
    const std::uint32_t low = crc ^ (byte_at(bytes, i) | byte_at(bytes, i + 1) << 8 |
                                     byte_at(bytes, i + 2) << 16 | byte_at(bytes, i + 3) << 24);
    crc = kTables[7][low & 0xff] ^ kTables[6][(low >> 8) & 0xff] ^ kTables[5][(low >> 16) & 0xff] ^
          kTables[4][low >> 24] ^ kTables[3][byte_at(bytes, i + 4)] ^
          kTables[2][byte_at(bytes, i + 5)] ^ kTables[1][byte_at(bytes, i + 6)] ^
          kTables[0][byte_at(bytes, i + 7)];
  }
  for (; i < bytes.size(); ++i) crc = kTables[0][(crc ^ byte_at(bytes, i)) & 0xff] ^ (crc >> 8);
  return ~crc;
}

std::uint32_t crc32c_mask(std::uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }

std::uint32_t crc32c_unmask(std::uint32_t masked) {
  const std::uint32_t rotated = masked - kMaskDelta;
  return (rotated >> 17) | (rotated << 15);
}

}  // namespace tfmc::sem
