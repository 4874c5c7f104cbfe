// A TensorFlow checkpoint (tensor bundle) opened by its prefix: the variables of a SavedModel
// (".../variables/variables") or a TF1 checkpoint (".../model.ckpt").
//
// The bundle is PREFIX.index, a table (sstable_reader.h) whose key "" holds a
// BundleHeaderProto (the number of data files, the byte order, the format version) and every
// other key a BundleEntryProto (dtype, shape, data file, offset, size, masked crc32c of the
// bytes), and the data files PREFIX.data-0000K-of-0000N (K from 0, N the header's count)
// that hold each tensor's bytes: numbers row-major and little-endian, bools one byte each;
// a DT_STRING tensor is its elements' lengths (varint64 each), the masked crc32c of those
// lengths (as 4-byte little-endian numbers; 8 for one over 2^32 - 1), then the elements' bytes,
// and its entry's checksum covers the lengths (as checksummed), the length checksum and the
// bytes.
//
// Contract: open reads and checks the index (the table, the header: at least one data file,
// little-endian, a format version tfmc reads; every entry a BundleEntryProto with a shape of
// known dimensions >= 0) and nothing of the data files; tensor reads one tensor's bytes and
// checks them. Every rejection is an InputError `INDEX: error: MESSAGE` naming the index
// file and, for a tensor, its key; no size read from the files is trusted before it is
// checked against the length of the file it points into.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpu_eval/tensor.h"
#include "semantics/checkpoint/tf_checkpoint.pb.h"

namespace tfmc::sem {

// The key under which tf.train.Checkpoint stores its object graph.
inline constexpr const char* kObjectGraphKey = "_CHECKPOINTABLE_OBJECT_GRAPH";

// What an entry declares, before its bytes are read.
struct TensorSpec {
  tf::DataType dtype = tf::DT_INVALID;
  std::vector<std::int64_t> shape;  // each dimension >= 0; empty for a scalar
};

class TensorBundle {
 public:
  // Reads PREFIX.index; throws InputError when it is missing or malformed.
  static TensorBundle open(const std::string& prefix);

  // Every key but the header's "", sorted.
  std::vector<std::string> keys() const;
  bool contains(const std::string& key) const;

  // The dtype and shape the entry under `key` declares; throws InputError for a missing key.
  TensorSpec spec(const std::string& key) const;

  // The tensor under `key` as tfmc's value: DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64 or DT_BOOL
  // (semantics/graphdef/tf_tensors.h, dtype_of), its bytes checked against the entry's
  // crc32c. Throws InputError for a missing key or data file, bytes past the end of the data
  // file, a crc32c mismatch, a size other than the dtype's size times the elements, a dtype
  // tfmc lacks, a tensor saved in slices, more than kMaxConstElements elements, or a bool
  // byte other than 0 or 1.
  eval::Tensor tensor(const std::string& key) const;

  // The TrackableObjectGraph under kObjectGraphKey (a DT_STRING scalar), nullopt when the
  // bundle has none (a TF1 Saver's). Every node id it holds (children, slot variables) is an
  // index into its nodes; a graph that breaks this, or bytes that are not one, throw
  // InputError.
  std::optional<tf::TrackableObjectGraph> object_graph() const;

 private:
  TensorBundle(std::string prefix, int num_shards,
               std::map<std::string, tf::BundleEntryProto> entries)
      : prefix_(std::move(prefix)), num_shards_(num_shards), entries_(std::move(entries)) {}

  const tf::BundleEntryProto& entry(const std::string& key) const;
  // The bytes of the entry under `key`, located in their data file and their crc32c checked.
  std::string entry_bytes(const std::string& key, const tf::BundleEntryProto& entry) const;
  [[noreturn]] void fail(const std::string& message) const;

  std::string prefix_;
  int num_shards_;
  std::map<std::string, tf::BundleEntryProto> entries_;
};

}  // namespace tfmc::sem
