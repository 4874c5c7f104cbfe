// Explorer: exact state, transition and final-state counts on small programs (counted by hand
// in the comments), limits, and witnesses that replay to their final states.
#include "checker/explorer.h"

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "support/explore_fixture.h"

namespace {

using namespace tfmc;

// Write and Read race on x. Each chain (Var then Write; Var then Read) is at step 0, 1 or 2:
// 3 x 3 = 9 progress pairs, and the pair (2, 2) splits by the value read (A or B): 10 states.
// Enabled transitions per state: (0,0) 2, (1,0) 2, (2,0) 1, (0,1) 2, (1,1) 2, (2,1) 1,
// (0,2) 1, (1,2) 1, (2,2,A) 0, (2,2,B) 0: 12 transitions, 2 final states.
const char* kUnordered = R"(var x = A
input B
w = Write(&x, B)
r = Read(&x)
output r
)";

// With `after w`, Read waits for Write: (0,0) 2, (1,0) 2, (2,0) 1, (0,1) 1, (1,1) 1, (2,1) 1,
// (2,2) 0: 7 states, 8 transitions, 1 final state.
const char* kOrdered = R"(var x = A
input B
w = Write(&x, B)
r = Read(&x) after w
output r
)";

}  // namespace

TEST_CASE("unordered write and read: exact counts", "[checker][explorer]") {
  test::ExploredText run(kUnordered);
  CHECK(run.explored.result().complete);
  CHECK(run.explored.result().states == 10);
  CHECK(run.explored.result().transitions == 12);
  CHECK(run.explored.result().finals.size() == 2);
}

TEST_CASE("ordered write and read: exact counts", "[checker][explorer]") {
  test::ExploredText run(kOrdered);
  CHECK(run.explored.result().complete);
  CHECK(run.explored.result().states == 7);
  CHECK(run.explored.result().transitions == 8);
  CHECK(run.explored.result().finals.size() == 1);
}

TEST_CASE("witnesses replay to their final states", "[checker][explorer]") {
  test::ExploredText run(kUnordered);
  const auto outcomes = run.explored.outcomes();
  REQUIRE(outcomes.size() == 2);
  for (check::StateIndex f : run.explored.result().finals) {
    const auto witness = run.explored.explorer().witness(f);
    CHECK(witness.size() == run.explored.graph().transition_count());  // every node fires once
    std::vector<Slot> state(run.explored.graph().slot_count());
    run.explored.graph().initial_state(state.data());
    for (TransitionId t : witness) {
      std::vector<TransitionId> enabled;
      run.explored.graph().enabled(state.data(), enabled);
      REQUIRE(std::find(enabled.begin(), enabled.end(), t) != enabled.end());
      std::vector<Slot> next = state;
      run.explored.graph().fire(state.data(), t, next.data());
      state = next;
    }
    CHECK(state == run.explored.explorer().state(f));
  }
  for (const check::Outcome& o : outcomes) CHECK_FALSE(o.stuck);
}

TEST_CASE("max-states stops cleanly with at most N states", "[checker][explorer][limits]") {
  check::Limits limits;
  limits.max_states = 5;
  test::ExploredText run(kUnordered, check::Reduction::None, limits);
  CHECK_FALSE(run.explored.result().complete);
  CHECK(run.explored.result().stop_reason == check::StopReason::MaxStates);
  CHECK(run.explored.result().states == 5);
}

TEST_CASE("a limit above the state count does not stop exploration", "[checker][explorer]") {
  check::Limits limits;
  limits.max_states = 10;  // exactly the 10 states: nothing more is needed
  test::ExploredText run(kUnordered, check::Reduction::None, limits);
  CHECK(run.explored.result().complete);
  CHECK(run.explored.result().states == 10);
}

TEST_CASE("max-seconds stops a long exploration", "[checker][explorer][limits]") {
  // 12 racing read-add-write replicas: far more states than can be explored in 0.2 s.
  std::string text = "var x = i32{0}\n";
  for (int i = 0; i < 12; ++i) {
    text += fmt::format("r{0} = Read(&x)\nc{0} = Const {{value=i32{{1}}}}\n", i);
    text += fmt::format("a{0} = Add(r{0}, c{0})\nw{0} = Write(&x, a{0})\n", i);
  }
  check::Limits limits;
  limits.max_seconds = 0.2;
  test::ExploredText run(text, check::Reduction::None, limits);
  CHECK_FALSE(run.explored.result().complete);
  CHECK(run.explored.result().stop_reason == check::StopReason::MaxSeconds);
  CHECK(run.explored.result().seconds < 5.0);
}

