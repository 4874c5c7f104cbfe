#include "semantics/checkpoint/tensor_bundle.h"

#include <fmt/format.h>
#include <google/protobuf/stubs/logging.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

#include "semantics/checkpoint/byte_cursor.h"
#include "semantics/checkpoint/crc32c.h"
#include "semantics/checkpoint/sstable_reader.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {
namespace {

namespace fs = std::filesystem;

// The bundle format version tfmc reads, as TensorFlow's reader states it
// (tensor_bundle.cc, kTensorBundleVersion): a bundle whose min_consumer is above it, or that
// names it a bad consumer, is not for tfmc.
constexpr int kBundleVersion = 1;
// TensorFlow's largest rank (TensorShape::MaxDimensions).
constexpr int kMaxRank = 254;

std::string shape_text(const std::vector<std::int64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ","));
}

// The length of the regular file at `path`; nullopt when there is none.
std::optional<std::uint64_t> file_length(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  const std::uintmax_t length = fs::file_size(path, ec);
  if (ec) return std::nullopt;
  return length;
}

// Bytes [offset, offset + size) of the file at `path`, which the caller found to hold them;
// nullopt when reading fails.
std::optional<std::string> read_range(const std::string& path, std::uint64_t offset,
                                      std::uint64_t size) {
  std::ifstream in(path, std::ios::binary);
  std::string out(size, '\0');
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(out.data(), static_cast<std::streamsize>(size));
  if (!in || static_cast<std::uint64_t>(in.gcount()) != size) return std::nullopt;
  return out;
}

// The number of elements of `shape` when it fits an int64, else nullopt.
std::optional<std::int64_t> checked_elements(const std::vector<std::int64_t>& shape) {
  if (std::find(shape.begin(), shape.end(), 0) != shape.end()) return 0;
  std::int64_t n = 1;
  for (const std::int64_t d : shape) {
    if (n > std::numeric_limits<std::int64_t>::max() / d) return std::nullopt;
    n *= d;
  }
  return n;
}

// The shape `proto` declares, or an error sentence in `error`.
std::vector<std::int64_t> shape_of(const tf::TensorShapeProto& proto, std::string& error) {
  std::vector<std::int64_t> shape;
  if (proto.unknown_rank()) {
    error = "its shape has unknown rank";
    return shape;
  }
  if (proto.dim_size() > kMaxRank) {
    error = fmt::format("its shape has {} dimensions, more than {}", proto.dim_size(), kMaxRank);
    return shape;
  }
  for (const tf::TensorShapeProto::Dim& d : proto.dim()) {
    if (d.size() < 0) {
      error = fmt::format("its shape has dimension {}", d.size());
      return shape;
    }
    shape.push_back(d.size());
  }
  if (!checked_elements(shape)) error = "its shape has more elements than an int64 counts";
  return shape;
}

[[noreturn]] void fail_in(const std::string& index, const std::string& message) {
  throw InputError(fmt::format("{}: error: {}\n", index, message));
}

}  // namespace

TensorBundle TensorBundle::open(const std::string& prefix) {
  const std::string index = prefix + ".index";
  const auto length = file_length(index);
  if (!length) fail_in(index, "no such checkpoint index file");
  const auto contents = read_range(index, 0, *length);
  if (!contents) fail_in(index, "cannot read the checkpoint index file");
  std::vector<TableEntry> table = read_sstable(index, *contents);

  if (table.empty() || !table.front().key.empty()) {
    fail_in(index, "no bundle header (the key \"\" is missing)");
  }
  // A message that does not parse makes libprotobuf log why (invalid UTF-8 in a string field,
  // say); the InputError says so, located, so the log is silenced.
  const google::protobuf::LogSilencer silence;
  tf::BundleHeaderProto header;
  if (!header.ParseFromString(table.front().value)) {
    fail_in(index, "the bundle header (key \"\") is not a BundleHeaderProto");
  }
  if (header.num_shards() < 1) {
    fail_in(index, fmt::format("the bundle header declares {} data files", header.num_shards()));
  }
  if (header.endianness() != tf::BundleHeaderProto::LITTLE) {
    fail_in(index, "the bundle was written big-endian; tfmc reads little-endian bundles");
  }
  const tf::VersionDef& version = header.version();
  const auto& bad = version.bad_consumers();
  if (version.min_consumer() > kBundleVersion ||
      std::find(bad.begin(), bad.end(), kBundleVersion) != bad.end()) {
    fail_in(index, fmt::format("the bundle format (producer {}, min_consumer {}) is newer than "
                               "the version {} tfmc reads",
                               version.producer(), version.min_consumer(), kBundleVersion));
  }

  std::map<std::string, tf::BundleEntryProto> entries;
  for (auto it = table.begin() + 1; it != table.end(); ++it) {
    tf::BundleEntryProto entry;
    if (!entry.ParseFromString(it->value)) {
      fail_in(index, fmt::format("tensor '{}': its entry is not a BundleEntryProto",
                                 printable_key(it->key)));
    }
    std::string error;
    shape_of(entry.shape(), error);
    if (!error.empty())
      fail_in(index, fmt::format("tensor '{}': {}", printable_key(it->key), error));
    entries.emplace_hint(entries.end(), std::move(it->key), std::move(entry));
  }
  return TensorBundle(prefix, header.num_shards(), std::move(entries));
}

