// A block of zeroed anonymous memory, mapped directly. The visited set, the staging set and
// the state tree's tables use these: fresh pages read as zero (a new table needs no clearing)
// and occupy memory only once touched, and a region goes back to the system as soon as it is
// dropped (a grown table's old entries).
//
// Huge pages (MADV_HUGEPAGE, the `huge` flag) are asked for the tables, which every lookup
// touches at random and which are touched all over anyway, so that they save TLB misses at no
// cost in memory: lost_update 6 to 12 M states took 6.1 s of user time with them against 6.7 s
// without (best of 3 each, on the 2-core reference machine under load).
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

  // Makes the pages of [offset, offset + bytes) now, writable. Left to faults, a table's
  // first touch of a page is often a lookup, which maps the shared zero page; the insert
  // that follows faults again to copy it, and on several threads that second fault flushes
  // the other cores' TLBs (an interrupt each): lost_update 5 on two threads spent a fifth of
  // its time in the kernel so. Only advice: a kernel without it faults pages in as before.
  void populate(std::size_t offset, std::size_t bytes) const;
  // Resizes the region to `bytes` (rounded up to whole pages), keeping its contents up to the
  // lesser size: pages the region has are moved, not copied, and pages added read as zero.
  // It may move; aborts when the memory cannot be mapped.
  void resize(std::size_t bytes);

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }  // as mapped: rounded up to whole pages

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool huge_ = false;
};

}  // namespace tfmc::check
