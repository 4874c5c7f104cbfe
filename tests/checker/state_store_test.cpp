// StateStore: exact find-or-insert, stable indices, parent links, growth, dropped levels.
#include "checker/state_store.h"

#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <vector>

using tfmc::Slot;
using tfmc::check::kNoState;
using tfmc::check::StateStore;

TEST_CASE("find_or_insert stores each distinct state once", "[checker][store]") {
  StateStore store(3);
  const Slot a[3] = {1, 2, 3};
  const Slot b[3] = {1, 2, 4};
  const auto ia = store.find_or_insert(a, kNoState, 0);
  const auto ib = store.find_or_insert(b, ia.index, 7);
  const auto ia2 = store.find_or_insert(a, ib.index, 9);
  CHECK(ia.inserted);
  CHECK(ib.inserted);
  CHECK_FALSE(ia2.inserted);
  CHECK(ia2.index == ia.index);
  CHECK(store.size() == 2);
  CHECK(store.parent(ib.index) == ia.index);
  CHECK(store.via(ib.index) == 7);
  CHECK(store.parent(ia.index) == kNoState);  // the first parent link is kept
  Slot loaded[3];
  store.load(ib.index, loaded);
  CHECK(loaded[2] == 4);
  CHECK(store.contains(b));
  const Slot c[3] = {0, 0, 0};
  CHECK_FALSE(store.contains(c));
}

TEST_CASE("the store stays exact through many growths", "[checker][store]") {
  constexpr std::size_t kSlots = 5;
  StateStore store(kSlots);
  std::mt19937 rng(42);
  std::set<std::vector<Slot>> reference;
  std::vector<std::vector<Slot>> inserted;
  for (int i = 0; i < 200000; ++i) {
    std::vector<Slot> s(kSlots);
    for (Slot& v : s) v = rng() % 6;  // small values: many duplicates, many near-collisions
    const bool fresh = reference.insert(s).second;
    const auto r = store.find_or_insert(s.data(), kNoState, 0);
    REQUIRE(r.inserted == fresh);
    if (fresh) {
      REQUIRE(r.index == inserted.size());
      inserted.push_back(s);
    }
  }
  REQUIRE(store.size() == reference.size());
  std::vector<Slot> loaded(kSlots);
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    store.load(static_cast<tfmc::check::StateIndex>(i), loaded.data());
    REQUIRE(loaded == inserted[i]);
  }
  CHECK(store.raw_bytes() == reference.size() * kSlots * sizeof(Slot));
  CHECK(store.bytes() >= store.raw_bytes());
}

TEST_CASE("a zero-slot state is one state", "[checker][store]") {
  StateStore store(0);
  CHECK(store.find_or_insert(nullptr, kNoState, 0).inserted);
  CHECK_FALSE(store.find_or_insert(nullptr, kNoState, 0).inserted);
  CHECK(store.size() == 1);
}

TEST_CASE("a slot value of 2^16 or more widens the store without losing a state",
          "[checker][store]") {
  constexpr std::size_t kSlots = 3;  // odd: 16-bit records need padding
  StateStore store(kSlots);
  std::vector<std::vector<Slot>> inserted;
  for (Slot v = 0; v < 3000; ++v) {
    inserted.push_back({v, 0xffff, v % 7});
    REQUIRE(store.find_or_insert(inserted.back().data(), v == 0 ? kNoState : v - 1, v).inserted);
  }
  CHECK(store.narrow());
  // Equal in the low 16 bits to a stored state, but a different state.
  const std::vector<Slot> wide = {5, 0x1ffff, 5};
  CHECK_FALSE(store.contains(wide.data()));
  const auto r = store.find_or_insert(wide.data(), 17, 99);
  CHECK(r.inserted);
  CHECK_FALSE(store.narrow());
  inserted.push_back(wide);
  std::vector<Slot> loaded(kSlots);
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    const auto index = static_cast<tfmc::check::StateIndex>(i);
    store.load(index, loaded.data());
    REQUIRE(loaded == inserted[i]);
    REQUIRE_FALSE(store.find_or_insert(inserted[i].data(), 0, 0).inserted);
  }
  CHECK(store.parent(r.index) == 17);
  CHECK(store.via(r.index) == 99);
  CHECK(store.parent(5) == 4);
  CHECK(store.via(5) == 5);
}

TEST_CASE("dropping a level keeps every state before it and no state of it", "[checker][store]") {
  constexpr std::size_t kSlots = 4;
  StateStore store(kSlots);
  std::mt19937 rng(7);
  const auto random_state = [&] {
    std::vector<Slot> s(kSlots);
    for (Slot& v : s) v = rng() % 10;
    return s;
  };
  std::set<std::vector<Slot>> kept;
  for (int i = 0; i < 3000; ++i) {
    const std::vector<Slot> s = random_state();
    store.find_or_insert(s.data(), kNoState, 0);
    kept.insert(s);
  }
  const std::size_t before = store.size();
  // A provisional level, as several threads would insert it, then dropped.
  store.open_level(true, 100000, 1);
  StateStore::Numbers numbers;
  std::set<std::vector<Slot>> dropped;
  std::vector<unsigned char> key(store.key_bytes());
  for (int i = 0; i < 2000; ++i) {
    const std::vector<Slot> s = random_state();
    REQUIRE(store.encode(s.data(), key.data()));
    const auto r =
        store.insert(key.data(), store.hash_key(key.data()),
                     tfmc::check::make_link(0, static_cast<tfmc::TransitionId>(i)), numbers);
    if (r.found == StateStore::Found::New) dropped.insert(s);
  }
  REQUIRE_FALSE(dropped.empty());
  store.drop_level();
  CHECK(store.size() == before);
  for (const std::vector<Slot>& s : kept) REQUIRE(store.contains(s.data()));
  for (const std::vector<Slot>& s : dropped) REQUIRE_FALSE(store.contains(s.data()));
  // The table takes new states as before.
  const std::vector<Slot> fresh = *dropped.begin();
  CHECK(store.find_or_insert(fresh.data(), 0, 1).inserted);
  CHECK(store.size() == before + 1);
}
