// Breadth-first exploration over the ranks of an MPI run (mpi_ranks.h), in the pattern of
// LTSmin's distributed backend: every rank runs the same model of the same program.
//
// Ownership. A state belongs to the rank its content's digest falls to (StateCodec::digest,
// the same on every rank whatever the ids; a successor's is its parent's updated over the
// slots it writes), and only its owner stores it, in a StateStore of its own (exact,
// compressed or fingerprinted as asked). A rank expands the states it owns, stores the
// successors it owns (identified from the parent's tree, as one process does) and sends the
// others to their owners, through the Mailbox: records of (parent index, transition, state by
// content), many to a message, sent without blocking while it expands, and each state once as
// long as it stays in the rank's SentCache. States to store, its own and those received, are
// identified in batches whose visited entries are fetched ahead. Every rank explores on one
// thread (run one rank per core).
//
// Levels. The search goes a BFS depth at a time: a level ends with the Mailbox's round (every
// record sent in it has arrived) and a collective sum of the states it stored, which is the
// termination test (no rank stored one: done). So every stored state is at its BFS depth, and
// the states, transitions and final states are those of one process: the reduction's choices
// are made per state, the same on any rank.
//
// Witnesses. A stored state's parent link names the parent's rank besides its index. A
// witness is chased back across ranks, one round a step, for every final state at once. The
// outcomes of every rank are then gathered on every rank (values by content, translated to
// that rank's ids), merged as in one process (checker/outcomes.h), each keeping the witness of
// its least deep final state (ties: the lowest rank, then index). Which parent a state keeps
// when several reach it in one level depends on the order messages arrive in, so witnesses
// may differ from one run to another; each is a shortest run to its final state.
//
// Limits. --max-states bounds the states stored by all ranks (each level's remaining budget
// split evenly among the ranks), --max-seconds the time, --max-memory each rank's resident
// memory. A rank that reaches one stops expanding; the level's end tells every rank, and all
// stop there, with the stored but unexpanded states still searched for final states. The
// chase and the replay of the witnesses keep --max-seconds' grace (outcomes()). Waits on other
// ranks are bounded (RankTimeout).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "checker/distributed/distributed_options.h"
#include "checker/distributed/mailbox.h"
#include "checker/distributed/mpi_ranks.h"
#include "checker/distributed/sent_cache.h"
#include "checker/exploration.h"
#include "checker/limit_watch.h"
#include "checker/outcomes.h"
#include "checker/state_store.h"
#include "semantics/model/state_codec.h"

namespace tfmc::dist {

class DistributedExplorer {
 public:
  // `codec` reads and writes `model`'s states and has 2 * ranks.size() channels: those below
  // ranks.size() carry the search, channel ranks.size() + r the gathering of rank r's
  // outcomes.
  DistributedExplorer(const MpiRanks& ranks, TransitionSystem& model, StateCodec& codec,
                      check::Limits limits, check::StoreMode store, DistributedOptions options);

  // Called on rank 0 at the end of a level, at most about every second.
  void on_progress(std::function<void(const check::Progress&)> callback) {
    progress_ = std::move(callback);
  }

  // Explores, on every rank together. The figures are the sums over all ranks (seconds:
  // rank 0's), with each rank's share in Exploration::ranks; `finals` lists this rank's final
  // states.
  check::Exploration run();

  // After run(), which gave `e`, on every rank together: the distinct outcomes of every rank's
  // final states, the same on every rank, with values as this rank's ids (outcomes.h). As
  // collect_outcomes does, the chase of the witnesses and their replay keep the grace past
  // `limits`' --max-seconds and its --max-memory (LimitWatch::reached_past): the chase stops
  // on every rank at the end of the round in which one rank reached one, each rank replays
  // until it reaches one, and the final states left on all ranks, those whose witness the
  // chase did not finish included, mark `e` (check::stop_replay) with the greatest reason.
  std::vector<check::Outcome> outcomes(check::Exploration& e, const check::Limits& limits);

  // This rank's stored states.
  std::size_t states() const { return store_.size(); }
  std::vector<Slot> state(check::StateIndex i) const;

