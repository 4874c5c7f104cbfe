#include "checker/state_store.h"

#include <sys/mman.h>

// Inline XXH3 so hashing a state is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstring>

#include "semantics/invariant.h"

namespace tfmc::check {

namespace {
// log2 of the states per arena chunk: about 4 MiB per chunk, at least one state.
unsigned chunk_shift_for(std::size_t slots) {
  const std::size_t state_bytes = std::max<std::size_t>(1, slots * sizeof(Slot));
  unsigned shift = 0;
  while (shift < 20 && (state_bytes << (shift + 1)) <= (std::size_t{4} << 20)) ++shift;
  return shift;
}
// A chunk aligned to 2 MiB and marked for transparent huge pages: a large store is read at
// random places, and huge pages keep those reads from also missing in the TLB.
Slot* allocate_chunk(std::size_t bytes) {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t rounded = std::max(kHuge, (bytes + kHuge - 1) / kHuge * kHuge);
  void* p = std::aligned_alloc(kHuge, rounded);
  TFMC_CHECK(p != nullptr, "out of memory for the state arena");
#ifdef MADV_HUGEPAGE
  madvise(p, rounded, MADV_HUGEPAGE);
#endif
  return static_cast<Slot*>(p);
}

}  // namespace

StateStore::StateStore(std::size_t slots_per_state)
    : slots_(slots_per_state),
      chunk_shift_(chunk_shift_for(slots_per_state)),
      chunk_mask_((1u << chunk_shift_) - 1) {
  table_.assign(1u << 12, 0);
  mask_ = table_.size() - 1;
  tag_shift_ = 32 - 12;
}

std::uint64_t StateStore::hash(const Slot* state) const {
  return XXH3_64bits(state, slots_ * sizeof(Slot));
}

bool StateStore::equal(StateIndex i, const Slot* state) const {
  return std::memcmp(this->state(i), state, slots_ * sizeof(Slot)) == 0;
}

bool StateStore::contains(const Slot* state, std::uint64_t h) const {
  const std::uint64_t tag = h >> 32;
  for (std::uint64_t pos = position(tag);; pos = (pos + 1) & mask_) {
    const std::uint64_t e = table_[pos];
    if (e == 0) return false;
    if ((e >> 32) == tag && equal(static_cast<StateIndex>((e & 0xffffffffu) - 1), state)) {
      return true;
    }
  }
}

void StateStore::prefetch_state(std::uint64_t h) const {
  const std::uint64_t e = table_[position(h >> 32)];
  if (e == 0 || (e >> 32) != (h >> 32)) return;
  const char* p =
      reinterpret_cast<const char*>(state(static_cast<StateIndex>((e & 0xffffffffu) - 1)));
  for (std::size_t off = 0; off < slots_ * sizeof(Slot); off += 64) __builtin_prefetch(p + off);
}

void StateStore::FreeChunk::operator()(Slot* p) const { std::free(p); }

StateStore::Insert StateStore::find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent,
                                              TransitionId via) {
  const std::uint64_t tag = h >> 32;
  std::uint64_t pos = position(tag);
  for (;; pos = (pos + 1) & mask_) {
    const std::uint64_t e = table_[pos];
    if (e == 0) break;
    if ((e >> 32) == tag) {
      const auto i = static_cast<StateIndex>((e & 0xffffffffu) - 1);
      if (equal(i, state)) return {i, false};
    }
  }
  TFMC_CHECK(size_ < kNoState - 1, "state index space exhausted");
  const auto index = static_cast<StateIndex>(size_);
  if ((index >> chunk_shift_) == chunks_.size()) {
    chunks_.emplace_back(allocate_chunk((std::size_t{1} << chunk_shift_) * slots_ * sizeof(Slot)));
  }
  std::memcpy(chunks_[index >> chunk_shift_].get() + (index & chunk_mask_) * slots_, state,
              slots_ * sizeof(Slot));
  links_.push_back({parent, via});
  table_[pos] = (tag << 32) | (std::uint64_t{index} + 1);
  ++size_;
  if (size_ * 10 > table_.size() * 7) grow();
  return {index, true};
}

void StateStore::grow() {
  std::vector<std::uint64_t> old(table_.size() * 2, 0);
  old.swap(table_);
  mask_ = table_.size() - 1;
  TFMC_CHECK(tag_shift_ > 0, "state table larger than 2^32 entries");
  --tag_shift_;
  // The tag holds the top 32 hash bits, and so the new position: the arena is not read.
  for (std::uint64_t e : old) {
    if (e == 0) continue;
    std::uint64_t pos = position(e >> 32);
    while (table_[pos] != 0) pos = (pos + 1) & mask_;
    table_[pos] = e;
  }
}

std::size_t StateStore::bytes() const {
  return chunks_.size() * (std::size_t{1} << chunk_shift_) * slots_ * sizeof(Slot) +
         links_.capacity() * sizeof(Link) + table_.capacity() * sizeof(std::uint64_t);
}

}  // namespace tfmc::check
