// The slots a step reports it wrote (what TransitionSystem::fire returns) for the graph model,
// whose step is one node's firing, and for the models whose steps are not single firings:
// ReducedModel, whose step fires a chain of transitions, and SymmetricModel, whose step also
// canonicalizes. The explorer builds a successor's stored key from its parent's by setting
// those slots only, so they must hold every slot the step changed; and they should hold few
// more, since the store folds its tree again along each.
//
// On random programs run as two and three concurrent executions (the corpora of
// tests/differential/random_program.h and random_resource_program), breadth-first through up
// to kMaxStates states of each model (the graph model or a reduction of it, and the symmetry
// over that), for every enabled step:
//   - every slot outside the slots returned is the parent's, and each slot is returned once;
//   - GraphModel and ReducedModel: each slot returned is written by a transition the step
//     fired (one that is fired in the successor and not in the parent, by the graph model's
//     fired() and writes());
//   - SymmetricModel: each slot returned differs from the parent's.
// A step's slots are its own when the same transition is fired from another state right
// after it (two consecutive states of the search, each firing's slots kept before the next
// firing): a model that answered for its last firing of a transition got exactly this wrong,
// and the reduced and symmetric steps of such pairs do write different slots.
// And the lists are short: over each corpus, the slots returned are fewer than a third of the
// slots of the steps (all of them, as it was, made the store fold every word of every key).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <iterator>
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
  std::uint64_t listed = 0;  // slots returned by fire() over all steps
  std::uint64_t slots = 0;   // slot_count() over all steps
  // Transitions fired from two consecutive states whose two firings wrote different slots.
  std::uint64_t different_pairs = 0;
};

// A model whose steps are checked. `base`: the graph model under it, which tells which
// transitions a step fired (null for a symmetric model, whose steps permute slots);
// `must_differ`: every slot returned must have changed.
struct Checked {
  TransitionSystem& model;
  const sem::GraphModel* base;
  bool must_differ;
};

// Fires `t` in `state` into `next`: a copy of the slots the firing returned.
std::vector<std::uint32_t> fire(TransitionSystem& model, const std::vector<Slot>& state,
                                TransitionId t, std::vector<Slot>& next) {
  next = state;
  const std::span<const std::uint32_t> written = model.fire(state.data(), t, next.data());
  return {written.begin(), written.end()};
}

// What is wrong with `listed`, the slots that firing `t` in `state` returned, `next` the
// successor it made; empty when nothing is.
std::string listed_problem(const Checked& c, TransitionId t, const std::vector<Slot>& state,
                           const std::vector<Slot>& next,
                           const std::vector<std::uint32_t>& listed) {
  const std::size_t n = state.size();
  const std::string& name = c.model.transition_name(t);
  std::vector<std::uint8_t> is_listed(n, 0);
  for (const std::uint32_t s : listed) {
    if (is_listed[s] != 0) return "slot listed twice by " + name;
    is_listed[s] = 1;
    if (c.must_differ && next[s] == state[s]) return "an unchanged slot listed by " + name;
  }
  for (std::size_t s = 0; s < n; ++s) {
    if (is_listed[s] == 0 && next[s] != state[s]) {
      return "slot " + std::to_string(s) + " changed but not listed by " + name;
    }
  }
  if (c.base == nullptr) return {};
  std::vector<std::uint8_t> fired_before, fired_after;
  c.base->fired(state.data(), fired_before);
  c.base->fired(next.data(), fired_after);
  std::vector<std::uint8_t> written(n, 0);
  for (TransitionId u = 0; u < fired_after.size(); ++u) {
    if (fired_after[u] == 0 || fired_before[u] != 0) continue;
    for (const std::uint32_t s : c.base->writes(u)) written[s] = 1;
  }
  for (const std::uint32_t s : listed) {
    if (written[s] == 0) {
      return "slot " + std::to_string(s) + " listed but written by no transition of " + name;
    }
  }
  return {};
}

// Checks every step of the model breadth-first from its initial state, through up to
// kMaxStates states, which it appends to `states` in the order found; the first problem.
std::string check_steps(const Checked& c, Totals& totals, std::vector<std::vector<Slot>>& states) {
  TransitionSystem& model = c.model;
  std::vector<Slot> initial(model.slot_count());
  model.initial_state(initial.data());
  std::set<std::vector<Slot>> seen = {initial};
  std::deque<std::vector<Slot>> queue = {initial};
  std::vector<TransitionId> enabled;
  std::vector<Slot> next;
  while (!queue.empty() && seen.size() < kMaxStates) {
    states.push_back(queue.front());
    queue.pop_front();
    const std::vector<Slot>& state = states.back();
    enabled.clear();
    model.enabled(state.data(), enabled);
    for (const TransitionId t : enabled) {
      const std::vector<std::uint32_t> listed = fire(model, state, t, next);
      std::string problem = listed_problem(c, t, state, next, listed);
      if (!problem.empty()) return problem;
      ++totals.steps;
      totals.listed += listed.size();
      totals.slots += model.slot_count();
      if (seen.insert(next).second) queue.push_back(next);
    }
  }
  return {};
}

