#include "checker/likelihood.h"

#include <chrono>
#include <map>
#include <tuple>
#include <unordered_map>

#include "checker/hash_mix.h"
#include "checker/limit_watch.h"

namespace tfmc::check {
namespace {

struct SlotsHash {
  std::size_t operator()(const std::vector<Slot>& s) const {
    std::uint64_t h = s.size();
    for (Slot x : s) h = mix64(h ^ x);
    return h;
  }
};
using Level = std::unordered_map<std::vector<Slot>, Probability, SlotsHash>;

// Firings between two looks at the limits.
constexpr std::uint64_t kFiringsPerLook = 64;

}  // namespace

Likelihood likelihood(DependencyModel& model, const Limits& limits) {
  const auto start = std::chrono::steady_clock::now();
  LimitWatch watch(limits);
  Likelihood out;
  std::map<std::tuple<std::vector<Slot>, std::vector<TransitionId>>, std::size_t> index;
  std::vector<Slot> state(model.slot_count());
  model.initial_state(state.data());
  Level level;
  level.emplace(state, Probability(1));
  std::vector<TransitionId> enabled, fired_list;
  std::vector<std::uint8_t> fired;
  const auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const auto stop = [&](StopReason r) {
    out.stop_reason = r;
    out.seconds = seconds();
    return out;
  };
  while (!level.empty()) {
    Level next;
    for (const auto& [s, mass] : level) {
      if (limits.max_states > 0 && out.states >= limits.max_states) {
        return stop(StopReason::MaxStates);
      }
      ++out.states;
      enabled.clear();
      model.enabled(s.data(), enabled);
      if (enabled.empty()) {
        // The blocked transitions: the nodes the state shows unfired (dependency_model.h).
        model.fired(s.data(), fired);
        fired_list.clear();
        for (TransitionId t = 0; t < fired.size(); ++t) {
          if (fired[t] != 0) fired_list.push_back(t);
        }
        std::vector<Slot> values;
        for (std::uint32_t slot : model.outcome_slots()) values.push_back(s[slot]);
        std::vector<TransitionId> blocked = model.unfired(fired_list);
        const auto [it, fresh] =
            index.try_emplace({std::move(values), blocked}, out.outcomes.size());
        if (fresh) {
          LikelyOutcome o;
          o.outcome.values = std::get<0>(it->first);
          o.outcome.stuck = !blocked.empty();
          o.outcome.blocked = std::move(blocked);
          out.outcomes.push_back(std::move(o));
        }
        LikelyOutcome& o = out.outcomes[it->second];
        o.probability += mass;
        ++o.outcome.final_states;
        continue;
      }
      const Probability share = mass / static_cast<unsigned>(enabled.size());
      for (TransitionId t : enabled) {
        if (++out.transitions % kFiringsPerLook == 0) {
          if (const StopReason r = watch.reached(); r != StopReason::None) return stop(r);
        }
        state = s;  // fire() starts from a copy of the state
        model.fire(s.data(), t, state.data());
        next[state] += share;
      }
    }
    level = std::move(next);
  }
  out.complete = true;
  out.seconds = seconds();
  return out;
}

}  // namespace tfmc::check
