// The packed form of a state: every slot in the same number of bits, 4, 8, 16 or 32, the
// fewest that hold every slot value met so far (slots hold EMPTY, GO and ids of the few
// distinct values of a run, so 4 or 8 bits is the usual case). The slots lie in a key in an
// order of the model's choosing (TransitionSystem::key_order, slots that one transition
// writes together; by default their own order): the slot at position p takes bits
// [p * bits, (p + 1) * bits) of the key, low nibble first; padding is zero, so equal states
// have equal keys. A key is also read as 32-bit words (word_count(), zero-padded): since the
// width divides 32, every slot lies in one word (word_of), which is what lets the state tree
// (state_tree.h) re-fold only the words a firing changed.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "semantics/model/transition_system.h"

namespace tfmc::check {

class KeyLayout {
 public:
  // `order`: each of the `slots` slots once, position p of a key holding slot order[p]; empty:
  // slot k at position k.
  KeyLayout(std::size_t slots, unsigned bits, std::vector<std::uint32_t> order = {});

  // The fewest bits (4, 8, 16 or 32) that hold every value whose bits are all in `any`.
  static unsigned bits_for(Slot any);

  std::size_t slots() const { return slots_; }
  unsigned bits() const { return bits_; }
  // Bytes of a key: slots x bits / 8, rounded up.
  std::size_t key_bytes() const { return key_bytes_; }
  // 32-bit words of a key; a key buffer holds word_count() * 4 bytes, its padding zero.
  std::size_t word_count() const { return (key_bytes_ + 3) / 4; }
  std::size_t word_of(std::size_t slot) const { return position(slot) * bits_ / 32; }
  const std::vector<std::uint32_t>& order() const { return order_; }

  // Writes the key of `state` to `key` (key_bytes() bytes); false when a value does not fit.
  bool encode(const Slot* state, unsigned char* key) const;
  void decode(const unsigned char* key, Slot* state) const;
  // Sets slot k of `key` (a key buffer: word_count() words); false (and `key` unchanged) when
  // `value` does not fit.
  bool set_slot(unsigned char* key, std::size_t k, Slot value) const;

 private:
  std::size_t position(std::size_t slot) const {
    return position_.empty() ? slot : position_[slot];
  }

  std::size_t slots_;
  unsigned bits_;
  std::size_t key_bytes_;
  std::vector<std::uint32_t> order_, position_;  // by position, by slot; empty: the identity
};

inline bool KeyLayout::set_slot(unsigned char* key, std::size_t slot, Slot value) const {
  if (bits_ < 32 && (value >> bits_) != 0) return false;
  // The slot's whole word is read and written back, not its bytes: the state tree reads the
  // key's words right after (StateStore::successor_key), and a load forwards from a store of
  // the same word, where a byte stored into it would make the load wait for the store to
  // reach the cache. Bit p of a little-endian word is bit p of the key.
  static_assert(std::endian::native == std::endian::little, "keys are read as little-endian words");
  const std::size_t bit = position(slot) * bits_;
  unsigned char* at = key + bit / 32 * 4;
  const unsigned shift = bit % 32;
  const std::uint32_t mask = (bits_ == 32 ? ~0u : (1u << bits_) - 1) << shift;
  std::uint32_t word;
  std::memcpy(&word, at, 4);
  word = (word & ~mask) | (static_cast<std::uint32_t>(value) << shift);
  std::memcpy(at, &word, 4);
  return true;
}

}  // namespace tfmc::check
