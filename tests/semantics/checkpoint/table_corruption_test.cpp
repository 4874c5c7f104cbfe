// The table reader on damaged tables: each damage gives its own located error, never a crash
// and never an allocation larger than the table's bytes allow.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>

#include "semantics/checkpoint/bundle_writer.h"
#include "semantics/checkpoint/crc32c.h"
#include "semantics/checkpoint/sstable_reader.h"
#include "semantics/errors/diagnostics.h"

namespace {

using tfmc::sem::read_sstable;
using tfmc::sem::TableEntry;
using tfmc::test::block_handle;
using tfmc::test::table_block;
using tfmc::test::table_file;
using tfmc::test::table_from_blocks;
using tfmc::test::with_trailer;

// The error reading `bytes` as the table "t.index" gives, without its "t.index: error: " and
// line end; fails the test when there is none.
std::string table_error(const std::string& bytes) {
  try {
    read_sstable("t.index", bytes);
  } catch (const tfmc::sem::InputError& e) {
    const std::string text = e.what();
    REQUIRE(text.rfind("t.index: error: ", 0) == 0);
    REQUIRE(text.back() == '\n');
    return text.substr(16, text.size() - 17);
  }
  FAIL("the table was read");
  return "";
}

}  // namespace

TEST_CASE("checkpoint table: a table written here reads back", "[checkpoint]") {
  const std::vector<TableEntry> entries{{"", "header"}, {"a", "1"}, {"ab", "22"}, {"b", ""}};
  const std::vector<TableEntry> read = read_sstable("t.index", table_file(entries));
  REQUIRE(read.size() == 4);
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].key == entries[i].key);
    CHECK(read[i].value == entries[i].value);
  }
  CHECK(read_sstable("t.index", table_file({})).empty());
}

TEST_CASE("checkpoint table: truncated files and a bad magic number", "[checkpoint]") {
  CHECK(table_error("") == "truncated table: footer needs 48 bytes, file has 0");
  const std::string table = table_file({{"", "h"}});
  CHECK(table_error(table.substr(0, 20)) == "truncated table: footer needs 48 bytes, file has 20");
  std::string bad_magic = table;
  bad_magic.back() = '\xdc';
  CHECK(table_error(bad_magic) ==
        "not a table: bad magic number 0xdc4775248b80fb57 (expected 0xdb4775248b80fb57)");
}

TEST_CASE("checkpoint table: a block checksum mismatch", "[checkpoint]") {
  std::string table = table_file({{"", "header"}, {"key", "value"}});
  table[5] ^= 0x01;  // inside the data block, which starts at 0
  const std::size_t data_size = table_block({{"", "header"}, {"key", "value"}}).size();
  const std::uint32_t stored = tfmc::sem::crc32c_unmask(
      static_cast<std::uint32_t>(static_cast<unsigned char>(table[data_size + 1])) |
      static_cast<std::uint32_t>(static_cast<unsigned char>(table[data_size + 2])) << 8 |
      static_cast<std::uint32_t>(static_cast<unsigned char>(table[data_size + 3])) << 16 |
      static_cast<std::uint32_t>(static_cast<unsigned char>(table[data_size + 4])) << 24);
  const std::uint32_t computed =
      tfmc::sem::crc32c(std::string_view(table).substr(0, data_size + 1));
  CHECK(stored != computed);
  CHECK(table_error(table) == fmt::format("block at offset 0: crc32c mismatch (stored 0x{:08x}, "
                                          "computed 0x{:08x})",
                                          stored, computed));
}

TEST_CASE("checkpoint table: compressed and unknown block types", "[checkpoint]") {
  const std::string block = table_block({{"", "h"}});
  const std::string index = table_block({{"", block_handle(0, block.size())}});
  CHECK(table_error(table_from_blocks(with_trailer(block, 1), index)) ==
        "block at offset 0 is Snappy-compressed; tfmc reads uncompressed tables (TensorFlow "
        "writes checkpoints uncompressed)");
  CHECK(table_error(table_from_blocks(with_trailer(block, 7), index)) ==
        "block at offset 0 has unknown compression type 7");
  CHECK(read_sstable("t.index", table_from_blocks(with_trailer(block, 0), index)).size() == 1);
}

TEST_CASE("checkpoint table: keys out of order or repeated", "[checkpoint]") {
  CHECK(table_error(table_file({{"", "h"}, {"b", "1"}, {"a", "2"}})) ==
        "data block at offset 0: key 'a' follows 'b' (keys must increase)");
  CHECK(table_error(table_file({{"", "h"}, {"a", "1"}, {"a", "2"}})) ==
        "data block at offset 0: key 'a' follows 'a' (keys must increase)");
  CHECK(table_error(table_file({{"", "h"}, {"\x01\xff", "1"}, {"\x01", "2"}})) ==
        "data block at offset 0: key '\\x01' follows '\\x01\\xff' (keys must increase)");
}

