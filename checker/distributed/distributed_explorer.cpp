#include "checker/distributed/distributed_explorer.h"

#include <algorithm>
#include <span>

#include "checker/hash_mix.h"
#include "semantics/errors/invariant.h"
#include "semantics/values/wire_codec.h"

namespace tfmc::dist {

namespace {

using check::StateIndex;

// States between limit checks; reading the resident size costs a few microseconds.
constexpr StateIndex kCheckEvery = 64;
// Expanded states between looks at what has arrived.
constexpr StateIndex kPollEvery = 16;
// States read from the log at a time.
constexpr StateIndex kBlockStates = 128;
// States identified ahead of their inserts.
constexpr std::size_t kBatch = 32;
// The cache of states sent (SentCache). On 2 ranks, lost_update 5 sends 3.4 states a state
// without it, 1.3 with 1 MiB, 1.1 with 4 MiB; lost_update 6, whose levels are wider, 2.0 with
// 4 MiB, 1.4 with 32 MiB and 1.1 with 128 MiB, in the same time within 3% (single runs of
// builds with this size changed).
constexpr std::size_t kSentCacheBytes = std::size_t{4} << 20;

}  // namespace

DistributedExplorer::DistributedExplorer(const MpiRanks& ranks, TransitionSystem& model,
                                         StateCodec& codec, check::Limits limits,
                                         check::StoreMode store, DistributedOptions options)
    : ranks_(ranks),
      model_(model),
      codec_(codec),
      limits_(limits),
      watch_(limits),
      options_(options),
      store_(model.slot_count(), store, model.key_order()),
      mailbox_(ranks, options.message_bytes, options.rank_timeout_s),
      sent_(static_cast<std::size_t>(ranks.size()), static_cast<std::size_t>(ranks.size()) - 1,
            kSentCacheBytes, store_.key_words()),
      sent_key_(store_.key_words()),
      scratch_(model.slot_count()) {
  TFMC_CHECK(ranks.size() <= 65536, "at most 65536 ranks (a parent's rank in 16 bits)");
}

double DistributedExplorer::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

int DistributedExplorer::owner(std::uint64_t digest) const {
  return static_cast<int>(check::mix64(digest) % static_cast<std::uint64_t>(ranks_.size()));
}

std::vector<Slot> DistributedExplorer::state(StateIndex i) const {
  std::vector<Slot> s(store_.slot_count());
  store_.load(i, s.data());
  return s;
}

void DistributedExplorer::store(const Slot* state, int from, StateIndex parent, TransitionId t) {
  if (level_new_ >= level_budget_) {
    // Stored already, or lost to the limit: the result is incomplete either way.
    if (!store_.contains(state)) halt_ = std::max(halt_, check::StopReason::MaxStates);
    return;
  }
  if (store_.add(state, check::make_link(parent, t)).inserted) {
    parent_rank_.push_back(static_cast<std::uint16_t>(from));
    ++level_new_;
  }
}

DistributedExplorer::Pending& DistributedExplorer::pend(const Slot* state, int from,
                                                        StateIndex parent, TransitionId t) {
  if (pending_count_ == pending_.size()) pending_.emplace_back();
  Pending& p = pending_[pending_count_++];
  p.slots.assign(state, state + store_.slot_count());
  p.key.resize(store_.key_words());
  p.from = from;
  p.link = check::make_link(parent, t);
  p.refits = store_.refits();
  return p;
}

void DistributedExplorer::queue(Pending& p, bool identified) {
  p.identified = identified;
  if (identified) store_.prefetch(p.id);
  // A fold (whole or not) that crowds the tree's tables stops the batch: its first insert
  // then finds the store over its cap and stores its state whole, which grows them.
  if (pending_count_ == kBatch || store_.crowded()) flush();
}

void DistributedExplorer::flush() {
  for (std::size_t k = 0; k < pending_count_; ++k) {
    Pending& p = pending_[k];
    // An identity made before a refit is stale; the level's budget is store()'s to judge.
    if (p.identified && p.refits == store_.refits() && level_new_ < level_budget_ &&
        !store_.over_cap()) {
      if (store_.insert(p.key.data(), p.id, p.link, numbers_).found ==
          check::StateStore::Found::New) {
        parent_rank_.push_back(static_cast<std::uint16_t>(p.from));
        ++level_new_;
      }
    } else {
      store(p.slots.data(), p.from, static_cast<StateIndex>(p.link >> 32),
            static_cast<TransitionId>(p.link));
    }
  }
  pending_count_ = 0;
}

void DistributedExplorer::receive_states(int from, const unsigned char* data, std::size_t size) {
  MessageReader in(data, size);
  const auto channel = static_cast<std::size_t>(from);
  while (!in.done()) {
    const auto parent = in.get<StateIndex>();
    const auto t = in.get<TransitionId>();
    in.skip_to(codec_.read(channel, in.at(), in.end(), scratch_.data()));
    Pending& p = pend(scratch_.data(), from, parent, t);
    queue(p, store_.identify(p.slots.data(), p.key, p.id));
  }
  flush();
}

void DistributedExplorer::store_owned(check::StateStore::Opened& parent, const Slot* next,
                                      StateIndex s, TransitionId t,
                                      std::span<const std::uint32_t> written) {
  // As one process does it: the key is the parent's with the written slots set, and the
  // identity the parent's tree folded again where they lie (else the state is stored whole).
  Pending& p = pend(next, ranks_.rank(), s, t);
  queue(p, store_.successor_key(parent, next, written, p.key.data()) &&
               store_.successor(parent, p.key.data(), written, p.id));
}

bool DistributedExplorer::sent_before(int to, std::uint64_t digest,
                                      const check::StateStore::Opened& parent, const Slot* next,
                                      std::span<const std::uint32_t> written) {
  if (sent_refits_ != store_.refits()) {
    // The keys' layout may have changed (their words too).
    sent_.clear(store_.key_words());
    sent_key_.resize(store_.key_words());
    sent_refits_ = store_.refits();
  }
  return store_.successor_key(parent, next, written, sent_key_.data()) &&
         sent_.seen(static_cast<std::size_t>(to), digest, sent_key_.data());
}

StateIndex DistributedExplorer::expand(StateIndex lo, StateIndex hi) {
  const int me = ranks_.rank();
  const Mailbox::Handler receive = [this](int from, const unsigned char* data, std::size_t size) {
    receive_states(from, data, size);
  };
  std::vector<Slot> next(model_.slot_count());
  std::vector<std::uint64_t> slot_digests(model_.slot_count());
  std::vector<TransitionId> enabled;
  // States are read from the log a block at a time, and again after the store refitted (a
  // state received or stored as a whole may make it rewrite the log and replan its tree).
  std::vector<unsigned char> block;
  check::StateStore::Opened opened;
  StateIndex block_first = lo, block_end = lo;
  std::uint64_t refits = store_.refits();
  const auto read_block = [&](StateIndex first) {
    block_first = first;
    block_end = std::min<StateIndex>(hi, first + kBlockStates);
    block.resize((block_end - block_first) * store_.entry_bytes());
    store_.read_entries(block_first, block_end - block_first, block.data());
    refits = store_.refits();
  };
  const auto open = [&](StateIndex s) {
    if (s == block_end || refits != store_.refits()) read_block(s);
    store_.open(block.data() + (s - block_first) * store_.entry_bytes(), opened);
  };
  for (StateIndex s = lo; s < hi; ++s) {
    if ((s - lo) % kCheckEvery == 0) halt_ = std::max(halt_, watch_.reached());
    if (halt_ != check::StopReason::None) {
      flush();
      return s;
    }
    if ((s - lo) % kPollEvery == 0) mailbox_.poll(receive);
    open(s);
    const std::vector<Slot>& parent = opened.slots;
    // The parent's digest whole, a successor's from it and the slots it writes.
    codec_.slot_digests(parent.data(), slot_digests.data());
    std::uint64_t digest = 0;
    for (const std::uint64_t d : slot_digests) digest += d;
    enabled.clear();
    model_.enabled(parent.data(), enabled);
    if (enabled.empty()) finals_.push_back(s);
    transitions_ += enabled.size();
    next = parent;
    for (TransitionId t : enabled) {
      const std::span<const std::uint32_t> written = model_.fire(parent.data(), t, next.data());
      if (model_.interrupted()) {  // a limit cut its eager firings short: s stays unexpanded
        next = parent;
        halt_ = std::max(halt_, watch_.reached());
        flush();
        return s;
      }
      std::uint64_t next_digest = digest;
      for (std::uint32_t k : written) {
        next_digest += codec_.slot_digest(k, next[k]) - slot_digests[k];
      }
      const int to = owner(next_digest);
      if (to == me) {
        store_owned(opened, next.data(), s, t, written);
      } else if (!sent_before(to, next_digest, opened, next.data(), written)) {
        std::vector<unsigned char>& box = mailbox_.outbox(to);
        wire::put(box, s);
        wire::put(box, t);
        codec_.write(static_cast<std::size_t>(to), next.data(), box);
        ++states_sent_;
        mailbox_.send_if_full(to, receive);
      }
      for (std::uint32_t k : written) next[k] = parent[k];
      // A refit (storing a state whole, here or received while a message waited to go)
      // rewrote the parent's entry and its tree: open it again.
      if (refits != store_.refits()) open(s);
    }
  }
  flush();
  return hi;
}

check::Exploration DistributedExplorer::run() {
  start_ = std::chrono::steady_clock::now();
  const int me = ranks_.rank();
  const std::uint64_t n_ranks = static_cast<std::uint64_t>(ranks_.size());
  // Every rank makes the initial state; its firings count on its owner only.
  std::uint64_t firings_before = model_.extra_firings();
  model_.set_interrupt(
      [this] { return expanding_ && watch_.reached() != check::StopReason::None; });
  expanding_ = true;
  model_.initial_state(scratch_.data());
  expanding_ = false;
  bool initial_stopped = model_.interrupted();
  if (initial_stopped) {
    halt_ = watch_.reached();
  } else if (owner(codec_.digest(scratch_.data())) == me) {
    store_.find_or_insert(scratch_.data(), check::kNoState, 0);
    parent_rank_.push_back(static_cast<std::uint16_t>(me));
  } else {
    firings_before = model_.extra_firings();
  }
  const Mailbox::Handler receive = [this](int from, const unsigned char* data, std::size_t size) {
    receive_states(from, data, size);
  };
  std::uint64_t total_states = 1, total_transitions = 0;
  double collective_seconds = 0;
  double next_report = 1.0;
  std::vector<std::pair<StateIndex, StateIndex>> unexpanded;
  for (StateIndex lo = 0;;) {
    const auto hi = static_cast<StateIndex>(store_.size());
    // The states left to the limit, split among the ranks (the first ones take the rest).
    level_budget_ = check::kMaxStates;
    if (limits_.max_states > 0) {
      const std::uint64_t left =
          limits_.max_states > total_states ? limits_.max_states - total_states : 0;
      level_budget_ = left / n_ranks + (static_cast<std::uint64_t>(me) < left % n_ranks ? 1 : 0);
    }
    level_new_ = 0;
    numbers_ = {};
    store_.open_level(false, check::kMaxStates, 1, 1, check::VisitedSet::serially);
    expanding_ = true;
    const StateIndex done = expand(lo, hi);
    expanding_ = false;
    mailbox_.end_round(receive);
    store_.close_level();
    const auto collectives = std::chrono::steady_clock::now();
    const std::vector<std::uint64_t> mine = {level_new_, transitions_};
    const std::vector<std::uint64_t> sums = ranks_.sum(mine);
    const auto halt = static_cast<check::StopReason>(
        ranks_.max(std::vector<std::uint64_t>{static_cast<std::uint64_t>(halt_)})[0]);
    collective_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - collectives).count();
    total_states += sums[0];
    total_transitions = sums[1];
    if (progress_ && me == 0 && elapsed() >= next_report) {
      next_report = elapsed() + 1.0;
      progress_({total_states, total_transitions, sums[0], elapsed()});
    }
    if (halt != check::StopReason::None) {
      halt_ = halt;
      unexpanded.emplace_back(done, static_cast<StateIndex>(store_.size()));
      break;
    }
    if (sums[0] == 0) break;
    lo = hi;
  }
  model_.set_interrupt(nullptr);
  // A stop leaves stored states unexpanded; those that are final still give outcomes. After a
  // --max-seconds stop the scan has the grace past the limit (limit_watch.h).
  std::vector<Slot> s(model_.slot_count());
  std::vector<TransitionId> enabled;
  std::uint64_t unscanned = 0;
  const double grace = check::grace_seconds(limits_.max_seconds);
  for (const auto& [from, to] : unexpanded) {
    for (StateIndex q = from; q < to; ++q) {
      if ((q - from) % kCheckEvery == 0 && watch_.past_grace(grace)) {
        unscanned += to - q;
        break;
      }
      store_.load(q, s.data());
      if (model_.is_final(s.data(), enabled)) finals_.push_back(q);
    }
  }
  std::sort(finals_.begin(), finals_.end());

