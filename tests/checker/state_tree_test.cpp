// The parts of the compressed store: the state tree (fold, refold, open, planning anew), its
// tables, the visited set and the mixer whose inverse recovers a root from an identity.
#include "checker/state_tree.h"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "checker/hash_mix.h"
#include "checker/node_table.h"
#include "checker/visited_set.h"

using tfmc::check::NodeTable;
using tfmc::check::StateTree;
using tfmc::check::VisitedSet;

namespace {
// Random keys of `words` words in which each word takes few values, as states' keys do.
std::vector<std::uint32_t> random_key(std::mt19937& rng, std::size_t words, unsigned values) {
  std::vector<std::uint32_t> key(words);
  for (std::uint32_t& w : key) w = rng() % values * 0x01010101u;
  return key;
}
}  // namespace

TEST_CASE("unmix64 inverts mix64", "[checker][tree]") {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t x = rng();
    REQUIRE(tfmc::check::unmix64(tfmc::check::mix64(x)) == x);
  }
  CHECK(tfmc::check::mix64(0) == 0);
}

TEST_CASE("a node table names each distinct value once, from 1, and keeps the names as it grows",
          "[checker][tree]") {
  std::atomic<bool> crowded{false};
  NodeTable table(&crowded);
  std::map<std::uint64_t, std::uint32_t> names;
  std::mt19937_64 rng(5);
  for (int i = 0; i < 50000; ++i) {
    const std::uint64_t v = rng() % 20000;  // value 0 too
    const std::uint32_t ref = table.find_or_insert(v);
    const auto [it, fresh] = names.emplace(v, ref);
    REQUIRE(it->second == ref);
    if (fresh) REQUIRE(ref == names.size());
    if (crowded.load()) {
      // Grown twofold and fourfold in turn: to at most 60% and 30% full (16-byte slots).
      const double target = i % 2 == 0 ? 0.6 : 0.3;
      table.reserve(0.6, target);
      REQUIRE(static_cast<double>(table.size()) <=
              target * static_cast<double>(table.bytes() / 16));
      crowded = false;
    }
  }
  CHECK(table.size() == names.size());
  for (const auto& [v, ref] : names) REQUIRE(table.find_or_insert(v) == ref);
}

TEST_CASE("the visited set finds what it holds, value 0 included, through rebuilds",
          "[checker][tree]") {
  VisitedSet set(16);
  std::set<std::uint64_t> reference;
  std::mt19937_64 rng(9);
  const auto serially = [](std::size_t n, const std::function<void(std::size_t)>& fn) {
    for (std::size_t k = 0; k < n; ++k) fn(k);
  };
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t v = i % 1000 == 0 ? 0 : tfmc::check::mix64(rng() % 60000);
    const bool fresh = reference.insert(v).second;
    REQUIRE(set.insert(v).inserted == fresh);
    if (reference.size() >= set.limit())
      set.rebuild(set.capacity_for(reference.size() + 1), serially);
  }
  for (const std::uint64_t v : reference) REQUIRE(set.find(v) != VisitedSet::npos);
  CHECK(set.find(tfmc::check::mix64(70000)) == VisitedSet::npos);
  // A set with payloads keeps a word beside each value.
  VisitedSet staged(64, true);
  const auto a = staged.insert(tfmc::check::mix64(1));
  *staged.payload(a.pos) = 42;
  CHECK(*staged.payload(staged.insert(tfmc::check::mix64(1)).pos) == 42);
  CHECK(staged.value_at(a.pos) == tfmc::check::mix64(1));
}

