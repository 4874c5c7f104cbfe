// Differential test: tfmc's outcomes on random small programs against a naive reference
// enumerator (reference_enumerator.h) that interprets the same programs independently.
// For every seed of a fixed list, both without partial-order reduction (--reduction none) and
// at the default level (stubborn), tfmc must explore completely, find exactly the reference's
// outcome set (no stuck outcome), call the program deterministic exactly when that set has one
// outcome, and give witnesses that list every user node once, name the implicit Var and Copy
// nodes as documented (`&X@N`, `R~copyI`), and reach their outcome when replayed in the
// reference.
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "differential/random_program.h"
#include "differential/reference_enumerator.h"
#include "support/check_text.h"

namespace {

using tfmc::difftest::Outcome;
using tfmc::difftest::RandomProgram;
using tfmc::difftest::TensorRef;

constexpr std::uint32_t kFirstSeed = 1;
constexpr std::uint32_t kSeedCount = 1000;

std::string describe_set(const std::set<Outcome>& outcomes) {
  std::string text;
  for (const Outcome& outcome : outcomes) text += "  " + tfmc::difftest::describe(outcome) + "\n";
  return text;
}

// The source of a tensor as one key, whether written `n` or `n:0`.
std::string source_key(const RandomProgram& program, const TensorRef& ref) {
  TensorRef plain = ref;
  plain.explicit_port = false;
  return tfmc::difftest::ref_text(program, plain);
}

// The implicit nodes a witness must name exactly once each: `&X@N` for every use of `&X` by
// node N, and `R~copy1` ... `R~copy{k-1}` for a result, input or Var node used k >= 2 times. A
// source's R may be written `n` or `n:0`, so copies are keyed by source (see source_key).
std::multiset<std::string> expected_implicit(const RandomProgram& program) {
  std::multiset<std::string> names;
  std::map<std::string, int> uses;
  for (const tfmc::difftest::NodeDecl& node : program.nodes) {
    if (node.op != tfmc::difftest::OpKind::Var && node.variable >= 0) {
      if (node.var_node < 0) {
        names.insert("&" + program.vars[node.variable].name + "@" + node.name);
      } else {
        ++uses[program.nodes[node.var_node].name];
      }
    }
    if (node.slot >= 0) names.insert("&" + program.vars[node.slot].name + "@" + node.name);
    for (const TensorRef& ref : node.args) ++uses[source_key(program, ref)];
  }
  for (const tfmc::difftest::OutputDecl& output : program.outputs) {
    ++uses[source_key(program, output.ref)];
  }
  for (const auto& [key, count] : uses) {
    for (int i = 1; i < count; ++i) names.insert(key + "~copy" + std::to_string(i));
  }
  return names;
}

// The witness entry of an implicit Copy node, with its R normalized like source_key.
std::string normalized_implicit(const std::string& name) {
  const std::size_t tilde = name.find('~');
  if (tilde == std::string::npos) return name;
  std::string ref = name.substr(0, tilde);
  if (ref.size() > 2 && ref.compare(ref.size() - 2, 2, ":0") == 0) ref.resize(ref.size() - 2);
  return ref + name.substr(tilde);
}

// Empty when the witness is valid for `outcome`, else what is wrong with it.
std::string witness_problem(const RandomProgram& program, const std::vector<std::string>& witness,
                            const Outcome& outcome) {
  std::set<std::string> user_names;
  for (const tfmc::difftest::NodeDecl& node : program.nodes) user_names.insert(node.name);
  std::vector<std::string> user_order;
  std::multiset<std::string> implicit;
  for (const std::string& name : witness) {
    if (user_names.count(name)) {
      user_order.push_back(name);
    } else {
      implicit.insert(normalized_implicit(name));
    }
  }
  if (implicit != expected_implicit(program)) return "implicit nodes are not the documented ones";
  const std::optional<Outcome> reached = tfmc::difftest::replay(program, user_order);
  if (!reached) return "user nodes are not each fired once in an enabled order";
  if (*reached != outcome) return "replay reaches " + tfmc::difftest::describe(*reached);
  return "";
}

// Empty when tfmc at `level` agrees with the reference's outcomes `expected` on this seed's
// program, else a full report.
std::string disagreement(std::uint32_t seed, const RandomProgram& program,
                         const std::set<Outcome>& expected, tfmc::check::Reduction level) {
  const std::string text = tfmc::difftest::to_tfg(program);
  const std::string label =
      "seed " + std::to_string(seed) + ", --reduction " + tfmc::check::reduction_name(level) + "\n";
  tfmc::support::TextCheck result;
  try {
    result = tfmc::support::check_text("seed" + std::to_string(seed) + ".tfg", text, {}, {}, level);
  } catch (const std::exception& e) {
    return label + text + "tfmc rejects it: " + e.what() + "\n";
  }

  std::ostringstream problems;
  std::set<Outcome> actual;
  for (const tfmc::api::PrintedOutcome& printed : result.outcomes) {
    const Outcome outcome{printed.outputs, printed.variables};
    if (printed.stuck) problems << "stuck outcome: " << tfmc::difftest::describe(outcome) << "\n";
    if (!actual.insert(outcome).second) {
      problems << "outcome listed twice: " << tfmc::difftest::describe(outcome) << "\n";
    }
    const std::string witness = witness_problem(program, printed.witness, outcome);
    if (!witness.empty()) {
      std::string fired;
      for (const std::string& name : printed.witness) fired += " " + name;
      problems << "witness [" << fired << " ] of " << tfmc::difftest::describe(outcome) << ": "
               << witness << "\n";
    }
  }
  if (!result.exploration.complete) problems << "incomplete exploration\n";
  if (actual != expected) problems << "outcome sets differ\n";
  if (result.deterministic() != (expected.size() == 1)) problems << "deterministic() is wrong\n";
  if (problems.str().empty()) return "";
  return label + text + problems.str() + "tfmc:\n" + describe_set(actual) + "reference:\n" +
         describe_set(expected);
}

}  // namespace

