#include "checker/state_store.h"

// Inline XXH3 so hashing a key is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
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

StateStore::StateStore(std::size_t slots_per_state) : slots_(slots_per_state) {
  set_bits(4);
  new_table(kInitialTable);
}

void StateStore::set_bits(unsigned bits) {
  bits_ = bits;
  key_bytes_ = (slots_ * bits + 7) / 8;
  keys_ = std::make_unique<ChunkedRecords>(key_bytes_);
}

void StateStore::new_table(std::size_t size) {
  table_ = MappedRegion(size * sizeof(std::uint64_t), true);
  entries_ = static_cast<std::uint64_t*>(table_.data());  // fresh pages read as zero: empty
  mask_ = size - 1;
  tag_shift_ = 32 - static_cast<unsigned>(std::countr_zero(size));
}

bool StateStore::encode(const Slot* state, unsigned char* key) const {
  return pack_as(bits_, state, slots_, key);
}

void StateStore::load(StateIndex i, Slot* out) const {
  unpack_as(bits_, keys_->at(i), slots_, out);
}

std::uint64_t StateStore::hash_key(const unsigned char* key) const {
  return XXH3_64bits(key, key_bytes_);
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
    if ((e >> 32) == tag && std::memcmp(key_of(e & kRefMask), key, key_bytes_) == 0) return true;
  }
}

void StateStore::prefetch_state(std::uint64_t h) const {
  const std::uint64_t e =
      std::atomic_ref<std::uint64_t>(entries_[position(h >> 32)]).load(std::memory_order_relaxed);
  if (e == 0 || (e >> 32) != (h >> 32) || (e & kRefMask) == kBusy || key_bytes_ == 0) return;
  const unsigned char* p = key_of(e & kRefMask);
  for (std::size_t off = 0; off < key_bytes_; off += 64) __builtin_prefetch(p + off);
  __builtin_prefetch(p + key_bytes_ - 1);  // the key's last line, which may be one more
  // A staged state's link is read too, to keep the least.
  if ((e & kProvisional) != 0) __builtin_prefetch(staged_link((e & ~kProvisional & kRefMask) - 1));
}

void StateStore::open_level(bool provisional, std::uint64_t cap, unsigned inserters) {
  provisional_ = provisional;
  level_size_.store(0, std::memory_order_relaxed);
  committed_.store(0, std::memory_order_relaxed);
  if (provisional && (staged_keys_ == nullptr ||
                      staged_keys_->record_bytes() != std::max<std::size_t>(key_bytes_, 1))) {
    staged_keys_ = std::make_unique<ChunkedRecords>(key_bytes_);
    staged_links_ = std::make_unique<ChunkedRecords>(sizeof(Link));
  }
  requested_cap_ = cap;
  inserters_ = inserters;
  set_cap();
}

void StateStore::set_cap() {
  const std::uint64_t full = (mask_ + 1) * 85 / 100;
  const std::uint64_t slack = std::uint64_t{inserters_} * (provisional_ ? kNumberBatch : 1);
  const std::uint64_t room = full > size_ + slack ? full - size_ - slack : 0;
  cap_ = std::min({requested_cap_, room, kMaxStates - size_});
}

