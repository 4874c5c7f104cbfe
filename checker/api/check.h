// Checking a program: the one exploration path under `tfmc check`, race classification and
// `tfmc compare`, and the library form of a check for other front ends (tests, bindings).
//
// A check builds the successor generator over the program (semantics/model/graph_model.h),
// wraps it in the requested reduction (checker/reduced_model.h), explores it
// (checker/explorer.h), and returns the distinct outcomes with value ids of the caller's value
// store, sorted in FORMAT.md's order (outcome.h), the exploration's figures, and the program's
// races, classified when asked (race_classification.h).
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "checker/api/outcome.h"
#include "checker/api/race.h"
#include "checker/exploration.h"
#include "checker/outcomes.h"
#include "checker/reduced_model.h"
#include "checker/symmetry/replica_symmetry.h"
#include "gpu_eval/evaluator_choice.h"
#include "semantics/build/program_builder.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {
class GraphModel;  // semantics/model/graph_model.h
}  // namespace tfmc::sem

namespace tfmc::api {

// Receives about every second of a long exploration its figures and the label of the run
// ("" for the check itself, "before", "a before b", ...).
using ProgressSink = std::function<void(const check::Progress&, const std::string& label)>;

class ExplorationRun;  // exploration_run.h

// --symmetry (FORMAT.md, "Symmetry reduction"): None explores every state; Replicas stores
// one state of each orbit of interchangeable replicas (program_replicas.h); Graph, of the
// towers that automorphisms of the program's graph permute (program_towers.h); Auto is
// Replicas where the program has replicas, else Graph where it has towers, else None.
enum class Symmetry : std::uint8_t { None, Replicas, Graph, Auto };
struct CheckOptions;
// Makes the run that explores `explored` (a model of `program` over `values`, or its
// reduction) as `options` ask, under `label` in progress reports (exploration_run.h).
using Engine = std::function<std::unique_ptr<ExplorationRun>(
    TransitionSystem& explored, const sem::Program& program, sem::ValueStore& values,
    const CheckOptions& options, const std::string& label)>;

struct CheckOptions {
  check::Limits limits;
  check::Parallelism parallel;  // threads of each exploration (exploration.h)
  check::StoreMode store = check::StoreMode::Compressed;  // exploration.h
  check::Reduction reduction = check::Reduction::Stubborn;
  // Replicas or Graph where the program has none is an InputError; Auto then explores without.
  Symmetry symmetry = Symmetry::None;
  // Classify the races of a nondeterministic result as observable or benign
  // (race_classification.h); it may cost two more explorations per race.
  bool classify_races = false;
  ProgressSink progress;  // may be empty
  // Which backend evaluates tensor functions (gpu_eval/evaluator_choice.h); Gpu needs a device.
  eval::EvalBackend eval = eval::EvalBackend::Auto;
  // Where explorations run: empty, in this process (local_run); else, for example, over the
  // ranks of an MPI run (checker/api/distributed/distributed_run.h).
  Engine engine;
};

struct CheckResult {
  std::string program;  // the program's file as given
  // Incomplete also when a run reached a loop bound: stop_reason MaxIterations.
  check::Exploration exploration;
  std::vector<Outcome> outcomes;   // FORMAT.md's order
  std::uint64_t stuck_states = 0;  // final states in which some node can never fire
  std::uint64_t evaluations = 0;   // function evaluations (memoized ones not counted)
  check::Reduction reduction = check::Reduction::None;
  std::string refs;  // the graph files' ref-variable model (session.h SessionFacts), or empty
  std::uint64_t eager_firings = 0;  // transitions fired by the reduction between stored states
  // The symmetry the exploration used (FORMAT.md, "Symmetry reduction"): None, Replicas or
  // Graph, then the sizes of its classes (of replicas, or of towers) and the states of the
  // orbits of the stored states (with --reduction none, exactly the states an exploration
  // without symmetry stores); empty and 0 without symmetry. With Graph, the generators of the
  // graph's automorphism group and those of them that were not used (not permutations of
  // whole towers).
  Symmetry symmetry = Symmetry::None;
  std::vector<std::size_t> replica_classes;
  std::uint64_t orbit_states = 0;
  std::size_t automorphism_generators = 0;
  std::size_t ignored_generators = 0;
  std::size_t values = 0;  // values in the value store after the exploration
  // Every race of the program, in the order of sem::Concurrency::races: benign when the
  // result is deterministic, unknown when the exploration is incomplete or the races were not
  // classified, else as the classification decided.
  std::vector<Race> races;
  // What the reports print beside the result, on stderr and in JSON "warnings": the
  // uninitialized variables a check's outcomes show (uninitialized_warning.h).
  std::vector<std::string> warnings;
  // The limit that stopped race classification after a complete exploration (None: none
  // did); the races it did not reach say so in their unknown_reason.
  check::StopReason classification_stop = check::StopReason::None;

