#include "checker/state_tree.h"

#include <algorithm>
#include <bit>
#include <functional>

namespace tfmc::check {

namespace {
constexpr unsigned kRootBits = 64;
constexpr unsigned kWordBits = 32;
// The fewest bits of a node item: the first plan cuts no deeper than this allows.
constexpr unsigned kMinItemBits = 8;
}  // namespace

StateTree::StateTree(std::size_t words)
    : words_(std::max<std::size_t>((words + 1) / 2 * 2, 2)), shared_(&crowded_, words_) {
  word_parent_.resize(words_);
  nodes_.reserve(words_ - 1);
  build(0, words_ / 2, 0);
  // The first cut: the root's children, then, while the items leave each node at least
  // kMinItemBits, a node item whose children are both nodes is replaced by them.
  items_ = {{nodes_[0].left, kWordBits}, {nodes_[0].right, kWordBits}};
  for (bool split = true; split;) {
    split = false;
    const auto count_words = std::count_if(items_.begin(), items_.end(),
                                           [](const Item& i) { return (i.child & kNode) == 0; });
    const std::size_t node_items = items_.size() - static_cast<std::size_t>(count_words);
    if (count_words * kWordBits + (node_items + 1) * kMinItemBits > kRootBits) break;
    for (std::size_t i = 0; i < items_.size() && !split; ++i) {
      if ((items_[i].child & kNode) == 0) continue;
      const Node& n = nodes_[items_[i].child & ~kNode];
      if ((n.left & kNode) == 0 || (n.right & kNode) == 0) continue;
      items_[i] = {n.left, 0};
      items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(i) + 1, {n.right, 0});
      split = true;
    }
  }
  place_cut();
  replan(0);
}

std::uint32_t StateTree::build(std::size_t first, std::size_t last, std::uint32_t parent) {
  // Over pairs of words [first, last): one pair is a node of two words; more are split in
  // halves, so that every node above the pairs has two nodes for children, which a cut can
  // always take apart.
  const auto k = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back({0, 0, parent});
  std::uint32_t left, right;
  if (last - first == 1) {
    left = static_cast<std::uint32_t>(2 * first);
    right = left + 1;
    word_parent_[left] = k;
    word_parent_[right] = k;
  } else {
    const std::size_t mid = first + (last - first + 1) / 2;
    left = kNode | build(first, mid, k);
    right = kNode | build(mid, last, k);
  }
  nodes_[k].left = left;
  nodes_[k].right = right;
  return k;
}

void StateTree::place_cut() {
  // Nodes are above the cut unless an item is them or above them. An item has a table of its
  // own, whose references are dense (they are its bits); the nodes below the items share one.
  above_.assign(nodes_.size(), 1);
  table_of_.resize(nodes_.size(), nullptr);
  for (const Item& item : items_) {
    if ((item.child & kNode) == 0) continue;
    const std::uint32_t top = item.child & ~kNode;
    std::vector<std::uint32_t> todo = {top};
    while (!todo.empty()) {
      const std::uint32_t k = todo.back();
      todo.pop_back();
      above_[k] = 0;
      if (k == top && (table_of_[k] == nullptr || table_of_[k] == &shared_)) {
        owned_.push_back(std::make_unique<NodeTable>(&crowded_));
        table_of_[k] = owned_.back().get();
      } else if (table_of_[k] == nullptr) {
        table_of_[k] = &shared_;
      }
      for (const std::uint32_t c : {nodes_[k].left, nodes_[k].right}) {
        if ((c & kNode) != 0) todo.push_back(c & ~kNode);
      }
    }
  }
  item_of_word_.assign(words_, kNoItem);
  item_of_node_.assign(nodes_.size(), kNoItem);
  for (std::size_t i = 0; i < items_.size(); ++i) {
    const std::uint32_t c = items_[i].child;
    ((c & kNode) != 0 ? item_of_node_[c & ~kNode] : item_of_word_[c]) =
        static_cast<std::uint32_t>(i);
  }
  path_first_.assign(1, 0);
  path_nodes_.clear();
  steps_.resize(words_);
  for (std::size_t w = 0; w < words_; ++w) {
    const std::uint32_t k = word_parent_[w];
    steps_[w] = item_of_word_[w] != kNoItem ? WordStep{nullptr, item_of_word_[w]}
                                            : WordStep{table_of_[k], item_of_node_[k]};
    for (std::uint32_t k = word_parent_[w]; above_[k] == 0; k = nodes_[k].parent) {
      path_nodes_.push_back(k);
    }
    path_first_.push_back(static_cast<std::uint32_t>(path_nodes_.size()));
  }
  flat_ = std::all_of(steps_.begin(), steps_.end(),
                      [](const WordStep& step) { return step.item != kNoItem; });
}

