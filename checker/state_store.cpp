#include "checker/state_store.h"

// Inline XXH3 so hashing a state is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "semantics/invariant.h"

namespace tfmc::check {

namespace {
// log2 of the states per arena chunk: about 32 MiB per chunk, at least one state. Untouched
// pages of a chunk cost no memory.
unsigned chunk_shift_for(std::size_t state_bytes) {
  unsigned shift = 0;
  while (shift < 24 && (state_bytes << (shift + 1)) <= (std::size_t{32} << 20)) ++shift;
  return shift;
}

constexpr std::size_t kInitialTable = std::size_t{1} << 12;
}  // namespace

StateStore::StateStore(std::size_t slots_per_state)
    : slots_(slots_per_state), encoded_(slots_per_state * 2) {
  set_width(2);
  table_ = MappedRegion(kInitialTable * sizeof(std::uint64_t));
  entries_ = static_cast<std::uint64_t*>(table_.data());
  mask_ = kInitialTable - 1;
  tag_shift_ = 32 - 12;
}

std::uint64_t StateStore::hash(const Slot* state) const {
  return XXH3_64bits(state, slots_ * sizeof(Slot));
}

void StateStore::set_width(std::size_t width) {
  width_ = width;
  record_bytes_ = (8 + slots_ * width + 3) / 4 * 4;
  chunk_shift_ = chunk_shift_for(record_bytes_);
  chunk_mask_ = (1u << chunk_shift_) - 1;
}

std::uint32_t StateStore::link(StateIndex i, int k) const {
  std::uint32_t v;
  std::memcpy(&v, record(i) + 4 * k, 4);
  return v;
}

void StateStore::load(StateIndex i, Slot* out) const {
  const unsigned char* p = record(i) + 8;
  if (width_ == 4) {
    std::memcpy(out, p, slots_ * 4);
    return;
  }
  const auto* narrow = reinterpret_cast<const std::uint16_t*>(p);
  std::copy_n(narrow, slots_, out);
}

const unsigned char* StateStore::encode(const Slot* state) const {
  if (width_ == 4) return reinterpret_cast<const unsigned char*>(state);
  std::uint16_t* __restrict narrow = reinterpret_cast<std::uint16_t*>(encoded_.data());
  const Slot* __restrict wide = state;
  Slot any = 0;  // an OR over all slots, with no early exit, so that the loop stays simple
  for (std::size_t k = 0; k < slots_; ++k) {
    any |= wide[k];
    narrow[k] = static_cast<std::uint16_t>(wide[k]);
  }
  return any <= 0xffff ? encoded_.data() : nullptr;
}

bool StateStore::equal(StateIndex i, const unsigned char* key) const {
  return slots_ == 0 || std::memcmp(record(i) + 8, key, slots_ * width_) == 0;
}

void StateStore::write_record(StateIndex i, const unsigned char* key, StateIndex parent,
                              TransitionId via) {
  unsigned char* p = record(i);
  std::memcpy(p, &parent, 4);
  std::memcpy(p + 4, &via, 4);
  if (slots_ > 0) std::memcpy(p + 8, key, slots_ * width_);
}

bool StateStore::contains(const Slot* state, std::uint64_t h) const {
  const unsigned char* key = encode(state);
  if (key == nullptr) return false;  // every stored state fits in 16-bit slots
  const std::uint64_t tag = h >> 32;
  for (std::uint64_t pos = position(tag);; pos = (pos + 1) & mask_) {
    const std::uint64_t e = entries_[pos];
    if (e == 0) return false;
    if ((e >> 32) == tag && equal(static_cast<StateIndex>((e & 0xffffffffu) - 1), key)) {
      return true;
    }
  }
}

void StateStore::prefetch_state(std::uint64_t h) const {
  const std::uint64_t e = entries_[position(h >> 32)];
  if (e == 0 || (e >> 32) != (h >> 32)) return;
  const unsigned char* p = record(static_cast<StateIndex>((e & 0xffffffffu) - 1));
  for (std::size_t off = 0; off < record_bytes_; off += 64) __builtin_prefetch(p + off);
}

StateStore::Insert StateStore::find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent,
                                              TransitionId via) {
  const unsigned char* key = encode(state);
  if (key == nullptr) {  // a value of 2^16 or more: widen; then `state` is new, as found below
    widen();
    key = encode(state);
  }
  const std::uint64_t tag = h >> 32;
  std::uint64_t pos = position(tag);
  for (;; pos = (pos + 1) & mask_) {
    const std::uint64_t e = entries_[pos];
    if (e == 0) break;
    if ((e >> 32) == tag) {
      const auto i = static_cast<StateIndex>((e & 0xffffffffu) - 1);
      if (equal(i, key)) return {i, false};
    }
  }
  TFMC_CHECK(size_ < kNoState - 1, "state index space exhausted");
  const auto index = static_cast<StateIndex>(size_);
  if ((index >> chunk_shift_) == chunks_.size()) {
    chunks_.emplace_back((std::size_t{1} << chunk_shift_) * record_bytes_);
  }
  write_record(index, key, parent, via);
  entries_[pos] = (tag << 32) | (std::uint64_t{index} + 1);
  ++size_;
  if (size_ * 10 > (mask_ + 1) * 7) grow();
  return {index, true};
}

void StateStore::widen() {
  std::vector<MappedRegion> narrow_chunks = std::move(chunks_);
  const std::size_t narrow_bytes = record_bytes_;
  const unsigned narrow_shift = chunk_shift_;
  chunks_.clear();
  set_width(4);
  std::vector<Slot> state(slots_);
  for (StateIndex i = 0; i < size_; ++i) {
    const unsigned char* p =
        static_cast<const unsigned char*>(narrow_chunks[i >> narrow_shift].data()) +
        (i & ((1u << narrow_shift) - 1)) * narrow_bytes;
    std::uint32_t parent, via;
    std::memcpy(&parent, p, 4);
    std::memcpy(&via, p + 4, 4);
    std::copy_n(reinterpret_cast<const std::uint16_t*>(p + 8), slots_, state.data());
    if ((i >> chunk_shift_) == chunks_.size()) {
      chunks_.emplace_back((std::size_t{1} << chunk_shift_) * record_bytes_);
    }
    write_record(i, encode(state.data()), parent, via);
  }
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
  const std::size_t partial = (size_ & chunk_mask_) * record_bytes_;
  const std::size_t arena =
      (full > 0 ? full * chunks_[0].bytes() : 0) + (partial + kPage - 1) / kPage * kPage;
  return arena + (mask_ + 1) * sizeof(std::uint64_t);
}

}  // namespace tfmc::check
