#include "checker/state_store.h"

// Inline XXH3 so hashing a key is not an out-of-line call into the shared library.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "checker/hash_mix.h"
#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
constexpr auto serially = VisitedSet::serially;

// States read back from the log at a time where whole levels are read (refitting).
constexpr std::size_t kReadBatch = 4096;

// The tree's tables grow when one of them crowds (three quarters full): then every table more
// than 60% full grows, to 30% where memory allows it (a crowded table fourfold), else to 60%
// (twofold); doubling alone was 3% slower on lost_update 8, and fourfold alone stopped it
// under --max-memory 2G at 30 M states, where a fourfold table did not fit, instead of 46 M.
// A level of several threads that crowds one stops, keeps what it finished, and goes on once
// they have grown (explorer.h). Growing them ahead, before each level (to 30% on several
// threads, 60% on one), was no faster for lost_update 6 and 8 on one thread or two, and
// lost_update 8 to 12 M states took 17.8 bytes a state on two threads against 13.6 now.
constexpr double kTableFill = 0.6;
double table_target(bool roomy) { return roomy ? kTableFill / 2 : kTableFill; }
}  // namespace

StateStore::StateStore(std::size_t slots_per_state, StoreMode mode,
                       std::vector<std::uint32_t> key_order)
    : mode_(mode), layout_(slots_per_state, 4, std::move(key_order)) {
  set_bits(4);
}

void StateStore::set_bits(unsigned bits) {
  layout_ = KeyLayout(layout_.slots(), bits, layout_.order());
  tree_ = std::make_unique<StateTree>(layout_.word_count());
  words_ = tree_->words();
  log_ = std::make_unique<StateLog>(layout_.key_bytes());
  visited_.clear(visited_.capacity(), serially);
}

bool StateStore::identify_key(const std::uint32_t* words, StateTree::Refs& refs,
                              std::uint64_t& id) {
  if (mode_ == StoreMode::Fingerprint) {
    id = XXH3_64bits(words, layout_.key_bytes());
    return true;
  }
  std::uint64_t root;
  if (!tree_->fold(words, refs, root)) return false;
  id = mix64(root);
  return true;
}

void StateStore::read_entries(StateIndex first, std::size_t count, unsigned char* out) const {
  log_->read(first, count, out);
}

void StateStore::open(const unsigned char* entry, Opened& out, bool tree) {
  out.words.assign(words_, 0);
  std::memcpy(out.words.data(), entry, layout_.key_bytes());
  out.slots.resize(layout_.slots());
  layout_.decode(entry, out.slots.data());
  if (tree) open_tree(entry, out);
}

void StateStore::open_tree(const unsigned char* entry, Opened& out) const {
  // The items' references are in the identity; the tree finds the others as it needs them.
  if (mode_ == StoreMode::Compressed) {
    out.root = unmix64(StateLog::id_in(entry, layout_.key_bytes()));
    tree_->open(out.root, out.refs);
  }
}

bool StateStore::successor_key(const Opened& parent, const Slot* next,
                               std::span<const std::uint32_t> written, std::uint32_t* words) const {
  std::copy(parent.words.begin(), parent.words.end(), words);
  auto* key = reinterpret_cast<unsigned char*>(words);
  bool fits = true;
  for (const std::uint32_t s : written) fits &= layout_.set_slot(key, s, next[s]);
  if (fits && mode_ == StoreMode::Compressed) {
    // The words of the written slots: a word met twice is fetched twice, which costs less
    // than finding the duplicates.
    for (const std::uint32_t s : written) {
      tree_->prefetch(words, static_cast<std::uint32_t>(layout_.word_of(s)));
    }
  }
  return fits;
}

