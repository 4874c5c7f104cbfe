// Writing tables and tensor bundles byte by byte, in the formats of
// semantics/checkpoint/sstable_reader.h and tensor_bundle.h, for the tests that take them
// apart: each piece can be written wrong on purpose.
#pragma once

#include <string>
#include <vector>

#include "semantics/checkpoint/sstable_reader.h"
#include "semantics/checkpoint/tf_checkpoint.pb.h"

namespace tfmc::test {

// A block of `entries` in the order given, keys prefix-compressed against the one before,
// one restart point (at 0).
std::string table_block(const std::vector<sem::TableEntry>& entries);

// The block followed by its trailer: the compression type and the masked crc32c of both.
std::string with_trailer(const std::string& block, char compression = 0);

// A block handle: offset and size, varint64 each.
std::string block_handle(std::uint64_t offset, std::uint64_t size);

// A table file: `data` (blocks with their trailers, from offset 0), an empty metaindex block,
// `index` with its trailer, and the footer.
std::string table_from_blocks(const std::string& data, const std::string& index);

// A table file of one data block holding `entries` (in the order given).
std::string table_file(const std::vector<sem::TableEntry>& entries);

// A header of `num_shards` data files, little-endian, version 1.
tf::BundleHeaderProto bundle_header(int num_shards);

// An entry for `bytes` at `offset` of data file `shard`, with their masked crc32c.
tf::BundleEntryProto bundle_entry(tf::DataType dtype, const std::vector<std::int64_t>& shape,
                                  int shard, std::int64_t offset, const std::string& bytes);

// A DT_STRING scalar's bytes as TensorFlow writes them: the varint64 length, the masked crc32c
// of the length as 4 bytes, the string; `crc` receives the checksum its entry holds (masked).
std::string string_scalar_bytes(const std::string& value, std::uint32_t& crc);

// Writes PREFIX.index with the header and the entries (sorted by key) and
// PREFIX.data-0000K-of-0000N for each of `shards`.
void write_bundle(const std::string& prefix, const tf::BundleHeaderProto& header,
                  const std::vector<std::pair<std::string, tf::BundleEntryProto>>& entries,
                  const std::vector<std::string>& shards);

}  // namespace tfmc::test