void StateTree::place_fields() {
  unsigned shift = 0;
  for (std::size_t i = items_.size(); i-- > 0;) {
    items_[i].shift = shift;
    shift += items_[i].bits;
  }
}

std::uint64_t StateTree::pair(std::size_t k, const std::uint32_t* words,
                              const std::uint32_t* refs) const {
  const auto value = [&](std::uint32_t c) -> std::uint64_t {
    return (c & kNode) != 0 ? refs[c & ~kNode] : words[c];
  };
  return (value(nodes_[k].left) << 32) | value(nodes_[k].right);
}

bool StateTree::pack(const std::uint32_t* words, const std::uint32_t* refs,
                     std::uint64_t& root) const {
  std::uint64_t r = 0;
  for (const Item& item : items_) {
    const std::uint64_t v =
        (item.child & kNode) != 0 ? refs[item.child & ~kNode] : words[item.child];
    if ((v >> item.bits) != 0) return false;
    r = (r << item.bits) | v;
  }
  root = r;
  return true;
}

bool StateTree::fold(const std::uint32_t* words, Refs& refs, std::uint64_t& root) {
  refs.resize(nodes_.size());
  // Children come after their parent: from the last node back, each meets its children done.
  for (std::size_t k = nodes_.size(); k-- > 0;) {
    if (above_[k] == 0) refs[k] = table_of_[k]->find_or_insert(pair(k, words, refs.data()));
  }
  return pack(words, refs.data(), root);
}

void StateTree::open(std::uint64_t root, Refs& refs) const {
  if (flat_) return;
  refs.assign(nodes_.size(), 0);
  for (std::size_t i = items_.size(); i-- > 0;) {
    const Item& item = items_[i];
    if ((item.child & kNode) != 0) {
      refs[item.child & ~kNode] =
          static_cast<std::uint32_t>(root & ((std::uint64_t{1} << item.bits) - 1));
    }
    root = item.bits < 64 ? root >> item.bits : 0;
  }
}

std::uint64_t StateTree::pair_finding(std::size_t k, const std::uint32_t* words, Refs& refs) {
  for (const std::uint32_t c : {nodes_[k].left, nodes_[k].right}) {
    if ((c & kNode) == 0 || refs[c & ~kNode] != 0) continue;
    const std::uint32_t n = c & ~kNode;
    refs[n] = table_of_[n]->find_or_insert(pair_finding(n, words, refs));
  }
  return pair(k, words, refs.data());
}

bool StateTree::refold_paths(Refs& parent, const std::uint32_t* words,
                             std::span<const std::uint32_t> changed, Scratch& scratch,
                             std::uint64_t& root) {
  // The nodes on the paths from the changed words up to the cut, each once, children before
  // parents (in decreasing node number); the others keep the parent's references, which
  // are put back afterwards. Paths that meet go on together: a path stops at a node met.
  bool fits = true;
  std::vector<std::uint32_t>& path = scratch.path;
  std::vector<std::uint32_t>& saved = scratch.saved;
  path.clear();
  for (const std::uint32_t w : changed) {
    if (item_of_word_[w] != kNoItem) {
      fits &= set_field(root, item_of_word_[w], words[w]);
      continue;
    }
    for (std::uint32_t n = path_first_[w]; n < path_first_[w + 1]; ++n) {
      const std::uint32_t k = path_nodes_[n];
      if (std::find(path.begin(), path.end(), k) != path.end()) break;
      path.push_back(k);
    }
  }
  std::sort(path.begin(), path.end(), std::greater<>());
  saved.clear();
  for (const std::uint32_t k : path) {
    // The path's children have their new references; the others may be found now, and
    // stay, since they are the parent's too.
    const std::uint64_t p = pair_finding(k, words, parent);
    saved.push_back(parent[k]);
    parent[k] = table_of_[k]->find_or_insert(p);
    if (item_of_node_[k] != kNoItem) fits &= set_field(root, item_of_node_[k], parent[k]);
  }
  for (std::size_t n = 0; n < path.size(); ++n) parent[path[n]] = saved[n];
  return fits;
}

unsigned StateTree::needed_bits(const Item& item, std::uint64_t states) const {
  if ((item.child & kNode) == 0) return kWordBits;
  const std::uint32_t k = item.child & ~kNode;
  std::uint64_t size = table_of_[k]->size();
  if (size == 0) {
    // An item just merged: its table fills as the store re-packs the states, with at most one
    // value a state, and at most one a pair of its children's values.
    const auto values = [&](std::uint32_t c) -> std::uint64_t {
      return (c & kNode) != 0 ? table_of_[c & ~kNode]->size() : std::uint64_t{1} << kWordBits;
    };
    const std::uint64_t left = values(nodes_[k].left), right = values(nodes_[k].right);
    size = std::min(states, left > 0 && right > states / left ? states : left * right);
  }
  return std::min<unsigned>(kWordBits, static_cast<unsigned>(std::bit_width(2 * size + 1)));
}

