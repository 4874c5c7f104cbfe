#include "checker/mapped_region.h"

#include <sys/mman.h>

#include <cstdint>
#include <utility>

#include "semantics/invariant.h"

namespace tfmc::check {
namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

MappedRegion::MappedRegion(std::size_t bytes) {
  bytes_ = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  if (bytes_ == 0) bytes_ = kHugePage;
  // Map one huge page more than needed, then unmap the unaligned head and the tail.
  const std::size_t span = bytes_ + kHugePage;
  void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  TFMC_CHECK(raw != MAP_FAILED, "out of memory for the state store");
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(raw, aligned - start);
  const std::size_t tail = start + span - (aligned + bytes_);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + bytes_), tail);
  data_ = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(data_, bytes_, MADV_HUGEPAGE);
#endif
}

MappedRegion::~MappedRegion() {
  if (data_ != nullptr) munmap(data_, bytes_);
}

MappedRegion::MappedRegion(MappedRegion&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

MappedRegion& MappedRegion::operator=(MappedRegion&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr) munmap(data_, bytes_);
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

}  // namespace tfmc::check