bool StateStore::successor(Opened& parent, const std::uint32_t* words,
                           std::span<const std::uint32_t> written, std::uint64_t& id) {
  if (mode_ == StoreMode::Fingerprint) {
    id = XXH3_64bits(words, layout_.key_bytes());
    return true;
  }
  // The words of the written slots (a word twice where two slots share it), on the stack for
  // the few that a firing usually writes.
  std::array<std::uint32_t, 8> few;
  std::uint32_t* changed = few.data();
  if (written.size() > few.size()) {
    parent.changed.resize(written.size());
    changed = parent.changed.data();
  }
  for (std::size_t i = 0; i < written.size(); ++i) {
    changed[i] = static_cast<std::uint32_t>(layout_.word_of(written[i]));
  }
  std::uint64_t root;
  if (!tree_->refold(parent.refs, parent.root, words, {changed, written.size()}, parent.scratch,
                     root)) {
    return false;
  }
  id = mix64(root);
  return true;
}

void StateStore::prefetch(std::uint64_t id) const {
  visited_.prefetch(id);
  if (provisional_) staged_.prefetch(id);
}

namespace {
// The capacity of a staging set for `expected` states.
std::uint64_t staging_capacity(double expected) {
  return std::max<std::uint64_t>(16, static_cast<std::uint64_t>(expected * 10 / 7) + 64);
}
}  // namespace

std::size_t StateStore::staging_bytes(double expected) const {
  return (staging_capacity(expected) + 1) * 2 * sizeof(std::uint64_t);
}

void StateStore::open_level(bool provisional, std::uint64_t cap, unsigned inserters,
                            std::uint64_t expected, const ForEach& for_each) {
  if (visited_stale_) rebuild_visited(for_each);
  provisional_ = provisional;
  level_size_.store(0, std::memory_order_relaxed);
  committed_.store(0, std::memory_order_relaxed);
  if (provisional) {
    // The last level's staging set is kept where its states were all taken (it is empty
    // then), resized in place where it is too small or much larger than needed (a larger set
    // touches more memory); else a fresh region, whose pages come zeroed, which is what empty
    // means. Fresh pages cost page faults, zeroing and, on several threads, TLB shootdowns:
    // lost_update 8 to 12 M states on two threads made 610 MB of staging anew, level after
    // level, where growing in place makes 340 MB.
    const std::uint64_t capacity = staging_capacity(static_cast<double>(expected));
    if (!staging_empty_) {
      staged_.clear(capacity, for_each);
    } else if (staged_.capacity() < capacity || staged_.capacity() > 2 * capacity) {
      staged_.resize_empty(capacity, for_each);
    }
    staging_ = true;
    staging_empty_ = false;
  }
  requested_cap_ = cap;
  inserters_ = inserters;
  set_cap();
}

void StateStore::set_cap() {
  const std::uint64_t limit = provisional_ ? staged_.limit() : visited_.limit() - size_;
  const std::uint64_t slack = std::uint64_t{inserters_} * (provisional_ ? kNumberBatch : 1);
  const std::uint64_t room = limit > slack ? limit - slack : 0;
  cap_ = std::min({requested_cap_, room, kMaxStates - size_});
}

bool StateStore::over_cap() const {
  // A crowded tree table has a quarter of its slots left for what inserters add before
  // they look again.
  return level_size() >= cap_ || (mode_ == StoreMode::Compressed && tree_->crowded());
}