// For each two consecutive states of `states`, fires each transition enabled in both from the
// first and then from the second, and checks the slots each firing returned (kept before the
// next firing) against its own successor; the first problem.
std::string check_consecutive(const Checked& c, const std::vector<std::vector<Slot>>& states,
                              Totals& totals) {
  std::vector<TransitionId> enabled_a, enabled_b, common;
  std::vector<Slot> next_a, next_b;
  for (std::size_t i = 1; i < states.size(); ++i) {
    const std::vector<Slot>& a = states[i - 1];
    const std::vector<Slot>& b = states[i];
    enabled_a.clear();
    enabled_b.clear();
    common.clear();
    c.model.enabled(a.data(), enabled_a);
    c.model.enabled(b.data(), enabled_b);
    std::set_intersection(enabled_a.begin(), enabled_a.end(), enabled_b.begin(), enabled_b.end(),
                          std::back_inserter(common));
    for (const TransitionId t : common) {
      const std::vector<std::uint32_t> listed_a = fire(c.model, a, t, next_a);
      const std::vector<std::uint32_t> listed_b = fire(c.model, b, t, next_b);
      for (std::string problem :
           {listed_problem(c, t, a, next_a, listed_a), listed_problem(c, t, b, next_b, listed_b)}) {
        if (!problem.empty()) return problem + ", fired beside another state's firing";
      }
      std::set<std::uint32_t> set_a(listed_a.begin(), listed_a.end());
      if (set_a != std::set<std::uint32_t>(listed_b.begin(), listed_b.end())) {
        ++totals.different_pairs;
      }
    }
  }
  return {};
}

std::string check_model(const Checked& c, Totals& totals) {
  std::vector<std::vector<Slot>> states;
  const std::string problem = check_steps(c, totals, states);
  return problem.empty() ? check_consecutive(c, states, totals) : problem;
}

template <typename Generate>
void check_corpus(Generate generate) {
  for (const std::uint32_t concurrent : {2u, 3u}) {
    for (const Reduction level : {Reduction::None, Reduction::Eager, Reduction::Stubborn}) {
      Totals stepped_totals, symmetric_totals;
      int with_replicas = 0;
      for (std::uint32_t seed = 1; seed <= kSeedCount; ++seed) {
        sem::ValueStore values;
        const sem::Program one =
            sem::load_program_text("step.tfg", difftest::to_tfg(generate(seed)), {}, values);
        const std::vector<sem::Program> copies(concurrent, one);
        const sem::Program program = sem::compose(copies, 1, values);
        eval::CpuEvaluator evaluator;
        sem::GraphModel graph(program, values, evaluator);
        std::unique_ptr<check::ReducedModel> reduced;
        if (level != Reduction::None) reduced = std::make_unique<check::ReducedModel>(graph, level);
        TransitionSystem& stepped =
            reduced != nullptr ? *reduced : static_cast<TransitionSystem&>(graph);
        INFO("seed " << seed << ", --concurrent " << concurrent << ", reduction "
                     << check::reduction_name(level));
        CHECK(check_model({stepped, &graph, false}, stepped_totals).empty());
        std::string why_not;
        const auto symmetry = api::program_replicas(program, stepped, why_not);
        if (symmetry == nullptr) continue;
        ++with_replicas;
        check::SymmetricModel symmetric(stepped, *symmetry);
        CHECK(check_model({symmetric, nullptr, true}, symmetric_totals).empty());
      }
      INFO("--concurrent " << concurrent << ", reduction " << check::reduction_name(level));
      CHECK(with_replicas >= static_cast<int>(kSeedCount) / 2);
      CHECK(stepped_totals.steps > 0);
      CHECK(3 * stepped_totals.listed < stepped_totals.slots);
      CHECK(3 * symmetric_totals.listed < symmetric_totals.slots);
      // A graph model's firing writes what its node declares, whatever the state.
      CHECK((stepped_totals.different_pairs > 0) == (level != Reduction::None));
      CHECK(symmetric_totals.different_pairs > 0);
    }
  }
}

}  // namespace

TEST_CASE("a step lists the slots it changed, its own, and few more",
          "[checker][reduction][symmetry]") {
  check_corpus(difftest::generate_program);
}

TEST_CASE("a step of a resource program lists the slots it changed, its own",
          "[checker][reduction][symmetry]") {
  check_corpus(difftest::generate_resource_program);
}
