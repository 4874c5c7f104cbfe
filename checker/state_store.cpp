#include "checker/state_store.h"

// Inline XXH3 so hashing a state is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <utility>

#include "semantics/invariant.h"

namespace tfmc::check {

namespace {
// log2 of the states per arena chunk: about 32 MiB per chunk, at least one state. Untouched
// pages of a chunk cost no memory.
unsigned chunk_shift_for(std::size_t slots) {
  const std::size_t state_bytes = std::max<std::size_t>(1, slots * sizeof(Slot));
  unsigned shift = 0;
  while (shift < 24 && (state_bytes << (shift + 1)) <= (std::size_t{32} << 20)) ++shift;
  return shift;
}

constexpr std::size_t kInitialTable = std::size_t{1} << 12;
}  // namespace

StateStore::StateStore(std::size_t slots_per_state)
    : slots_(slots_per_state),
      record_(slots_per_state + 2),
      chunk_shift_(chunk_shift_for(record_)),
      chunk_mask_((1u << chunk_shift_) - 1) {
  table_ = MappedRegion(kInitialTable * sizeof(std::uint64_t));
  entries_ = static_cast<std::uint64_t*>(table_.data());
  mask_ = kInitialTable - 1;
  tag_shift_ = 32 - 12;
}

std::uint64_t StateStore::hash(const Slot* state) const {
  return XXH3_64bits(state, slots_ * sizeof(Slot));
}

bool StateStore::equal(StateIndex i, const Slot* state) const {
  return std::equal(state, state + slots_, this->state(i));  // also fine for zero slots
}

bool StateStore::contains(const Slot* state, std::uint64_t h) const {
  const std::uint64_t tag = h >> 32;
  for (std::uint64_t pos = position(tag);; pos = (pos + 1) & mask_) {
    const std::uint64_t e = entries_[pos];
    if (e == 0) return false;
    if ((e >> 32) == tag && equal(static_cast<StateIndex>((e & 0xffffffffu) - 1), state)) {
      return true;
    }
  }
}

void StateStore::prefetch_state(std::uint64_t h) const {
  const std::uint64_t e = entries_[position(h >> 32)];
  if (e == 0 || (e >> 32) != (h >> 32)) return;
  const char* p =
      reinterpret_cast<const char*>(state(static_cast<StateIndex>((e & 0xffffffffu) - 1)));
  for (std::size_t off = 0; off < slots_ * sizeof(Slot); off += 64) __builtin_prefetch(p + off);
}

StateStore::Insert StateStore::find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent,
                                              TransitionId via) {
  const std::uint64_t tag = h >> 32;
  std::uint64_t pos = position(tag);
  for (;; pos = (pos + 1) & mask_) {
    const std::uint64_t e = entries_[pos];
    if (e == 0) break;
    if ((e >> 32) == tag) {
      const auto i = static_cast<StateIndex>((e & 0xffffffffu) - 1);
      if (equal(i, state)) return {i, false};
    }
  }
  TFMC_CHECK(size_ < kNoState - 1, "state index space exhausted");
  const auto index = static_cast<StateIndex>(size_);
  if ((index >> chunk_shift_) == chunks_.size()) {
    chunks_.emplace_back((std::size_t{1} << chunk_shift_) * record_ * sizeof(Slot));
  }
  Slot* r = record(index);
  std::copy_n(state, slots_, r);
  r[slots_] = parent;
  r[slots_ + 1] = via;
  entries_[pos] = (tag << 32) | (std::uint64_t{index} + 1);
  ++size_;
  if (size_ * 10 > (mask_ + 1) * 7) grow();
  return {index, true};
}

void StateStore::grow() {
  TFMC_CHECK(tag_shift_ > 0, "state table larger than 2^32 entries");
  const std::size_t old_size = mask_ + 1;
  MappedRegion old = std::exchange(table_, MappedRegion(2 * old_size * sizeof(std::uint64_t)));
  const auto* old_entries = static_cast<const std::uint64_t*>(old.data());
  entries_ = static_cast<std::uint64_t*>(table_.data());  // fresh pages read as zero: empty
  mask_ = 2 * old_size - 1;
  --tag_shift_;
  // The tag holds the top 32 hash bits, and so the new position: the arena is not read.
  for (std::size_t k = 0; k < old_size; ++k) {
    const std::uint64_t e = old_entries[k];
    if (e == 0) continue;
    std::uint64_t pos = position(e >> 32);
    while (entries_[pos] != 0) pos = (pos + 1) & mask_;
    entries_[pos] = e;
  }
}

std::size_t StateStore::bytes() const {
  // Full chunks count whole; the last one only up to its touched pages.
  constexpr std::size_t kPage = MappedRegion::kPageBytes;
  const std::size_t full = size_ >> chunk_shift_;
  const std::size_t partial = (size_ & chunk_mask_) * record_ * sizeof(Slot);
  const std::size_t arena =
      (full > 0 ? full * chunks_[0].bytes() : 0) + (partial + kPage - 1) / kPage * kPage;
  return arena + (mask_ + 1) * sizeof(std::uint64_t);
}

}  // namespace tfmc::check
