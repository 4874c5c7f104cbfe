#include "checker/chunked_records.h"

#include <algorithm>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

ChunkedRecords::ChunkedRecords(std::size_t record_bytes)
    : record_bytes_(std::max<std::size_t>(record_bytes, 1)), shift_(0), directory_(kMaxChunks) {
  while (shift_ < 24 && (record_bytes_ << (shift_ + 1)) <= (std::size_t{32} << 20)) ++shift_;
  mask_ = (std::uint64_t{1} << shift_) - 1;
}

void ChunkedRecords::ensure(std::uint64_t i) {
  const std::uint64_t c = i >> shift_;
  TFMC_CHECK(c < kMaxChunks, "state store larger than 512 GiB");
  if (directory_[c].load(std::memory_order_acquire) != nullptr) return;
  const std::lock_guard<std::mutex> hold(mapping_);
  if (directory_[c].load(std::memory_order_relaxed) != nullptr) return;
  chunks_.emplace_back((std::uint64_t{1} << shift_) * record_bytes_);
  directory_[c].store(static_cast<unsigned char*>(chunks_.back().data()),
                      std::memory_order_release);
}

std::size_t ChunkedRecords::bytes(std::uint64_t count) const {
  constexpr std::size_t kPage = MappedRegion::kPageBytes;
  const std::size_t chunk =
      ((std::uint64_t{1} << shift_) * record_bytes_ + kPage - 1) / kPage * kPage;
  const std::size_t partial = (count & mask_) * record_bytes_;
  return directory_.size() * sizeof(directory_[0]) + (count >> shift_) * chunk +
         (partial + kPage - 1) / kPage * kPage;
}

}  // namespace tfmc::check
