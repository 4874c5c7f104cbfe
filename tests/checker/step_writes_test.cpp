// The slots a step writes (TransitionSystem::writes, asked right after fire()) for the models
// whose steps are not single firings: ReducedModel, whose step fires a chain of transitions,
// and SymmetricModel, whose step also canonicalizes. The explorer builds a successor's stored
// key from its parent's by setting those slots only, so they must hold every slot the step
// changed; and they should hold few more, since the store folds its tree again along each.
//
// On random programs run as two and three concurrent executions (the corpora of
// tests/differential/random_program.h and random_resource_program), breadth-first through up
// to kMaxStates states of each model, for every enabled step:
//   - every slot outside writes(t) is the parent's, and writes(t) lists each slot once;
//   - ReducedModel: each slot listed is written by a transition the step fired (one that is
//     fired in the successor and not in the parent, by the base model's fired());
//   - SymmetricModel: each slot listed differs from the parent's.
// And the lists are short: over each corpus, the slots listed are fewer than a third of the
// slots of the steps (all of them, as it was, made the store fold every word of every key).
#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checker/api/program_replicas.h"
#include "checker/reduced_model.h"
#include "checker/symmetry/symmetric_model.h"
#include "differential/random_program.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"
#include "semantics/program/compose.h"

namespace {

using namespace tfmc;
using check::Reduction;

constexpr std::uint32_t kSeedCount = 40;
constexpr std::size_t kMaxStates = 300;

struct Totals {
  std::uint64_t steps = 0;
  std::uint64_t listed = 0;  // slots listed by writes() over all steps
  std::uint64_t slots = 0;   // slot_count() over all steps
};

// The problems of `model`'s steps, breadth-first from its initial state; `base` is the graph
// model under it, to tell which transitions a reduced step fired (null: not checked).
std::string check_steps(TransitionSystem& model, const sem::GraphModel* base, bool must_differ,
                        Totals& totals) {
  const std::size_t n = model.slot_count();
  std::vector<Slot> initial(n);
  model.initial_state(initial.data());
  std::set<std::vector<Slot>> seen = {initial};
  std::deque<std::vector<Slot>> queue = {initial};
  std::vector<TransitionId> enabled;
  std::vector<std::uint8_t> fired_before, fired_after;
  while (!queue.empty() && seen.size() < kMaxStates) {
    const std::vector<Slot> state = queue.front();
    queue.pop_front();
    enabled.clear();
    model.enabled(state.data(), enabled);
    if (base != nullptr) base->fired(state.data(), fired_before);
    for (const TransitionId t : enabled) {
      std::vector<Slot> next = state;
      model.fire(state.data(), t, next.data());
      std::vector<std::uint8_t> listed(n, 0);
      for (const std::uint32_t s : model.writes(t)) {
        if (listed[s] != 0) return "slot listed twice by " + model.transition_name(t);
        listed[s] = 1;
        if (must_differ && next[s] == state[s]) {
          return "an unchanged slot listed by " + model.transition_name(t);
        }
      }
      for (std::size_t s = 0; s < n; ++s) {
        if (listed[s] == 0 && next[s] != state[s]) {
          return "slot " + std::to_string(s) + " changed but not listed by " +
                 model.transition_name(t);
        }
      }
      if (base != nullptr) {
        base->fired(next.data(), fired_after);
        std::vector<std::uint8_t> written(n, 0);
        for (TransitionId u = 0; u < fired_after.size(); ++u) {
          if (fired_after[u] == 0 || fired_before[u] != 0) continue;
          for (const std::uint32_t s : base->writes(u)) written[s] = 1;
        }
        for (const std::uint32_t s : model.writes(t)) {
          if (written[s] == 0) {
            return "slot " + std::to_string(s) + " listed but written by no transition of " +
                   model.transition_name(t);
          }
        }
      }
      ++totals.steps;
      totals.listed += model.writes(t).size();
      totals.slots += n;
      if (seen.insert(next).second) queue.push_back(next);
    }
  }
  return {};
}

template <typename Generate>
void check_corpus(Generate generate) {
  for (const std::uint32_t concurrent : {2u, 3u}) {
    for (const Reduction level : {Reduction::Eager, Reduction::Stubborn}) {
      Totals reduced_totals, symmetric_totals;
      int with_replicas = 0;
      for (std::uint32_t seed = 1; seed <= kSeedCount; ++seed) {
        sem::ValueStore values;
        const sem::Program one =
            sem::load_program_text("step.tfg", difftest::to_tfg(generate(seed)), {}, values);
        const std::vector<sem::Program> copies(concurrent, one);
        const sem::Program program = sem::compose(copies, 1, values);
        eval::CpuEvaluator evaluator;
        sem::GraphModel graph(program, values, evaluator);
        check::ReducedModel reduced(graph, level);
        INFO("seed " << seed << ", --concurrent " << concurrent << ", reduction "
                     << check::reduction_name(level));
        CHECK(check_steps(reduced, &graph, false, reduced_totals).empty());
        std::string why_not;
        const auto symmetry = api::program_replicas(program, reduced, why_not);
        if (symmetry == nullptr) continue;
        ++with_replicas;
        check::SymmetricModel symmetric(reduced, *symmetry);
        CHECK(check_steps(symmetric, nullptr, true, symmetric_totals).empty());
      }
      INFO("--concurrent " << concurrent << ", reduction " << check::reduction_name(level));
      CHECK(with_replicas >= static_cast<int>(kSeedCount) / 2);
      CHECK(reduced_totals.steps > 0);
      CHECK(3 * reduced_totals.listed < reduced_totals.slots);
      CHECK(3 * symmetric_totals.listed < symmetric_totals.slots);
    }
  }
}

}  // namespace

TEST_CASE("a reduced or symmetric step lists the slots it changed, and few more",
          "[checker][reduction][symmetry]") {
  check_corpus(difftest::generate_program);
}

TEST_CASE("a reduced or symmetric step of a resource program lists the slots it changed",
          "[checker][reduction][symmetry]") {
  check_corpus(difftest::generate_resource_program);
}
