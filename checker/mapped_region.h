// A block of zeroed anonymous memory, mapped directly. The state arena and the hash table use
// these: fresh pages read as zero (a new table needs no clearing) and occupy memory only once
// touched (a large arena chunk costs nothing until states are stored in it), and a region
// goes back to the system as soon as it is dropped (a grown table's old entries).
//
// Huge pages (MADV_HUGEPAGE, the `huge` flag) are taken for the hash table only. Every lookup
// touches the table at random, and it is touched all over anyway, so there they save TLB
// misses at no cost in memory: lost_update 6 to 12 M states took 6.1 s of user time with them
// against 6.7 s without (best of 3 each, on the 2-core reference machine under load). For the
// arena they were measured and not taken: with 16-bit slots, lost_update 6 stored 15.6 M and
// 17.7 M states in 20 s with them against 16.6 M and 17.8 M without, the page clearing costing
// as much as the TLB misses saved; with 4-bit slots, the whole run took as much user time
// (31.1 and 29.0 s against 31.0 and 30.2 s) and up to twice the system time. MAP_POPULATE made
// no measurable difference either.
#pragma once

#include <cstddef>

namespace tfmc::check {

class MappedRegion {
 public:
  static constexpr std::size_t kPageBytes = 4096;

  MappedRegion() = default;
  // Aborts when the memory cannot be mapped. `huge`: ask for transparent huge pages (for a
  // region that is touched all over, where they save TLB misses and cost no extra memory).
  explicit MappedRegion(std::size_t bytes, bool huge = false);
  ~MappedRegion();
  MappedRegion(MappedRegion&& other) noexcept;
  MappedRegion& operator=(MappedRegion&& other) noexcept;
  MappedRegion(const MappedRegion&) = delete;
  MappedRegion& operator=(const MappedRegion&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }  // as mapped: rounded up to whole pages

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace tfmc::check
