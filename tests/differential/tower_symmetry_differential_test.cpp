// Soundness of symmetry inside one graph (checker/api/program_towers.h, FORMAT.md, "Symmetry
// reduction"): for every seed of a corpus of random programs (random_program.h), the program
// written two and three times over the same variables (random_towers.h), and the variants
// whose last copy differs in a constant, an attribute or an edge order, the exploration with
// --symmetry auto (graph symmetry, since one file has no replicas) must find exactly the
// outcomes (outputs, variables, stuck flag, blocked nodes) of the one with --symmetry none, at
// every reduction level and on 2 threads; every witness it gives must replay, on the program's
// graph model, to a final state with exactly its outcome; it must store no more states. The
// copies must be found as towers (one class holds as many towers as there are copies, or a
// multiple: a copy may hold several towers); a variant's changed node must be fixed by every
// permutation of the towers where it can be told from every other node (a changed constant or
// attribute, or arguments swapped whose sources differ in kind).
//
// A program whose explorations need more than kMaxStates is skipped and counted; each setting
// must compare, over the four variants, a third as many programs as there are seeds at least
// (two copies of which one differs often have no towers: a tenth of the seeds at least must
// find none). With --reduction none, the states of the orbits of the stored states must be
// exactly the states stored without symmetry.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/program_towers.h"
#include "checker/api/session.h"
#include "differential/random_program.h"
#include "differential/random_towers.h"
#include "differential/symmetry_checks.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"
#include "support/files.h"

namespace {

using tfmc::api::CheckOptions;
using tfmc::api::CheckResult;
using tfmc::api::Symmetry;
using tfmc::check::Reduction;
using tfmc::difftest::kSettings;
using tfmc::difftest::Setting;
using tfmc::difftest::TowerVariant;

constexpr std::uint32_t kSeedCount = 60;
constexpr std::uint64_t kMaxStates = 10000;

struct Variant {
  const char* name;
  TowerVariant variant;
};
const Variant kVariants[] = {{"copies", TowerVariant::Copies},
                             {"a constant differs", TowerVariant::Constant},
                             {"an attribute differs", TowerVariant::Attribute},
                             {"an edge order differs", TowerVariant::EdgeOrder}};

struct Tally {
  int compared = 0;
  int skipped = 0;     // an exploration needs more than kMaxStates
  int no_variant = 0;  // the tower has no node the variant changes
  int no_towers = 0;   // no symmetry found (a variant of two copies, mostly)
  int several = 0;     // compared programs with several outcomes
  std::uint64_t states_none = 0, states_graph = 0;
};

// Whether the sources of node `n`'s first two arguments differ in kind, so that swapping them
// makes the node unlike every node of the other copies.
bool swap_tells_apart(const tfmc::difftest::RandomProgram& p, const std::string& changed) {
  const auto it = std::find_if(p.nodes.begin(), p.nodes.end(),
                               [&](const auto& node) { return node.name == changed; });
  const tfmc::difftest::TensorRef& a = it->args[0];
  const tfmc::difftest::TensorRef& b = it->args[1];
  if (a.is_input != b.is_input) return true;
  if (a.is_input) return false;  // inputs of one value are alike
  return a.index == b.index || p.nodes[a.index].op != p.nodes[b.index].op;
}

// Whether every permutation of the towers of `program` fixes the node named `changed`.
bool fixed_by_towers(const tfmc::sem::Program& program, tfmc::sem::ValueStore& values,
                     const std::string& changed) {
  tfmc::eval::CpuEvaluator evaluator;
  const tfmc::sem::GraphModel model(program, values, evaluator);
  std::string why_not;
  const tfmc::api::ProgramTowers towers = tfmc::api::program_towers(
      program, model, tfmc::api::kMaxTowerSearchVertices, SIZE_MAX, why_not);
  if (!towers.symmetry) return true;
  tfmc::TransitionId t = 0;
  while (model.transition_name(t) != changed) ++t;
  const std::vector<tfmc::Slot> alike(model.slot_count(), 0);
  bool fixed = true;
  towers.symmetry->for_each_image(alike.data(), {}, [&](const auto& image) {
    fixed = fixed && towers.symmetry->permute(t, image) == t;
  });
  return fixed;
}

std::string disagreement(const tfmc::difftest::Towers& towers, int copies, TowerVariant variant,
                         const Setting& setting, Tally& tally) {
  tfmc::api::SessionOptions session;
  session.files = {tfmc::test::write_test_file("towers.tfg", to_tfg(towers.program))};
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(session, values);
  std::ostringstream problems;
  const bool tells_apart =
      variant == TowerVariant::Constant || variant == TowerVariant::Attribute ||
      (variant == TowerVariant::EdgeOrder && swap_tells_apart(towers.program, towers.changed));
  if (tells_apart && !fixed_by_towers(program, values, towers.changed)) {
    problems << "the changed node " << towers.changed << " is moved by the towers' symmetry\n";
  }
  CheckOptions options;
  options.reduction = setting.reduction;
  options.parallel.threads = setting.threads;
  options.limits.max_states = kMaxStates;
  options.symmetry = Symmetry::Auto;
  const CheckResult reduced = tfmc::api::explore(program, values, options, "");
  if (reduced.symmetry == Symmetry::None) {
    ++tally.no_towers;
    if (variant == TowerVariant::Copies) problems << "no towers found in copies\n";
    return problems.str();
  }
  if (reduced.symmetry != Symmetry::Graph) problems << "a symmetry other than graph's\n";
  if (variant == TowerVariant::Copies &&
      std::none_of(reduced.replica_classes.begin(), reduced.replica_classes.end(),
                   [&](std::size_t size) { return size % copies == 0; })) {
    problems << "no class of towers holds a multiple of " << copies << "\n";
  }
  options.symmetry = Symmetry::None;
  CheckResult plain = tfmc::api::explore(program, values, options, "");
  const bool same_level = plain.exploration.complete;
  if (!same_level) {
    options.reduction = Reduction::Stubborn;
    plain = tfmc::api::explore(program, values, options, "");
  }
  if (!reduced.exploration.complete || !plain.exploration.complete) {
    ++tally.skipped;
    return problems.str();
  }
  ++tally.compared;
  if (plain.outcomes.size() > 1) ++tally.several;
  if (same_level) {
    tally.states_none += plain.exploration.states;
    tally.states_graph += reduced.exploration.states;
    if (reduced.exploration.states > plain.exploration.states) {
      problems << "more states with symmetry\n";
    }
    if (setting.reduction == Reduction::None && reduced.orbit_states != plain.exploration.states) {
      problems << "the orbits of the stored states hold " << reduced.orbit_states << " states, not "
               << plain.exploration.states << "\n";
    }
  }
  if (tfmc::difftest::compared(plain) != tfmc::difftest::compared(reduced)) {
    problems << "outcome sets differ: " << plain.outcomes.size() << " without symmetry, "
             << reduced.outcomes.size() << " with\n";
  }
  tfmc::difftest::WitnessReplay replay(program, values);
  for (const tfmc::api::Outcome& o : reduced.outcomes) {
    if (!replay.reaches(o)) {
      std::string fired;
      for (const std::string& name : o.witness) fired += " " + name;
      problems << "witness [" << fired << " ] does not reach its outcome\n";
      break;
    }
  }
  return problems.str();
}

}  // namespace

