// KeyLayout (checker/key_layout.h) with the slots in an order of their own: keys hold the
// slot at position p in bits [p * bits, (p + 1) * bits), encode and decode are inverse, a
// slot set in a key changes that slot alone, and word_of names the word of its position; an
// order that is not each slot once is refused.
#include "checker/key_layout.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "semantics/errors/invariant.h"

using tfmc::Slot;
using tfmc::check::KeyLayout;

TEST_CASE("a key holds the slots in the layout's order", "[checker][key_layout]") {
  const unsigned bits = GENERATE(4u, 8u, 16u, 32u);
  constexpr std::size_t kSlots = 11;
  const std::vector<std::uint32_t> order = {7, 2, 10, 0, 5, 9, 1, 3, 8, 4, 6};
  const KeyLayout layout(kSlots, bits, order);
  const KeyLayout plain(kSlots, bits);
  std::mt19937 rng(static_cast<unsigned>(bits));
  for (int round = 0; round < 200; ++round) {
    std::vector<Slot> state(kSlots);
    for (Slot& v : state) v = rng() % (bits == 32 ? 1000003u : (1u << bits));
    std::vector<unsigned char> key(layout.word_count() * 4, 0), placed(key.size(), 0);
    REQUIRE(layout.encode(state.data(), key.data()));
    // The same bits as the slots put in that order and laid out plainly.
    std::vector<Slot> by_position(kSlots);
    for (std::size_t p = 0; p < kSlots; ++p) by_position[p] = state[order[p]];
    REQUIRE(plain.encode(by_position.data(), placed.data()));
    REQUIRE(key == placed);
    std::vector<Slot> back(kSlots);
    layout.decode(key.data(), back.data());
    REQUIRE(back == state);
    // Setting slot k changes slot k alone, in the word of its position.
    const std::size_t k = rng() % kSlots;
    const Slot value = rng() % (bits == 32 ? 1000003u : (1u << bits));
    std::vector<std::uint32_t> words(layout.word_count()), after(layout.word_count());
    std::memcpy(words.data(), key.data(), key.size());
    REQUIRE(layout.set_slot(key.data(), k, value));
    std::memcpy(after.data(), key.data(), key.size());
    for (std::size_t w = 0; w < words.size(); ++w) {
      if (w != layout.word_of(k)) REQUIRE(after[w] == words[w]);
    }
    std::size_t position = 0;
    while (order[position] != k) ++position;
    CHECK(layout.word_of(k) == position * bits / 32);
    state[k] = value;
    layout.decode(key.data(), back.data());
    REQUIRE(back == state);
  }
}

TEST_CASE("a key order that is not each slot once is refused", "[checker][key_layout]") {
  CHECK_THROWS_AS(KeyLayout(3, 8, {0, 1}), tfmc::InternalError);
  CHECK_THROWS_AS(KeyLayout(3, 8, {0, 1, 1}), tfmc::InternalError);
  CHECK_THROWS_AS(KeyLayout(3, 8, {0, 1, 3}), tfmc::InternalError);
  CHECK_NOTHROW(KeyLayout(3, 8, {2, 1, 0}));
}
