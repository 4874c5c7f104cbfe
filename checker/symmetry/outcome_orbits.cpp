#include "checker/symmetry/outcome_orbits.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tfmc::check {

std::vector<Outcome> outcome_orbits(const std::vector<Outcome>& found,
                                    const ReplicaSymmetry& symmetry,
                                    const TransitionSystem& model) {
  // The outcome values are those of the outcome slots, which the symmetry maps onto each
  // other (the builder of the symmetry checks it): each permuted outcome is read from the
  // permuted state of its values.
  const auto slots = model.outcome_slots();
  std::vector<Slot> state(model.slot_count(), 0), permuted(model.slot_count(), 0);
  std::vector<Outcome> out;
  std::map<std::tuple<std::vector<Slot>, bool, std::vector<TransitionId>>, std::size_t> seen;
  std::vector<std::size_t> orbit;
  for (const Outcome& o : found) {
    orbit.clear();
    for (std::size_t i = 0; i < slots.size(); ++i) state[slots[i]] = o.values[i];
    symmetry.for_each_image(state.data(), o.blocked, [&](const ReplicaPermutation& image) {
      permuted = state;
      symmetry.permute_state(state.data(), image, permuted.data());
      Outcome p;
      for (std::uint32_t s : slots) p.values.push_back(permuted[s]);
      p.stuck = o.stuck;
      for (TransitionId t : o.blocked) p.blocked.push_back(symmetry.permute(t, image));
      std::sort(p.blocked.begin(), p.blocked.end());
      const auto [it, fresh] =
          seen.emplace(std::make_tuple(p.values, p.stuck, p.blocked), out.size());
      if (fresh) {
        for (TransitionId t : o.witness) p.witness.push_back(symmetry.permute(t, image));
        out.push_back(std::move(p));
      }
      orbit.push_back(it->second);
    });
    std::sort(orbit.begin(), orbit.end());
    orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
    for (std::size_t k : orbit) out[k].final_states += o.final_states;
  }
  return out;
}

}  // namespace tfmc::check
