// A set of 64-bit values (a state's identity: state_store.h), found or added without locks:
// a value is its own entry, so an insert is one CAS on an empty entry and a lookup compares
// entries only, one cache miss each. Positions are a value's share of the table (its top bits
// times the size), so any size works: the table grows by half (rebuild), which keeps it
// between 53% and 80% full, 8 bytes an entry. Values must be evenly spread (hashes, or
// mix64 of identities). Value 0, which would read as empty, has a place of its own past the
// end: positions run from 0 to capacity() included, so that arrays kept beside the entries
// (the level staging of state_store.h) can use them too. A set made `with_payload` keeps a
// 64-bit word beside each entry, in its cache line (payload()), zero until written.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "checker/mapped_region.h"

namespace tfmc::check {

class VisitedSet {
 public:
  explicit VisitedSet(std::size_t capacity = 1024, bool with_payload = false);

  struct Found {
    std::uint64_t pos;  // the value's position
    bool inserted;      // added now
  };
  // Finds `value` or adds it. Safe from several threads at once, while the set has room.
  Found insert(std::uint64_t value);
  // The position of `value`, or npos. Safe while others insert.
  static constexpr std::uint64_t npos = ~std::uint64_t{0};
  std::uint64_t find(std::uint64_t value) const;
  void prefetch(std::uint64_t value) const { prefetch_at(position(value)); }
  void prefetch_at(std::uint64_t pos) const { __builtin_prefetch(&entries_[pos * stride_]); }
  std::uint64_t value_at(std::uint64_t pos) const {
    return pos == capacity_ ? 0
                            : std::atomic_ref<std::uint64_t>(entries_[pos * stride_])
                                  .load(std::memory_order_relaxed);
  }
  // The payload word of position pos (with_payload only).
  std::uint64_t* payload(std::uint64_t pos) const { return &entries_[pos * stride_ + 1]; }
  // Empties position pos, its payload too: for a set being emptied entry by entry, while no
  // lookup runs (a lookup would stop at the hole). Safe beside value_at and payload reads.
  void erase_at(std::uint64_t pos);

  std::uint64_t capacity() const { return capacity_; }
  // The most values that the set holds before it must grow (80% of the capacity).
  std::uint64_t limit() const { return capacity_ * 4 / 5; }
  // The capacity that holds `values` at a load of at most 0.8 after growing by half as often
  // as needed from this one (this one when it holds them).
  std::uint64_t capacity_for(std::uint64_t values) const;

  // Runs fn(k) for each k in [0, n), on as many threads as the caller has.
  using ForEach = std::function<void(std::size_t n, const std::function<void(std::size_t)>& fn)>;
  // The ForEach of one thread: fn(k) for each k in turn.
  static void serially(std::size_t n, const std::function<void(std::size_t)>& fn);
  // Moves every value into a table of `capacity` entries, placed in pieces through for_each.
  // No insert running.
  void rebuild(std::uint64_t capacity, const ForEach& for_each);
  // Empties the set, with `capacity` entries, its pages made through for_each
  // (MappedRegion::populate).
  void clear(std::uint64_t capacity, const ForEach& for_each);
  // The same for a set whose entries (and payloads) are all zero already, such as one emptied
  // by erase_at: its pages are kept (MappedRegion::resize), and only those it gains are made.
  void resize_empty(std::uint64_t capacity, const ForEach& for_each);

  std::size_t bytes() const { return table_.bytes(); }

 private:
  __extension__ using Wide = unsigned __int128;
  std::uint64_t position(std::uint64_t value) const {
    return value == 0 ? capacity_ : static_cast<std::uint64_t>((Wide{value} * capacity_) >> 64);
  }

  // Makes the table's pages from byte `offset` on, in pieces through for_each.
  void populate_from(std::size_t offset, const ForEach& for_each);

  MappedRegion table_;
  // capacity_ entries, then the place of value 0 (0 or 1); each followed by its payload when
  // stride_ is 2.
  std::uint64_t* entries_ = nullptr;
  std::uint64_t capacity_ = 0;
  std::size_t stride_ = 1;
};

}  // namespace tfmc::check
