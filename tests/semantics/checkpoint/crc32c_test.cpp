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
}

TEST_CASE("checkpoint: crc32c masking", "[checkpoint]") {
  // LevelDB's mask of 0: rotate right 15 (still 0), plus the delta.
  CHECK(crc32c_mask(0) == 0xa282ead8u);
  for (const std::uint32_t crc : {0u, 1u, 0xe3069283u, 0xffffffffu}) {
    CHECK(crc32c_mask(crc) != crc);
    CHECK(crc32c_unmask(crc32c_mask(crc)) == crc);
  }
}
