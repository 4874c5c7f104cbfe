// CRC-32C (Castagnoli), the checksum of TensorFlow's checkpoints: every table block and every
// tensor's bytes carry one, stored masked.
//
// Contract: crc32c_extend(crc32c(a), b) == crc32c(a + b); crc32c("123456789") == 0xE3069283.
// The mask (rotate right by 15, add 0xa282ead8) is LevelDB's: a stored checksum is masked so
// that the checksum of data holding checksums stays well-mixed; crc32c_unmask inverts it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tfmc::sem {

std::uint32_t crc32c_extend(std::uint32_t crc, std::string_view bytes);
inline std::uint32_t crc32c(std::string_view bytes) { return crc32c_extend(0, bytes); }

std::uint32_t crc32c_mask(std::uint32_t crc);
std::uint32_t crc32c_unmask(std::uint32_t masked);

}  // namespace tfmc::sem