namespace {

// A counter of 8 slots, each counted from 0 to 3 by its own transition: 4^8 states.
//   Throwing: firing in a state whose first slot is 2 throws, on whichever thread fires it:
//             levels from the third on hold thousands of such states, spread over every thread.
//   SlowFinal: the final-state test takes a millisecond, so that a scan of many unexpanded
//             states outlasts the grace after a limit.
class Counter : public TransitionSystem {
 public:
  enum class Kind { Throwing, SlowFinal };
  explicit Counter(Kind kind) : kind_(kind) {}

  std::size_t slot_count() const override { return kWidth; }
  std::size_t transition_count() const override { return kWidth; }
  void initial_state(Slot* out) const override { std::fill(out, out + kWidth, 0); }
  void enabled(const Slot* state, std::vector<TransitionId>& out) const override {
    for (TransitionId t = 0; t < kWidth; ++t) {
      if (state[t] < 3) out.push_back(t);
    }
  }
  bool is_final(const Slot* state, std::vector<TransitionId>& scratch) const override {
    if (kind_ == Kind::SlowFinal) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return TransitionSystem::is_final(state, scratch);
  }
  std::span<const std::uint32_t> fire(const Slot* state, TransitionId t, Slot* out) override {
    if (kind_ == Kind::Throwing && state[0] == 2) throw std::runtime_error("model failed");
    out[t] = state[t] + 1;
    return {&kSlots[t], 1};
  }
  const std::string& transition_name(TransitionId) const override { return name_; }
  std::span<const std::uint32_t> outcome_slots() const override { return {}; }
  std::vector<TransitionId> unfired(std::span<const TransitionId>) const override { return {}; }
  std::unique_ptr<TransitionSystem> fork() const override {
    return std::make_unique<Counter>(kind_);
  }

 private:
  static constexpr std::size_t kWidth = 8;
  static constexpr std::uint32_t kSlots[kWidth] = {0, 1, 2, 3, 4, 5, 6, 7};
  Kind kind_;
  std::string name_ = "t";
};

}  // namespace

TEST_CASE("the scan after a stop ends with the grace of --max-seconds and counts what it left",
          "[checker][explorer][limits]") {
  Counter model(Counter::Kind::SlowFinal);
  check::Limits limits;
  limits.max_states = 3000;  // stops in the fifth level, leaving about 2,000 states
  // Long enough for the 3,000 states on a loaded machine, so that the state limit stops the
  // exploration; the scan then has until 0.8 s.
  limits.max_seconds = 0.3;
  const auto start = std::chrono::steady_clock::now();
  check::Explorer explorer(model, limits);
  const check::Exploration r = explorer.run();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK_FALSE(r.complete);
  CHECK(r.stop_reason == check::StopReason::MaxStates);
  CHECK(r.stopped_in == check::StopPhase::Scan);
  // 0.5 s of grace past 0.3 s at a millisecond a state: some hundreds scanned, the rest left.
  CHECK(r.unscanned > 500);
  CHECK(r.unscanned < r.states);
  CHECK(seconds < limits.max_seconds + check::grace_seconds(limits.max_seconds) + 2.0);
  // Without a time limit the scan reaches every state.
  limits.max_states = 300;
  limits.max_seconds = 0;
  check::Explorer whole(model, limits);
  const check::Exploration w = whole.run();
  CHECK(w.stopped_in == check::StopPhase::Exploration);
  CHECK(w.unscanned == 0);
}

TEST_CASE("an exception on an exploring thread reaches the caller of run", "[checker][explorer]") {
  Counter model(Counter::Kind::Throwing);
  for (unsigned threads : {1u, 3u}) {
    check::Explorer explorer(model, {}, {threads, 1});
    CHECK_THROWS_WITH(explorer.run(), "model failed");
  }
}
