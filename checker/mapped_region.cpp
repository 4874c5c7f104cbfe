#include "checker/mapped_region.h"

#include <sys/mman.h>

#include <algorithm>
#include <utility>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
std::size_t whole_pages(std::size_t bytes) {
  return (std::max<std::size_t>(bytes, 1) + MappedRegion::kPageBytes - 1) /
         MappedRegion::kPageBytes * MappedRegion::kPageBytes;
}
}  // namespace

MappedRegion::MappedRegion(std::size_t bytes, bool huge) : bytes_(whole_pages(bytes)), huge_(huge) {
  data_ = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  TFMC_CHECK(data_ != MAP_FAILED, "out of memory for the state store");
  if (huge_) madvise(data_, bytes_, MADV_HUGEPAGE);  // only advice: without it, 4 KiB pages
}

void MappedRegion::resize(std::size_t bytes) {
  const std::size_t resized = whole_pages(bytes);
  if (data_ == nullptr) {
    *this = MappedRegion(resized, huge_);
    return;
  }
  void* moved = mremap(data_, bytes_, resized, MREMAP_MAYMOVE);
  TFMC_CHECK(moved != MAP_FAILED, "out of memory for the state store");
  data_ = moved;
  bytes_ = resized;
  if (huge_) madvise(data_, bytes_, MADV_HUGEPAGE);
}

void MappedRegion::populate(std::size_t offset, std::size_t bytes) const {
  const std::size_t first = offset / kPageBytes * kPageBytes;
  const std::size_t end = std::min(bytes_, offset + bytes);
  if (first < end) madvise(static_cast<char*>(data_) + first, end - first, MADV_POPULATE_WRITE);
}

MappedRegion::~MappedRegion() {
  if (data_ != nullptr) munmap(data_, bytes_);
}

MappedRegion::MappedRegion(MappedRegion&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      huge_(other.huge_) {}

MappedRegion& MappedRegion::operator=(MappedRegion&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr) munmap(data_, bytes_);
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    huge_ = other.huge_;
  }
  return *this;
}

}  // namespace tfmc::check
