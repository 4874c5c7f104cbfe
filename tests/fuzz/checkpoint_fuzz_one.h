// One fuzzing step of the checkpoint reader (semantics/checkpoint/tensor_bundle.h), shared by
// the libFuzzer target (checkpoint_fuzz.cpp) and the Catch2 test (checkpoint_mutation_test.cpp).
//
// The input holds a bundle's files: a mode byte, then files, each a 4-byte little-endian length
// and that many bytes (the last one cut to what is left): the first is PREFIX.index, the
// others PREFIX.data-0000K-of-0000N, N their count (at most kMaxFuzzShards; bytes after them
// are ignored). The mode byte's bits recompute checksums before the files are read, so that
// changes reach what lies behind them rather than stop at the checksum: bit 0 those of the
// table's blocks, bit 1 those of the tensors (the index is then rewritten with each entry's
// checksum computed from the bytes it points at, when it reads as a table).
//
// read_bundle_once writes the files to a directory of this process's own, opens the bundle
// and reads every key's spec and tensor and the object graph; InputError is the right answer
// to bytes that are not a bundle, at any step. It returns an empty string when every property
// held, else the first one violated:
//   - keys() is sorted, without repeats and without "", and contains() holds for each key;
//   - a tensor read has its spec's shape, the dtype dtype_of gives for its spec's dtype, as
//     many bytes as its elements take, and bools of 0 or 1;
//   - every node id of an object graph read is an index into its nodes.
// Anything else (a crash, a sanitizer report, another exception) is a bug found.
#pragma once

#include <string>
#include <string_view>

namespace tfmc::test {

inline constexpr int kMaxFuzzShards = 8;

// `read_count`, when given, receives the number of tensors and object graphs read whole (0 when
// the bundle was rejected at open).
std::string read_bundle_once(std::string_view bytes, int* read_count = nullptr);

// The input for read_bundle_once that holds the checkpoint at `prefix`, with mode byte `mode`.
std::string packed_bundle(const std::string& prefix, char mode);

}  // namespace tfmc::test
