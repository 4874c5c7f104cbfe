// The rewrite pairs of specs/rewrites/ against the verdicts their headers derive by hand.
//
// Each pair NAME.before.tfg / NAME.after.tfg is compared by the built tfmc executable, as the
// README of specs/rewrites/ shows: the exit code (with and without --equivalent), the verdict
// in the JSON document, the exact outcome sets of both sides and the exact sets of added and
// lost outcomes, all derived in the files' header comments from the MAPL paper (seeds/000),
// the resource-variable RFC (seeds/004) and the f32 and i32 arithmetic rules; none is taken
// from tfmc's output. Every witness of an added or lost outcome is replayed through the graph
// model of its own side: it must fire every node of that side once, each when enabled, and end
// in a final state with the outcome it is listed with.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "checker/api/printed_outcome.h"
#include "checker/api/session.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/literals.h"
#include "support/process.h"

namespace {

using tfmc::test::read_file;

namespace fs = std::filesystem;
using tfmc::api::NamedValues;
using tfmc::test::Json;

struct ExpectedOutcome {
  NamedValues outputs;    // sorted by name
  NamedValues variables;  // sorted by name
  bool operator<(const ExpectedOutcome& o) const {
    return std::tie(outputs, variables) < std::tie(o.outputs, o.variables);
  }
  bool operator==(const ExpectedOutcome& o) const {
    return outputs == o.outputs && variables == o.variables;
  }
};

enum class Verdict { NotRefinement, Refines, Equivalent };

struct RewriteCase {
  std::string name;  // specs/rewrites/NAME.before.tfg and NAME.after.tfg
  tfmc::sem::UpdateModel model;
  Verdict verdict;
  std::vector<ExpectedOutcome> after;  // every outcome of AFTER
  std::vector<ExpectedOutcome> added;  // those BEFORE lacks
  std::vector<ExpectedOutcome> lost;   // BEFORE's outcomes that AFTER lacks
};

using tfmc::test::i32;

// Figure 1's replica inputs: C split by the uninterpreted Split, each half projected.
const std::string D = "Project(Split.0(C))";
const std::string E = "Project(Split.1(C))";

// An outcome of the load/store programs: the output r0 and the variables X and Y.
ExpectedOutcome load_store(int r0, int x, int y) {
  return {{{"r0", i32(r0)}}, {{"X", i32(x)}, {"Y", i32(y)}}};
}

// An outcome of the paper's figures, whose output r equals their only variable x.
ExpectedOutcome r_equals_x(const std::string& value) { return {{{"r", value}}, {{"x", value}}}; }

// An outcome of cse_reads: outputs r1 and r2 after the Write of B to x.
ExpectedOutcome reads(const std::string& r1, const std::string& r2) {
  return {{{"r1", r1}, {"r2", r2}}, {{"x", "B"}}};
}

const std::vector<RewriteCase>& rewrite_cases() {
  using tfmc::sem::UpdateModel;
  static const std::vector<RewriteCase> cases = {
      // The cluster reads Y before every store: r0 = 0 with X = 1 appears, r0 = 5 is gone.
      {"xla_hoist_sink",
       UpdateModel::Executor,
       Verdict::NotRefinement,
       {load_store(0, 1, 5), load_store(0, 2, 5)},
       {load_store(0, 1, 5)},
       {load_store(5, 1, 5), load_store(5, 2, 5)}},
      // Without the control edge the Read may see the initial A.
      {"drop_control_edge",
       UpdateModel::Executor,
       Verdict::NotRefinement,
       {{{{"r", "A"}}, {{"x", "B"}}}, {{{"r", "B"}}, {{"x", "B"}}}},
       {{{{"r", "A"}}, {{"x", "B"}}}},
       {}},
      // Atomic updates lose no update: the two lost-update outcomes of figure 4 disappear.
      {"fuse_lost_update",
       UpdateModel::Executor,
       Verdict::Refines,
       {r_equals_x("Add(Add(B, " + D + "), " + E + ")"),
        r_equals_x("Add(Add(B, " + E + "), " + D + ")")},
       {},
       {r_equals_x("Add(B, " + D + ")"), r_equals_x("Add(B, " + E + ")")}},
      // The RFC's increments: X = 1 (both read 0) disappears.
      {"fuse_increment",
       UpdateModel::Executor,
       Verdict::Refines,
       {{{}, {{"X", i32(2)}}}},
       {},
       {{{}, {{"X", i32(1)}}}}},
      // Under the RFC's model an AssignAdd is itself a read, compute and write: nothing changes.
      {"fuse_increment",
       UpdateModel::Rfc,
       Verdict::Equivalent,
       {{{}, {{"X", i32(1)}}}, {{}, {{"X", i32(2)}}}},
       {},
       {}},
      // k = 3 exactly; r reads x before or after the AssignAdd of 3 to 1.
      {"constant_folding",
       UpdateModel::Executor,
       Verdict::Equivalent,
       {{{{"r", "f32{1}"}, {"s", "Mul(B, f32{3})"}}, {{"x", "f32{4}"}}},
        {{{"r", "f32{4}"}, {"s", "Mul(B, f32{3})"}}, {{"x", "f32{4}"}}}},
       {},
       {}},
      // r reads x before or after the AssignAdd of 1 to 0; dead results are no outputs.
      {"dead_node_elimination",
       UpdateModel::Executor,
       Verdict::Equivalent,
       {{{{"r", i32(0)}}, {{"x", i32(1)}}}, {{{"r", i32(1)}}, {{"x", i32(1)}}}},
       {},
       {}},
      // r = A or B, and s1 = s2 = Mul(r, B).
      {"cse_pure",
       UpdateModel::Executor,
       Verdict::Equivalent,
       {{{{"s1", "Mul(A, B)"}, {"s2", "Mul(A, B)"}}, {{"x", "B"}}},
        {{{"s1", "Mul(B, B)"}, {"s2", "Mul(B, B)"}}, {{"x", "B"}}}},
       {},
       {}},
      // One Read sees one value: the mixed pairs disappear.
      {"cse_reads",
       UpdateModel::Executor,
       Verdict::Refines,
       {reads("A", "A"), reads("B", "B")},
       {},
       {reads("A", "B"), reads("B", "A")}},
      // (1 + 2^-24) + 2^-24 = 1 in f32, but 1 + (2^-24 + 2^-24) = 1 + 2^-23.
      {"merge_assign_adds_f32",
       UpdateModel::Executor,
       Verdict::NotRefinement,
       {{{}, {{"x", "f32{1.0000001}"}}}},
       {{{}, {{"x", "f32{1.0000001}"}}}},
       {{{}, {{"x", "f32{1}"}}}}},
      // Wrapping i32 addition is associative: x + 1 - 1 = x.
      {"merge_assign_adds_i32",
       UpdateModel::Executor,
       Verdict::Equivalent,
       {{{}, {{"x", i32(2147483647)}}}},
       {},
       {}},
  };
  return cases;
}

std::string side_path(const std::string& name, const char* side) {
  return "specs/rewrites/" + name + "." + side + ".tfg";
}

std::string label(const RewriteCase& c) {
  return c.name + (c.model == tfmc::sem::UpdateModel::Rfc ? " --model rfc" : "");
}

int exit_code_of(Verdict v, bool require_equivalent) {
  if (v == Verdict::Equivalent) return 0;
  if (v == Verdict::Refines) return require_equivalent ? 1 : 0;
  return 1;
}

std::vector<ExpectedOutcome> sorted(std::vector<ExpectedOutcome> outcomes) {
  std::sort(outcomes.begin(), outcomes.end());
  return outcomes;
}

NamedValues named_values(const Json& object) {
  NamedValues out;
  for (const auto& [name, value] : object.members) out.emplace_back(name, value.text);
  return out;
}

std::vector<ExpectedOutcome> outcome_list(const Json& array) {
  std::vector<ExpectedOutcome> out;
  for (const Json& o : array.items) {
    CHECK_FALSE(o.at("stuck").boolean);
    out.push_back({named_values(o.at("outputs")), named_values(o.at("variables"))});
  }
  return out;
}

std::vector<std::string> witness_of(const Json& outcome) {
  std::vector<std::string> out;
  for (const Json& name : outcome.at("witness").items) out.push_back(name.text);
  return out;
}

// Empty when `witness` fires every node of `path`'s program (built with `model`) once, each
// while enabled, and ends in a final state whose outcome is `outcome`; else what went wrong.
std::string witness_problem(const std::string& path, tfmc::sem::UpdateModel model,
                            const std::vector<std::string>& witness,
                            const ExpectedOutcome& outcome) {
  tfmc::api::SessionOptions session;
  session.files = {(fs::path(TFMC_SOURCE_DIR) / path).string()};
  session.model = model;
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(session, values);
  tfmc::eval::CpuEvaluator evaluator;
  tfmc::sem::GraphModel graph(program, values, evaluator);

  std::map<std::string, tfmc::TransitionId> transition;
  for (tfmc::TransitionId t = 0; t < graph.transition_count(); ++t) {
    transition[graph.transition_name(t)] = t;
  }
  if (witness.size() != graph.transition_count()) {
    return "it fires " + std::to_string(witness.size()) + " nodes of " +
           std::to_string(graph.transition_count());
  }
  std::vector<tfmc::Slot> state(graph.slot_count());
  graph.initial_state(state.data());
  std::set<std::string> fired;
  for (const std::string& name : witness) {
    const auto it = transition.find(name);
    if (it == transition.end()) return "'" + name + "' is no node of the program";
    if (!fired.insert(name).second) return "'" + name + "' fires twice";
    if (!graph.is_enabled(state.data(), it->second)) return "'" + name + "' is not enabled";
    std::vector<tfmc::Slot> next = state;
    graph.fire(state.data(), it->second, next.data());
    state = next;
  }
  std::vector<tfmc::TransitionId> enabled;
  graph.enabled(state.data(), enabled);
  if (!enabled.empty()) return "the state it ends in is not final";

  // The outcome slots hold the outputs in program order, then the variables.
  ExpectedOutcome reached;
  const auto slots = graph.outcome_slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const std::string value = values.print(state[slots[i]]);
    if (i < program.outputs.size()) {
      reached.outputs.emplace_back(program.outputs[i].name, value);
    } else {
      reached.variables.emplace_back(program.variables[i - program.outputs.size()].name, value);
    }
  }
  std::sort(reached.outputs.begin(), reached.outputs.end());
  std::sort(reached.variables.begin(), reached.variables.end());
  if (!(reached == outcome)) return "it reaches another outcome";
  return "";
}

}  // namespace

