#include "checker/key_layout.h"

#include <type_traits>
#include <utility>

#include "semantics/errors/invariant.h"

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

// Calls f with `bits` (4, 8, 16 or 32) as a std::integral_constant, so that each width has a
// loop of its own.
template <typename F>
decltype(auto) at_width(unsigned bits, F&& f) {
  switch (bits) {
    case 4:
      return f(std::integral_constant<unsigned, 4>{});
    case 8:
      return f(std::integral_constant<unsigned, 8>{});
    case 16:
      return f(std::integral_constant<unsigned, 16>{});
    default:
      return f(std::integral_constant<unsigned, 32>{});
  }
}
}  // namespace

KeyLayout::KeyLayout(std::size_t slots, unsigned bits, std::vector<std::uint32_t> order)
    : slots_(slots), bits_(bits), key_bytes_((slots * bits + 7) / 8), order_(std::move(order)) {
  if (order_.empty()) return;
  TFMC_CHECK(order_.size() == slots_, "a key order that is not one of the slots");
  position_.assign(slots_, static_cast<std::uint32_t>(slots_));
  for (std::size_t p = 0; p < slots_; ++p) {
    TFMC_CHECK(order_[p] < slots_ && position_[order_[p]] == slots_,
               "a key order that is not one of the slots");
    position_[order_[p]] = static_cast<std::uint32_t>(p);
  }
}

unsigned KeyLayout::bits_for(Slot any) {
  if (any < (1u << 4)) return 4;
  if (any < (1u << 8)) return 8;
  if (any < (1u << 16)) return 16;
  return 32;
}

bool KeyLayout::encode(const Slot* state, unsigned char* key) const {
  const Slot* in = state;
  if (!order_.empty()) {
    thread_local std::vector<Slot> placed;
    placed.resize(slots_);
    for (std::size_t p = 0; p < slots_; ++p) placed[p] = state[order_[p]];
    in = placed.data();
  }
  return at_width(bits_, [&](auto bits) { return pack<decltype(bits)::value>(in, slots_, key); });
}

void KeyLayout::decode(const unsigned char* key, Slot* state) const {
  if (order_.empty()) {
    at_width(bits_, [&](auto bits) { unpack<decltype(bits)::value>(key, slots_, state); });
    return;
  }
  thread_local std::vector<Slot> placed;
  placed.resize(slots_);
  at_width(bits_, [&](auto bits) { unpack<decltype(bits)::value>(key, slots_, placed.data()); });
  for (std::size_t p = 0; p < slots_; ++p) state[order_[p]] = placed[p];
}

}  // namespace tfmc::check
