// What the differential tests of symmetry reduction compare (symmetry_differential_test.cpp,
// tower_symmetry_differential_test.cpp): a check's outcomes as a set (outputs, variables,
// stuck flag, blocked nodes), witnesses replayed on the program's graph model, and the ways
// to explore that each is run under.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"

namespace tfmc::difftest {

// One way to explore, as on the command line.
struct Setting {
  const char* flags;
  check::Reduction reduction;
  unsigned threads;
};
inline constexpr Setting kSettings[] = {
    {"--reduction none", check::Reduction::None, 1},
    {"--reduction eager", check::Reduction::Eager, 1},
    {"--reduction stubborn", check::Reduction::Stubborn, 1},
    {"--reduction stubborn --threads 2", check::Reduction::Stubborn, 2},
};

struct ComparedOutcome {
  std::vector<api::NamedValue> outputs, variables;
  bool stuck = false;
  std::set<std::string> blocked;
  auto operator<=>(const ComparedOutcome&) const = default;
};

std::set<ComparedOutcome> compared(const api::CheckResult& r);

// Replays witnesses on the graph model of a program: each name fires its node (one of its
// alternatives: every enabled one is tried), and the run must end in a final state whose
// outputs and variables are the outcome's.
class WitnessReplay {
 public:
  WitnessReplay(const sem::Program& program, sem::ValueStore& values);

  bool reaches(const api::Outcome& o);

 private:
  bool replay(const std::vector<Slot>& state, const api::Outcome& o, std::size_t k);
  bool ends_in(const std::vector<Slot>& state, const api::Outcome& o);

  const sem::Program& program_;
  eval::CpuEvaluator evaluator_;
  sem::GraphModel model_;
  std::map<std::string, std::vector<TransitionId>> named_;
};

}  // namespace tfmc::difftest
