#include "fuzz/checkpoint_fuzz_one.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "semantics/checkpoint/bundle_writer.h"
#include "semantics/checkpoint/byte_cursor.h"
#include "semantics/checkpoint/crc32c.h"
#include "semantics/checkpoint/sstable_reader.h"
#include "semantics/checkpoint/tensor_bundle.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/tf_tensors.h"
#include "support/files.h"

namespace tfmc::test {
namespace {

namespace fs = std::filesystem;

void put_fixed32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>(v >> (8 * i));
}

// Recomputes the trailer checksum of the block at `handle` when it lies inside `table`.
void fix_checksum(std::string& table, std::uint64_t offset, std::uint64_t size) {
  if (offset > table.size() || size > table.size() - offset || table.size() - offset - size < 5) {
    return;
  }
  std::string crc;
  put_fixed32(crc, sem::crc32c_mask(sem::crc32c(std::string_view(table).substr(offset, size + 1))));
  table.replace(offset + size + 1, 4, crc);
}

// Recomputes the checksums of the index block the footer names and of the data blocks the
// index names, as far as they can be found.
void fix_block_checksums(std::string& table) {
  if (table.size() < sem::kTableFooterBytes) return;
  sem::ByteCursor footer(std::string_view(table).substr(table.size() - sem::kTableFooterBytes));
  for (int skip = 0; skip < 2; ++skip) footer.varint64();  // the metaindex handle
  const auto offset = footer.varint64();
  const auto size = offset ? footer.varint64() : std::nullopt;
  if (!size) return;
  fix_checksum(table, *offset, *size);
  if (*offset > table.size() || *size > table.size() - *offset || *size < 4) return;
  const std::string index = table.substr(*offset, *size);
  // The index block's entries: shared, unshared and value lengths, the key's new bytes, the
  // value (a block handle); restarts ignored.
  sem::ByteCursor in(std::string_view(index).substr(0, index.size() - 4));
  while (in.remaining() > 0) {
    const auto shared = in.varint32();
    const auto unshared = shared ? in.varint32() : std::nullopt;
    const auto value_size = unshared ? in.varint32() : std::nullopt;
    const auto key = value_size ? in.bytes(*unshared) : std::nullopt;
    const auto value = key ? in.bytes(*value_size) : std::nullopt;
    if (!value) return;
    sem::ByteCursor handle(*value);
    const auto block_offset = handle.varint64();
    const auto block_size = block_offset ? handle.varint64() : std::nullopt;
    if (block_size) fix_checksum(table, *block_offset, *block_size);
  }
}

// The checksum a DT_STRING scalar's entry holds for `bytes` (its varint64 length, the length's
// checksum, the string), after the length's checksum in `bytes` is recomputed; nullopt when
// `bytes` does not start with a length and room for its checksum.
std::optional<std::uint32_t> fix_string_checksum(std::string& bytes) {
  sem::ByteCursor in(bytes);
  const auto length = in.varint64();
  if (!length || in.remaining() < 4) return std::nullopt;
  const std::size_t at = bytes.size() - in.remaining();
  std::string length_bytes;
  put_fixed32(length_bytes, static_cast<std::uint32_t>(*length));
  std::string length_checksum;
  put_fixed32(length_checksum, sem::crc32c_mask(sem::crc32c(length_bytes)));
  bytes.replace(at, 4, length_checksum);
  return sem::crc32c(length_bytes + bytes.substr(at));
}

// Rewrites the index (files[0]) with each entry's checksum recomputed from the bytes it
// points at in the data files (files[1...]), a string's length checksum there too, when the
// index reads as a table; entries that point outside the files keep theirs.
void fix_tensor_checksums(std::vector<std::string>& files) {
  std::vector<sem::TableEntry> table;
  try {
    table = sem::read_sstable("fuzz.index", files[0]);
  } catch (const sem::InputError&) {
    return;
  }
  for (sem::TableEntry& e : table) {
    tf::BundleEntryProto entry;
    if (e.key.empty() || !entry.ParseFromString(e.value)) continue;
    const std::size_t file = static_cast<std::size_t>(entry.shard_id()) + 1;
    if (entry.shard_id() < 0 || file >= files.size() || entry.offset() < 0 || entry.size() < 0 ||
        static_cast<std::uint64_t>(entry.offset()) > files[file].size() ||
        static_cast<std::uint64_t>(entry.size()) > files[file].size() - entry.offset()) {
      continue;
    }
    std::string bytes = files[file].substr(entry.offset(), entry.size());
    std::optional<std::uint32_t> crc = sem::crc32c(bytes);
    if (entry.dtype() == tf::DT_STRING) {
      crc = fix_string_checksum(bytes);
      files[file].replace(entry.offset(), entry.size(), bytes);
    }
    if (!crc) continue;
    entry.set_crc32c(sem::crc32c_mask(*crc));
    e.value = entry.SerializeAsString();
  }
  files[0] = table_file(table);
}

// This process's directory for the files of the bundle read.
const fs::path& scratch_dir() {
  static const fs::path dir =
      fs::temp_directory_path() / fmt::format("tfmc_checkpoint_fuzz_{}", getpid());
  return dir;
}

// Splits `bytes` (after the mode byte) into the files it holds.
std::vector<std::string> files_of(std::string_view bytes) {
  std::vector<std::string> files;
  sem::ByteCursor in(bytes);
  while (in.remaining() > 0 && files.size() < 1 + kMaxFuzzShards) {
    const auto length = in.fixed32();
    if (!length) break;
    files.emplace_back(*in.bytes(std::min<std::uint64_t>(*length, in.remaining())));
  }
  return files;
}

std::string check_bundle(const std::string& prefix, int& read) {
  const sem::TensorBundle bundle = sem::TensorBundle::open(prefix);
  const std::vector<std::string> keys = bundle.keys();
  if (!std::is_sorted(keys.begin(), keys.end()) ||
      std::adjacent_find(keys.begin(), keys.end()) != keys.end()) {
    return "keys() is not sorted without repeats";
  }
  if (bundle.contains("") || (!keys.empty() && keys.front().empty())) return "keys() holds \"\"";
  for (const std::string& key : keys) {
    if (!bundle.contains(key)) return "contains() denies a key of keys()";
    const sem::TensorSpec spec = bundle.spec(key);
    try {
      const eval::Tensor t = bundle.tensor(key);
      if (t.shape != spec.shape) return "a tensor's shape is not its spec's";
      if (t.dtype != sem::dtype_of(spec.dtype)) return "a tensor's dtype is not its spec's";
      if (t.bytes.size() != static_cast<std::size_t>(t.size()) * eval::dtype_size(t.dtype)) {
        return "a tensor's bytes do not match its elements";
      }
      if (t.dtype == eval::DType::Bool &&
          std::any_of(t.bytes.begin(), t.bytes.end(), [](std::uint8_t b) { return b > 1; })) {
        return "a bool tensor holds a byte other than 0 or 1";
      }
      ++read;
    } catch (const sem::InputError&) {
      // a tensor tfmc does not read, or damaged bytes: rejected
    }
  }
  try {
    if (const auto graph = bundle.object_graph()) {
      const int nodes = graph->nodes_size();
      const auto outside = [nodes](int id) { return id < 0 || id >= nodes; };
      for (const auto& node : graph->nodes()) {
        for (const auto& child : node.children()) {
          if (outside(child.node_id())) return "an object graph's child is not a node";
        }
        for (const auto& slot : node.slot_variables()) {
          if (outside(slot.original_variable_node_id()) || outside(slot.slot_variable_node_id())) {
            return "an object graph's slot is not a node";
          }
        }
      }
      ++read;
    }
  } catch (const sem::InputError&) {
    // a damaged object graph: rejected
  }
  return "";
}

}  // namespace

