// The distinct 64-bit values met at one node position of the state tree (state_tree.h), each
// named by a 32-bit reference from 1 that never changes, found or added without locks.
//
// Open addressing over slots of a value and its reference, 0 for an empty slot: a lookup reads
// one slot, one cache line. An insert claims an empty slot with a CAS on its reference (marked
// busy), stores the value, then publishes the reference; a thread that meets a busy slot waits
// for it. The table grows only with no insert running (reserve): inserts raise the shared
// `crowded` flag once it is three quarters full, and the owner grows it before the next level.
#pragma once

#include <atomic>
#include <cstdint>

#include "checker/hash_mix.h"
#include "checker/mapped_region.h"

namespace tfmc::check {

class NodeTable {
 public:
  // `crowded` (may be null) is raised when the table passes three quarters full. At first the
  // table has room for `room` values within its first quarter.
  explicit NodeTable(std::atomic<bool>* crowded = nullptr, std::size_t room = 64);

  // The reference of `value`, added now if it is new. Safe from several threads at once.
  std::uint32_t find_or_insert(std::uint64_t value) {
    // Inline, the usual lookup: the value in the slot where its probe starts, published.
    Slot& first = slots_[spread64(value) >> shift_];
    const std::uint64_t r =
        std::atomic_ref<std::uint64_t>(first.ref).load(std::memory_order_acquire);
    if (r != 0 && r != kBusy && first.value == value) return static_cast<std::uint32_t>(r);
    return probe(value);
  }
  // Fetches the slot where a lookup of `value` starts into the cache, for a lookup soon after.
  void prefetch(std::uint64_t value) const {
    __builtin_prefetch(&slots_[spread64(value) >> shift_]);
  }

  std::uint64_t size() const { return next_.load(std::memory_order_relaxed) - 1; }
  // Whether the table is more than `fill` full: it should grow before more inserts.
  bool low(double fill) const;
  // The bytes reserve(fill, target) would map anew.
  std::size_t growth_bytes(double fill, double target) const;
  // Grows the table, when low(fill), to at most `target` full (doubling it as often as that
  // takes). No insert running.
  void reserve(double fill, double target);
  std::size_t bytes() const { return region_.bytes(); }

 private:
  struct Slot {
    std::uint64_t value;
    std::uint64_t ref;  // 0: empty; kBusy: being written
  };
  static constexpr std::uint64_t kBusy = ~std::uint64_t{0};
  // find_or_insert past its first slot's check: probes from there, inserting where it must.
  std::uint32_t probe(std::uint64_t value);
  void new_slots(std::size_t count);
  std::size_t size_for_growth(double target) const;

  std::atomic<bool>* crowded_;
  std::atomic<std::uint64_t> next_{1};  // the next reference
  MappedRegion region_;
  Slot* slots_ = nullptr;
  std::uint64_t mask_ = 0;
  unsigned shift_ = 0;  // 64 - log2(slot count)
};

}  // namespace tfmc::check
