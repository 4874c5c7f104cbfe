#include "semantics/checkpoint/sstable_reader.h"

#include <fmt/format.h>

#include <cstdint>

#include "semantics/checkpoint/byte_cursor.h"
#include "semantics/checkpoint/crc32c.h"
#include "semantics/errors/diagnostics.h"

namespace tfmc::sem {
namespace {

constexpr std::uint64_t kTableMagic = 0xdb4775248b80fb57ull;
constexpr std::size_t kBlockTrailerBytes = 5;  // compression type, masked crc32c
constexpr char kNoCompression = 0;
constexpr char kSnappyCompression = 1;

struct BlockHandle {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

class TableReader {
 public:
  TableReader(const std::string& path, std::string_view file) : path_(path), file_(file) {}

  std::vector<TableEntry> read() {
    if (file_.size() < kTableFooterBytes) {
      fail(fmt::format("truncated table: footer needs {} bytes, file has {}", kTableFooterBytes,
                       file_.size()));
    }
    ByteCursor footer(file_.substr(file_.size() - kTableFooterBytes));
    const std::uint64_t magic_lo = *ByteCursor(footer.rest().substr(40)).fixed32();
    const std::uint64_t magic_hi = *ByteCursor(footer.rest().substr(44)).fixed32();
    const std::uint64_t magic = (magic_hi << 32) | magic_lo;
    if (magic != kTableMagic) {
      fail(fmt::format("not a table: bad magic number 0x{:016x} (expected 0x{:016x})", magic,
                       kTableMagic));
    }
    ByteCursor handles(footer.rest().substr(0, 40));
    handle(handles, "the footer's metaindex handle");
    const BlockHandle index_handle = handle(handles, "the footer's index handle");

    const std::string_view index_block = block(index_handle);
    std::vector<TableEntry> index = entries(index_block, index_handle.offset);
    std::vector<TableEntry> out;
    std::uint64_t data_end = 0;  // where the data block before ends
    for (const TableEntry& e : index) {
      ByteCursor value(e.value);
      const BlockHandle h =
          handle(value, fmt::format("the index entry '{}'", printable_key(e.key)));
      if (h.offset < data_end) {
        fail(fmt::format("data block at offset {} overlaps the block before it, which ends at {}",
                         h.offset, data_end));
      }
      std::vector<TableEntry> block_entries = entries(block(h), h.offset);
      data_end = h.offset + h.size + kBlockTrailerBytes;
      for (TableEntry& entry : block_entries) {
        if (!out.empty() && !(out.back().key < entry.key)) {
          fail(fmt::format("data block at offset {}: key '{}' follows '{}' (keys must increase)",
                           h.offset, printable_key(entry.key), printable_key(out.back().key)));
        }
        out.push_back(std::move(entry));
      }
    }
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(fmt::format("{}: error: {}\n", path_, message));
  }

  BlockHandle handle(ByteCursor& bytes, const std::string& what) const {
    const auto offset = bytes.varint64();
    const auto size = offset ? bytes.varint64() : std::nullopt;
    if (!size) fail(fmt::format("{} is not a block handle", what));
    return {*offset, *size};
  }

  // The contents of the block at `h`, its trailer checked.
  std::string_view block(const BlockHandle& h) const {
    const std::uint64_t length = file_.size();
    if (h.offset > length || h.size > length - h.offset ||
        kBlockTrailerBytes > length - h.offset - h.size) {
      fail(
          fmt::format("block at offset {} of {} bytes (and its {}-byte trailer) lies past the "
                      "end of the file ({} bytes)",
                      h.offset, h.size, kBlockTrailerBytes, length));
    }
    const std::string_view with_type = file_.substr(h.offset, h.size + 1);
    const std::uint32_t stored =
        crc32c_unmask(*ByteCursor(file_.substr(h.offset + h.size + 1, 4)).fixed32());
    const std::uint32_t computed = crc32c(with_type);
    if (stored != computed) {
      fail(fmt::format("block at offset {}: crc32c mismatch (stored 0x{:08x}, computed 0x{:08x})",
                       h.offset, stored, computed));
    }
    const char type = with_type.back();
    if (type == kSnappyCompression) {
      fail(
          fmt::format("block at offset {} is Snappy-compressed; tfmc reads uncompressed tables "
                      "(TensorFlow writes checkpoints uncompressed)",
                      h.offset));
    }
    if (type != kNoCompression) {
      fail(fmt::format("block at offset {} has unknown compression type {}", h.offset,
                       static_cast<int>(static_cast<unsigned char>(type))));
    }
    return with_type.substr(0, h.size);
  }

  // The entries of `block`, which starts at `offset` in the file.
  std::vector<TableEntry> entries(std::string_view block, std::uint64_t offset) {
    if (block.size() < 4) {
      fail(fmt::format("block at offset {} has {} bytes, too few for its restart count", offset,
                       block.size()));
    }
    const std::uint32_t restarts = *ByteCursor(block.substr(block.size() - 4)).fixed32();
    if (restarts > (block.size() - 4) / 4) {
      fail(fmt::format("block at offset {}: {} restart points do not fit in its {} bytes", offset,
                       restarts, block.size()));
    }
    ByteCursor in(block.substr(0, block.size() - 4 - 4 * std::size_t{restarts}));
    std::vector<TableEntry> out;
    std::string key;
    while (in.remaining() > 0) {
      const std::size_t at = block.size() - 4 - 4 * std::size_t{restarts} - in.remaining();
      const auto shared = in.varint32();
      const auto unshared = shared ? in.varint32() : std::nullopt;
      const auto value_size = unshared ? in.varint32() : std::nullopt;
      if (!value_size)
        fail(fmt::format("block at offset {}: bad entry header at byte {}", offset, at));
      if (*shared > key.size()) {
        fail(
            fmt::format("block at offset {}: entry at byte {} shares {} key bytes with a key of {}",
                        offset, at, *shared, key.size()));
      }
      const auto suffix = in.bytes(*unshared);
      const auto value = suffix ? in.bytes(*value_size) : std::nullopt;
      if (!value) {
        fail(fmt::format("block at offset {}: entry at byte {} runs past the block's entries",
                         offset, at));
      }
      key.resize(*shared);
      key += *suffix;
      decoded_ += key.size() + value->size();
      if (decoded_ > kMaxTableExpansion * file_.size()) {
        fail(
            fmt::format("block at offset {}: the entries expand to more than {} times the "
                        "file's length",
                        offset, kMaxTableExpansion));
      }
      out.push_back({key, std::string(*value)});
    }
    return out;
  }

  const std::string& path_;
  std::string_view file_;
  std::size_t decoded_ = 0;  // bytes of keys and values decoded so far
};

}  // namespace

std::string printable_key(std::string_view key) {
  constexpr std::size_t kShown = 80;
  std::string out;
  for (const char c : key.substr(0, kShown)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u >= 0x7f || c == '\'') ? fmt::format("\\x{:02x}", u) : std::string(1, c);
  }
  if (key.size() > kShown) out += "...";
  return out;
}

std::vector<TableEntry> read_sstable(const std::string& path, std::string_view contents) {
  return TableReader(path, contents).read();
}

}  // namespace tfmc::sem
