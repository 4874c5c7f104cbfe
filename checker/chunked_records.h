// Fixed-size records numbered from 0, in chunks of about 32 MiB mapped as they are first
// needed (mapped_region.h: a chunk's untouched pages cost nothing). Records never move, so
// their addresses stay valid while more are added, and several threads may add chunks and
// write distinct records at once: ensure() maps a chunk under a lock, at() takes none. A
// record written by one thread is read by another only after the two synchronize (the state
// table's release and acquire of an entry, the explorer's level barriers).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "checker/mapped_region.h"

namespace tfmc::check {

class ChunkedRecords {
 public:
  // Records of `record_bytes` bytes (at least 1); none mapped yet.
  explicit ChunkedRecords(std::size_t record_bytes = 1);
  ChunkedRecords(ChunkedRecords&&) = delete;

  // Record i, whose chunk ensure() has mapped.
  unsigned char* at(std::uint64_t i) const {
    return directory_[i >> shift_].load(std::memory_order_acquire) + (i & mask_) * record_bytes_;
  }
  // Maps the chunk of record i unless it is mapped. Safe from several threads at once.
  void ensure(std::uint64_t i);

  std::size_t record_bytes() const { return record_bytes_; }
  // Memory held for records [0, count): the chunk directory, whole chunks, then the touched
  // pages of the last.
  std::size_t bytes(std::uint64_t count) const;

 private:
  static constexpr std::size_t kMaxChunks = std::size_t{1} << 14;  // 512 GiB of 32 MiB chunks

  std::size_t record_bytes_;
  unsigned shift_;                                      // 2^shift_ records per chunk
  std::uint64_t mask_;                                  // (1 << shift_) - 1
  std::vector<std::atomic<unsigned char*>> directory_;  // chunk c's memory, or null
  std::vector<MappedRegion> chunks_;                    // in the order mapped
  std::mutex mapping_;
};

}  // namespace tfmc::check