StateStore::LevelInsert StateStore::insert(const std::uint32_t* words, std::uint64_t id, Link link,
                                           Numbers& numbers) {
  const auto* key = reinterpret_cast<const unsigned char*>(words);
  if (!provisional_) {
    const VisitedSet::Found f = visited_.insert(id);
    if (!f.inserted) return {f.pos, Found::Stored};
    const std::uint64_t n = level_size_.fetch_add(1, std::memory_order_relaxed);
    TFMC_CHECK(size_ + n < kMaxStates, "more states than the store can index (2^31 - 2)");
    log_->append(size_ + n, key, id, link);
    return {size_ + n, Found::New};
  }
  // Most successors of a level are met again in the same level: the staging set first.
  VisitedSet::Found f = {staged_.find(id), false};
  if (f.pos == VisitedSet::npos) {
    if (visited_.find(id) != VisitedSet::npos) return {0, Found::Stored};
    f = staged_.insert(id);
  }
  if (f.inserted) {
    ++numbers.staged;
    if (numbers.next == numbers.end) {
      numbers.next = level_size_.fetch_add(kNumberBatch, std::memory_order_relaxed);
      numbers.end = numbers.next + kNumberBatch;
    }
    ++numbers.next;
  }
  // The least link is the greatest complement.
  std::atomic_ref<std::uint64_t> word(*staged_.payload(f.pos));
  const std::uint64_t want = ~link;
  for (std::uint64_t old = word.load(std::memory_order_relaxed); want > old;) {
    if (word.compare_exchange_weak(old, want, std::memory_order_relaxed)) {
      return {f.pos, f.inserted ? Found::New : Found::Lowered};
    }
  }
  return {f.pos, f.inserted ? Found::New : Found::Stored};
}

bool StateStore::contains_id(std::uint64_t id) const {
  return visited_.find(id) != VisitedSet::npos;
}

bool StateStore::take_staged(std::uint64_t pos, StateIndex first, StateIndex last, Staged& out) {
  // The payload is read first and decides: an entry emptied by its owner reads as link ~0.
  out.link = ~std::atomic_ref<std::uint64_t>(*staged_.payload(pos)).load(std::memory_order_relaxed);
  out.id = staged_.value_at(pos);
  const auto parent = static_cast<StateIndex>(out.link >> 32);
  if (parent < first || parent >= last) return false;
  staged_.erase_at(pos);
  return true;
}

void StateStore::commit_range(std::uint64_t first, const Staged* states, std::size_t count,
                              const std::uint32_t* keys) {
  const std::size_t kb = layout_.key_bytes();
  std::vector<unsigned char> entries(count * entry_bytes());
  // Each identity's entry is fetched well before it is inserted, so that the misses overlap.
  constexpr std::size_t kAhead = 16;
  for (std::size_t k = 0; k < count; ++k) {
    if (k + kAhead < count) visited_.prefetch(states[k + kAhead].id);
    StateLog::put(entries.data() + k * entry_bytes(), kb,
                  reinterpret_cast<const unsigned char*>(keys + k * words_), states[k].id,
                  states[k].link);
    visited_.insert(states[k].id);
  }
  log_->write(size_ + first, count, entries.data());
  committed_.fetch_add(count, std::memory_order_relaxed);
}

void StateStore::close_level() {
  if (provisional_) staging_empty_ = true;  // every staged state was taken before its commit
  log_->flush();
  size_ += provisional_ ? committed_.load() : level_size();
  level_size_.store(0, std::memory_order_relaxed);
}

void StateStore::drop_level() {
  if (!provisional_) {
    // The level's states are in the visited set: it is built again when next needed.
    log_->truncate(size_);
    visited_stale_ = level_size() > 0;
  }
  level_size_.store(0, std::memory_order_relaxed);
}

void StateStore::release_staging() {
  staged_.clear(16, serially);
  staging_ = false;
  staging_empty_ = true;
}

std::size_t StateStore::growth_bytes(std::uint64_t states, bool roomy) const {
  const std::uint64_t capacity = visited_.capacity_for(states);
  const std::size_t bytes =
      capacity == visited_.capacity() ? 0 : (capacity + 1) * sizeof(std::uint64_t);
  return bytes + (crowded() ? tree_->growth_bytes(kTableFill, table_target(roomy)) : 0);
}

std::size_t StateStore::refit_bytes(Slot any) const {
  // A visited set built anew beside the old one, and (widening) a tree built anew.
  const bool widen = KeyLayout::bits_for(any) > layout_.bits();
  return visited_.bytes() + (widen ? tree_->bytes() * 2 : 0);
}

