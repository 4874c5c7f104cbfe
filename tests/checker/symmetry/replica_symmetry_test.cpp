// The canonical form, permutations and orbit sizes of ReplicaSymmetry
// (checker/symmetry/replica_symmetry.h), on a made-up layout: slot 0 shared, then three
// replicas of two slots each (1-2, 3-4, 5-6), one transition each (0, 1, 2) and a shared one
// (3).
#include "checker/symmetry/replica_symmetry.h"

#include <catch2/catch.hpp>
#include <set>
#include <vector>

using tfmc::Slot;
using tfmc::check::ReplicaPermutation;
using tfmc::check::ReplicaSymmetry;

namespace {

ReplicaSymmetry three_replicas() {
  std::vector<ReplicaSymmetry::Replica> replicas = {{{1, 2}, {0}}, {{3, 4}, {1}}, {{5, 6}, {2}}};
  return ReplicaSymmetry({replicas}, 7, 4);
}

}  // namespace

TEST_CASE("the canonical form sorts the replicas' parts and keeps the shared slots",
          "[checker][symmetry]") {
  const ReplicaSymmetry s = three_replicas();
  ReplicaSymmetry::Scratch scratch;
  std::vector<Slot> state = {9, 7, 1, 3, 8, 3, 2};
  ReplicaPermutation image;
  s.canonicalize(state.data(), &image, scratch);
  CHECK(state == std::vector<Slot>{9, 3, 2, 3, 8, 7, 1});
  // Replica 0's part went to place 2, replica 1's to place 1, replica 2's to place 0.
  CHECK(image == ReplicaPermutation{2, 1, 0});
  // The image maps the original onto the canonical form, transitions alike.
  std::vector<Slot> original = {9, 7, 1, 3, 8, 3, 2}, permuted(7, 0);
  permuted[0] = original[0];
  s.permute_state(original.data(), image, permuted.data());
  CHECK(permuted == state);
  CHECK(s.permute(0, image) == 2);
  CHECK(s.permute(3, image) == 3);
  CHECK(s.permute(s.permute(1, image), s.inverse(image)) == 1);

  // Every state of an orbit has one canonical form.
  std::set<std::vector<Slot>> forms;
  s.for_each_image(original.data(), {}, [&](const ReplicaPermutation& p) {
    std::vector<Slot> member(7, 0);
    member[0] = original[0];
    s.permute_state(original.data(), p, member.data());
    s.canonicalize(member.data(), nullptr, scratch);
    forms.insert(member);
  });
  CHECK(forms == std::set<std::vector<Slot>>{state});
}

TEST_CASE("each distinct image of a state and marked transitions is visited once",
          "[checker][symmetry]") {
  const ReplicaSymmetry s = three_replicas();
  const auto images = [&](const std::vector<Slot>& state, std::vector<tfmc::TransitionId> marked) {
    std::set<std::pair<std::vector<Slot>, std::set<tfmc::TransitionId>>> seen;
    int visits = 0;
    s.for_each_image(state.data(), marked, [&](const ReplicaPermutation& p) {
      ++visits;
      std::vector<Slot> image(state);
      s.permute_state(state.data(), p, image.data());
      std::set<tfmc::TransitionId> moved;
      for (tfmc::TransitionId t : marked) moved.insert(s.permute(t, p));
      seen.emplace(image, moved);
    });
    CHECK(static_cast<int>(seen.size()) == visits);
    return visits;
  };
  CHECK(images({0, 1, 1, 2, 2, 3, 3}, {}) == 6);
  CHECK(images({0, 1, 1, 1, 1, 3, 3}, {}) == 3);
  CHECK(images({0, 4, 4, 4, 4, 4, 4}, {}) == 1);
  // Marked transitions tell alike replicas apart: the replica of transition 1 goes anywhere.
  CHECK(images({0, 4, 4, 4, 4, 4, 4}, {1}) == 3);
  CHECK(images({0, 4, 4, 4, 4, 4, 4}, {0, 2}) == 3);
  CHECK(images({0, 4, 4, 4, 4, 4, 4}, {3}) == 1);

  // Two classes permute independently: 2! * 3! images of distinct parts.
  std::vector<ReplicaSymmetry::Replica> pair = {{{0}, {}}, {{1}, {}}};
  std::vector<ReplicaSymmetry::Replica> triple = {{{2}, {}}, {{3}, {}}, {{4}, {}}};
  const ReplicaSymmetry two_classes({pair, triple}, 5, 0);
  const std::vector<Slot> distinct = {1, 2, 3, 4, 5};
  int count = 0;
  two_classes.for_each_image(distinct.data(), {}, [&](const ReplicaPermutation& p) {
    ++count;
    CHECK((p[0] <= 1 && p[1] <= 1 && p[2] >= 2 && p[3] >= 2 && p[4] >= 2));
  });
  CHECK(count == 12);
}

TEST_CASE("an orbit's size is the multinomial of the equal parts", "[checker][symmetry]") {
  const ReplicaSymmetry s = three_replicas();
  const std::vector<Slot> distinct = {0, 1, 1, 2, 2, 3, 3};
  const std::vector<Slot> two_equal = {0, 1, 1, 1, 1, 3, 3};
  const std::vector<Slot> all_equal = {5, 4, 4, 4, 4, 4, 4};
  CHECK(s.orbit_size(distinct.data()) == 6);
  CHECK(s.orbit_size(two_equal.data()) == 3);
  CHECK(s.orbit_size(all_equal.data()) == 1);
}