StateStore::LevelInsert StateStore::insert(const unsigned char* key, std::uint64_t h, Link link,
                                           Numbers& numbers) {
  const std::uint64_t tag = h >> 32;
  for (std::uint64_t pos = position(tag);; pos = (pos + 1) & mask_) {
    std::atomic_ref<std::uint64_t> entry(entries_[pos]);
    std::uint64_t e = entry.load(std::memory_order_acquire);
    if (e == 0 &&
        entry.compare_exchange_strong(e, (tag << 32) | kBusy, std::memory_order_acquire)) {
      if (numbers.next == numbers.end) {
        const std::uint64_t batch = provisional_ ? kNumberBatch : 1;
        numbers.next = level_size_.fetch_add(batch, std::memory_order_relaxed);
        numbers.end = numbers.next + batch;
      }
      const std::uint64_t n = numbers.next++;
      TFMC_CHECK(size_ + n < kMaxStates, "more states than the store can index (2^31 - 2)");
      ChunkedRecords& keys = provisional_ ? *staged_keys_ : *keys_;
      ChunkedRecords& links = provisional_ ? *staged_links_ : links_;
      const std::uint64_t at = provisional_ ? n : size_ + n;
      keys.ensure(at);
      links.ensure(at);
      if (key_bytes_ > 0) std::memcpy(keys.at(at), key, key_bytes_);
      std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(links.at(at)))
          .store(link, std::memory_order_relaxed);
      entry.store((tag << 32) | (provisional_ ? kProvisional : 0) | (at + 1),
                  std::memory_order_release);
      return {static_cast<StateIndex>(at), Found::New, static_cast<std::uint32_t>(pos)};
    }
    // e is the entry there now: another state's, or this one's.
    if ((e >> 32) != tag) continue;
    while ((e & kRefMask) == kBusy) e = entry.load(std::memory_order_acquire);
    const std::uint64_t ref = e & kRefMask;
    if (std::memcmp(key_of(ref), key, key_bytes_) != 0) continue;
    const auto slot = static_cast<std::uint32_t>(pos);
    if ((ref & kProvisional) == 0) return {static_cast<StateIndex>(ref - 1), Found::Stored, slot};
    // Staged in this level: it keeps the least link. (One thread meets a level's links in
    // increasing order, so a level that is not provisional never lowers one.)
    const auto provisional = static_cast<StateIndex>((ref & ~kProvisional) - 1);
    std::atomic_ref<std::uint64_t> word(*staged_link(provisional));
    for (Link old = word.load(std::memory_order_relaxed); link < old;) {
      if (word.compare_exchange_weak(old, link, std::memory_order_relaxed)) {
        return {provisional, Found::Lowered, slot};
      }
    }
    return {provisional, Found::Stored, slot};
  }
}

StateIndex StateStore::staged_parent(StateIndex provisional) const {
  return static_cast<StateIndex>(
      std::atomic_ref<std::uint64_t>(*staged_link(provisional)).load(std::memory_order_relaxed) >>
      32);
}

void StateStore::commit_range(const Staged* order, std::size_t from, std::size_t to) {
  // The staged keys and the entries are met in no useful order: each is fetched well before
  // it is needed, so that the cache misses overlap.
  constexpr std::size_t kAhead = 16;
  for (std::size_t k = from; k < std::min(to, from + kAhead); ++k) {
    __builtin_prefetch(staged_keys_->at(order[k].index));
    __builtin_prefetch(&entries_[order[k].slot]);
  }
  for (std::size_t k = from; k < to; ++k) {
    if (k + kAhead < to) {
      __builtin_prefetch(staged_keys_->at(order[k + kAhead].index));
      __builtin_prefetch(staged_links_->at(order[k + kAhead].index));
      __builtin_prefetch(&entries_[order[k + kAhead].slot], 1);
    }
    const Staged& was = order[k];
    const std::uint64_t now = size_ + k;
    keys_->ensure(now);
    links_.ensure(now);
    if (key_bytes_ > 0) std::memcpy(keys_->at(now), staged_keys_->at(was.index), key_bytes_);
    std::memcpy(links_.at(now), staged_links_->at(was.index), sizeof(Link));
    std::atomic_ref<std::uint64_t> entry(entries_[was.slot]);
    entry.store((entry.load(std::memory_order_relaxed) & ~kRefMask) | (now + 1),
                std::memory_order_relaxed);
  }
  committed_.fetch_add(to - from, std::memory_order_relaxed);
}

void StateStore::close_level() {
  size_ += provisional_ ? committed_.load() : level_size();
  level_size_.store(0, std::memory_order_relaxed);
}

void StateStore::release_staging() {
  staged_keys_.reset();
  staged_links_.reset();
}

void StateStore::drop_level() {
  // In place, so that dropping a level never needs a second table: the level's entries are
  // emptied, then every other entry is placed again, one cluster after another from an empty
  // position, so that each moves back into the holes before it (or stays).
  const auto dropped = [&](std::uint64_t e) {
    return (e & kProvisional) != 0 || (e & kRefMask) - 1 >= size_;
  };
  std::size_t start = 0;
  for (std::size_t k = 0; k <= mask_; ++k) {
    if (entries_[k] != 0 && dropped(entries_[k])) entries_[k] = 0;
    if (entries_[k] == 0) start = k;
  }
  for (std::size_t n = 1; n <= mask_ + 1; ++n) {
    const std::size_t k = (start + n) & mask_;
    const std::uint64_t e = entries_[k];
    if (e == 0) continue;
    entries_[k] = 0;
    place(e);
  }
  level_size_.store(0, std::memory_order_relaxed);
}

