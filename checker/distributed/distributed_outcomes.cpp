// The end of a distributed exploration (distributed_explorer.h): the witnesses of every rank's
// final states, chased back across ranks, and the outcomes gathered on every rank and merged.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

#include "checker/distributed/distributed_explorer.h"
#include "semantics/errors/invariant.h"
#include "semantics/values/wire_codec.h"

namespace tfmc::dist {

namespace {

using check::StateIndex;

// Records of the witness chase.
constexpr unsigned char kStep = 1;     // to the origin: request, transition
constexpr unsigned char kForward = 2;  // to the parent's rank: request, parent index, origin
constexpr unsigned char kWhole = 3;    // to the origin: request (it reached the initial state)

}  // namespace

std::vector<std::vector<TransitionId>> DistributedExplorer::chase_witnesses(
    check::LimitWatch& watch, double grace, std::vector<char>& whole, check::StopReason& stop) {
  // Every request walks from a final state to the initial one, a parent link a round: the
  // rank holding the state sends its link's transition to the request's origin and the
  // request to the parent's rank. The round's collective maximum, which tells whether any
  // request is left, also tells whether a rank reached a limit, so that all stop at the same
  // round.
  const int me = ranks_.rank();
  struct Request {
    int origin;
    std::uint32_t id;
    StateIndex index;
  };
  std::vector<std::vector<TransitionId>> steps(finals_.size());
  whole.assign(finals_.size(), 0);
  std::vector<Request> here, next;
  for (std::size_t k = 0; k < finals_.size(); ++k) {
    here.push_back({me, static_cast<std::uint32_t>(k), finals_[k]});
  }
  const Mailbox::Handler receive = [&](int, const unsigned char* data, std::size_t size) {
    MessageReader in(data, size);
    while (!in.done()) {
      const auto kind = in.get<unsigned char>();
      const auto id = in.get<std::uint32_t>();
      if (kind == kForward) {
        const auto index = in.get<StateIndex>();
        const auto origin = in.get<int>();
        next.push_back({origin, id, index});
      } else if (kind == kStep) {
        TFMC_CHECK(id < steps.size(), "a witness step of a request of this rank");
        steps[id].push_back(in.get<TransitionId>());
      } else if (kind == kWhole) {
        TFMC_CHECK(id < whole.size(), "the end of a witness of a request of this rank");
        whole[id] = 1;
      } else {
        throw std::runtime_error("a malformed witness message between ranks");
      }
    }
  };
  for (;;) {
    for (const Request& q : here) {
      const check::Link link = store_.link(q.index);
      const auto parent = static_cast<StateIndex>(link >> 32);
      const int parent_rank = parent_rank_[q.index];
      if (parent == check::kNoState) {  // the initial state: the witness is whole
        if (q.origin == me) {
          whole[q.id] = 1;
        } else {
          std::vector<unsigned char>& box = mailbox_.outbox(q.origin);
          wire::put(box, kWhole);
          wire::put(box, q.id);
          mailbox_.send_if_full(q.origin, receive);
        }
        continue;
      }
      if (q.origin == me) {
        steps[q.id].push_back(static_cast<TransitionId>(link));
      } else {
        std::vector<unsigned char>& box = mailbox_.outbox(q.origin);
        wire::put(box, kStep);
        wire::put(box, q.id);
        wire::put(box, static_cast<TransitionId>(link));
        mailbox_.send_if_full(q.origin, receive);
      }
      if (parent_rank == me) {
        next.push_back({q.origin, q.id, parent});
      } else {
        std::vector<unsigned char>& box = mailbox_.outbox(parent_rank);
        wire::put(box, kForward);
        wire::put(box, q.id);
        wire::put(box, parent);
        wire::put(box, q.origin);
        mailbox_.send_if_full(parent_rank, receive);
      }
    }
    mailbox_.end_round(receive);
    here = std::move(next);
    next.clear();
    const std::vector<std::uint64_t> most = ranks_.max(std::vector<std::uint64_t>{
        here.size(), static_cast<std::uint64_t>(watch.reached_past(grace))});
    stop = static_cast<check::StopReason>(most[1]);
    if (most[0] == 0 || stop != check::StopReason::None) break;
  }
  for (std::vector<TransitionId>& s : steps) std::reverse(s.begin(), s.end());
  return steps;
}

std::vector<check::Outcome> DistributedExplorer::outcomes(check::Exploration& e,
                                                          const check::Limits& limits) {
  check::LimitWatch watch(limits);
  const double grace = check::grace_seconds(limits.max_seconds);
  std::vector<char> whole;
  check::StopReason stop = check::StopReason::None;
  const std::vector<std::vector<TransitionId>> steps = chase_witnesses(watch, grace, whole, stop);
  const auto slots = model_.outcome_slots();
  const std::size_t n_ranks = static_cast<std::size_t>(ranks_.size());
  // This rank's outcomes, each with its first final state (the least deep: indices follow
  // the levels), written for every rank: the final state, stuck, blocked, witness, count,
  // depth and index.
  struct Local {
    std::size_t final;  // in finals_
    std::vector<TransitionId> witness, blocked;
    std::uint64_t count = 0;
  };
  std::vector<Local> local;
  std::map<std::tuple<std::vector<Slot>, bool, std::vector<TransitionId>>, std::size_t> seen;
  std::uint64_t unreplayed = 0;
  for (std::size_t k = 0; k < finals_.size(); ++k) {
    if (stop == check::StopReason::None) stop = watch.reached_past(grace);
    if (stop != check::StopReason::None || !whole[k]) {
      ++unreplayed;
      continue;
    }
    const std::vector<Slot> s = state(finals_[k]);
    Local o;
    o.final = k;
    o.witness = model_.run_of(steps[k]);
    o.blocked = model_.unfired(o.witness);
    std::vector<Slot> values;
    for (std::uint32_t slot : slots) values.push_back(s[slot]);
    const auto [it, fresh] = seen.emplace(
        std::make_tuple(std::move(values), !o.blocked.empty(), o.blocked), local.size());
    if (fresh) local.push_back(std::move(o));
    ++local[it->second].count;
  }
  std::vector<unsigned char> mine;
  const auto put_list = [&](const std::vector<TransitionId>& list) {
    wire::put(mine, static_cast<std::uint32_t>(list.size()));
    for (TransitionId t : list) wire::put(mine, t);
  };
  for (const Local& o : local) {
    codec_.write(n_ranks, state(finals_[o.final]).data(), mine);
    put_list(o.blocked);
    put_list(o.witness);
    wire::put(mine, o.count);
    wire::put(mine, static_cast<std::uint32_t>(steps[o.final].size()));
    wire::put(mine, finals_[o.final]);
  }
  const auto parts = ranks_.all_gather(mine);
  const std::uint64_t left = ranks_.sum(std::vector<std::uint64_t>{unreplayed})[0];
  const auto why = static_cast<check::StopReason>(
      ranks_.max(std::vector<std::uint64_t>{static_cast<std::uint64_t>(stop)})[0]);
  if (left > 0) check::stop_replay(e, left, why);

  // Merged in rank order; each outcome keeps the witness of its least (depth, rank, index).
  std::vector<check::Outcome> out;
  std::vector<std::tuple<std::uint32_t, std::size_t, StateIndex>> first;
  seen.clear();
  std::vector<Slot> s(model_.slot_count());
  for (std::size_t r = 0; r < parts.size(); ++r) {
    MessageReader in(parts[r].data(), parts[r].size());
    const auto get_list = [&] {
      std::vector<TransitionId> list(in.get<std::uint32_t>());
      for (TransitionId& t : list) t = in.get<TransitionId>();
      return list;
    };
    while (!in.done()) {
      in.skip_to(codec_.read(n_ranks + r, in.at(), in.end(), s.data()));
      check::Outcome o;
      for (std::uint32_t slot : slots) o.values.push_back(s[slot]);
      o.blocked = get_list();
      o.stuck = !o.blocked.empty();
      o.witness = get_list();
      o.final_states = in.get<std::uint64_t>();
      const auto depth = in.get<std::uint32_t>();
      const auto index = in.get<StateIndex>();
      const auto where = std::make_tuple(depth, r, index);
      const auto [it, fresh] =
          seen.emplace(std::make_tuple(o.values, o.stuck, o.blocked), out.size());
      if (fresh) {
        out.push_back(std::move(o));
        first.push_back(where);
        continue;
      }
      check::Outcome& kept = out[it->second];
      kept.final_states += o.final_states;
      if (where < first[it->second]) {
        kept.witness = std::move(o.witness);
        first[it->second] = where;
      }
    }
  }
  return out;
}

}  // namespace tfmc::dist
