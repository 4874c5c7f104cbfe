// Tree compression of keys (key_layout.h), after LTSmin's, with a packed root: a key's 32-bit
// words are the leaves of a fixed balanced binary tree (over pairs of words) whose inner nodes are
// pairs of their children (a word, or the reference of an inner node). Tables (node_table.h) name
// the distinct pairs met 1, 2, 3, ...: each item (below) has its own, so that its references are
// dense, and the nodes below the items share one. So a state is exactly the references of a
// cut through the tree (the items: nodes, or words where the cut meets one), and the root
// packs them into 64 bits, each item in as few bits as its table needs (a word in 32). Below the
// cut, nodes are shared between many states, and their tables stay small; above it, nothing is
// stored at all: a state costs only its root.
//
// Why a cut, not a binary root: in lost_update 8 the two halves of a state each hold four
// replicas' progress and are nearly as many as the states, so a root of two half references
// (LTSmin's tree) costs two new nodes a state. The quarters below them number in the
// thousands.
//
// Widths. Tables grow as states come; an item whose table outgrows its bits makes fold return
// false, and the store then plans again (replan): more bits where 64 allow it, else two items
// merged into their parent node. Every root changes then, and the store builds its visited set
// again from the keys (state_store.h). tight() says when planning again before a table
// overflows is worth it. Safe from several threads at once, except replan.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "checker/node_table.h"

namespace tfmc::check {

class StateTree {
 public:
  // A tree over keys of `words` 32-bit words, read as an even number of them, at least 2
  // (words(); the padding is zero).
  explicit StateTree(std::size_t words);

  std::size_t words() const { return words_; }

  // The references of a state's nodes at or below the cut, by node number; 0 for one not
  // known yet (refold finds it when it needs it).
  using Refs = std::vector<std::uint32_t>;
  // The root of the key in `words` (words() words), folded whole, and its nodes' references
  // in `refs`; false when an item's reference does not fit its bits.
  bool fold(const std::uint32_t* words, Refs& refs, std::uint64_t& root);
  // The references of the items packed in `root` (the nodes below them unknown); nothing
  // where every word is an item or a child of one, since refold needs no references then.
  void open(std::uint64_t root, Refs& refs) const;
  // The same as fold for the key in `words`, which differs from the key of `parent` (whose
  // references fold or open gave, and whose root is `parent_root`) only in the words listed in
  // `changed` (a word may be listed twice): only the nodes above those words are looked up, and
  // only their items' fields of the parent's root replaced. `parent` is patched along the way
  // and left as it came; `scratch` is the caller's, reused between calls.
  struct Scratch {
    std::vector<std::uint32_t> path, saved;
  };
  bool refold(Refs& parent, std::uint64_t parent_root, const std::uint32_t* words,
              std::span<const std::uint32_t> changed, Scratch& scratch, std::uint64_t& root) {
    root = parent_root;
    if (!flat_ && !flat(changed)) return refold_paths(parent, words, changed, scratch, root);
    // Inline, the usual case (a firing makes one successor, so this runs once a firing):
    // every changed word is an item or a child of one (items over pairs of words), so each is
    // one lookup of a pair of words and one field, with no path to follow.
    bool fits = true;
    for (std::size_t i = 0; i < changed.size(); ++i) {
      const std::uint32_t w = changed[i];
      const WordStep& step = steps_[w];
      // Both words of a pair come into its lookup: a pair met before is done (firings write
      // slots that lie together: TransitionSystem::key_order).
      bool done = false;
      for (std::size_t j = 0; j < i; ++j) done |= (changed[j] | 1u) == (w | 1u);
      if (done && step.table != nullptr) continue;
      const std::uint64_t value =
          step.table == nullptr ? words[w] : step.table->find_or_insert(word_pair(words, w));
      fits &= set_field(root, step.item, value);
    }
    return fits;
  }
  // Fetches into the cache the table slot where refold's lookup of the lowest node above word
  // `w` of the key in `words` starts: its pair is words only, known before any lookup, so
  // that the misses of many successors' lookups overlap.
  void prefetch(const std::uint32_t* words, std::uint32_t w) const {
    if (steps_[w].table != nullptr) steps_[w].table->prefetch(word_pair(words, w));
  }

  // Whether some item's table is more than half way to its bits and replan would give it
  // more room.
  bool tight() const;
  // Plans the items again for the tables' present sizes, with room for each to double: more
  // bits, or items merged. Every root changes. A merged item is planned for the values it can
  // have: one a state of the `states` stored, and one a pair of its parts' values. No fold
  // running.
  void replan(std::uint64_t states);
  // The root, under the present plan, of the state whose root was `old` under the plan before
  // the last replan(): its items' references re-packed, and a merged item's found from its
  // parts' (no key needed). False when an item does not fit, as fold.
  bool repack(std::uint64_t old, std::uint64_t& root);

