#include "checker/visited_set.h"

#include <algorithm>
#include <utility>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

VisitedSet::VisitedSet(std::size_t capacity, bool with_payload) : stride_(with_payload ? 2 : 1) {
  clear(capacity, serially);
}

void VisitedSet::serially(std::size_t n, const std::function<void(std::size_t)>& fn) {
  for (std::size_t k = 0; k < n; ++k) fn(k);
}

void VisitedSet::clear(std::uint64_t capacity, const ForEach& for_each) {
  capacity_ = std::max<std::uint64_t>(capacity, 16);
  table_ = MappedRegion((capacity_ + 1) * stride_ * sizeof(std::uint64_t), true);
  entries_ = static_cast<std::uint64_t*>(table_.data());
  populate_from(0, for_each);
}

void VisitedSet::resize_empty(std::uint64_t capacity, const ForEach& for_each) {
  const std::size_t had = table_.bytes();
  capacity_ = std::max<std::uint64_t>(capacity, 16);
  table_.resize((capacity_ + 1) * stride_ * sizeof(std::uint64_t));
  entries_ = static_cast<std::uint64_t*>(table_.data());
  populate_from(had, for_each);
}

void VisitedSet::populate_from(std::size_t offset, const ForEach& for_each) {
  constexpr std::size_t kPiece = std::size_t{8} << 20;
  if (offset >= table_.bytes()) return;
  const std::size_t bytes = table_.bytes() - offset;
  for_each((bytes + kPiece - 1) / kPiece,
           [&](std::size_t piece) { table_.populate(offset + piece * kPiece, kPiece); });
}

VisitedSet::Found VisitedSet::insert(std::uint64_t value) {
  if (value == 0) {
    std::uint64_t none = 0;
    const bool inserted = std::atomic_ref<std::uint64_t>(entries_[capacity_ * stride_])
                              .compare_exchange_strong(none, 1, std::memory_order_relaxed);
    return {capacity_, inserted};
  }
  for (std::uint64_t pos = position(value), probes = 0;; pos = pos + 1 == capacity_ ? 0 : pos + 1) {
    TFMC_CHECK(++probes <= capacity_, "the visited set is full");
    std::atomic_ref<std::uint64_t> entry(entries_[pos * stride_]);
    std::uint64_t e = entry.load(std::memory_order_relaxed);
    if (e == 0 && entry.compare_exchange_strong(e, value, std::memory_order_relaxed)) {
      return {pos, true};
    }
    if (e == value) return {pos, false};
  }
}

std::uint64_t VisitedSet::find(std::uint64_t value) const {
  if (value == 0) {
    return std::atomic_ref<std::uint64_t>(entries_[capacity_ * stride_])
                       .load(std::memory_order_relaxed) != 0
               ? capacity_
               : npos;
  }
  for (std::uint64_t pos = position(value);; pos = pos + 1 == capacity_ ? 0 : pos + 1) {
    const std::uint64_t e =
        std::atomic_ref<std::uint64_t>(entries_[pos * stride_]).load(std::memory_order_relaxed);
    if (e == value) return pos;
    if (e == 0) return npos;
  }
}

void VisitedSet::erase_at(std::uint64_t pos) {
  for (std::size_t k = 0; k < stride_; ++k) {
    std::atomic_ref<std::uint64_t>(entries_[pos * stride_ + k]).store(0, std::memory_order_relaxed);
  }
}

std::uint64_t VisitedSet::capacity_for(std::uint64_t values) const {
  std::uint64_t capacity = capacity_;
  while (values * 5 > capacity * 4) capacity += capacity / 2;
  return capacity;
}

void VisitedSet::rebuild(std::uint64_t capacity, const ForEach& for_each) {
  TFMC_CHECK(stride_ == 1, "a set with payloads is not rebuilt");
  const MappedRegion old = std::exchange(table_, MappedRegion());
  const auto* old_entries = static_cast<const std::uint64_t*>(old.data());
  const std::uint64_t old_capacity = capacity_;
  clear(capacity, for_each);
  entries_[capacity_] = old_entries[old_capacity];
  constexpr std::size_t kPiece = std::size_t{1} << 16;
  for_each((old_capacity + kPiece - 1) / kPiece, [&](std::size_t piece) {
    const std::uint64_t end = std::min<std::uint64_t>(old_capacity, (piece + 1) * kPiece);
    for (std::uint64_t k = piece * kPiece; k < end; ++k) {
      if (old_entries[k] != 0) insert(old_entries[k]);
    }
  });
}

}  // namespace tfmc::check