TEST_CASE("rewrites: each pair has its documented verdict, exit codes and outcome differences",
          "[specs][rewrites]") {
  for (const RewriteCase& c : rewrite_cases()) {
    DYNAMIC_SECTION(label(c)) {
      const std::string before = side_path(c.name, "before");
      const std::string after = side_path(c.name, "after");
      std::vector<std::string> args = {"compare", before, after, "--quiet"};
      if (c.model == tfmc::sem::UpdateModel::Rfc) {
        args.insert(args.end(), {"--model", "rfc"});
      }

      for (const bool require_equivalent : {false, true}) {
        std::vector<std::string> run = args;
        if (require_equivalent) run.push_back("--equivalent");
        const auto p = tfmc::test::run_process(TFMC_BINARY, run, TFMC_SOURCE_DIR);
        INFO("--equivalent " << require_equivalent << "\n" << p.err);
        CHECK(p.exit_code == exit_code_of(c.verdict, require_equivalent));
      }

      // The full exploration and the default reduction must both give exactly these.
      for (const char* reduction : {"none", "stubborn"}) {
        INFO("reduction " << reduction);
        std::vector<std::string> run = args;
        run.insert(run.end(), {"--json", "--reduction", reduction});
        const auto p = tfmc::test::run_process(TFMC_BINARY, run, TFMC_SOURCE_DIR);
        INFO(p.err);
        REQUIRE(p.exit_code == exit_code_of(c.verdict, false));
        const Json doc = tfmc::test::parse_json(p.out);
        CHECK(doc.at("program").text == after);
        CHECK(doc.at("before").at("program").text == before);
        CHECK(doc.at("refines").boolean == (c.verdict != Verdict::NotRefinement));
        CHECK(doc.at("equivalent").boolean == (c.verdict == Verdict::Equivalent));

        // Equal vectors: the same sets, listed in FORMAT.md's outcome order. BEFORE's outcomes
        // are AFTER's without the added ones, with the lost ones.
        std::set<ExpectedOutcome> before_set(c.after.begin(), c.after.end());
        for (const ExpectedOutcome& o : c.added) before_set.erase(o);
        before_set.insert(c.lost.begin(), c.lost.end());
        CHECK(outcome_list(doc.at("outcomes")) == sorted(c.after));
        CHECK(outcome_list(doc.at("before").at("outcomes")) ==
              std::vector<ExpectedOutcome>(before_set.begin(), before_set.end()));
        const std::vector<ExpectedOutcome> added = outcome_list(doc.at("added"));
        const std::vector<ExpectedOutcome> lost = outcome_list(doc.at("lost"));
        CHECK(added == sorted(c.added));
        CHECK(lost == sorted(c.lost));

        for (std::size_t i = 0; i < std::min(added.size(), doc.at("added").items.size()); ++i) {
          INFO("added outcome " << i);
          CHECK(witness_problem(after, c.model, witness_of(doc.at("added").items[i]), added[i]) ==
                "");
        }
        for (std::size_t i = 0; i < std::min(lost.size(), doc.at("lost").items.size()); ++i) {
          INFO("lost outcome " << i);
          CHECK(witness_problem(before, c.model, witness_of(doc.at("lost").items[i]), lost[i]) ==
                "");
        }
      }
    }
  }
}

