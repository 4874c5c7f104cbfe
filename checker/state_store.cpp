#include "checker/state_store.h"

// Inline XXH3 so hashing a key is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

#include "semantics/errors/invariant.h"

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

// The fewest key bits (4, 8, 16 or 32) that hold every value whose bits are all in `any`.
unsigned bits_for(Slot any) {
  if (any < (1u << 4)) return 4;
  if (any < (1u << 8)) return 8;
  if (any < (1u << 16)) return 16;
  return 32;
}

// The word of a key slot of 8, 16 or 32 bits.
template <unsigned Bits>
using Word = std::conditional_t<Bits == 8, std::uint8_t,
                                std::conditional_t<Bits == 16, std::uint16_t, std::uint32_t>>;

// Packs n slots of `in` in Bits bits each (slot k at bits [k * Bits, (k + 1) * Bits) of the
// key, low nibble first; the padding nibble of an odd slot count is zero, so that equal
// states have equal keys). Returns whether every value fits. The fit test is an OR over all
// slots with no early exit, so that the loop stays simple.
template <unsigned Bits>
bool pack(const Slot* __restrict in, std::size_t n, unsigned char* __restrict out) {
  Slot any = 0;
  if constexpr (Bits == 4) {
    std::size_t k = 0;
    for (; k + 1 < n; k += 2) {
      any |= in[k] | in[k + 1];
      out[k / 2] = static_cast<unsigned char>(in[k] | (in[k + 1] << 4));
    }
    if (k < n) {
      any |= in[k];
      out[k / 2] = static_cast<unsigned char>(in[k] & 0xf);
    }
  } else {
    for (std::size_t k = 0; k < n; ++k) {
      any |= in[k];
      const auto w = static_cast<Word<Bits>>(in[k]);
      std::memcpy(out + k * sizeof(w), &w, sizeof(w));
    }
  }
  if constexpr (Bits == 32) {
    return true;
  } else {
    return any < (Slot{1} << Bits);
  }
}

// The inverse of pack<Bits>.
template <unsigned Bits>
void unpack(const unsigned char* __restrict in, std::size_t n, Slot* __restrict out) {
  if constexpr (Bits == 4) {
    std::size_t k = 0;
    for (; k + 1 < n; k += 2) {
      out[k] = in[k / 2] & 0xf;
      out[k + 1] = in[k / 2] >> 4;
    }
    if (k < n) out[k] = in[k / 2] & 0xf;
  } else {
    for (std::size_t k = 0; k < n; ++k) {
      Word<Bits> w;
      std::memcpy(&w, in + k * sizeof(w), sizeof(w));
      out[k] = w;
    }
  }
}

// pack<Bits> and unpack<Bits> for a width known only at run time.
bool pack_as(unsigned bits, const Slot* in, std::size_t n, unsigned char* out) {
  switch (bits) {
    case 4:
      return pack<4>(in, n, out);
    case 8:
      return pack<8>(in, n, out);
    case 16:
      return pack<16>(in, n, out);
    default:
      return pack<32>(in, n, out);
  }
}

void unpack_as(unsigned bits, const unsigned char* in, std::size_t n, Slot* out) {
  switch (bits) {
    case 4:
      return unpack<4>(in, n, out);
    case 8:
      return unpack<8>(in, n, out);
    case 16:
      return unpack<16>(in, n, out);
    default:
      return unpack<32>(in, n, out);
  }
}
}  // namespace

StateStore::StateStore(std::size_t slots_per_state)
    : slots_(slots_per_state), scratch_(slots_per_state * sizeof(Slot)) {
  set_bits(4);
  table_ = MappedRegion(kInitialTable * sizeof(std::uint64_t));
  entries_ = static_cast<std::uint64_t*>(table_.data());
  mask_ = kInitialTable - 1;
  tag_shift_ = 32 - 12;
}

void StateStore::set_bits(unsigned bits) {
  bits_ = bits;
  key_bytes_ = (slots_ * bits + 7) / 8;
  record_bytes_ = 8 + key_bytes_;
  chunk_shift_ = chunk_shift_for(record_bytes_);
  chunk_mask_ = (1u << chunk_shift_) - 1;
}

bool StateStore::encode(const Slot* state, unsigned char* key) const {
  return pack_as(bits_, state, slots_, key);
}

void StateStore::load(StateIndex i, Slot* out) const {
  unpack_as(bits_, record(i) + 8, slots_, out);
}

std::uint64_t StateStore::hash_key(const unsigned char* key) const {
  return XXH3_64bits(key, key_bytes_);
}