 private:
  // The rank that owns the states of digest `digest` (StateCodec::digest).
  int owner(std::uint64_t digest) const;
  // Stores this rank's successor `next` of its state `s` (opened as `parent`) by `t`, which
  // writes the slots `written`, from the parent's key and tree, as store() does.
  void store_owned(check::StateStore::Opened& parent, const Slot* next, check::StateIndex s,
                   TransitionId t, std::span<const std::uint32_t> written);
  // Stores `state` reached from `parent` on rank `from` by `t` if it is new and the level's
  // budget allows (else the level halts by max-states).
  void store(const Slot* state, int from, check::StateIndex parent, TransitionId t);
  // States to store go through a batch: each is identified (key and identity) as it comes,
  // its visited entry fetched, and the batch stored together once full, so that the cache
  // misses of a large store's lookups overlap. One that could not be identified, or whose
  // identity a refit made stale, is stored whole (store()).
  struct Pending {
    std::vector<Slot> slots;
    std::vector<std::uint32_t> key;
    std::uint64_t id = 0;
    check::Link link = 0;
    int from = 0;
    std::uint64_t refits = 0;  // StateStore::refits() when it was identified
    bool identified = false;
  };
  // Adds `state` to the batch; the caller identifies it (its key and id) and queues it.
  Pending& pend(const Slot* state, int from, check::StateIndex parent, TransitionId t);
  // `p` is identified or not (it did not fit: stored whole): fetches its visited entry, and
  // flushes a full batch (or one that crowded the tree's tables).
  void queue(Pending& p, bool identified);
  // Stores the batch.
  void flush();
  // Whether this rank sent `next`, its successor of `parent` that differs from it in the
  // slots `written` and whose digest is `digest`, to its owner `to` before (SentCache);
  // records it if not.
  bool sent_before(int to, std::uint64_t digest, const check::StateStore::Opened& parent,
                   const Slot* next, std::span<const std::uint32_t> written);
  // Stores the states in one message of the search from rank `from`.
  void receive_states(int from, const unsigned char* data, std::size_t size);
  // Expands this rank's states [lo, hi); returns where it stopped (hi unless halted).
  check::StateIndex expand(check::StateIndex lo, check::StateIndex hi);
  // The witness steps (explored transitions, from the initial state) of every final state
  // of this rank, in finals_ order, until `watch` reaches a limit past `grace` on some rank,
  // whose reason (the greatest of the ranks') goes to `stop`; whole[k] says whether final
  // state k's steps reached the initial state.
  std::vector<std::vector<TransitionId>> chase_witnesses(check::LimitWatch& watch, double grace,
                                                         std::vector<char>& whole,
                                                         check::StopReason& stop);
  double elapsed() const;

  const MpiRanks& ranks_;
  TransitionSystem& model_;
  StateCodec& codec_;
  check::Limits limits_;
  check::LimitWatch watch_;  // limits_, from the command's start (limit_watch.h)
  // While a level is expanded: the model's eager firings may then be interrupted by a limit.
  bool expanding_ = false;
  DistributedOptions options_;
  check::StateStore store_;
  Mailbox mailbox_;
  SentCache sent_;
  std::uint64_t sent_refits_ = 0;  // StateStore::refits() when sent_'s keys were laid out
  std::vector<std::uint32_t> sent_key_;
  std::function<void(const check::Progress&)> progress_;
  std::vector<std::uint16_t> parent_rank_;  // by state: the rank of its parent
  std::vector<check::StateIndex> finals_;
  std::chrono::steady_clock::time_point start_;
  // The open level.
  std::uint64_t level_budget_ = 0;  // new states this rank may store (max-states' share)
  std::uint64_t level_new_ = 0;
  // Why this rank stopped (the ranks agree on their greatest reason at the level's end).
  check::StopReason halt_ = check::StopReason::None;
  std::uint64_t transitions_ = 0;
  std::uint64_t states_sent_ = 0;
  check::StateStore::Numbers numbers_;  // of the open level
  std::vector<Slot> scratch_;
  std::vector<Pending> pending_;  // the batch: its first pending_count_
  std::size_t pending_count_ = 0;
};

}  // namespace tfmc::dist