void StateStore::reserve(std::uint64_t states, const ForEach& for_each, bool roomy) {
  if (visited_stale_) rebuild_visited(for_each);
  const std::uint64_t capacity = visited_.capacity_for(states);
  if (capacity != visited_.capacity()) visited_.rebuild(capacity, for_each);
  if (crowded()) tree_->grow(kTableFill, table_target(roomy));
  set_cap();  // a level that is open has more room
}

void StateStore::rebuild_visited(const ForEach& for_each) {
  // The log is read in pieces, on the caller's threads. A piece stops early where the tree's
  // tables crowd (they grow between rounds, when no fold runs) or where a key does not fit
  // the plan: a part merged by the plan has its table filled only now, so the tree is planned
  // again with its size, and every key folds anew, since the file holds roots of both plans.
  ++refits_;  // the identities may change (they do after a refit), and the log with them
  const std::uint64_t pieces = (size_ + kReadBatch - 1) / kReadBatch;
  const auto piece_end = [&](std::uint64_t k) {
    return std::min<std::uint64_t>(size_, (k + 1) * kReadBatch);
  };
  for (;;) {
    visited_.clear(visited_.capacity_for(size_), for_each);
    std::vector<std::uint64_t> next(pieces);
    for (std::uint64_t k = 0; k < pieces; ++k) next[k] = k * kReadBatch;
    std::atomic<bool> misfit{false};
    for (bool more = pieces > 0; more && !misfit.load();) {
      if (crowded()) tree_->grow(kTableFill, table_target(true));
      for_each(pieces, [&](std::size_t k) {
        if (next[k] < piece_end(k)) next[k] = rebuild_piece(next[k], piece_end(k), misfit);
      });
      more = false;
      for (std::uint64_t k = 0; k < pieces; ++k) more |= next[k] < piece_end(k);
    }
    if (!misfit.load()) break;
    tree_->replan(size_);
    ids_stale_ = true;
  }
  visited_stale_ = false;
  ids_stale_ = false;
  replanned_ = false;
}

std::uint64_t StateStore::rebuild_piece(std::uint64_t first, std::uint64_t end,
                                        std::atomic<bool>& misfit) {
  const std::size_t kb = layout_.key_bytes();
  const bool remake = ids_stale_ || replanned_;
  std::vector<unsigned char> entries((end - first) * entry_bytes());
  log_->read(first, end - first, entries.data());
  std::vector<std::uint32_t> words(words_, 0);
  StateTree::Refs refs;
  // The identities first, then their inserts, each entry fetched well before, so that the
  // misses overlap.
  std::vector<std::uint64_t> ids;
  ids.reserve(end - first);
  for (std::uint64_t k = 0;
       first + k < end && !misfit.load(std::memory_order_relaxed) && !crowded(); ++k) {
    unsigned char* entry = &entries[k * entry_bytes()];
    std::uint64_t id = StateLog::id_in(entry, kb);
    if (remake) {
      // After a plan that kept the keys, the old root re-packs; else the key folds anew.
      std::uint64_t root;
      std::memcpy(words.data(), entry, kb);
      const bool fits =
          ids_stale_ ? identify_key(words.data(), refs, id) : tree_->repack(unmix64(id), root);
      if (!fits) {
        misfit.store(true);
        break;
      }
      if (!ids_stale_) id = mix64(root);
      std::memcpy(entry + kb, &id, sizeof(id));
    }
    ids.push_back(id);
  }
  constexpr std::size_t kAhead = 16;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (k + kAhead < ids.size()) visited_.prefetch(ids[k + kAhead]);
    visited_.insert(ids[k]);
  }
  if (remake && !ids.empty()) log_->write(first, ids.size(), entries.data());
  return first + ids.size();
}

