#include "checker/outcomes.h"

#include <map>
#include <tuple>

#include "checker/explorer.h"
#include "checker/limit_watch.h"

namespace tfmc::check {

std::vector<Outcome> collect_outcomes(const TransitionSystem& model, const Explorer& explorer,
                                      Exploration& e, const Limits& limits) {
  std::vector<Outcome> out;
  std::map<std::tuple<std::vector<Slot>, bool, std::vector<TransitionId>>, std::size_t> seen;
  const auto slots = model.outcome_slots();
  LimitWatch watch(limits);
  const double grace = grace_seconds(limits.max_seconds);
  for (std::size_t k = 0; k < e.finals.size(); ++k) {
    if (const StopReason why = watch.reached_past(grace); why != StopReason::None) {
      stop_replay(e, e.finals.size() - k, why);
      break;
    }
    const StateIndex f = e.finals[k];
    Outcome o;
    const std::vector<Slot> s = explorer.state(f);
    for (std::uint32_t slot : slots) o.values.push_back(s[slot]);
    o.witness = model.run_of(explorer.witness(f));
    o.blocked = model.unfired(o.witness);
    o.stuck = !o.blocked.empty();
    auto key = std::make_tuple(o.values, o.stuck, o.blocked);
    const auto [it, fresh] = seen.emplace(std::move(key), out.size());
    if (fresh) out.push_back(std::move(o));
    ++out[it->second].final_states;
  }
  return out;
}

void stop_replay(Exploration& e, std::uint64_t unreplayed, StopReason why) {
  e.unreplayed = unreplayed;
  if (e.replay_stop == StopReason::None) e.replay_stop = why;
  if (e.complete || e.stop_reason == StopReason::MaxIterations) {
    e.complete = false;
    e.stop_reason = why;
  }
  if (e.stopped_in == StopPhase::None) e.stopped_in = StopPhase::Replay;
}

}  // namespace tfmc::check
