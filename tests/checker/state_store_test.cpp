// StateStore: exact find-or-insert, stable indices, parent links, growth, refitting, dropped
// levels, in both storage modes.
#include "checker/state_store.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

using tfmc::Slot;
using tfmc::check::kNoState;
using tfmc::check::StateStore;
using tfmc::check::StoreMode;

TEST_CASE("find_or_insert stores each distinct state once", "[checker][store]") {
  const auto mode = GENERATE(StoreMode::Compressed, StoreMode::Fingerprint);
  StateStore store(3, mode);
  const Slot a[3] = {1, 2, 3};
  const Slot b[3] = {1, 2, 4};
  const auto ia = store.find_or_insert(a, kNoState, 0);
  const auto ib = store.find_or_insert(b, ia.index, 7);
  const auto ia2 = store.find_or_insert(a, ib.index, 9);
  CHECK(ia.inserted);
  CHECK(ib.inserted);
  CHECK_FALSE(ia2.inserted);
  CHECK(ia2.index == kNoState);
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
  const auto mode = GENERATE(StoreMode::Compressed, StoreMode::Fingerprint);
  // The slots in their own order in the keys, and in another (key_layout.h).
  const auto key_order =
      GENERATE(std::vector<std::uint32_t>{}, std::vector<std::uint32_t>{3, 0, 4, 2, 1});
  StateStore store(kSlots, mode, key_order);
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
  // 8 bytes of visited set a state at a load of at most 0.8, and on disk its key (3 bytes),
  // identity and link.
  CHECK(store.bytes() >= reference.size() * 8 * 5 / 4);
  CHECK(store.disk_bytes() == reference.size() * (3 + 2 * sizeof(std::uint64_t)));
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
  const auto mode = GENERATE(StoreMode::Compressed, StoreMode::Fingerprint);
  // Widening keeps the slots' order in the keys (key_layout.h).
  const auto key_order =
      GENERATE(std::vector<std::uint32_t>{}, std::vector<std::uint32_t>{2, 0, 1});
  StateStore store(kSlots, mode, key_order);
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
  const auto mode = GENERATE(StoreMode::Compressed, StoreMode::Fingerprint);
  const bool provisional = GENERATE(true, false);
  StateStore store(kSlots, mode);
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
  // A level, inserted as several threads (provisional) or one would, then dropped.
  store.reserve(before + 2000, [](std::size_t n, const std::function<void(std::size_t)>& fn) {
    for (std::size_t k = 0; k < n; ++k) fn(k);
  });
  store.open_level(provisional, 100000, 1, 4000, tfmc::check::VisitedSet::serially);
  StateStore::Numbers numbers;
  std::set<std::vector<Slot>> dropped;
  std::vector<std::uint32_t> words;
  for (int i = 0; i < 2000; ++i) {
    const std::vector<Slot> s = random_state();
    std::uint64_t id;
    REQUIRE(store.identify(s.data(), words, id));
    const auto r = store.insert(
        words.data(), id, tfmc::check::make_link(0, static_cast<tfmc::TransitionId>(i)), numbers);
    if (r.found == StateStore::Found::New) dropped.insert(s);
  }
  REQUIRE_FALSE(dropped.empty());
  store.drop_level();
  CHECK(store.size() == before);
  for (const std::vector<Slot>& s : kept) REQUIRE(store.contains(s.data()));
  for (const std::vector<Slot>& s : dropped) REQUIRE_FALSE(store.contains(s.data()));
  // The store takes new states as before.
  const std::vector<Slot> fresh = *dropped.begin();
  CHECK(store.find_or_insert(fresh.data(), 0, 1).inserted);
  CHECK(store.size() == before + 1);
  std::vector<Slot> loaded(kSlots);
  store.load(static_cast<tfmc::check::StateIndex>(before), loaded.data());
  CHECK(loaded == fresh);
}

