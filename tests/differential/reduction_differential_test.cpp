// Soundness of the partial-order reduction (checker/reduced_model.h) on random programs: for
// every seed of a fixed corpus of small and large programs (random_program.h), the runs with
// --reduction none, eager and stubborn must find exactly the same outcomes (outputs,
// variables, stuck flag), the same number of distinct final states (the reduction's header
// promises the final states themselves, which include unnamed output edges, not only the
// outcomes), and the same deterministic flag. Every witness of every level must list the same
// nodes as a witness of the full run (every node once, implicit ones included) and replay in
// the naive reference (reference_enumerator.h) to its outcome. A reduced run stores no more
// states and examines no more transitions than the run it reduces: stubborn explores a subset
// of eager's successors, and eager stores only states of the full exploration.
//
// The full run of a program is capped (kMaxFullStates); the few programs above it are skipped.
// Each corpus is checked for what makes the comparison worth having: few programs skipped,
// races in more than a third of the programs and several outcomes in more than a fifth,
// integer errors and uninitialized reads in some outcomes, and strictly fewer states stored
// by stubborn than by none over the corpus.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "differential/random_program.h"
#include "differential/reference_enumerator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/happens_before.h"
#include "support/check_text.h"

namespace {

using tfmc::check::Reduction;
using tfmc::difftest::Outcome;
using tfmc::difftest::RandomProgram;

// Small programs use seeds apart from the differential test's (1-1000), large ones their own.
constexpr std::uint32_t kFirstSmallSeed = 100001;
constexpr std::uint32_t kSmallSeedCount = 1000;
constexpr std::uint32_t kFirstLargeSeed = 1;
constexpr std::uint32_t kLargeSeedCount = 2000;

constexpr Reduction kLevels[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};

// The full exploration is exponential in the graph's width, which the generator keeps small
// but cannot bound: a program whose full run needs more states than this is skipped (and
// counted; the corpus checks require few).
constexpr std::uint64_t kMaxFullStates = 50000;

// An outcome with its stuck flag, which makes outcomes distinct as well.
struct LevelOutcome {
  Outcome outcome;
  bool stuck = false;
  auto operator<=>(const LevelOutcome&) const = default;
};

struct LevelRun {
  tfmc::support::TextCheck result;
  std::set<LevelOutcome> outcomes;
};

std::string describe_set(const std::set<LevelOutcome>& outcomes) {
  std::string text;
  for (const LevelOutcome& o : outcomes) {
    text += "  " + tfmc::difftest::describe(o.outcome) + (o.stuck ? " stuck" : "") + "\n";
  }
  return text;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += " " + name;
  return text;
}

// What the corpus measures, for the coverage checks and the report.
struct Tally {
  int programs = 0;
  int skipped = 0;           // the full run needs more than kMaxFullStates
  int racy = 0;              // programs with at least one static race
  int nondeterministic = 0;  // programs with several outcomes
  int arithmetic_error = 0;  // an outcome holds Error(arithmetic)
  int uninitialized = 0;     // an outcome holds Error(uninitialized)
  std::uint64_t states[3] = {0, 0, 0};
  std::uint64_t max_states_none = 0;
};

// Empty when the witness is one firing of the nodes of `full_witness`, each once, and its user
// nodes replay in the reference to `outcome`; else what is wrong with it.
std::string witness_problem(const RandomProgram& program, const std::vector<std::string>& witness,
                            const std::multiset<std::string>& full_witness,
                            const Outcome& outcome) {
  if (std::multiset<std::string>(witness.begin(), witness.end()) != full_witness) {
    return "does not fire the nodes of the full run's witness, each once";
  }
  std::set<std::string> user_names;
  for (const tfmc::difftest::NodeDecl& node : program.nodes) user_names.insert(node.name);
  std::vector<std::string> user_order;
  for (const std::string& name : witness) {
    if (user_names.count(name)) user_order.push_back(name);
  }
  const std::optional<Outcome> reached = tfmc::difftest::replay(program, user_order);
  if (!reached) return "its user nodes do not fire each once in an enabled order";
  if (*reached != outcome) return "replays to " + tfmc::difftest::describe(*reached);
  return "";
}

bool has_race(const std::string& name, const std::string& text) {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text(name, text, {}, values);
  return !tfmc::sem::analyze_concurrency(program).races.empty();
}

// Empty when the three levels agree on `program`, else a full report; adds to `tally`.
std::string disagreement(const std::string& label, const RandomProgram& program, Tally& tally) {
  const std::string text = tfmc::difftest::to_tfg(program);
  const std::string name = label + ".tfg";
  LevelRun runs[3];
  for (int level = 0; level < 3; ++level) {
    tfmc::check::Limits limits;
    if (level == 0) limits.max_states = kMaxFullStates;
    try {
      runs[level].result = tfmc::support::check_text(name, text, {}, limits, kLevels[level]);
    } catch (const std::exception& e) {
      return label + "\n" + text + "tfmc rejects it: " + e.what() + "\n";
    }
    if (level == 0 && !runs[0].result.exploration.complete) {
      ++tally.skipped;
      return "";
    }
    for (const tfmc::api::PrintedOutcome& printed : runs[level].result.outcomes) {
      runs[level].outcomes.insert({{printed.outputs, printed.variables}, printed.stuck});
    }
  }

  std::ostringstream problems;
  const tfmc::support::TextCheck& full = runs[0].result;
  if (full.outcomes.empty()) {
    problems << "the full run finds no outcome\n";
  } else {
    const std::vector<std::string>& w = full.outcomes[0].witness;
    const std::multiset<std::string> full_witness(w.begin(), w.end());
    if (full_witness.size() != std::set<std::string>(w.begin(), w.end()).size()) {
      problems << "the full run's witness fires a node twice:" << joined(w) << "\n";
    }
    for (const tfmc::difftest::NodeDecl& node : program.nodes) {
      if (!full_witness.count(node.name)) {
        problems << "the full run never fires " << node.name << "\n";
      }
    }
    for (int level = 0; level < 3; ++level) {
      for (const tfmc::api::PrintedOutcome& printed : runs[level].result.outcomes) {
        const Outcome outcome{printed.outputs, printed.variables};
        const std::string problem =
            witness_problem(program, printed.witness, full_witness, outcome);
        if (!problem.empty()) {
          problems << reduction_name(kLevels[level]) << ": witness [" << joined(printed.witness)
                   << " ] of " << tfmc::difftest::describe(outcome) << ": " << problem << "\n";
        }
      }
    }
  }
  for (int level = 0; level < 3; ++level) {
    const tfmc::support::TextCheck& r = runs[level].result;
    const char* level_name = reduction_name(kLevels[level]);
    if (!r.exploration.complete) problems << level_name << ": incomplete exploration\n";
    if (runs[level].outcomes.size() != r.outcomes.size()) {
      problems << level_name << ": an outcome is listed twice\n";
    }
    if (level == 0) continue;
    if (runs[level].outcomes != runs[0].outcomes) {
      problems << level_name << ": outcome sets differ from none's\n"
               << level_name << ":\n"
               << describe_set(runs[level].outcomes) << "none:\n"
               << describe_set(runs[0].outcomes);
    }
    if (r.exploration.finals.size() != full.exploration.finals.size()) {
      problems << level_name << ": " << r.exploration.finals.size() << " final states, none "
               << full.exploration.finals.size() << "\n";
    }
    if (r.deterministic() != full.deterministic()) {
      problems << level_name << ": deterministic() differs from none's\n";
    }
    const tfmc::support::TextCheck& larger = runs[level - 1].result;
    if (r.exploration.states > larger.exploration.states ||
        r.exploration.transitions > larger.exploration.transitions) {
      problems << level_name << " explores more than " << reduction_name(kLevels[level - 1]) << ": "
               << r.exploration.states << " states, " << r.exploration.transitions
               << " transitions against " << larger.exploration.states << ", "
               << larger.exploration.transitions << "\n";
    }
  }

  ++tally.programs;
  if (has_race(name, text)) ++tally.racy;
  if (runs[0].outcomes.size() > 1) ++tally.nondeterministic;
  const std::string values = describe_set(runs[0].outcomes);
  if (values.find("Error(arithmetic)") != std::string::npos) ++tally.arithmetic_error;
  if (values.find("Error(uninitialized)") != std::string::npos) ++tally.uninitialized;
  for (int level = 0; level < 3; ++level) {
    tally.states[level] += runs[level].result.exploration.states;
  }
  tally.max_states_none = std::max(tally.max_states_none, full.exploration.states);

  if (problems.str().empty()) return "";
  return label + "\n" + text + problems.str();
}

// Runs every seed of one corpus, fails with the first disagreement in full, and checks that
// the corpus exercises the reduction.
template <typename Generate>
void check_corpus(const char* kind, std::uint32_t first, std::uint32_t count, Generate generate) {
  Tally tally;
  std::vector<std::uint32_t> failing;
  std::string first_report;
  for (std::uint32_t seed = first; seed < first + count; ++seed) {
    const std::string label = std::string(kind) + "_seed" + std::to_string(seed);
    const std::string report = disagreement(label, generate(seed), tally);
    if (report.empty()) continue;
    if (failing.empty()) first_report = report;
    failing.push_back(seed);
  }
  std::string seeds;
  for (std::uint32_t seed : failing) {
    seeds += ' ';
    seeds += std::to_string(seed);
  }
  INFO("failing " << kind << " seeds:" << seeds << "\nfirst failure:\n" << first_report);
  CHECK(failing.empty());
  INFO(kind << " corpus: " << tally.programs << " programs compared, " << tally.skipped
            << " skipped as too large, " << tally.racy << " with races, " << tally.nondeterministic
            << " with several outcomes; states stored: none " << tally.states[0] << " (at most "
            << tally.max_states_none << " in one), eager " << tally.states[1] << ", stubborn "
            << tally.states[2]);
  CHECK(tally.skipped <= static_cast<int>(count) / 10);
  CHECK(tally.states[2] < tally.states[0]);
  CHECK(tally.racy > tally.programs / 3);
  CHECK(tally.nondeterministic > tally.programs / 5);
  CHECK(tally.arithmetic_error > 0);
  CHECK(tally.uninitialized > 0);
}

}  // namespace

TEST_CASE("reduction levels agree on small random programs", "[differential][reduction]") {
  check_corpus("small", kFirstSmallSeed, kSmallSeedCount, tfmc::difftest::generate_program);
}

TEST_CASE("reduction levels agree on large random programs", "[differential][reduction]") {
  check_corpus("large", kFirstLargeSeed, kLargeSeedCount, tfmc::difftest::generate_large_program);
}
