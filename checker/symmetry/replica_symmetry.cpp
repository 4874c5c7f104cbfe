#include "checker/symmetry/replica_symmetry.h"

#include <algorithm>
#include <numeric>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

ReplicaSymmetry::ReplicaSymmetry(std::vector<std::vector<Replica>> classes, std::size_t slot_count,
                                 std::size_t transition_count)
    : transition_place_(transition_count) {
  std::vector<bool> slot_taken(slot_count, false);
  for (std::vector<Replica>& members : classes) {
    TFMC_CHECK(members.size() >= 2, "a class of replicas has two at least");
    classes_.push_back(
        {static_cast<std::uint32_t>(replicas_.size()), static_cast<std::uint32_t>(members.size())});
    const std::size_t slots = members[0].slots.size();
    const std::size_t transitions = members[0].transitions.size();
    for (Replica& r : members) {
      TFMC_CHECK(r.slots.size() == slots && r.transitions.size() == transitions,
                 "the replicas of a class have parts of one size");
      const auto index = static_cast<std::uint32_t>(replicas_.size());
      for (std::uint32_t s : r.slots) {
        TFMC_CHECK(s < slot_count && !slot_taken[s], "a slot lies in one replica at most");
        slot_taken[s] = true;
      }
      for (std::size_t m = 0; m < r.transitions.size(); ++m) {
        Place& p = transition_place_.at(r.transitions[m]);
        TFMC_CHECK(p.replica == kShared, "a transition lies in one replica at most");
        p = {index, static_cast<std::uint32_t>(m)};
      }
      replicas_.push_back(std::move(r));
    }
  }
}

std::vector<std::size_t> ReplicaSymmetry::class_sizes() const {
  std::vector<std::size_t> sizes;
  for (const Class& c : classes_) sizes.push_back(c.size);
  return sizes;
}

bool ReplicaSymmetry::part_less(const Slot* state, std::uint32_t a, std::uint32_t b) const {
  const std::vector<std::uint32_t>& x = replicas_[a].slots;
  const std::vector<std::uint32_t>& y = replicas_[b].slots;
  for (std::size_t m = 0; m < x.size(); ++m) {
    if (state[x[m]] != state[y[m]]) return state[x[m]] < state[y[m]];
  }
  return false;
}

void ReplicaSymmetry::canonicalize(Slot* state, ReplicaPermutation* image,
                                   std::vector<Slot>& scratch) const {
  if (image != nullptr) *image = identity();
  std::vector<std::uint32_t> order;
  for (const Class& c : classes_) {
    order.resize(c.size);
    std::iota(order.begin(), order.end(), c.first);
    // Stable, so that replicas with equal parts keep their places (the identity where the
    // state is canonical already).
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return part_less(state, a, b); });
    bool moved = false;
    for (std::uint32_t i = 0; i < c.size; ++i) moved |= order[i] != c.first + i;
    if (!moved) continue;
    // The class's parts, then each written to its sorted place.
    const std::size_t width = replicas_[c.first].slots.size();
    scratch.resize(width * c.size);
    for (std::uint32_t i = 0; i < c.size; ++i) {
      const std::vector<std::uint32_t>& slots = replicas_[c.first + i].slots;
      for (std::size_t m = 0; m < width; ++m) scratch[i * width + m] = state[slots[m]];
    }
    for (std::uint32_t i = 0; i < c.size; ++i) {
      const std::vector<std::uint32_t>& slots = replicas_[c.first + i].slots;
      const std::size_t from = (order[i] - c.first) * width;
      for (std::size_t m = 0; m < width; ++m) state[slots[m]] = scratch[from + m];
      if (image != nullptr) (*image)[order[i]] = c.first + i;
    }
  }
}

void ReplicaSymmetry::permute_state(const Slot* in, const ReplicaPermutation& image,
                                    Slot* out) const {
  for (std::uint32_t r = 0; r < replicas_.size(); ++r) {
    const std::vector<std::uint32_t>& from = replicas_[r].slots;
    const std::vector<std::uint32_t>& to = replicas_[image[r]].slots;
    for (std::size_t m = 0; m < from.size(); ++m) out[to[m]] = in[from[m]];
  }
}

TransitionId ReplicaSymmetry::permute(TransitionId t, const ReplicaPermutation& image) const {
  const Place& p = transition_place_.at(t);
  if (p.replica == kShared) return t;
  return replicas_[image[p.replica]].transitions[p.local];
}

ReplicaPermutation ReplicaSymmetry::inverse(const ReplicaPermutation& image) const {
  ReplicaPermutation back(image.size());
  for (std::uint32_t r = 0; r < image.size(); ++r) back[image[r]] = r;
  return back;
}

ReplicaPermutation ReplicaSymmetry::identity() const {
  ReplicaPermutation id(replicas_.size());
  std::iota(id.begin(), id.end(), 0u);
  return id;
}

void ReplicaSymmetry::for_each_permutation(
    const std::function<void(const ReplicaPermutation&)>& visit) const {
  // An odometer over the classes, each class's digit its next lexicographic arrangement.
  ReplicaPermutation image = identity();
  for (;;) {
    visit(image);
    std::size_t k = 0;
    for (; k < classes_.size(); ++k) {
      const auto begin = image.begin() + classes_[k].first;
      if (std::next_permutation(begin, begin + classes_[k].size)) break;
      // next_permutation wrapped this class to its first arrangement: carry to the next.
    }
    if (k == classes_.size()) return;
  }
}

std::uint64_t ReplicaSymmetry::orbit_size(const Slot* state) const {
  std::uint64_t size = 1;
  for (const Class& c : classes_) {
    // c.size! / (the factorials of the runs of equal parts), multiplied in as it goes: after
    // factor i, the product is a binomial-coefficient product, an integer at every step.
    std::uint64_t run = 1;
    for (std::uint32_t i = 1; i < c.size; ++i) {
      const bool equal = !part_less(state, c.first + i - 1, c.first + i) &&
                         !part_less(state, c.first + i, c.first + i - 1);
      run = equal ? run + 1 : 1;
      size = size * (i + 1) / run;
    }
  }
  return size;
}

}  // namespace tfmc::check