TEST_CASE("a provisional level commits in the order of its least links", "[checker][store]") {
  constexpr std::size_t kSlots = 3;
  StateStore store(kSlots);
  const std::vector<Slot> root = {0, 0, 0};
  store.find_or_insert(root.data(), kNoState, 0);
  store.open_level(true, 1000, 1, 16, tfmc::check::VisitedSet::serially);
  StateStore::Numbers numbers;
  const std::vector<std::vector<Slot>> states = {{1, 0, 0}, {0, 2, 0}, {0, 0, 3}};
  std::vector<std::vector<std::uint32_t>> keys(3);
  std::vector<std::uint64_t> positions(3);
  // Links met out of order, and states met twice: each keeps its least.
  using Found = StateStore::Found;
  const std::vector<std::tuple<std::size_t, tfmc::TransitionId, Found>> meetings = {
      {2, 9, Found::New},
      {0, 5, Found::New},
      {2, 7, Found::Lowered},
      {1, 6, Found::New},
      {0, 8, Found::Stored}};
  for (const auto& [k, via, found] : meetings) {
    std::uint64_t id;
    REQUIRE(store.identify(states[k].data(), keys[k], id));
    const auto r = store.insert(keys[k].data(), id, tfmc::check::make_link(0, via), numbers);
    CHECK(r.found == found);
    positions[k] = r.pos;
  }
  CHECK(numbers.staged == 3);
  // A taker whose range misses the parent reads the state without taking it; the parent's
  // taker takes it, and a later reader finds it taken.
  std::vector<StateStore::Staged> staged(3);
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK_FALSE(store.take_staged(positions[k], 1, 2, staged[k]));
    REQUIRE(store.take_staged(positions[k], 0, 1, staged[k]));
    StateStore::Staged again;
    CHECK_FALSE(store.take_staged(positions[k], 0, 1, again));
    CHECK(again.link >> 32 == kNoState);
    std::uint64_t id;
    REQUIRE(store.identify(states[k].data(), keys[k], id));
    CHECK(staged[k].id == id);
  }
  CHECK(staged[0].link == tfmc::check::make_link(0, 5));
  CHECK(staged[2].link == tfmc::check::make_link(0, 7));
  // Commit in the order 0, 1, 2 (least links 5, 6, 7), in two pieces.
  std::vector<std::uint32_t> flat;
  for (const auto& k : keys) flat.insert(flat.end(), k.begin(), k.end());
  store.commit_range(1, staged.data() + 1, 2, flat.data() + keys[0].size());
  store.commit_range(0, staged.data(), 1, flat.data());
  store.close_level();
  REQUIRE(store.size() == 4);
  std::vector<Slot> loaded(kSlots);
  for (std::size_t k = 0; k < 3; ++k) {
    store.load(static_cast<tfmc::check::StateIndex>(k + 1), loaded.data());
    CHECK(loaded == states[k]);
    CHECK(store.via(static_cast<tfmc::check::StateIndex>(k + 1)) == 5 + k);
    CHECK(store.contains(states[k].data()));
  }
  // The next level keeps the staging set, which taking emptied: the states of the last level
  // are stored, even met by a lesser link, and a new one is staged.
  store.open_level(true, 1000, 1, 16, tfmc::check::VisitedSet::serially);
  StateStore::Numbers next;
  for (std::size_t k = 0; k < 3; ++k) {
    std::uint64_t id;
    REQUIRE(store.identify(states[k].data(), keys[k], id));
    CHECK(store.insert(keys[k].data(), id, tfmc::check::make_link(1, 0), next).found ==
          Found::Stored);
  }
  const std::vector<Slot> fourth = {1, 2, 3};
  std::vector<std::uint32_t> key;
  std::uint64_t id;
  REQUIRE(store.identify(fourth.data(), key, id));
  const auto r = store.insert(key.data(), id, tfmc::check::make_link(2, 4), next);
  CHECK(r.found == Found::New);
  CHECK(next.staged == 1);
  StateStore::Staged taken;
  REQUIRE(store.take_staged(r.pos, 1, 4, taken));
  CHECK(taken.id == id);
  CHECK(taken.link == tfmc::check::make_link(2, 4));
  store.commit_range(0, &taken, 1, key.data());
  store.close_level();
  CHECK(store.size() == 5);
  CHECK(store.contains(fourth.data()));
}

