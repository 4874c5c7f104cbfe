#include "semantics/checkpoint/bundle_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "semantics/checkpoint/crc32c.h"

namespace tfmc::test {
namespace {

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>(v | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

void put_fixed32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>(v >> (8 * i));
}

}  // namespace

std::string table_block(const std::vector<sem::TableEntry>& entries) {
  std::string out;
  std::string previous;
  for (const sem::TableEntry& e : entries) {
    std::size_t shared = 0;
    while (shared < previous.size() && shared < e.key.size() && previous[shared] == e.key[shared]) {
      ++shared;
    }
    put_varint(out, shared);
    put_varint(out, e.key.size() - shared);
    put_varint(out, e.value.size());
    out += e.key.substr(shared);
    out += e.value;
    previous = e.key;
  }
  put_fixed32(out, 0);  // the restart point
  put_fixed32(out, 1);  // their count
  return out;
}

std::string with_trailer(const std::string& block, char compression) {
  std::string out = block + compression;
  put_fixed32(out, sem::crc32c_mask(sem::crc32c(out)));
  return out;
}

std::string block_handle(std::uint64_t offset, std::uint64_t size) {
  std::string out;
  put_varint(out, offset);
  put_varint(out, size);
  return out;
}

std::string table_from_blocks(const std::string& data, const std::string& index) {
  const std::string metaindex = table_block({});
  std::string footer = block_handle(data.size(), metaindex.size()) +
                       block_handle(data.size() + metaindex.size() + 5, index.size());
  footer.resize(40, '\0');
  put_fixed32(footer, 0x8b80fb57);  // the magic number, low half first
  put_fixed32(footer, 0xdb477524);
  return data + with_trailer(metaindex) + with_trailer(index) + footer;
}

std::string table_file(const std::vector<sem::TableEntry>& entries) {
  const std::string data = table_block(entries);
  return table_from_blocks(
      with_trailer(data),
      table_block({{entries.empty() ? "" : entries.back().key, block_handle(0, data.size())}}));
}

tf::BundleHeaderProto bundle_header(int num_shards) {
  tf::BundleHeaderProto header;
  header.set_num_shards(num_shards);
  header.mutable_version()->set_producer(1);
  return header;
}

tf::BundleEntryProto bundle_entry(tf::DataType dtype, const std::vector<std::int64_t>& shape,
                                  int shard, std::int64_t offset, const std::string& bytes) {
  tf::BundleEntryProto entry;
  entry.set_dtype(dtype);
  for (const std::int64_t d : shape) entry.mutable_shape()->add_dim()->set_size(d);
  entry.set_shard_id(shard);
  entry.set_offset(offset);
  entry.set_size(static_cast<std::int64_t>(bytes.size()));
  entry.set_crc32c(sem::crc32c_mask(sem::crc32c(bytes)));
  return entry;
}

std::string string_scalar_bytes(const std::string& value, std::uint32_t& crc) {
  std::string length;
  put_fixed32(length, static_cast<std::uint32_t>(value.size()));
  std::string length_checksum;
  put_fixed32(length_checksum, sem::crc32c_mask(sem::crc32c(length)));
  std::string out;
  put_varint(out, value.size());
  out += length_checksum + value;
  crc = sem::crc32c_mask(sem::crc32c(length + length_checksum + value));
  return out;
}

void write_bundle(const std::string& prefix, const tf::BundleHeaderProto& header,
                  const std::vector<std::pair<std::string, tf::BundleEntryProto>>& entries,
                  const std::vector<std::string>& shards) {
  std::vector<sem::TableEntry> table{{"", header.SerializeAsString()}};
  for (const auto& [key, entry] : entries) table.push_back({key, entry.SerializeAsString()});
  std::sort(table.begin(), table.end(),
            [](const sem::TableEntry& a, const sem::TableEntry& b) { return a.key < b.key; });
  std::ofstream(prefix + ".index", std::ios::binary) << table_file(table);
  for (std::size_t k = 0; k < shards.size(); ++k) {
    std::ofstream(prefix + fmt::format(".data-{:05d}-of-{:05d}", k, shards.size()),
                  std::ios::binary)
        << shards[k];
  }
}

}  // namespace tfmc::test