TEST_CASE("tfmc agrees with a naive reference enumerator on random programs", "[differential]") {
  constexpr tfmc::check::Reduction kLevels[] = {tfmc::check::Reduction::None,
                                                tfmc::check::Reduction::Stubborn};
  std::vector<std::uint32_t> failing[2];
  std::string first_report[2];
  for (std::uint32_t seed = kFirstSeed; seed < kFirstSeed + kSeedCount; ++seed) {
    const RandomProgram program = tfmc::difftest::generate_program(seed);
    const std::set<Outcome> expected = tfmc::difftest::reference_outcomes(program);
    for (int level = 0; level < 2; ++level) {
      const std::string report = disagreement(seed, program, expected, kLevels[level]);
      if (report.empty()) continue;
      if (failing[level].empty()) first_report[level] = report;
      failing[level].push_back(seed);
    }
  }
  for (int level = 0; level < 2; ++level) {
    std::string seeds;
    for (std::uint32_t seed : failing[level]) {
      seeds += ' ';
      seeds += std::to_string(seed);
    }
    INFO("--reduction " << tfmc::check::reduction_name(kLevels[level])
                        << ": failing seeds:" << seeds << "\nfirst failure:\n"
                        << first_report[level]);
    CHECK(failing[level].empty());
  }
}

// Guards the generator against drifting into programs that no longer exercise much: races,
// division by zero, results used three times or more, every op, shuffled statement order.
TEST_CASE("the random programs cover what the differential test is meant to exercise",
          "[differential]") {
  int nondeterministic = 0;
  int division_by_zero = 0;
  int shuffled = 0;
  int fan_out = 0;
  std::map<tfmc::difftest::OpKind, int> ops;
  for (std::uint32_t seed = kFirstSeed; seed < kFirstSeed + kSeedCount; ++seed) {
    const RandomProgram program = tfmc::difftest::generate_program(seed);
    const std::set<Outcome> outcomes = tfmc::difftest::reference_outcomes(program);
    if (outcomes.size() > 1) ++nondeterministic;
    if (describe_set(outcomes).find("Error(arithmetic)") != std::string::npos) ++division_by_zero;
    for (const std::string& name : expected_implicit(program)) {
      if (name.find("~copy2") != std::string::npos) {
        ++fan_out;
        break;
      }
    }
    for (std::size_t i = 0; i < program.print_order.size(); ++i) {
      if (program.print_order[i] != static_cast<int>(i)) {
        ++shuffled;
        break;
      }
    }
    for (const tfmc::difftest::NodeDecl& node : program.nodes) ++ops[node.op];
  }
  CHECK(nondeterministic > static_cast<int>(kSeedCount) / 6);
  CHECK(division_by_zero >= 10);
  CHECK(shuffled > static_cast<int>(kSeedCount) / 10);
  CHECK(fan_out > static_cast<int>(kSeedCount) / 10);
  CHECK(ops.size() == 16);  // every OpKind
}
