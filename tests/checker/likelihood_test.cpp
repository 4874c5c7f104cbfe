// check --likelihood's exact probabilities (checker/likelihood.h,
// checker/api/outcome_likelihood.h): hand-derived values on small graphs, and on random programs
// the same probabilities as a naive computation that works backwards instead (each state's outcome
// distribution is the average of its successors', memoized by state), with stuck outcomes' blocked
// nodes taken from the run rather than from the state, summing to 1 over exactly the outcomes a
// check finds.
#include "checker/likelihood.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/outcome_likelihood.h"
#include "differential/random_program.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"
#include "semantics/program/update_model.h"

namespace {

using tfmc::check::Probability;
using Key = std::tuple<std::vector<tfmc::Slot>, std::vector<tfmc::TransitionId>>;
using Distribution = std::map<Key, Probability>;

// The naive backward computation from `state`, `run` the transitions fired to reach it.
Distribution backwards(tfmc::sem::GraphModel& model, const std::vector<tfmc::Slot>& state,
                       std::vector<tfmc::TransitionId>& run,
                       std::map<std::vector<tfmc::Slot>, Distribution>& memo) {
  if (const auto it = memo.find(state); it != memo.end()) return it->second;
  std::vector<tfmc::TransitionId> enabled;
  model.enabled(state.data(), enabled);
  Distribution out;
  if (enabled.empty()) {
    std::vector<tfmc::Slot> values;
    for (std::uint32_t slot : model.outcome_slots()) values.push_back(state[slot]);
    out[{values, model.unfired(run)}] = 1;
  }
  for (tfmc::TransitionId t : enabled) {
    std::vector<tfmc::Slot> next = state;
    model.fire(state.data(), t, next.data());
    run.push_back(t);
    for (const auto& [key, p] : backwards(model, next, run, memo)) {
      out[key] += p / static_cast<unsigned>(enabled.size());
    }
    run.pop_back();
  }
  memo.emplace(state, out);
  return out;
}

// The likelihood's probabilities by outcome key, checked complete.
Distribution exact(tfmc::sem::GraphModel& model) {
  const tfmc::check::Likelihood l = tfmc::check::likelihood(model, {});
  REQUIRE(l.complete);
  Distribution out;
  for (const tfmc::check::LikelyOutcome& o : l.outcomes) {
    CHECK(o.outcome.stuck == !o.outcome.blocked.empty());
    out[{o.outcome.values, o.outcome.blocked}] += o.probability;
  }
  return out;
}

// Probabilities of `text`'s outcomes in the order of a check's, checked to sum to 1 and to
// cover exactly the check's outcomes.
std::vector<std::string> check_probabilities(const std::string& text) {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("t.tfg", text, {}, values);
  tfmc::api::CheckOptions options;
  options.eval = tfmc::eval::EvalBackend::Cpu;
  const tfmc::api::CheckResult r = tfmc::api::check(program, values, options);
  const tfmc::api::LikelihoodResult l =
      tfmc::api::outcome_likelihood(program, values, {}, tfmc::eval::EvalBackend::Cpu);
  REQUIRE(l.figures.complete);
  REQUIRE(l.outcomes.size() == r.outcomes.size());
  std::vector<std::string> out;
  Probability sum = 0;
  for (const Probability& p : tfmc::api::probabilities_of(l, r.outcomes)) {
    CHECK(p > 0);
    sum += p;
    out.push_back(p.str());
  }
  CHECK(sum == 1);
  return out;
}

}  // namespace

// The two chains &x@w, w and &x@r, r interleave; from (i, j) steps taken, with both chains
// unfinished each fires next with chance 1/2. P(r before w) = f(0,0) with f(i,2) = 1,
// f(2,j) = 0, f(1,1) = 1/2, f(0,1) = 1/2 f(1,1) + 1/2 = 3/4, f(1,0) = 1/2 f(1,1) = 1/4,
// f(0,0) = 1/2 (3/4 + 1/4) = 1/2.
TEST_CASE("likelihood: an unordered write and read", "[likelihood]") {
  CHECK(check_probabilities("var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n") ==
        std::vector<std::string>{"1/2", "1/2"});
}

// Two unordered AssignAdds of one constant under --model rfc (semantics/program/update_model.h),
// each a read, an add and a write: a lost update (x = 1) unless one write comes before the other
// replica's read (x = 2). The graph (tfmc dot) is the partial order c -> c~copy1 -> a1~update,
// a2~update; &x@a1~read -> a1~read -> a1~update -> a1 <- &x@a1; the same for a2. The chance
// of x = 2 by hand, as the recursion over that order of P(fired set, whether a write came
// before the other's read), each enabled node next with equal chance (in Python:
//   needs = {"c": [], "copy": ["c"], "vr1": [], "read1": ["vr1"], "add1": ["read1", "copy"],
//            "vw1": [], "write1": ["add1", "vw1"], ...the same for 2...}
//   p(fired, seen) = seen at the end, else the mean over enabled n of
//                    p(fired + n, seen or n is readK after the other's write)
// with exact fractions) is 751/3456, so the lost update's is 2705/3456 (78%).
TEST_CASE("likelihood: a lost update of two unordered AssignAdds", "[likelihood]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::split_updates(tfmc::sem::load_program_text(
      "t.tfg",
      "var x = i32{0}\nc = Const {value=i32{1}}\na1 = AssignAdd(&x, c)\na2 = AssignAdd(&x, c)\n",
      {}, values));
  const tfmc::api::LikelihoodResult l =
      tfmc::api::outcome_likelihood(program, values, {}, tfmc::eval::EvalBackend::Cpu);
  REQUIRE(l.figures.complete);
  REQUIRE(l.outcomes.size() == 2);
  CHECK(values.print(l.outcomes[0].variables.at(0).value) == "i32{1}");
  CHECK(l.probabilities[0].str() == "2705/3456");
  CHECK(values.print(l.outcomes[1].variables.at(0).value) == "i32{2}");
  CHECK(l.probabilities[1].str() == "751/3456");
}

TEST_CASE("likelihood: random programs agree with the naive backward computation", "[likelihood]") {
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    CAPTURE(seed);
    const std::string text =
        seed % 3 == 0 ? tfmc::difftest::to_tfg(tfmc::difftest::generate_resource_program(seed))
                      : tfmc::difftest::to_tfg(tfmc::difftest::generate_program(seed));
    tfmc::sem::ValueStore values;
    const tfmc::sem::Program program = tfmc::sem::load_program_text("t.tfg", text, {}, values);
    tfmc::eval::CpuEvaluator evaluator;
    tfmc::sem::GraphModel model(program, values, evaluator);
    std::vector<tfmc::Slot> initial(model.slot_count());
    model.initial_state(initial.data());
    std::vector<tfmc::TransitionId> run;
    std::map<std::vector<tfmc::Slot>, Distribution> memo;
    CHECK(exact(model) == backwards(model, initial, run, memo));
  }
}

TEST_CASE("likelihood: a limit stops it", "[likelihood]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text(
      "t.tfg", "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n", {}, values);
  tfmc::eval::CpuEvaluator evaluator;
  tfmc::sem::GraphModel model(program, values, evaluator);
  tfmc::check::Limits limits;
  limits.max_states = 3;
  const tfmc::check::Likelihood l = tfmc::check::likelihood(model, limits);
  CHECK_FALSE(l.complete);
  CHECK(l.stop_reason == tfmc::check::StopReason::MaxStates);
  CHECK(l.states == 3);
}
