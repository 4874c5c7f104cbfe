// CRC-32C against the published check value and LevelDB's masking.
#include "semantics/checkpoint/crc32c.h"

#include <catch2/catch.hpp>

using namespace tfmc::sem;

TEST_CASE("checkpoint: crc32c of the check string and of extensions", "[checkpoint]") {
  CHECK(crc32c("123456789") == 0xe3069283u);
  CHECK(crc32c("") == 0u);
  // 32 zero bytes: the value in RFC 3720, B.4.
  CHECK(crc32c(std::string(32, '\0')) == 0x8a9136aau);
  CHECK(crc32c_extend(crc32c("1234"), "56789") == crc32c("123456789"));
  // RFC 3720, B.4: 32 bytes of 0xff, ascending 0x00..0x1f and descending 0x1f..0x00 (whole
  // eight-byte blocks of distinct bytes), and a split of the ascending ones off the blocks.
  std::string ascending, descending;
  for (int b = 0; b < 32; ++b) {
    ascending.push_back(static_cast<char>(b));
    descending.push_back(static_cast<char>(31 - b));
  }
  CHECK(crc32c(std::string(32, '\xff')) == 0x62a8ab43u);
  CHECK(crc32c(ascending) == 0x46dd794eu);
  CHECK(crc32c(descending) == 0x113fdb5cu);
  CHECK(crc32c_extend(crc32c(ascending.substr(0, 13)), ascending.substr(13)) == 0x46dd794eu);
}

TEST_CASE("checkpoint: crc32c masking", "[checkpoint]") {
  // LevelDB's mask of 0: rotate right 15 (still 0), plus the delta.
  CHECK(crc32c_mask(0) == 0xa282ead8u);
  for (const std::uint32_t crc : {0u, 1u, 0xe3069283u, 0xffffffffu}) {
    CHECK(crc32c_mask(crc) != crc);
    CHECK(crc32c_unmask(crc32c_mask(crc)) == crc);
  }
}
