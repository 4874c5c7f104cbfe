#include "checker/key_layout.h"

#include <type_traits>

namespace tfmc::check {

namespace {
// The word of a key slot of 8, 16 or 32 bits.
template <unsigned Bits>
using Word = std::conditional_t<Bits == 8, std::uint8_t,
                                std::conditional_t<Bits == 16, std::uint16_t, std::uint32_t>>;

// Packs n slots of `in` in Bits bits each. Returns whether every value fits. The fit test is
// an OR over all slots with no early exit, so that the loop stays simple.
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
}  // namespace

KeyLayout::KeyLayout(std::size_t slots, unsigned bits)
    : slots_(slots), bits_(bits), key_bytes_((slots * bits + 7) / 8) {}

unsigned KeyLayout::bits_for(Slot any) {
  if (any < (1u << 4)) return 4;
  if (any < (1u << 8)) return 8;
  if (any < (1u << 16)) return 16;
  return 32;
}

bool KeyLayout::encode(const Slot* state, unsigned char* key) const {
  switch (bits_) {
    case 4:
      return pack<4>(state, slots_, key);
    case 8:
      return pack<8>(state, slots_, key);
    case 16:
      return pack<16>(state, slots_, key);
    default:
      return pack<32>(state, slots_, key);
  }
}

void KeyLayout::decode(const unsigned char* key, Slot* state) const {
  switch (bits_) {
    case 4:
      return unpack<4>(key, slots_, state);
    case 8:
      return unpack<8>(key, slots_, state);
    case 16:
      return unpack<16>(key, slots_, state);
    default:
      return unpack<32>(key, slots_, state);
  }
}

}  // namespace tfmc::check