std::uint32_t StateStore::link(StateIndex i, int k) const {
  std::uint32_t v;
  std::memcpy(&v, record(i) + 4 * k, 4);
  return v;
}

bool StateStore::equal(StateIndex i, const unsigned char* key) const {
  return key_bytes_ == 0 || std::memcmp(record(i) + 8, key, key_bytes_) == 0;
}

void StateStore::write_record(StateIndex i, const unsigned char* key, StateIndex parent,
                              TransitionId via) {
  unsigned char* p = record(i);
  std::memcpy(p, &parent, 4);
  std::memcpy(p + 4, &via, 4);
  if (key_bytes_ > 0) std::memcpy(p + 8, key, key_bytes_);
}

void StateStore::place(std::uint64_t e) {
  std::uint64_t pos = position(e >> 32);
  while (entries_[pos] != 0) pos = (pos + 1) & mask_;
  entries_[pos] = e;
}

bool StateStore::contains_key(const unsigned char* key, std::uint64_t h) const {
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
  __builtin_prefetch(p + record_bytes_ - 1);  // the record's last line, which may be one more
}

StateStore::Insert StateStore::find_or_insert_key(const unsigned char* key, std::uint64_t h,
                                                  StateIndex parent, TransitionId via) {
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

std::uint64_t StateStore::hash(const Slot* state) const {
  return encode(state, scratch_.data()) ? hash_key(scratch_.data()) : 0;
}

bool StateStore::contains(const Slot* state, std::uint64_t h) const {
  // A state that does not fit the current width is wider than every stored one.
  return encode(state, scratch_.data()) && contains_key(scratch_.data(), h);
}

StateStore::Insert StateStore::find_or_insert(const Slot* state, std::uint64_t h, StateIndex parent,
                                              TransitionId via) {
  if (!encode(state, scratch_.data())) {  // then `state` is new, as found below
    widen_for(state);
    encode(state, scratch_.data());
    h = hash_key(scratch_.data());
  }
  return find_or_insert_key(scratch_.data(), h, parent, via);
}

void StateStore::widen_for(const Slot* state) {
  Slot any = 0;
  for (std::size_t k = 0; k < slots_; ++k) any |= state[k];
  const unsigned bits = std::max(bits_, bits_for(any));
  if (bits == bits_) return;
  // The arena anew: each stored state decoded at the old width, encoded at the new one.
  const std::vector<MappedRegion> old_chunks = std::move(chunks_);
  const unsigned old_bits = bits_;
  const std::size_t old_record = record_bytes_;
  const unsigned old_shift = chunk_shift_;
  chunks_.clear();
  set_bits(bits);
  std::vector<Slot> slots(slots_);
  std::vector<unsigned char> key(key_bytes_);
  for (StateIndex i = 0; i < size_; ++i) {
    const unsigned char* p = static_cast<const unsigned char*>(old_chunks[i >> old_shift].data()) +
                             (i & ((1u << old_shift) - 1)) * old_record;
    unpack_as(old_bits, p + 8, slots_, slots.data());
    encode(slots.data(), key.data());
    if ((i >> chunk_shift_) == chunks_.size()) {
      chunks_.emplace_back((std::size_t{1} << chunk_shift_) * record_bytes_);
    }
    std::uint32_t parent, via;
    std::memcpy(&parent, p, 4);
    std::memcpy(&via, p + 4, 4);
    write_record(i, key.data(), parent, via);
  }
  // The table anew, of the same size: every hash has changed with the keys.
  table_ = MappedRegion((mask_ + 1) * sizeof(std::uint64_t), true);
  entries_ = static_cast<std::uint64_t*>(table_.data());
  for (StateIndex i = 0; i < size_; ++i) {
    place((hash_key(record(i) + 8) >> 32 << 32) | (std::uint64_t{i} + 1));
  }
}

void StateStore::grow() {
  TFMC_CHECK(tag_shift_ > 0, "state table larger than 2^32 entries");
  const std::size_t old_size = mask_ + 1;
  MappedRegion old =
      std::exchange(table_, MappedRegion(2 * old_size * sizeof(std::uint64_t), true));
  const auto* old_entries = static_cast<const std::uint64_t*>(old.data());
  entries_ = static_cast<std::uint64_t*>(table_.data());  // fresh pages read as zero: empty
  mask_ = 2 * old_size - 1;
  --tag_shift_;
  // The tag holds the top 32 hash bits, and so the new position: the arena is not read.
  for (std::size_t k = 0; k < old_size; ++k) {
    if (old_entries[k] != 0) place(old_entries[k]);
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