TEST_CASE("fingerprints estimate their collision probability as TLC does", "[checker][store]") {
  StateStore exact(2);
  StateStore hashed(2, StoreMode::Fingerprint);
  for (Slot v = 0; v < 1000; ++v) {
    const Slot s[2] = {v % 13, v / 13};
    exact.find_or_insert(s, kNoState, 0);
    hashed.find_or_insert(s, kNoState, 0);
  }
  CHECK(exact.fingerprint_probability(5000) == 0);
  // n (m - n) / 2^64 with n = 1000 states and m = 5001 generated.
  CHECK(hashed.fingerprint_probability(5000) == Approx(1000.0 * 4001.0 / 18446744073709551616.0));
}

TEST_CASE("the state tree plans itself anew as its parts multiply, losing no state",
          "[checker][store]") {
  // 40 slots of 8 bits: 10 words, parts that each take thousands of values, so that the
  // root's bits must be shared out again several times.
  constexpr std::size_t kSlots = 40;
  StateStore store(kSlots);
  std::mt19937 rng(11);
  std::set<std::vector<Slot>> reference;
  std::vector<std::vector<Slot>> inserted;
  for (int i = 0; i < 60000; ++i) {
    std::vector<Slot> s(kSlots);
    for (Slot& v : s) v = rng() % 3 == 0 ? rng() % 200 : 1;
    const bool fresh = reference.insert(s).second;
    REQUIRE(store.find_or_insert(s.data(), kNoState, 0).inserted == fresh);
    if (fresh) inserted.push_back(s);
  }
  std::vector<Slot> loaded(kSlots);
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    REQUIRE(store.contains(inserted[i].data()));
    store.load(static_cast<tfmc::check::StateIndex>(i), loaded.data());
    REQUIRE(loaded == inserted[i]);
  }
}

TEST_CASE("refitting on several threads loses no state", "[checker][store]") {
  const auto mode = GENERATE(StoreMode::Compressed, StoreMode::Fingerprint);
  // The pieces of a rebuild run on 4 threads at once.
  const StateStore::ForEach on_threads = [](std::size_t n,
                                            const std::function<void(std::size_t)>& fn) {
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&] {
        for (std::size_t k = next++; k < n; k = next++) fn(k);
      });
    }
    for (std::thread& t : threads) t.join();
  };
  // 40 slots: at 4 bits a key of 5 words, whose tree has three items to share 64 bits.
  constexpr std::size_t kSlots = 40;
  StateStore store(kSlots, mode);
  std::mt19937 rng(5);
  std::set<std::vector<Slot>> reference;
  std::vector<std::vector<Slot>> inserted;
  int replans = 0;
  // Values below 16 first (4-bit keys), then up to 200 (the keys widen, on 4 threads).
  for (int i = 0; i < 40000; ++i) {
    std::vector<Slot> s(kSlots);
    for (Slot& v : s) v = rng() % 3 == 0 ? rng() % (i < 20000 ? 16 : 200) : 1;
    if (i == 20000) store.refit(0xff, on_threads);
    if (store.tight()) {
      store.refit(0, on_threads);
      ++replans;
    }
    const bool fresh = reference.insert(s).second;
    REQUIRE(store.find_or_insert(s.data(), kNoState, 0).inserted == fresh);
    if (fresh) inserted.push_back(s);
  }
  if (mode == StoreMode::Compressed) CHECK(replans > 0);
  std::vector<Slot> loaded(kSlots);
  for (std::size_t i = 0; i < inserted.size(); ++i) {
    REQUIRE(store.contains(inserted[i].data()));
    store.load(static_cast<tfmc::check::StateIndex>(i), loaded.data());
    REQUIRE(loaded == inserted[i]);
  }
  CHECK(store.size() == inserted.size());
}