void StateStore::refit(Slot any, const ForEach& for_each) {
  const unsigned bits = std::max(layout_.bits(), KeyLayout::bits_for(any));
  if (bits != layout_.bits()) {
    // Every key read back at the old width and written at the new one, in pieces; the
    // identities follow from the keys.
    const KeyLayout old_layout = layout_;
    const std::unique_ptr<StateLog> old_log = std::move(log_);
    set_bits(bits);
    for_each((size_ + kReadBatch - 1) / kReadBatch, [&](std::size_t piece) {
      const std::uint64_t first = piece * kReadBatch;
      const std::uint64_t count = std::min<std::uint64_t>(kReadBatch, size_ - first);
      std::vector<unsigned char> old_entries(count * old_log->entry_bytes());
      std::vector<unsigned char> entries(count * entry_bytes());
      std::vector<Slot> slots(layout_.slots());
      std::vector<unsigned char> key(words_ * sizeof(std::uint32_t));
      old_log->read(first, count, old_entries.data());
      for (std::uint64_t k = 0; k < count; ++k) {
        const unsigned char* old_entry = &old_entries[k * old_log->entry_bytes()];
        old_layout.decode(old_entry, slots.data());
        layout_.encode(slots.data(), key.data());
        StateLog::put(&entries[k * entry_bytes()], layout_.key_bytes(), key.data(), 0,
                      StateLog::link_in(old_entry, old_layout.key_bytes()));
      }
      log_->write(first, count, entries.data());
    });
    ids_stale_ = true;
  } else if (tight()) {
    tree_->replan(size_);
    replanned_ = true;
  } else {
    return;
  }
  rebuild_visited(for_each);
}

bool StateStore::identify(const Slot* state, std::vector<std::uint32_t>& words, std::uint64_t& id) {
  words.assign(words_, 0);
  return layout_.encode(state, reinterpret_cast<unsigned char*>(words.data())) &&
         identify_key(words.data(), whole_refs_, id);
}

StateStore::Insert StateStore::find_or_insert(const Slot* state, StateIndex parent,
                                              TransitionId via) {
  open_level(false, kMaxStates, 1, 1, serially);
  const Insert r = add(state, make_link(parent, via));
  close_level();
  return r;
}

StateStore::Insert StateStore::add(const Slot* state, Link link) {
  std::vector<std::uint32_t>& words = whole_words_;
  std::uint64_t id;
  for (;;) {
    // Crowded tree tables grow before a fold adds to them, a full visited set before an insert.
    if (over_cap()) reserve(size_ + level_size() + 1, serially);
    if (identify(state, words, id)) break;
    Slot any = 0;
    for (std::size_t k = 0; k < layout_.slots(); ++k) any |= state[k];
    close_level();
    refit(any, serially);
    open_level(false, requested_cap_, 1, 1, serially);
  }
  Numbers numbers;
  const LevelInsert r = insert(words.data(), id, link, numbers);
  if (r.found != Found::New) return {kNoState, false};
  return {static_cast<StateIndex>(r.pos), true};
}

bool StateStore::contains(const Slot* state) {
  if (visited_stale_) rebuild_visited(serially);
  // A crowded table grows before a fold adds to it (a stopped level may ask of many states).
  if (crowded()) reserve(size_ + level_size(), serially);
  // A state that does not fit the keys is wider than every stored one; one that does not fit
  // the tree has a part no stored state has.
  std::uint64_t id;
  return identify(state, whole_words_, id) && contains_id(id);
}

void StateStore::load(StateIndex i, Slot* out) const {
  std::vector<unsigned char> entry(entry_bytes());
  log_->read(i, 1, entry.data());
  layout_.decode(entry.data(), out);
}

std::size_t StateStore::bytes() const {
  std::size_t bytes = visited_.bytes() + tree_->bytes() + log_->buffer_bytes();
  if (staging_) bytes += staged_.bytes();
  return bytes;
}

}  // namespace tfmc::check
