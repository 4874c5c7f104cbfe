// Soundness of symmetry reduction (checker/symmetry/, FORMAT.md, "Symmetry reduction"): for
// every seed of two corpora of random programs (random_program.h: tensors and variables;
// generate_resource_program: queues, mutexes, critical sections, Choice, RandomInt,
// ApplyGradientDescent), run as --concurrent 2 and 3, the exploration with --symmetry replicas
// must find exactly the outcomes (outputs, variables, stuck flag, blocked nodes) of the one
// with --symmetry none, at every reduction level and on 2 threads; every witness it gives must
// replay, on the program's graph model, to a final state with exactly its outcome; it must
// store no more states, and count no more stuck final states than final states (both count
// the states stored). A program with critical sections has no replicas (auto explores it
// without symmetry) and is counted apart.
//
// A program whose explorations need more than kMaxStates is skipped and counted; each setting
// must compare a twentieth of each corpus at least (--concurrent 3 with --reduction none is where
// the fewest fit). With --reduction none, the states of the orbits of
// the stored states must be exactly the states stored without symmetry.
#include <catch2/catch.hpp>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/session.h"
#include "differential/random_program.h"
#include "differential/symmetry_checks.h"
#include "support/files.h"

namespace {

using tfmc::api::CheckOptions;
using tfmc::api::CheckResult;
using tfmc::api::Symmetry;
using tfmc::check::Reduction;
using tfmc::difftest::compared;
using tfmc::difftest::kSettings;
using tfmc::difftest::Setting;
using tfmc::difftest::WitnessReplay;

constexpr std::uint32_t kSeedCount = 100;
constexpr std::uint64_t kMaxStates = 10000;

struct Tally {
  int compared = 0;
  int skipped = 0;      // an exploration needs more than kMaxStates
  int no_replicas = 0;  // programs with critical sections
  int several = 0;      // compared programs with several outcomes
  std::uint64_t states_none = 0, states_replicas = 0;
};

// Empty when the explorations agree on the program in `path` run `concurrent` times with
// `setting`, else a report. The exploration without symmetry is at the same level where it
// fits in kMaxStates, else stubborn's (every level finds the same outcomes:
// reduction_differential_test.cpp, session_differential_test.cpp).
std::string disagreement(const std::string& path, std::uint32_t concurrent, const Setting& setting,
                         Tally& tally) {
  tfmc::api::SessionOptions session;
  session.files = {path};
  session.concurrent = concurrent;
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(session, values);
  CheckOptions options;
  options.reduction = setting.reduction;
  options.parallel.threads = setting.threads;
  options.limits.max_states = kMaxStates;
  options.symmetry = Symmetry::Auto;
  const CheckResult reduced = tfmc::api::explore(program, values, options, "");
  if (reduced.symmetry == Symmetry::None) {
    ++tally.no_replicas;
    return program.sections.empty() ? "no replicas found\n" : "";
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
    return "";
  }
  ++tally.compared;
  if (plain.outcomes.size() > 1) ++tally.several;
  std::ostringstream problems;
  if (same_level) {
    tally.states_none += plain.exploration.states;
    tally.states_replicas += reduced.exploration.states;
    if (reduced.exploration.states > plain.exploration.states) {
      problems << "more states with symmetry\n";
    }
    if (setting.reduction == Reduction::None && reduced.orbit_states != plain.exploration.states) {
      problems << "the orbits of the stored states hold " << reduced.orbit_states << " states, not "
               << plain.exploration.states << "\n";
    }
  }
  if (compared(plain) != compared(reduced)) {
    problems << "outcome sets differ: " << plain.outcomes.size() << " without symmetry, "
             << reduced.outcomes.size() << " with\n";
  }
  if (reduced.stuck_states > reduced.exploration.final_states) {
    problems << "more stuck states than final states\n";
  }
  if (reduced.replica_classes != std::vector<std::size_t>{concurrent}) {
    problems << "the replica classes are not one of " << concurrent << "\n";
  }
  WitnessReplay replay(program, values);
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

template <typename Generate>
void compare_corpus(const char* corpus, Generate generate) {
  for (const std::uint32_t concurrent : {2u, 3u}) {
    for (const Setting& setting : kSettings) {
      Tally tally;
      std::vector<std::string> failing;
      std::string first_report;
      for (std::uint32_t seed = 1; seed <= kSeedCount; ++seed) {
        const std::string text = tfmc::difftest::to_tfg(generate(seed));
        const std::string path = tfmc::test::write_test_file("symmetric_program.tfg", text);
        const std::string report = disagreement(path, concurrent, setting, tally);
        if (report.empty()) continue;
        if (failing.empty()) first_report = text + report;
        failing.push_back(std::to_string(seed));
      }
      std::string seeds;
      for (const std::string& s : failing) seeds += " " + s;
      INFO(corpus << " --concurrent " << concurrent << " " << setting.flags << ": "
                  << tally.compared << " compared (" << tally.several << " with several outcomes), "
                  << tally.skipped << " skipped as too large, " << tally.no_replicas
                  << " without replicas; states stored: " << tally.states_none
                  << " without symmetry, " << tally.states_replicas
                  << " with\nfailing seeds:" << seeds << "\nfirst failure:\n"
                  << first_report);
      CHECK(failing.empty());
      CHECK(tally.compared >= static_cast<int>(kSeedCount) / 20);
      CHECK(tally.several > 0);
      CHECK(tally.states_replicas < tally.states_none);
    }
  }
}

}  // namespace

TEST_CASE("symmetry reduction keeps the outcomes of random programs run concurrently",
          "[differential][symmetry]") {
  compare_corpus("programs", tfmc::difftest::generate_program);
}

TEST_CASE("symmetry reduction keeps the outcomes of random resource programs run concurrently",
          "[differential][symmetry]") {
  compare_corpus("resource programs", tfmc::difftest::generate_resource_program);
}
