// StateStore: exact find-or-insert, stable indices, parent links, growth.
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
  CHECK(store.state(ib.index)[2] == 4);
  CHECK(store.contains(b, store.hash(b)));
  const Slot c[3] = {0, 0, 0};
  CHECK_FALSE(store.contains(c, store.hash(c)));
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
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    REQUIRE(std::equal(inserted[i].begin(), inserted[i].end(),
                       store.state(static_cast<tfmc::check::StateIndex>(i))));
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