std::vector<std::string> TensorBundle::keys() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const auto& [key, entry] : entries_) out.push_back(key);
  return out;
}

bool TensorBundle::contains(const std::string& key) const { return entries_.count(key) > 0; }

TensorSpec TensorBundle::spec(const std::string& key) const {
  const tf::BundleEntryProto& e = entry(key);
  std::string error;  // none: open checked every entry's shape
  return {e.dtype(), shape_of(e.shape(), error)};
}

eval::Tensor TensorBundle::tensor(const std::string& key) const {
  const tf::BundleEntryProto& e = entry(key);
  const std::string shown = printable_key(key);
  if (e.slices_size() > 0) {
    fail(fmt::format("tensor '{}' is saved in slices; tfmc reads whole tensors only", shown));
  }
  const auto dtype = dtype_of(e.dtype());
  if (!dtype) {
    fail(
        fmt::format("tensor '{}': dtype {} is not one tfmc has (DT_FLOAT, DT_DOUBLE, DT_INT32, "
                    "DT_INT64, DT_BOOL)",
                    shown, tf_type_name(e.dtype())));
  }
  const TensorSpec declared = spec(key);
  const std::int64_t elements = *checked_elements(declared.shape);
  if (elements > kMaxConstElements) {
    fail(fmt::format("tensor '{}' has {} elements, more than tfmc's limit of {}", shown, elements,
                     kMaxConstElements));
  }
  const auto expected_size = static_cast<std::int64_t>(elements * eval::dtype_size(*dtype));
  if (e.size() != expected_size) {
    fail(fmt::format("tensor '{}': size {} does not match {} {} ({} bytes)", shown, e.size(),
                     tf_type_name(e.dtype()), shape_text(declared.shape), expected_size));
  }
  const std::string bytes = entry_bytes(key, e);
  const std::uint32_t stored = crc32c_unmask(e.crc32c());
  const std::uint32_t computed = crc32c(bytes);
  if (stored != computed) {
    fail(fmt::format("tensor '{}': crc32c mismatch (stored 0x{:08x}, computed 0x{:08x})", shown,
                     stored, computed));
  }
  eval::Tensor out{*dtype, declared.shape, {bytes.begin(), bytes.end()}};
  if (*dtype == eval::DType::Bool) {
    const auto bad =
        std::find_if(out.bytes.begin(), out.bytes.end(), [](std::uint8_t b) { return b > 1; });
    if (bad != out.bytes.end()) {
      fail(fmt::format("tensor '{}': bool element {} is the byte 0x{:02x}, not 0 or 1", shown,
                       bad - out.bytes.begin(), *bad));
    }
  }
  return out;
}

