// The reader of the table that a checkpoint's index file is: LevelDB's SSTable format as
// TensorFlow writes it (tensorflow/core/lib/io/table_builder.cc), uncompressed.
//
// The file ends in a 48-byte footer: the block handles (offset and size, two varint64s each)
// of the metaindex block and of the index block, zero padding, and the magic number
// 0xdb4775248b80fb57 (little-endian). Each block is followed by a 1-byte compression type
// (0: none) and the masked crc32c of the block and that byte. A block holds entries
// (varint32 shared key bytes, varint32 new key bytes, varint32 value bytes, the new key bytes,
// the value), then its restart offsets (fixed32 each) and their count (fixed32). The index
// block's values are the handles of the data blocks, in order; the data blocks hold the
// table's entries. The metaindex block (empty in TensorFlow's tables) is not read.
//
// Contract: read_sstable returns every entry of the data blocks in file order, which must be
// strictly increasing by key (bytewise); any other input throws InputError
// `PATH: error: MESSAGE` that says what is wrong and where (the block's offset). Every
// offset and size read is checked against the file's length before use, the data blocks
// must follow one another without overlap, and the entries may hold at most
// kMaxTableExpansion times the file's length in keys and values (prefix compression lets a
// few bytes stand for a long key), so a corrupt table costs time and memory linear in its
// length.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfmc::sem {

inline constexpr std::size_t kTableFooterBytes = 48;
inline constexpr std::size_t kMaxTableExpansion = 256;

struct TableEntry {
  std::string key;
  std::string value;
};

// A key as messages show it: printable ASCII as it is, other bytes and quotes as \xNN, cut
// after 80 bytes with "...".
std::string printable_key(std::string_view key);

// The entries of the table whose bytes are `contents`; `path` names the file in errors.
std::vector<TableEntry> read_sstable(const std::string& path, std::string_view contents);

}  // namespace tfmc::sem