bool StateTree::tight() const {
  unsigned total = 0;
  bool short_of_room = false;
  for (const Item& item : items_) {
    total += needed_bits(item, 0);
    short_of_room |= needed_bits(item, 0) > item.bits;
  }
  // Worth it when the bits can be had, or a merge can make some (it cannot when the items
  // are the root's two children, whose 32 bits always suffice).
  return short_of_room && (total <= kRootBits || items_.size() > 2);
}

void StateTree::replan(std::uint64_t states) {
  before_ = items_;
  for (;;) {
    unsigned total = 0;
    for (Item& item : items_) total += needed_bits(item, states);
    if (total <= kRootBits) break;
    // Merge the two adjacent items under one parent that need the most bits together: their
    // parent's table starts empty, and the store's rebuild fills it.
    std::size_t best = items_.size();
    unsigned best_bits = 0;
    for (std::size_t i = 0; i + 1 < items_.size(); ++i) {
      const std::uint32_t a = items_[i].child, b = items_[i + 1].child;
      if ((a & kNode) == 0 || (b & kNode) == 0) continue;
      if (nodes_[a & ~kNode].parent != nodes_[b & ~kNode].parent) continue;
      const std::uint32_t p = nodes_[a & ~kNode].parent;
      if (p == 0 || nodes_[p].left != a || nodes_[p].right != b) continue;
      const unsigned bits = needed_bits(items_[i], states) + needed_bits(items_[i + 1], states);
      if (bits > best_bits) {
        best = i;
        best_bits = bits;
      }
    }
    if (best == items_.size()) break;  // the root's own children: 32 bits each always fit
    items_[best] = {kNode | nodes_[items_[best].child & ~kNode].parent, 0};
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(best) + 1);
    place_cut();
  }
  // The bits left over go to the node items in turn, room for more growth before the next plan.
  unsigned total = 0;
  for (Item& item : items_) {
    item.bits = needed_bits(item, states);
    total += item.bits;
  }
  for (bool given = true; given && total < kRootBits;) {
    given = false;
    for (Item& item : items_) {
      if (total < kRootBits && (item.child & kNode) != 0 && item.bits < kWordBits) {
        ++item.bits;
        ++total;
        given = true;
      }
    }
  }
  place_fields();
}

std::size_t StateTree::growth_bytes(double fill, double target) const {
  std::size_t bytes = shared_.growth_bytes(fill, target);
  for (const auto& t : owned_) bytes += t->growth_bytes(fill, target);
  return bytes;
}

void StateTree::grow(double fill, double target) {
  shared_.reserve(fill, target);
  for (const auto& t : owned_) t->reserve(fill, target);
  crowded_.store(false, std::memory_order_relaxed);
}

bool StateTree::repack(std::uint64_t old, std::uint64_t& root) {
  // The old items' references (words kept as they are), by node, as open() reads a root.
  thread_local Refs refs;
  thread_local std::vector<std::uint32_t> words;
  refs.assign(nodes_.size(), 0);
  words.assign(words_, 0);
  for (std::size_t i = before_.size(); i-- > 0;) {
    const Item& item = before_[i];
    const auto v = static_cast<std::uint32_t>(old & ((std::uint64_t{1} << item.bits) - 1));
    if ((item.child & kNode) != 0) {
      refs[item.child & ~kNode] = v;
    } else {
      words[item.child] = v;
    }
    old = item.bits < 64 ? old >> item.bits : 0;
  }
  // A merged item is above old ones: its pair, and its parts', from their references.
  for (const Item& item : items_) {
    if ((item.child & kNode) == 0 || refs[item.child & ~kNode] != 0) continue;
    const std::uint32_t k = item.child & ~kNode;
    refs[k] = table_of_[k]->find_or_insert(pair_finding(k, words.data(), refs));
  }
  return pack(words.data(), refs.data(), root);
}

std::vector<unsigned> StateTree::widths() const {
  std::vector<unsigned> w;
  for (const Item& item : items_) w.push_back(item.bits);
  return w;
}

std::size_t StateTree::bytes() const {
  std::size_t bytes = shared_.bytes();
  for (const auto& t : owned_) bytes += t->bytes();
  return bytes;
}

}  // namespace tfmc::check