std::optional<tf::TrackableObjectGraph> TensorBundle::object_graph() const {
  const auto it = entries_.find(kObjectGraphKey);
  if (it == entries_.end()) return std::nullopt;
  const tf::BundleEntryProto& e = it->second;
  if (e.dtype() != tf::DT_STRING || e.shape().dim_size() != 0 || e.slices_size() > 0) {
    fail(fmt::format("tensor '{}' is {} {}, not a DT_STRING scalar", kObjectGraphKey,
                     tf_type_name(e.dtype()), shape_text(spec(kObjectGraphKey).shape)));
  }
  const std::string bytes = entry_bytes(kObjectGraphKey, e);

  // One element: its length, the checksum of that length, its bytes (the header's layout).
  ByteCursor in(bytes);
  const auto length = in.varint64();
  const auto length_checksum = length ? in.fixed32() : std::nullopt;
  const auto element = length_checksum ? in.bytes(*length) : std::nullopt;
  if (!element || in.remaining() != 0) {
    fail(fmt::format("tensor '{}': its {} bytes are not one string element", kObjectGraphKey,
                     bytes.size()));
  }
  std::string checksummed_length(*length > UINT32_MAX ? 8 : 4, '\0');
  for (std::size_t i = 0; i < checksummed_length.size(); ++i) {
    checksummed_length[i] = static_cast<char>(*length >> (8 * i));
  }
  std::uint32_t crc = crc32c(checksummed_length);
  if (crc32c_unmask(*length_checksum) != crc) {
    fail(
        fmt::format("tensor '{}': crc32c mismatch of the string length (stored 0x{:08x}, "
                    "computed 0x{:08x})",
                    kObjectGraphKey, crc32c_unmask(*length_checksum), crc));
  }
  crc = crc32c_extend(crc, std::string_view(bytes).substr(bytes.size() - element->size() - 4, 4));
  crc = crc32c_extend(crc, *element);
  if (crc32c_unmask(e.crc32c()) != crc) {
    fail(fmt::format("tensor '{}': crc32c mismatch (stored 0x{:08x}, computed 0x{:08x})",
                     kObjectGraphKey, crc32c_unmask(e.crc32c()), crc));
  }

  const google::protobuf::LogSilencer silence;  // as in open
  tf::TrackableObjectGraph graph;
  if (!graph.ParseFromString(std::string(*element))) {
    fail(fmt::format("tensor '{}' is not a TrackableObjectGraph", kObjectGraphKey));
  }
  const int nodes = graph.nodes_size();
  const auto check_node = [&](int node, int id, const std::string& what) {
    if (id < 0 || id >= nodes) {
      fail(fmt::format("tensor '{}': node {} refers to node {} ({}) of {}", kObjectGraphKey, node,
                       id, what, nodes));
    }
  };
  for (int n = 0; n < nodes; ++n) {
    for (const auto& child : graph.nodes(n).children()) {
      check_node(n, child.node_id(), fmt::format("child '{}'", printable_key(child.local_name())));
    }
    for (const auto& slot : graph.nodes(n).slot_variables()) {
      check_node(n, slot.original_variable_node_id(), "a slot's variable");
      check_node(n, slot.slot_variable_node_id(), "a slot");
    }
  }
  return graph;
}

const tf::BundleEntryProto& TensorBundle::entry(const std::string& key) const {
  const auto it = entries_.find(key);
  if (it == entries_.end())
    fail(fmt::format("no tensor '{}' in the checkpoint", printable_key(key)));
  return it->second;
}

std::string TensorBundle::entry_bytes(const std::string& key,
                                      const tf::BundleEntryProto& entry) const {
  const std::string shown = printable_key(key);
  if (entry.shard_id() < 0 || entry.shard_id() >= num_shards_) {
    fail(fmt::format("tensor '{}' lies in data file {} of a bundle of {}", shown, entry.shard_id(),
                     num_shards_));
  }
  const std::string suffix = fmt::format(".data-{:05d}-of-{:05d}", entry.shard_id(), num_shards_);
  const std::string shard = prefix_ + suffix;
  const std::string shard_name = fs::path(prefix_).filename().string() + suffix;
  const auto length = file_length(shard);
  if (!length) fail(fmt::format("shard '{}' missing (tensor '{}')", shard_name, shown));
  const std::int64_t offset = entry.offset();
  const std::int64_t size = entry.size();
  if (offset < 0 || size < 0 || static_cast<std::uint64_t>(offset) > *length ||
      static_cast<std::uint64_t>(size) > *length - static_cast<std::uint64_t>(offset)) {
    fail(fmt::format("tensor '{}': bytes [{}, {} + {}) lie outside shard '{}' ({} bytes)", shown,
                     offset, offset, size, shard_name, *length));
  }
  auto bytes =
      read_range(shard, static_cast<std::uint64_t>(offset), static_cast<std::uint64_t>(size));
  if (!bytes) fail(fmt::format("cannot read shard '{}' (tensor '{}')", shard_name, shown));
  return std::move(*bytes);
}

void TensorBundle::fail(const std::string& message) const { fail_in(prefix_ + ".index", message); }

}  // namespace tfmc::sem