  // Whether a table passed three quarters full (node_table.h): the tables grow only while no
  // fold runs, with grow(fill, target), which grows those more than `fill` full to at most
  // `target` full (and maps growth_bytes(fill, target)).
  bool crowded() const { return crowded_.load(std::memory_order_relaxed); }
  void grow(double fill, double target);
  std::size_t growth_bytes(double fill, double target) const;

  // The items' bits, in order (for tests and statistics).
  std::vector<unsigned> widths() const;
  // Memory of the tables.
  std::size_t bytes() const;

 private:
  // A child: a word (the index of a word) or an inner node (kNode | node number).
  static constexpr std::uint32_t kNode = 0x80000000u;
  struct Node {
    std::uint32_t left, right;
    std::uint32_t parent;  // node number (the root's is its own)
  };
  struct Item {
    std::uint32_t child;  // a word, or kNode | a node at the cut
    unsigned bits;
    unsigned shift = 0;  // of its field in the root: the bits of the items after it
  };
  static constexpr std::uint32_t kNoItem = 0xffffffffu;
  std::uint32_t build(std::size_t first, std::size_t last, std::uint32_t parent);
  // The pair of node k from the given words and references.
  std::uint64_t pair(std::size_t k, const std::uint32_t* words, const std::uint32_t* refs) const;
  // The pair of node k, finding (and keeping in `refs`) its children's unknown references.
  std::uint64_t pair_finding(std::size_t k, const std::uint32_t* words, Refs& refs);
  // The root of the items from the given words and references; false when one does not fit.
  bool pack(const std::uint32_t* words, const std::uint32_t* refs, std::uint64_t& root) const;
  // The bits an item's table needs now, with room to double; for an item just merged, whose
  // table is still empty, the bits of its bound for `states` states (replan).
  unsigned needed_bits(const Item& item, std::uint64_t states) const;
  // Sets above_ and table_of_ from the items (a table for every node at or below the cut), and
  // the paths and items that refold follows from a word.
  void place_cut();
  // Sets the items' shifts from their bits.
  void place_fields();
  // The root `root` with item i's field set to `value`; false when the value does not fit.
  bool set_field(std::uint64_t& root, std::uint32_t i, std::uint64_t value) const {
    const Item& item = items_[i];
    if ((value >> item.bits) != 0) return false;
    const std::uint64_t mask = ((std::uint64_t{1} << item.bits) - 1) << item.shift;
    root = (root & ~mask) | (value << item.shift);
    return true;
  }
  // The pair of the lowest node above word w: w and its neighbour, as pair() makes it.
  static std::uint64_t word_pair(const std::uint32_t* words, std::uint32_t w) {
    return (std::uint64_t{words[w & ~1u]} << 32) | words[w | 1u];
  }
  // Whether every word in `changed` is an item or a child of one (refold's inline case).
  bool flat(std::span<const std::uint32_t> changed) const {
    bool all = true;
    for (const std::uint32_t w : changed) all &= steps_[w].item != kNoItem;
    return all;
  }
  // refold where some changed word has a path of nodes up to the cut.
  bool refold_paths(Refs& parent, const std::uint32_t* words,
                    std::span<const std::uint32_t> changed, Scratch& scratch, std::uint64_t& root);

  std::size_t words_;
  std::vector<Node> nodes_;                 // in preorder: a child after its parent
  std::vector<std::uint32_t> word_parent_;  // the node a word is a child of
  std::vector<Item> items_;                 // the cut, from the first word to the last
  std::vector<Item> before_;                // the items before the last replan()
  std::vector<std::uint8_t> above_;         // by node: above the cut (stored nowhere)
  // By word w: the nodes from its parent up to the cut, path_nodes_[path_first_[w] ..
  // path_first_[w + 1]); the item it is (kNoItem: none). By node: the item it is.
  std::vector<std::uint32_t> path_first_, path_nodes_;
  std::vector<std::uint32_t> item_of_word_, item_of_node_;
  // By word, what refold and prefetch do when it changes, read in one place: the table of the
  // lowest node above it (null when the word is an item itself), and the item whose field it
  // or that node sets (kNoItem when the node is below the cut: the word has a path to follow).
  struct WordStep {
    NodeTable* table;
    std::uint32_t item;
  };
  std::vector<WordStep> steps_;
  bool flat_ = false;  // whether every word is an item or a child of one
  std::atomic<bool> crowded_{false};
  NodeTable shared_;                               // the nodes below the items
  std::vector<std::unique_ptr<NodeTable>> owned_;  // the items' own tables
  std::vector<NodeTable*> table_of_;               // by node: at or below the cut
};

}  // namespace tfmc::check
