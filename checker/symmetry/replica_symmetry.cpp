#include "checker/symmetry/replica_symmetry.h"

#include <algorithm>
#include <numeric>

#include "semantics/errors/invariant.h"

namespace tfmc::check {

ReplicaSymmetry::ReplicaSymmetry(std::vector<std::vector<Replica>> classes, std::size_t slot_count,
                                 std::size_t transition_count)
    : slot_count_(slot_count), transition_place_(transition_count) {
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

void ReplicaSymmetry::canonicalize(Slot* state, ReplicaPermutation* image, Scratch& scratch) const {
  if (image != nullptr) *image = identity();
  std::vector<std::uint32_t>& order = scratch.order;
  std::vector<Slot>& parts = scratch.parts;
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
    parts.resize(width * c.size);
    for (std::uint32_t i = 0; i < c.size; ++i) {
      const std::vector<std::uint32_t>& slots = replicas_[c.first + i].slots;
      for (std::size_t m = 0; m < width; ++m) parts[i * width + m] = state[slots[m]];
    }
    for (std::uint32_t i = 0; i < c.size; ++i) {
      const std::vector<std::uint32_t>& slots = replicas_[c.first + i].slots;
      const std::size_t from = (order[i] - c.first) * width;
      for (std::size_t m = 0; m < width; ++m) state[slots[m]] = parts[from + m];
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

void ReplicaSymmetry::for_each_image(
    const Slot* state, std::span<const TransitionId> marked,
    const std::function<void(const ReplicaPermutation&)>& visit) const {
  // Each replica's key: its local part, then its marked local transitions. Within a class,
  // replicas of equal keys share a rank; each distinct arrangement of the class's ranks over
  // its places is one image (std::next_permutation steps through the distinct arrangements of
  // a sorted sequence with repeats), and the classes combine as the digits of an odometer.
  std::vector<std::vector<std::uint32_t>> keys(replicas_.size());
  for (std::uint32_t r = 0; r < replicas_.size(); ++r) {
    for (std::uint32_t s : replicas_[r].slots) keys[r].push_back(state[s]);
  }
  for (TransitionId t : marked) {
    const Place& p = transition_place_.at(t);
    if (p.replica != kShared) keys[p.replica].push_back(kShared - 1 - p.local);
  }
  std::vector<std::uint32_t> rank(replicas_.size());
  std::vector<std::vector<std::uint32_t>> arrangement(classes_.size());
  for (std::size_t k = 0; k < classes_.size(); ++k) {
    const Class& c = classes_[k];
    std::vector<std::vector<std::uint32_t>> distinct(keys.begin() + c.first,
                                                     keys.begin() + c.first + c.size);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    for (std::uint32_t r = c.first; r < c.first + c.size; ++r) {
      rank[r] = static_cast<std::uint32_t>(
          std::lower_bound(distinct.begin(), distinct.end(), keys[r]) - distinct.begin());
      arrangement[k].push_back(rank[r]);
    }
    std::sort(arrangement[k].begin(), arrangement[k].end());
  }
  ReplicaPermutation image(replicas_.size());
  std::vector<std::uint32_t> taken;
  for (;;) {
    // Place p of a class takes the first replica not placed yet whose rank is arrangement[p].
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      const Class& c = classes_[k];
      taken.assign(c.size, 0);
      for (std::uint32_t p = 0; p < c.size; ++p) {
        std::uint32_t r = c.first;
        while (taken[r - c.first] != 0 || rank[r] != arrangement[k][p]) ++r;
        taken[r - c.first] = 1;
        image[r] = c.first + p;
      }
    }
    visit(image);
    std::size_t k = 0;
    // next_permutation wraps a class back to its sorted arrangement: carry to the next.
    while (k < classes_.size() &&
           !std::next_permutation(arrangement[k].begin(), arrangement[k].end())) {
      ++k;
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