TEST_CASE("rewrites: each header and the README state the verdict the test expects",
          "[specs][rewrites]") {
  const fs::path root(TFMC_SOURCE_DIR);
  const std::string readme = read_file(root / "specs/rewrites/README.md");
  for (const RewriteCase& c : rewrite_cases()) {
    if (c.model != tfmc::sem::UpdateModel::Executor) continue;
    DYNAMIC_SECTION(c.name) {
      const std::string expected = c.verdict == Verdict::Equivalent
                                       ? "AFTER is equivalent to BEFORE"
                                   : c.verdict == Verdict::Refines ? "AFTER refines BEFORE"
                                                                   : "AFTER does NOT refine BEFORE";
      for (const char* side : {"before", "after"}) {
        const std::string header = read_file(root / side_path(c.name, side));
        CHECK(header.find("# Expected verdict: " + expected) != std::string::npos);
      }
      const std::string command =
          "tfmc compare " + side_path(c.name, "before") + " " + side_path(c.name, "after");
      CHECK(readme.find(command) != std::string::npos);
    }
  }
}

TEST_CASE("rewrites: every file under specs/rewrites/ belongs to a tested pair",
          "[specs][rewrites]") {
  std::set<std::string> listed = {"README.md"};
  for (const RewriteCase& c : rewrite_cases()) {
    listed.insert(c.name + ".before.tfg");
    listed.insert(c.name + ".after.tfg");
  }
  for (const auto& entry : fs::directory_iterator(fs::path(TFMC_SOURCE_DIR) / "specs/rewrites")) {
    const std::string name = entry.path().filename().string();
    INFO(name);
    CHECK(listed.count(name) == 1);
  }
}