TEST_CASE("a key's root is the same whether folded whole or from its parent's tree",
          "[checker][tree]") {
  const std::size_t used = GENERATE(2, 3, 5, 9, 17, 40);
  StateTree tree(used);
  // An odd count is read with one more word, always zero.
  const std::size_t words = tree.words();
  REQUIRE(words == (used + 1) / 2 * 2);
  std::mt19937 rng(static_cast<unsigned>(used));
  std::map<std::vector<std::uint32_t>, std::uint64_t> roots;
  std::map<std::uint64_t, std::vector<std::uint32_t>> keys;
  StateTree::Scratch scratch;
  for (int i = 0; i < 3000; ++i) {
    if (tree.crowded()) tree.grow(0.6, 0.3);
    std::vector<std::uint32_t> parent = random_key(rng, words, 6);
    parent.resize(used);
    parent.resize(words, 0);
    StateTree::Refs refs;
    std::uint64_t root;
    if (!tree.fold(parent.data(), refs, root)) {
      tree.replan(2 * static_cast<std::uint64_t>(i));
      roots.clear();  // every root changes
      keys.clear();
      continue;
    }
    // Opened from its root: the items' references, the rest found as needed.
    StateTree::Refs opened;
    tree.open(root, opened);
    std::vector<std::uint32_t> child = parent;
    std::vector<std::uint32_t> changed;
    for (int c = 0; c < 1 + static_cast<int>(rng() % 3); ++c) {
      const std::uint32_t w = rng() % used;
      child[w] = rng() % 6 * 0x01010101u;
      changed.push_back(w);
    }
    std::uint64_t refolded, folded;
    StateTree::Refs whole;
    if (!tree.refold(opened, root, child.data(), changed, scratch, refolded)) continue;
    REQUIRE(tree.fold(child.data(), whole, folded));
    REQUIRE(refolded == folded);
    // The parent's tree is left as it came (as far as it was known).
    std::uint64_t again;
    StateTree::Refs unused;
    REQUIRE(tree.fold(parent.data(), unused, again));
    REQUIRE(again == root);
    // Equal keys have equal roots, and distinct keys distinct roots.
    for (const auto& [key, r] : {std::pair{parent, root}, std::pair{child, folded}}) {
      REQUIRE(roots.emplace(key, r).first->second == r);
      REQUIRE(keys.emplace(r, key).first->second == key);
    }
    if (tree.tight()) {
      tree.replan(2 * static_cast<std::uint64_t>(i) + 2);
      roots.clear();
      keys.clear();
    }
  }
}

TEST_CASE("planning anew gives the items the bits their tables need, 64 in all",
          "[checker][tree]") {
  // 12 words whose every value is distinct: the items' tables grow until two items must merge.
  StateTree tree(12);
  const auto total = [&] {
    unsigned bits = 0;
    for (const unsigned b : tree.widths()) bits += b;
    return bits;
  };
  const std::size_t first_items = tree.widths().size();
  CHECK(first_items >= 2);
  CHECK(total() <= 64);
  std::uint32_t next = 1;
  std::vector<std::vector<std::uint32_t>> stored;
  const auto fold_all = [&] {
    for (const std::vector<std::uint32_t>& key : stored) {
      StateTree::Refs refs;
      std::uint64_t root;
      if (!tree.fold(key.data(), refs, root)) return false;
      if (tree.crowded()) tree.grow(0.6, 0.3);
    }
    return true;
  };
  for (int round = 0; round < 12; ++round) {
    for (int i = 0; i < 4000; ++i) {
      std::vector<std::uint32_t> key(12);
      for (std::uint32_t& w : key) w = next++;
      StateTree::Refs refs;
      std::uint64_t root;
      if (!tree.fold(key.data(), refs, root)) break;
      stored.push_back(key);
      if (tree.crowded()) tree.grow(0.6, 0.3);
    }
    tree.replan(stored.size());
    REQUIRE(total() <= 64);
    // A merged item is planned for every stored state: they all fit the new plan at once.
    REQUIRE(fold_all());
  }
  // So many distinct parts cannot all keep their own bits: some items were merged.
  CHECK(tree.widths().size() < first_items);
}

namespace {
// `count` distinct values whose lookups in a node table of up to 2^16 slots all start at the
// same slot (their positions, spread64, share their top 16 bits), so that every one but the
// first is found past others' slots.
std::vector<std::uint64_t> colliding_values(std::size_t count) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 1; values.size() < count; ++v) {
    if (tfmc::check::spread64(v) >> 48 == tfmc::check::spread64(1) >> 48) values.push_back(v);
  }
  return values;
}
}  // namespace