  check::RankShare share;
  share.states = store_.size();
  share.transitions = transitions_;
  share.store_bytes = store_.bytes() + parent_rank_.capacity() * sizeof(std::uint16_t);
  share.disk_bytes = store_.disk_bytes();
  share.states_sent = states_sent_;
  share.messages_sent = mailbox_.messages_sent();
  share.bytes_sent = mailbox_.bytes_sent();
  share.store_bytes += sent_.bytes();
  share.seconds = elapsed();
  share.wait_seconds = mailbox_.idle_seconds() + collective_seconds;
  std::vector<unsigned char> bytes;
  wire::put(bytes, share);
  const auto shares = ranks_.all_gather(bytes);
  const std::vector<std::uint64_t> totals =
      ranks_.sum(std::vector<std::uint64_t>{model_.extra_firings() - firings_before, finals_.size(),
                                            unscanned, initial_stopped ? 1u : 0u});

  check::Exploration r;
  for (const auto& part : shares) {
    TFMC_CHECK(part.size() == sizeof(check::RankShare), "every rank sends its figures whole");
    const auto x = MessageReader(part.data(), part.size()).get<check::RankShare>();
    r.ranks.push_back(x);
    r.states += x.states;
    r.transitions += x.transitions;
    r.store_bytes += x.store_bytes;
    r.disk_bytes += x.disk_bytes;
  }
  r.extra_firings = totals[0];
  r.finals = finals_;
  r.final_states = totals[1];
  r.seconds = r.ranks[0].seconds;
  r.unscanned = totals[2];
  if (halt_ != check::StopReason::None) {
    r.stopped_in = r.unscanned > 0 ? check::StopPhase::Scan
                   : totals[3] > 0 ? check::StopPhase::InitialState
                                   : check::StopPhase::Exploration;
  }
  check::conclude(r, halt_, store_.mode(), model_.slot_count(), 1);
  return r;
}

}  // namespace tfmc::dist