std::string read_bundle_once(std::string_view bytes, int* read_count) {
  int read = 0;
  if (read_count) *read_count = 0;
  if (bytes.empty()) return "";
  std::vector<std::string> files = files_of(bytes.substr(1));
  if (files.empty()) return "";
  if (bytes[0] & 1) fix_block_checksums(files[0]);
  if (bytes[0] & 2) fix_tensor_checksums(files);
  // The directory stays and the files of the input before are removed rather than truncated
  // (rewriting a truncated file makes ext4 write it out at once, a few ms each time).
  static std::vector<std::string> written;
  for (const std::string& file : written) fs::remove(file);
  written.clear();
  fs::create_directories(scratch_dir());
  const std::string prefix = (scratch_dir() / "b").string();
  written.push_back(prefix + ".index");
  std::ofstream(written.back(), std::ios::binary) << files[0];
  const std::size_t shards = files.size() - 1;
  for (std::size_t k = 0; k < shards; ++k) {
    written.push_back(prefix + fmt::format(".data-{:05d}-of-{:05d}", k, shards));
    std::ofstream(written.back(), std::ios::binary) << files[k + 1];
  }
  try {
    std::string problem = check_bundle(prefix, read);
    if (read_count) *read_count = read;
    return problem;
  } catch (const sem::InputError&) {
    return "";  // not a bundle: rejected
  } catch (const std::exception& e) {
    return std::string("reading the bundle threw another exception: ") + e.what();
  }
}

std::string packed_bundle(const std::string& prefix, char mode) {
  std::vector<std::string> files{read_file(prefix + ".index")};
  for (int n = 1; n <= kMaxFuzzShards; ++n) {
    if (!fs::exists(prefix + fmt::format(".data-00000-of-{:05d}", n))) continue;
    for (int k = 0; k < n; ++k) {
      files.push_back(read_file(prefix + fmt::format(".data-{:05d}-of-{:05d}", k, n)));
    }
    break;
  }
  std::string out(1, mode);
  for (const std::string& f : files) {
    put_fixed32(out, static_cast<std::uint32_t>(f.size()));
    out += f;
  }
  return out;
}

}  // namespace tfmc::test