  // Where a limit stopped the check: in its exploration, else in race classification.
  check::StopPhase stopped_in() const {
    if (exploration.stopped_in != check::StopPhase::None) return exploration.stopped_in;
    return classification_stop == check::StopReason::None ? check::StopPhase::None
                                                          : check::StopPhase::RaceClassification;
  }

  bool deterministic() const {
    return exploration.complete && outcomes.size() == 1 && !outcomes[0].stuck;
  }
  // Whether the outcomes of runs that reached no loop bound already show nondeterminism that
  // the schedule makes (schedule_nondeterministic): what a result stopped only by
  // --max-iterations still proves.
  bool nondeterminism_proven() const {
    std::vector<const Outcome*> whole;
    for (const Outcome& o : outcomes) {
      if (o.bounds.empty()) whole.push_back(&o);
    }
    return schedule_nondeterministic(whole);
  }
  // Whether a complete exploration found several outcomes that differ only where their runs
  // assumed different values of uninterpreted functions or symbols (outcome.h, compatible):
  // none stuck, and no two of them reached under assumptions that can hold together. Which
  // one a run of the program reaches depends on those values, which tfmc does not know.
  bool inconclusive() const {
    std::vector<const Outcome*> all;
    for (const Outcome& o : outcomes) all.push_back(&o);
    return exploration.complete && outcomes.size() >= 2 && !schedule_nondeterministic(all);
  }
  // How many outcomes rest on assumptions (Outcome::assumptions not empty).
  std::size_t assuming() const {
    std::size_t n = 0;
    for (const Outcome& o : outcomes) n += o.assumptions.empty() ? 0 : 1;
    return n;
  }

 private:
  // A stuck outcome, or two outcomes reached under assumptions that can hold together.
  static bool schedule_nondeterministic(const std::vector<const Outcome*>& of) {
    for (std::size_t i = 0; i < of.size(); ++i) {
      if (of[i]->stuck) return true;
      for (std::size_t j = i + 1; j < of.size(); ++j) {
        if (compatible(*of[i], *of[j])) return true;
      }
    }
    return false;
  }
};

// The outcomes `found` in an exploration of `explored` (the graph model `model` or its
// reduction), named after `program`'s outputs and variables, in FORMAT.md's order; counts the
// stuck final states into `stuck_states`. Final states that differ only in their assumptions
// give one outcome with the assumption sets of all of them, and the witness of the first found.
// An exploration reduced by `symmetry` (null: none) stands for the orbits of its outcomes
// (outcome_orbits.h), which are named instead; the stuck final states are those stored.
// `origin`, when given, receives for each of `found` (or of its orbits) the place of the
// outcome it became (kUnnamed for one a limit left unnamed). With `limit`, the naming stops once
// its limits are reached past the replay's grace (check::LimitWatch): the rest of `found` is left
// unnamed, their final states counted in limit->unnamed_final_states, and limit->stop says why.
struct NamingLimit {
  const check::Limits& limits;
  check::StopReason stop = check::StopReason::None;
  std::uint64_t unnamed_final_states = 0;
};
inline constexpr std::size_t kUnnamed = static_cast<std::size_t>(-1);
std::vector<Outcome> named_outcomes(const sem::Program& program, sem::GraphModel& model,
                                    const TransitionSystem& explored,
                                    const std::vector<check::Outcome>& found,
                                    const sem::ValueStore& values, std::uint64_t& stuck_states,
                                    std::vector<std::size_t>* origin = nullptr,
                                    NamingLimit* limit = nullptr,
                                    const check::ReplicaSymmetry* symmetry = nullptr);

// Explores `program` (its values in `values`) with `options`, under `label` in progress
// reports. With `mark_noncommuting`, races whose two nodes fail to commute in a stored state
// are marked observable (the first test of race_classification.h); the races are otherwise
// left as CheckResult says, and classify_races is not looked at.
CheckResult explore(const sem::Program& program, sem::ValueStore& values,
                    const CheckOptions& options, const std::string& label,
                    bool mark_noncommuting = false);

// Explores `program` and, with options.classify_races, classifies its races.
CheckResult check(const sem::Program& program, sem::ValueStore& values,
                  const CheckOptions& options);

// A check of one program given as text (named `name` in messages and results), into
// `values`. Throws sem::InputError on bad input or a bad feed.
CheckResult check_text(const std::string& name, const std::string& text,
                       const std::vector<sem::Feed>& feeds, sem::ValueStore& values,
                       const CheckOptions& options);

}  // namespace tfmc::api

// A stop reason formats as its name (check::stop_reason_name), as the reports write it.
template <>
struct fmt::formatter<tfmc::check::StopReason> : fmt::formatter<std::string_view> {
  template <typename FormatContext>
  auto format(tfmc::check::StopReason reason, FormatContext& ctx) const {
    return fmt::formatter<std::string_view>::format(tfmc::check::stop_reason_name(reason), ctx);
  }
};
