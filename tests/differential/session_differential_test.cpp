// Soundness of the partial-order reduction (checker/reduced_model.h) on the resource
// constructs and sessions: for every seed of a corpus of random programs with queues,
// mutexes, critical sections, targets, Choice, RandomInt and ApplyGradientDescent
// (random_program.h generate_resource_program), and for each session below, the runs with
// --reduction none, eager and stubborn must find exactly the same outcomes (outputs,
// variables, stuck flag and the set of blocked nodes) and the same deterministic flag. The
// sessions are built as tfmc builds them (checker/api/session.h load_session), from the program
// written to a file.
//
// The full run of a session is capped (kMaxFullStates); the sessions above it are skipped and
// counted, and each session must compare three quarters of the programs (a quarter with two
// concurrent copies, whose state space is about the square of the program's). The corpus must
// exercise what it tests: every construct in some compared program, and in every session some stuck
// outcome and some program with several outcomes.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/api/session.h"
#include "differential/random_program.h"
#include "support/check_text.h"
#include "support/files.h"

namespace {

using tfmc::check::Reduction;
using tfmc::difftest::ResourceOp;
using tfmc::difftest::ResourceProgram;

constexpr std::uint32_t kFirstSeed = 1;
constexpr std::uint32_t kSeedCount = 1500;

constexpr Reduction kLevels[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};

// A session whose full exploration needs more states than this is skipped (and counted).
constexpr std::uint64_t kMaxFullStates = 10000;
// Two concurrent copies of a program need about the square of its own states: a concurrent
// session is skipped without exploring when the program alone needs more than this (most of
// those would exceed kMaxFullStates, and finding out costs kMaxFullStates states each).
constexpr std::uint64_t kMaxAloneStatesForConcurrent = 300;

struct Session {
  const char* flags;  // as on the command line, for the report
  std::uint32_t concurrent;
  std::uint32_t runs;
  tfmc::sem::UpdateModel model;
  bool prune;
};

constexpr auto kExecutor = tfmc::sem::UpdateModel::Executor;
constexpr auto kRfc = tfmc::sem::UpdateModel::Rfc;

const Session kSessions[] = {
    {"", 1, 1, kExecutor, false},
    {"--concurrent 2", 2, 1, kExecutor, false},
    {"--runs 2", 1, 2, kExecutor, false},
    {"--model rfc", 1, 1, kRfc, false},
    {"--prune", 1, 1, kExecutor, true},
    {"--concurrent 2 --model rfc --prune", 2, 1, kRfc, true},
    {"--runs 2 --model rfc", 1, 2, kRfc, false},
};
constexpr int kSessionCount = static_cast<int>(std::size(kSessions));

// One outcome as the comparison sees it: the blocked nodes as a set, since their order in
// the report is not part of the outcome.
struct ComparedOutcome {
  tfmc::api::NamedValues outputs;
  tfmc::api::NamedValues variables;
  bool stuck = false;
  std::set<std::string> blocked;
  auto operator<=>(const ComparedOutcome&) const = default;
};

std::string describe_set(const std::set<ComparedOutcome>& outcomes) {
  std::string text;
  for (const ComparedOutcome& o : outcomes) {
    text += " ";
    for (const auto& [name, value] : o.outputs) text += " " + name + " = " + value;
    text += " |";
    for (const auto& [name, value] : o.variables) text += " " + name + " = " + value;
    if (o.stuck) {
      text += " | stuck, blocked:";
      for (const std::string& name : o.blocked) text += " " + name;
    }
    text += "\n";
  }
  return text;
}

struct LevelRun {
  bool complete = false;
  bool deterministic = false;
  std::uint64_t states = 0;
  std::set<ComparedOutcome> outcomes;
};

LevelRun run_level(const std::string& path, const Session& session, Reduction reduction) {
  tfmc::api::SessionOptions options;
  options.files = {path};
  options.concurrent = session.concurrent;
  options.runs = session.runs;
  options.model = session.model;
  options.prune = session.prune;
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(options, values);
  tfmc::check::Limits limits;
  if (reduction == Reduction::None) limits.max_states = kMaxFullStates;
  const tfmc::support::TextCheck result =
      tfmc::support::explore_text(program, values, limits, reduction);
  LevelRun run;
  run.complete = result.exploration.complete;
  run.deterministic = result.deterministic();
  run.states = result.exploration.states;
  for (const tfmc::api::PrintedOutcome& o : result.outcomes) {
    run.outcomes.insert({o.outputs, o.variables, o.stuck,
                         std::set<std::string>(o.blocked.begin(), o.blocked.end())});
  }
  return run;
}

// What each session of the corpus measured, for the coverage checks and the report.
struct SessionTally {
  int compared = 0;
  int skipped = 0;                     // the full run needs more than kMaxFullStates
  int stuck = 0;                       // programs with a stuck outcome
  int nondeterministic = 0;            // programs with several outcomes
  std::uint64_t last_states_none = 0;  // of the last program compared
  std::uint64_t states_none = 0;
  std::uint64_t states_stubborn = 0;
};

// Empty when the three levels agree on `session` of the program in `path`, else a report.
// `alone_states`: the states of the program's own full run, or 0 when not known yet.
std::string disagreement(const std::string& path, const Session& session,
                         std::uint64_t alone_states, SessionTally& tally) {
  if (session.concurrent > 1 && alone_states > kMaxAloneStatesForConcurrent) {
    ++tally.skipped;
    return "";
  }
  LevelRun runs[3];
  for (int level = 0; level < 3; ++level) {
    runs[level] = run_level(path, session, kLevels[level]);
    if (level == 0 && !runs[0].complete) {
      ++tally.skipped;
      return "";
    }
  }
  ++tally.compared;
  if (runs[0].outcomes.size() > 1) ++tally.nondeterministic;
  for (const ComparedOutcome& o : runs[0].outcomes) {
    if (o.stuck) {
      ++tally.stuck;
      break;
    }
  }
  tally.last_states_none = runs[0].states;
  tally.states_none += runs[0].states;
  tally.states_stubborn += runs[2].states;

  std::ostringstream problems;
  for (int level = 1; level < 3; ++level) {
    const char* name = reduction_name(kLevels[level]);
    if (!runs[level].complete) problems << name << ": incomplete exploration\n";
    if (runs[level].outcomes != runs[0].outcomes) {
      problems << name << ": outcome sets differ from none's\n"
               << name << ":\n"
               << describe_set(runs[level].outcomes) << "none:\n"
               << describe_set(runs[0].outcomes);
    }
    if (runs[level].deterministic != runs[0].deterministic) {
      problems << name << ": deterministic flag differs from none's\n";
    }
  }
  return problems.str();
}

// The constructs of a program compared alone, counted once each, indexed by ResourceOp, then
// queues, mutexes, sections and targets.
constexpr int kOpCount = static_cast<int>(ResourceOp::Unlock) + 1;
constexpr int kConstructCount = kOpCount + 4;
const char* const kExtraConstructs[] = {"queue", "mutex", "section", "target"};

void count_constructs(const ResourceProgram& program, int (&counts)[kConstructCount]) {
  bool present[kConstructCount] = {};
  for (const tfmc::difftest::ResourceNode& node : program.nodes) {
    present[static_cast<int>(node.op)] = true;
  }
  present[kOpCount] = !program.queues.empty();
  present[kOpCount + 1] = !program.mutexes.empty();
  present[kOpCount + 2] = !program.sections.empty();
  present[kOpCount + 3] = !program.targets.empty();
  for (int c = 0; c < kConstructCount; ++c) counts[c] += present[c] ? 1 : 0;
}

}  // namespace