TEST_CASE("node table positions spread the pairs of words that keys are made of",
          "[checker][tree]") {
  // Pairs of words of eight 4-bit slots, each slot one of few values, as the tree's lowest
  // nodes see them: 2^16 distinct ones over 2^17 positions (as a table half full). Spread
  // evenly, no position gets more than a handful (a Poisson tail: 8 or more about once in
  // 10^6 positions); a position of some bits of the pair alone gets hundreds.
  std::mt19937 rng(17);
  std::set<std::uint64_t> pairs;
  while (pairs.size() < (std::size_t{1} << 16)) {
    std::uint64_t pair = 0;
    for (int slot = 0; slot < 16; ++slot) pair = (pair << 4) | (rng() % 3);
    pairs.insert(pair);
  }
  std::vector<unsigned> at(std::size_t{1} << 17);
  unsigned most = 0;
  for (const std::uint64_t pair : pairs)
    most = std::max(most, ++at[tfmc::check::spread64(pair) >> 47]);
  CHECK(most < 8);
}

TEST_CASE("a node table tells apart values whose lookups start at one slot, as it grows",
          "[checker][tree]") {
  std::atomic<bool> crowded{false};
  NodeTable table(&crowded);
  const std::vector<std::uint64_t> values = colliding_values(300);
  std::map<std::uint64_t, std::uint32_t> names;
  for (int round = 0; round < 2; ++round) {
    for (const std::uint64_t v : values) {
      table.prefetch(v);  // only a hint: nothing found or added by it
      const std::uint32_t ref = table.find_or_insert(v);
      const auto [it, fresh] = names.emplace(v, ref);
      REQUIRE(it->second == ref);
      if (fresh) REQUIRE(ref == names.size());
      if (crowded.load()) {
        table.reserve(0.6, 0.3);
        crowded = false;
      }
    }
  }
  CHECK(table.size() == values.size());
}

TEST_CASE("keys whose parts collide in the tree's tables keep distinct roots, folded or refolded",
          "[checker][tree]") {
  // Four words: two items over pairs of words, each pair one of the colliding values.
  StateTree tree(4);
  REQUIRE(tree.widths().size() == 2);
  const std::vector<std::uint64_t> parts = colliding_values(40);
  const auto key = [&](std::size_t a, std::size_t b) {
    return std::vector<std::uint32_t>{
        static_cast<std::uint32_t>(parts[a] >> 32), static_cast<std::uint32_t>(parts[a]),
        static_cast<std::uint32_t>(parts[b] >> 32), static_cast<std::uint32_t>(parts[b])};
  };
  std::map<std::uint64_t, std::pair<std::size_t, std::size_t>> keys;
  StateTree::Scratch scratch;
  for (std::size_t a = 0; a < parts.size(); ++a) {
    for (std::size_t b = 0; b < parts.size(); ++b) {
      if (tree.crowded()) tree.grow(0.6, 0.3);
      const std::vector<std::uint32_t> k = key(a, b);
      StateTree::Refs refs;
      std::uint64_t root;
      REQUIRE(tree.fold(k.data(), refs, root));
      REQUIRE(keys.emplace(root, std::pair{a, b}).first->second == std::pair{a, b});
      // The key made from its neighbour's by changing the second pair's words (the second
      // word listed twice, as two slots in one word list it), and from the tree's opened root.
      const std::vector<std::uint32_t> next = key(a, (b + 1) % parts.size());
      const std::vector<std::uint32_t> changed = {2, 3, 3};
      for (const std::uint32_t w : changed) tree.prefetch(next.data(), w);
      StateTree::Refs opened;
      tree.open(root, opened);
      std::uint64_t refolded, folded;
      REQUIRE(tree.refold(opened, root, next.data(), changed, scratch, refolded));
      StateTree::Refs whole;
      REQUIRE(tree.fold(next.data(), whole, folded));
      REQUIRE(refolded == folded);
    }
  }
  CHECK(keys.size() == parts.size() * parts.size());
}
