#include "checker/commutation.h"

#include <algorithm>

#include "checker/limit_watch.h"

namespace tfmc::check {

std::vector<bool> noncommuting(DependencyModel& model, const StoredState& state, std::size_t states,
                               const std::vector<std::pair<TransitionId, TransitionId>>& pairs,
                               const std::vector<bool>& compared, const Limits& limits) {
  LimitWatch watch(limits);
  const auto differ = [&](const std::vector<Slot>& x, const std::vector<Slot>& y) {
    for (std::size_t k = 0; k < x.size(); ++k) {
      if (compared[k] && x[k] != y[k]) return true;
    }
    return false;
  };
  std::vector<bool> found(pairs.size(), false);
  std::size_t left = pairs.size();
  std::vector<TransitionId> enabled;
  std::vector<std::uint8_t> is_enabled(model.transition_count(), 0);
  std::vector<Slot> ab, ba;
  for (std::size_t i = 0; i < states && left > 0 && watch.reached() == StopReason::None; ++i) {
    const std::vector<Slot> s = state(static_cast<StateIndex>(i));
    enabled.clear();
    model.enabled(s.data(), enabled);
    for (TransitionId t : enabled) is_enabled[t] = 1;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      const auto [a, b] = pairs[k];
      if (found[k] || is_enabled[a] == 0 || is_enabled[b] == 0) continue;
      // Either may block the other (a resource both use): that order is visible too.
      const auto both = [&](std::vector<Slot>& out, TransitionId first, TransitionId second) {
        out = s;
        model.fire(out.data(), first, out.data());
        if (!model.is_enabled(out.data(), second)) return false;
        model.fire(out.data(), second, out.data());
        return true;
      };
      const bool ab_fires = both(ab, a, b);
      const bool ba_fires = both(ba, b, a);
      if (!ab_fires || !ba_fires || differ(ab, ba)) {
        found[k] = true;
        --left;
      }
    }
    for (TransitionId t : enabled) is_enabled[t] = 0;
  }
  return found;
}

}  // namespace tfmc::check
