#include "semantics/model/key_order.h"

#include <algorithm>

namespace tfmc {

std::vector<std::uint32_t> key_order(const DependencyModel& model) {
  const std::size_t slots = model.slot_count();
  // The links: consecutive slots of each transition's writes (a path through them keeps
  // them together as a clique would, at linear size), and how many transitions write each.
  std::vector<std::vector<std::uint32_t>> links(slots);
  std::vector<std::uint32_t> writers(slots, 0);
  for (TransitionId t = 0; t < model.transition_count(); ++t) {
    const std::span<const std::uint32_t> w = model.writes(t);
    for (std::size_t i = 0; i < w.size(); ++i) {
      ++writers[w[i]];
      if (i == 0) continue;
      links[w[i - 1]].push_back(w[i]);
      links[w[i]].push_back(w[i - 1]);
    }
  }
  for (std::vector<std::uint32_t>& l : links) {
    std::stable_sort(l.begin(), l.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return writers[a] < writers[b]; });
  }
  std::vector<std::uint32_t> order;
  order.reserve(slots);
  std::vector<std::uint8_t> placed(slots, 0);
  std::vector<std::pair<std::uint32_t, std::size_t>> stack;  // slot, its next link
  for (std::uint32_t root = 0; root < slots; ++root) {
    if (placed[root] != 0) continue;
    placed[root] = 1;
    order.push_back(root);
    stack.assign(1, {root, 0});
    while (!stack.empty()) {
      auto& [s, next] = stack.back();
      if (next == links[s].size()) {
        stack.pop_back();
        continue;
      }
      const std::uint32_t n = links[s][next++];
      if (placed[n] != 0) continue;
      placed[n] = 1;
      order.push_back(n);
      stack.push_back({n, 0});
    }
  }
  return order;
}

std::vector<std::uint32_t> DependencyModel::key_order() const { return tfmc::key_order(*this); }

}  // namespace tfmc