namespace {
// The table size (a power of two, from `size` up) that holds `states` at a load of 0.7.
std::size_t table_size_for(std::uint64_t states, std::size_t size) {
  while (states * 10 > size * 7) size *= 2;
  return size;
}
}  // namespace

std::size_t StateStore::growth_bytes(std::uint64_t states) const {
  const std::size_t size = table_size_for(states, mask_ + 1);
  return size == mask_ + 1 ? 0 : size * sizeof(std::uint64_t);
}

std::size_t StateStore::widening_bytes(Slot any) const {
  const unsigned bits = std::max(bits_, bits_for(any));
  return size_ * ((slots_ * bits + 7) / 8);
}

void StateStore::reserve(std::uint64_t states, const ForEach& for_each) {
  const std::size_t size = table_size_for(states, mask_ + 1);
  if (size == mask_ + 1) return;
  TFMC_CHECK(size <= (std::size_t{1} << 32), "state table larger than 2^32 entries");
  const MappedRegion old = std::exchange(table_, MappedRegion());
  const auto* old_entries = static_cast<const std::uint64_t*>(old.data());
  const std::size_t old_size = mask_ + 1;
  new_table(size);
  // The tag holds the top 32 hash bits, and so the new position: the arena is not read. Each
  // entry takes the first free position from its own with a CAS, as threads place others.
  constexpr std::size_t kPiece = std::size_t{1} << 16;
  for_each((old_size + kPiece - 1) / kPiece, [&](std::size_t piece) {
    for (std::size_t k = piece * kPiece; k < std::min(old_size, (piece + 1) * kPiece); ++k) {
      const std::uint64_t e = old_entries[k];
      if (e == 0) continue;
      for (std::uint64_t pos = position(e >> 32);; pos = (pos + 1) & mask_) {
        std::uint64_t empty = 0;
        if (std::atomic_ref<std::uint64_t>(entries_[pos])
                .compare_exchange_strong(empty, e, std::memory_order_relaxed)) {
          break;
        }
      }
    }
  });
  set_cap();  // a level that is open has more room
}

void StateStore::widen_for(Slot any) {
  const unsigned bits = std::max(bits_, bits_for(any));
  if (bits == bits_) return;
  // The arena anew: each stored state decoded at the old width, encoded at the new one.
  const std::unique_ptr<ChunkedRecords> old_keys = std::move(keys_);
  const unsigned old_bits = bits_;
  set_bits(bits);
  std::vector<Slot> slots(slots_);
  for (StateIndex i = 0; i < size_; ++i) {
    unpack_as(old_bits, old_keys->at(i), slots_, slots.data());
    keys_->ensure(i);
    encode(slots.data(), keys_->at(i));
  }
  // The table anew, of the same size: every hash has changed with the keys.
  new_table(mask_ + 1);
  for (StateIndex i = 0; i < size_; ++i) {
    place((hash_key(keys_->at(i)) >> 32 << 32) | (std::uint64_t{i} + 1));
  }
}

StateStore::Insert StateStore::find_or_insert(const Slot* state, StateIndex parent,
                                              TransitionId via) {
  std::vector<unsigned char> key(key_bytes_);
  if (!encode(state, key.data())) {
    Slot any = 0;
    for (std::size_t k = 0; k < slots_; ++k) any |= state[k];
    widen_for(any);
    key.resize(key_bytes_);
    encode(state, key.data());
  }
  reserve(size_ + 1, [](std::size_t n, const std::function<void(std::size_t)>& fn) {
    for (std::size_t k = 0; k < n; ++k) fn(k);
  });
  open_level(false, 1, 1);
  Numbers numbers;
  const LevelInsert r = insert(key.data(), hash_key(key.data()), make_link(parent, via), numbers);
  close_level();
  return {r.index, r.found == Found::New};
}

bool StateStore::contains(const Slot* state) const {
  // A state that does not fit the current width is wider than every stored one.
  std::vector<unsigned char> key(key_bytes_);
  return encode(state, key.data()) && contains_key(key.data(), hash_key(key.data()));
}

std::size_t StateStore::bytes() const {
  return keys_->bytes(size_) + links_.bytes(size_) + (mask_ + 1) * sizeof(std::uint64_t);
}

}  // namespace tfmc::check
