// A block of zeroed anonymous memory, mapped directly. The state arena and the hash table use
// these: fresh pages read as zero (a new table needs no clearing) and occupy memory only once
// touched (a large arena chunk costs nothing until states are stored in it), and a region
// goes back to the system as soon as it is dropped (a grown table's old entries).
//
// Huge pages were measured and not taken: on the 2-core reference machine, lost_update 6 with
// MADV_HUGEPAGE stored 15.6 M and 17.7 M states in 20 s against 16.6 M and 17.8 M without
// (and 17.6 M against 22.4 M in 25 s while other work loaded the machine): the page clearing
// cost as much as the TLB misses saved. MAP_POPULATE made no measurable difference either.
#pragma once

#include <cstddef>

namespace tfmc::check {

class MappedRegion {
 public:
  static constexpr std::size_t kPageBytes = 4096;

  MappedRegion() = default;
  explicit MappedRegion(std::size_t bytes);  // aborts when the memory cannot be mapped
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