TEST_CASE("checkpoint table: malformed blocks", "[checkpoint]") {
  // A data block of the given bytes (which must end in their restart points) under an index
  // of one entry.
  const auto with_data = [](const std::string& block) {
    return table_from_blocks(with_trailer(block),
                             table_block({{"z", block_handle(0, block.size())}}));
  };
  const std::string one_restart("\0\0\0\0\1\0\0\0", 8);
  CHECK(table_error(with_data("ab")) ==
        "block at offset 0 has 2 bytes, too few for its restart "
        "count");
  CHECK(table_error(with_data(std::string("\xe8\x03\0\0", 4))) ==
        "block at offset 0: 1000 restart points do not fit in its 4 bytes");
  CHECK(table_error(with_data("\x80" + one_restart)) ==
        "block at offset 0: bad entry header at byte 0");
  CHECK(table_error(with_data(std::string("\x05\x01\x00k", 4) + one_restart)) ==
        "block at offset 0: entry at byte 0 shares 5 key bytes with a key of 0");
  CHECK(table_error(with_data(std::string("\x00\x05\x00ab", 5) + one_restart)) ==
        "block at offset 0: entry at byte 0 runs past the block's entries");
  // A varint32 of 5 bytes above 2^32 - 1.
  CHECK(table_error(with_data(std::string("\x00\xff\xff\xff\xff\x7f", 6) + one_restart)) ==
        "block at offset 0: bad entry header at byte 0");
}

TEST_CASE("checkpoint table: block handles outside the file or overlapping", "[checkpoint]") {
  const std::string block = table_block({{"", "h"}});
  const std::string data = with_trailer(block);
  // The file: the data block, the empty metaindex block, the index block, the footer.
  const std::size_t length = data.size() + (8 + 5) + 5 + 48;  // plus the index block's size
  const std::string far_index = table_block({{"", block_handle(1000, 5)}});
  CHECK(table_error(table_from_blocks(data, far_index)) ==
        fmt::format("block at offset 1000 of 5 bytes (and its 5-byte trailer) lies past the end "
                    "of the file ({} bytes)",
                    length + far_index.size()));
  const std::uint64_t huge = std::uint64_t{1} << 63;
  const std::string huge_index = table_block({{"", block_handle(huge, huge)}});
  CHECK(table_error(table_from_blocks(data, huge_index)) ==
        fmt::format("block at offset {} of {} bytes (and its 5-byte trailer) lies past the end "
                    "of the file ({} bytes)",
                    huge, huge, length + huge_index.size()));
  // The block's bytes fit but its trailer does not.
  // The block's bytes end 2 bytes before the file does, its trailer would need 5 (the size
  // is a 1-byte varint either way, so the file's length is known before it is written).
  const std::size_t total = length + table_block({{"", block_handle(0, 0)}}).size();
  const std::string tight_index = table_block({{"", block_handle(0, total - 2)}});
  CHECK(table_error(table_from_blocks(data, tight_index)) ==
        fmt::format("block at offset 0 of {} bytes (and its 5-byte trailer) lies past the end of "
                    "the file ({} bytes)",
                    total - 2, total));
  CHECK(table_error(table_from_blocks(data, table_block({{"", "\x80"}}))) ==
        "the index entry '' is not a block handle");
  const std::string twice =
      table_block({{"a", block_handle(0, block.size())}, {"b", block_handle(0, block.size())}});
  CHECK(table_error(table_from_blocks(data, twice)) ==
        fmt::format("data block at offset 0 overlaps the block before it, which ends at {}",
                    data.size()));
}

TEST_CASE("checkpoint table: keys that expand past the bound are rejected", "[checkpoint]") {
  // Each entry after the first shares the whole key before it and adds one byte: 4 bytes of
  // table per key of 4000 bytes and more.
  std::string block = std::string("\x00\xa0\x1f\x00", 4) + std::string(4000, 'k');
  for (int i = 0; i < 1000; ++i) {
    const int shared = 4000 + i;
    block += static_cast<char>(0x80 | (shared & 0x7f));
    block += static_cast<char>(shared >> 7);
    block += std::string("\x01\x00\x01", 3);
  }
  block += std::string("\0\0\0\0\1\0\0\0", 8);
  const std::string table =
      table_from_blocks(with_trailer(block), table_block({{"z", block_handle(0, block.size())}}));
  CHECK(table_error(table) ==
        "block at offset 0: the entries expand to more than 256 times the file's length");
}