TEST_CASE("symmetry inside one graph keeps the outcomes of random duplicated towers",
          "[differential][symmetry][towers]") {
  for (const int copies : {2, 3}) {
    for (const Setting& setting : kSettings) {
      Tally total;  // over the variants
      for (const Variant& v : kVariants) {
        Tally tally;
        std::vector<std::string> failing;
        std::string first_report;
        for (std::uint32_t seed = 1; seed <= kSeedCount; ++seed) {
          const auto towers = tfmc::difftest::duplicate_towers(
              tfmc::difftest::generate_program(seed), copies, v.variant);
          if (!towers) {
            ++tally.no_variant;
            continue;
          }
          const std::string report = disagreement(*towers, copies, v.variant, setting, tally);
          if (report.empty()) continue;
          if (failing.empty()) first_report = to_tfg(towers->program) + report;
          failing.push_back(std::to_string(seed));
        }
        std::string seeds;
        for (const std::string& s : failing) seeds += " " + s;
        INFO(copies << " copies, " << v.name << ", " << setting.flags << ": " << tally.compared
                    << " compared (" << tally.several << " with several outcomes), "
                    << tally.skipped << " skipped as too large, " << tally.no_variant
                    << " without the variant, " << tally.no_towers
                    << " without towers; states stored: " << tally.states_none
                    << " without symmetry, " << tally.states_graph
                    << " with\nfailing seeds:" << seeds << "\nfirst failure:\n"
                    << first_report);
        CHECK(failing.empty());
        if (copies == 2 && v.variant != TowerVariant::Copies) {
          // Two copies, one changed: often no towers, as the changed node's check says.
          CHECK(tally.no_towers >= static_cast<int>(kSeedCount) / 10);
        }
        total.compared += tally.compared;
        total.several += tally.several;
        total.states_none += tally.states_none;
        total.states_graph += tally.states_graph;
      }
      INFO(copies << " copies, " << setting.flags << ", every variant: " << total.compared
                  << " compared (" << total.several << " with several outcomes); states stored: "
                  << total.states_none << " without symmetry, " << total.states_graph << " with");
      CHECK(total.compared >= static_cast<int>(kSeedCount) / 3);
      CHECK(total.several > 0);
      CHECK(total.states_graph < total.states_none);
    }
  }
}