TEST_CASE("reduction levels agree on random resource programs in every session",
          "[differential][reduction][session]") {
  SessionTally tallies[kSessionCount];
  int constructs[kConstructCount] = {};
  std::vector<std::string> failing;
  std::string first_report;
  for (std::uint32_t seed = kFirstSeed; seed < kFirstSeed + kSeedCount; ++seed) {
    const ResourceProgram program = tfmc::difftest::generate_resource_program(seed);
    const std::string text = tfmc::difftest::to_tfg(program);
    const std::string path = tfmc::test::write_test_file("resource_program.tfg", text);
    const int compared_alone = tallies[0].compared;
    for (int s = 0; s < kSessionCount; ++s) {
      // The first session is the program alone; when it was skipped, so are the others with
      // concurrent executions.
      const std::uint64_t alone_states =
          s == 0 ? 0
                 : (tallies[0].compared > compared_alone ? tallies[0].last_states_none
                                                         : kMaxFullStates + 1);
      std::string report;
      try {
        report = disagreement(path, kSessions[s], alone_states, tallies[s]);
      } catch (const std::exception& e) {
        report = std::string("tfmc rejects it: ") + e.what() + "\n";
      }
      if (report.empty()) continue;
      const std::string label = "seed " + std::to_string(seed) + " [" + kSessions[s].flags + "]";
      if (failing.empty()) {
        first_report = label + "\n" + text + "session: tfmc check program.tfg " +
                       kSessions[s].flags + "\n" + report;
      }
      failing.push_back(label);
    }
    if (tallies[0].compared > compared_alone) count_constructs(program, constructs);
  }

  std::string failures;
  for (const std::string& label : failing) failures += "\n  " + label;
  INFO("failing:" << failures << "\nfirst failure:\n" << first_report);
  CHECK(failing.empty());

  for (int s = 0; s < kSessionCount; ++s) {
    const SessionTally& t = tallies[s];
    INFO("session [" << kSessions[s].flags << "]: " << t.compared << " compared, " << t.skipped
                     << " skipped as too large, " << t.stuck << " with a stuck outcome, "
                     << t.nondeterministic << " with several outcomes; states stored: none "
                     << t.states_none << ", stubborn " << t.states_stubborn);
    // Two concurrent copies are compared for the narrower programs only: a quarter at least.
    const int max_skipped =
        static_cast<int>(kSeedCount) / 4 * (kSessions[s].concurrent > 1 ? 3 : 1);
    CHECK(t.skipped <= max_skipped);
    CHECK(t.stuck > 0);
    CHECK(t.nondeterministic > 0);
  }
  for (int c = 0; c < kConstructCount; ++c) {
    INFO("construct " << c << (c >= kOpCount ? kExtraConstructs[c - kOpCount] : "") << " occurs in "
                      << constructs[c] << " programs");
    CHECK(constructs[c] > 0);
  }
}
