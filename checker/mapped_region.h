// A block of zeroed anonymous memory mapped at a 2 MiB boundary and marked for transparent
// huge pages. The state arena and hash table are read at random places: huge pages keep those
// reads from also missing in the TLB. Fresh pages read as zero and occupy memory only once
// touched, so a large region costs nothing until it is used.
#pragma once

#include <cstddef>

namespace tfmc::check {

class MappedRegion {
 public:
  MappedRegion() = default;
  explicit MappedRegion(std::size_t bytes);  // aborts when the memory cannot be mapped
  ~MappedRegion();
  MappedRegion(MappedRegion&& other) noexcept;
  MappedRegion& operator=(MappedRegion&& other) noexcept;
  MappedRegion(const MappedRegion&) = delete;
  MappedRegion& operator=(const MappedRegion&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }  // as mapped: rounded up to 2 MiB

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace tfmc::check
