// ReducedModel (checker/reduced_model.h): exact stored-state, transition and final-state counts
// at each reduction level on small programs, worked out by hand below from the rules of the
// reduction's header, and complete firing sequences from run_of(), also for two concurrent
// executions (program_compose.h) that share a critical section around a RandomInt.
//
// How the counts follow from the rules. The explorer stores the initial state and every
// successor; `transitions` counts the transitions explored, the sum over stored states of
// what enabled() returns there; a final state has none.
//   none      the full interleaving space: every enabled transition of every state.
//   eager     Var, Copy and function nodes, and accesses whose racing partners have all fired,
//             fire at once; so the initial stored state is the one reached after every eager
//             transition, and a step fires its transition and then every transition that it
//             makes eager (a racing partner of a fired access whose own partners have now all
//             fired), until none is left. Stored states are the initial one, the final ones,
//             and those in which every enabled transition still has an unfired racing partner.
//             All of their enabled transitions are explored.
//   stubborn  as eager, but a stored state with several enabled transitions explores only the
//             smallest stubborn set: from a start, the unfired racing partners of each enabled
//             member, and for a member waiting for its inputs, one enabled racing transition
//             upstream of it.
// Node names: `&x@N` is the implicit Var node of `&x` used by N; a Var node has a GO input edge
// and is enabled from the start.
#include "checker/reduced_model.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "semantics/program/compose.h"
#include "support/explore_fixture.h"

namespace {

using namespace tfmc;
using check::Reduction;

struct Counts {
  std::uint64_t states;
  std::uint64_t transitions;
  std::uint64_t finals;
  bool operator==(const Counts&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Counts& c) {
  return out << "{states " << c.states << ", transitions " << c.transitions << ", final "
             << c.finals << "}";
}

Counts counts_of(const char* text, Reduction level) {
  test::ExploredText run(text, level);
  const check::Exploration& result = run.explored.result();
  CHECK(result.complete);
  return {result.states, result.transitions, result.finals.size()};
}

// No race: Write and Read of x are ordered by `after w`. Full exploration (explorer_test.cpp):
// 7 states, 8 transitions. Every node is eager, so the reduced run stores only the final state
// and explores nothing.
const char* kRaceFree = R"(var x = A
input B
w = Write(&x, B)
r = Read(&x) after w
output r
)";

// Two unordered Writes of x (a write-write race). Full: each chain (Var then Write) is at step
// 0, 1 or 2, 3 x 3 = 9 progress pairs, and (2, 2) splits by the last Write (x = B or C): 10
// states. A pair (a, b) enables [a < 2] + [b < 2] transitions: 6 + 6 = 12 transitions. Reduced:
// the Var nodes fire eagerly, so the initial stored state has w1 and w2 enabled and racing;
// either one fires, and then the other has no unfired partner and fires eagerly: 3 states (the
// initial and the two final ones), 2 transitions. The stubborn set from w1 adds its partner
// w2 (and the reverse): both are explored, the same counts.
const char* kTwoWrites = R"(var x = A
input B
input C
w1 = Write(&x, B)
w2 = Write(&x, C)
)";

// A Read racing with a Write (read-write race; explorer_test.cpp counts the full run: 10
// states, 12 transitions, 2 final states with r = A or B). Reduced: from the initial stored
// state (both Var nodes fired), firing w makes r eager and the reverse: 3 states, 2
// transitions; the stubborn set is {w, r} from either start.
const char* kReadWrite = R"(var x = A
input B
w = Write(&x, B)
r = Read(&x)
output r
)";

// Lost update, two replicas of Read, Add, Write. Races: r1-w2, r2-w1 (read-write), w1-w2
// (write-write). Outcomes: x = Add(Add(X, D1), D2), Add(Add(X, D2), D1), Add(X, D1) and
// Add(X, D2) (a lost update): 4 final states.
// Full: one replica's fired sets are 9 (vr = &x@r, vw = &x@w): P0 (r unfired) {}, {vr}, {vw},
// {vr, vw}, enabling 2, 2, 1, 1 transitions (6 in all); R (r fired, w not) {vr, r}, {vr, r, s},
// {vr, r, vw}, {vr, r, s, vw}, enabling 2, 1, 1, 1 (5); W (all fired), enabling 0. Values:
// only what a replica read and x differ between states with the same fired sets. Phase pairs
// (replica 1, replica 2), with the number of value combinations m:
//   (P0, P0) 16 states; (R, P0), (P0, R), (R, R) 16 each (both read X: nothing was written);
//   (W, P0), (P0, W) 4 each; (W, R), (R, W) 2 x 4 each (the reader read X or the written
//   value); (W, W) 4 (the final states).
// 16 + 3 x 16 + 2 x 4 + 2 x 8 + 4 = 92 states. Transitions, per phase pair, m x (|p2| E(p1) +
// |p1| E(p2)) with |P0| = |R| = 4, |W| = 1, E(P0) = 6, E(R) = 5, E(W) = 0: 48 + 44 + 44 + 40 +
// 6 + 6 + 10 + 10 = 208.
// Eager: S0 (Var nodes fired) enables r1 and r2. Firing r1 fires s1 eagerly (w1 still races
// with r2 and w2): S1 = (r1 done, r2 not), and S2 symmetrically. S1 enables w1 and r2: w1
// makes r2, s2 and w2 eager (final x = Add(Add(X, D1), D2)); r2 fires s2 and gives S3 (both
// read X, neither wrote), which S2 reaches too. S3 enables w1 and w2, each making the other
// eager: the two lost updates. States: S0, S1, S2, S3 and 4 final ones = 8; transitions: 2 in
// each of S0-S3 = 8. Stubborn: every set is the whole enabled set (S0 from r1: partner w2 waits
// for r2, so r2 joins; S1 from w1: partners r2 and w2, w2 covered by r2), the same counts.
const char* kLostUpdate = R"(var x = X
input D1
input D2
r1 = Read(&x)
s1 = Add(r1, D1)
w1 = Write(&x, s1)
r2 = Read(&x)
s2 = Add(r2, D2)
w2 = Write(&x, s2)
)";

// Two atomic AssignAdds of x (update-update race) on concrete values: x = 0 + 1 + 2 = 3 in
// either order, one final state. Full: as kTwoWrites, 9 progress pairs, but (2, 2) holds x = 3
// both ways: 9 states, 12 transitions, 1 final state. Reduced: the initial stored state enables
// a1 and a2; each makes the other eager and both orders reach the same state: 2 states, 2
// transitions, 1 final state, at both levels.
const char* kTwoAssignAdds = R"(var x = i32{0}
input A = i32{1}
input B = i32{2}
a1 = AssignAdd(&x, A)
a2 = AssignAdd(&x, B)
)";

// A chain of three functions: full, 4 states (before g1, g2, g3 and after), 3 transitions;
// reduced, every node is eager: 1 state, 0 transitions.
const char* kFunctionChain = R"(fn G : 1 -> 1
input A
g1 = G(A)
g2 = G(g1)
g3 = G(g2)
output g3
)";

// Two independent read-write races, on x and on y. Full: the product of two kReadWrite spaces,
// 10 x 10 = 100 states, 12 x 10 + 10 x 12 = 240 transitions, 2 x 2 = 4 final states. Eager:
// each race is unresolved (U) or resolved in one step by its Write or its Read (the other
// access then fires eagerly): 3 x 3 = 9 states; (U, U) explores 4 transitions, the four states
// with one race resolved 2 each: 12. Stubborn: in (U, U) the set from w1 is {w1, r1} (the
// partner of each is the other), of size 2 like {w2, r2}; only the x race is resolved first:
// (U, U), two states with x resolved, 4 final states = 7 states, 2 + 2 + 2 = 6 transitions.
const char* kTwoRaces = R"(var x = A
var y = B
input C
input D
w1 = Write(&x, C)
r1 = Read(&x)
w2 = Write(&y, D)
r2 = Read(&y)
output r1
output r2
)";

// A racing partner that waits for its inputs: w races with r on x but fires after q, which
// races with p on y. Outcomes: r = A or B, q = Y or C: 4 final states.
// Full: component y ((&y@q, q), (&y@p, p), progress a, b in 0..2) has 9 fired sets, (2, 2)
// split by what q read: 10 configurations, 4 of them with q fired. Component x ((&x@r, r),
// (&x@w, w), progress c, d) has, with q unfired (d <= 1), 3 x 2 = 6 configurations enabling
// 4 + 3 = 7 transitions in all, and with q fired, 10 (as kReadWrite) enabling 12. The y
// configurations without q fired enable 10 transitions in all, those with q fired 2. States:
// 6 x 6 + 4 x 10 = 76; transitions: (6 x 10 + 6 x 7) + (10 x 2 + 4 x 12) = 170.
// Eager: S0 enables r, q, p (w waits for q). r gives X1 (w still waits); q fires p eagerly,
// p fires q eagerly, giving (U, q first) and (U, p first), in each of which r and w race. X1
// enables q and p, each completing the run; the other two states enable r and w, each
// completing it. States: S0, X1, two more and 4 final = 8; transitions 3 + 2 + 2 + 2 = 9.
// Stubborn: in S0 the set from r is {r, w, q, p} minus w (waiting, covered by adding q, whose
// partner p joins): 3 enabled members; from q or p it is {q, p}: 2. So S0 explores q and p
// only, and X1 is never stored: 7 states, 2 + 2 + 2 = 6 transitions.
const char* kWaitingPartner = R"(var x = A
var y = Y
input B
input C
r = Read(&x)
w = Write(&x, B) after q
q = Read(&y)
p = Write(&y, C)
output r
output q
)";

// Checks that run_of() turns the explored steps to each final state into the complete run:
// replayed through the unreduced GraphModel, every transition is enabled when it fires, every
// node fires exactly once (one alternative of a Choice node), the explored steps come in the
// run in their order, and the run ends in the final state that the reduced exploration stored.
void check_runs_of_finals(const sem::Program& program, test::ExploredProgram& run) {
  REQUIRE(run.result().complete);
  std::multiset<std::string> nodes;
  for (const sem::Node& node : program.nodes) nodes.insert(node.name);
  for (check::StateIndex f : run.result().finals) {
    const std::vector<TransitionId> steps = run.explorer().witness(f);
    const std::vector<TransitionId> full = run.explored_model().run_of(steps);
    std::multiset<std::string> fired_nodes;
    std::vector<Slot> state(run.graph().slot_count());
    run.graph().initial_state(state.data());
    for (TransitionId t : full) {
      REQUIRE(t < run.graph().transition_count());
      REQUIRE(run.graph().is_enabled(state.data(), t));
      run.graph().fire(state.data(), t, state.data());
      fired_nodes.insert(run.graph().transition_name(t));
    }
    CHECK(fired_nodes == nodes);
    CHECK(state == run.explorer().state(f));
    std::size_t k = 0;
    for (TransitionId t : full) {
      if (k < steps.size() && steps[k] == t) ++k;
    }
    CHECK(k == steps.size());
  }
}

}  // namespace

TEST_CASE("reduced model: a race-free program is explored along one run", "[checker][reduction]") {
  CHECK(counts_of(kRaceFree, Reduction::None) == Counts{7, 8, 1});
  CHECK(counts_of(kRaceFree, Reduction::Eager) == Counts{1, 0, 1});
  CHECK(counts_of(kRaceFree, Reduction::Stubborn) == Counts{1, 0, 1});
}

TEST_CASE("reduced model: two unordered Writes of one variable", "[checker][reduction]") {
  CHECK(counts_of(kTwoWrites, Reduction::None) == Counts{10, 12, 2});
  CHECK(counts_of(kTwoWrites, Reduction::Eager) == Counts{3, 2, 2});
  CHECK(counts_of(kTwoWrites, Reduction::Stubborn) == Counts{3, 2, 2});
}

TEST_CASE("reduced model: a Read racing with a Write", "[checker][reduction]") {
  CHECK(counts_of(kReadWrite, Reduction::None) == Counts{10, 12, 2});
  CHECK(counts_of(kReadWrite, Reduction::Eager) == Counts{3, 2, 2});
  CHECK(counts_of(kReadWrite, Reduction::Stubborn) == Counts{3, 2, 2});
}

TEST_CASE("reduced model: lost update with two replicas", "[checker][reduction]") {
  CHECK(counts_of(kLostUpdate, Reduction::None) == Counts{92, 208, 4});
  CHECK(counts_of(kLostUpdate, Reduction::Eager) == Counts{8, 8, 4});
  CHECK(counts_of(kLostUpdate, Reduction::Stubborn) == Counts{8, 8, 4});
}

TEST_CASE("reduced model: two atomic AssignAdds converge to one final state",
          "[checker][reduction]") {
  CHECK(counts_of(kTwoAssignAdds, Reduction::None) == Counts{9, 12, 1});
  CHECK(counts_of(kTwoAssignAdds, Reduction::Eager) == Counts{2, 2, 1});
  CHECK(counts_of(kTwoAssignAdds, Reduction::Stubborn) == Counts{2, 2, 1});
}

TEST_CASE("reduced model: a chain of functions", "[checker][reduction]") {
  CHECK(counts_of(kFunctionChain, Reduction::None) == Counts{4, 3, 1});
  CHECK(counts_of(kFunctionChain, Reduction::Eager) == Counts{1, 0, 1});
  CHECK(counts_of(kFunctionChain, Reduction::Stubborn) == Counts{1, 0, 1});
}

TEST_CASE("reduced model: stubborn sets resolve independent races one at a time",
          "[checker][reduction]") {
  CHECK(counts_of(kTwoRaces, Reduction::None) == Counts{100, 240, 4});
  CHECK(counts_of(kTwoRaces, Reduction::Eager) == Counts{9, 12, 4});
  CHECK(counts_of(kTwoRaces, Reduction::Stubborn) == Counts{7, 6, 4});
}

TEST_CASE("reduced model: a racing partner that waits for its inputs", "[checker][reduction]") {
  CHECK(counts_of(kWaitingPartner, Reduction::None) == Counts{76, 170, 4});
  CHECK(counts_of(kWaitingPartner, Reduction::Eager) == Counts{8, 9, 4});
  CHECK(counts_of(kWaitingPartner, Reduction::Stubborn) == Counts{7, 6, 4});
}

TEST_CASE("reduced model: run_of gives a complete firing sequence in a valid order",
          "[checker][reduction]") {
  for (const char* text : {kRaceFree, kTwoWrites, kReadWrite, kLostUpdate, kTwoAssignAdds,
                           kFunctionChain, kTwoRaces, kWaitingPartner}) {
    for (Reduction level : {Reduction::Eager, Reduction::Stubborn}) {
      INFO(text << "reduction " << check::reduction_name(level));
      test::ExploredText run(text, level);
      check_runs_of_finals(run.program, run.explored);
    }
  }
}

// Two concurrent executions of a RandomInt c and an Identity g that form one critical
// section: execution 1's c, g and execution 2's c, g do not interleave, and each g outputs its
// c, 0 or 1. Expected: 4 outcomes (g@1, g@2 in {0, 1}), none stuck, 4 final states, at every
// level. The section makes execution 2's nodes racing partners of both alternatives of
// execution 1's c (and the reverse). Once c@1 has fired one alternative, the other can never
// fire, so g@2 has no unfired partner after g@1; the exploration counts the other alternative
// as fired (GraphModel::fired), but run_of() must then fire g@2 eagerly too, or the witness
// misses g@2 and the outcome reads as stuck.
TEST_CASE("reduced model: runs through a Choice in a section shared by two executions",
          "[checker][reduction]") {
  const char* text = R"(c = RandomInt {min=0, max=1}
g = Identity(c)
section S : c, g
output g
)";
  for (Reduction level : {Reduction::None, Reduction::Eager, Reduction::Stubborn}) {
    INFO("reduction " << check::reduction_name(level));
    sem::ValueStore values;
    const sem::Program one = sem::load_program_text("test.tfg", text, {}, values);
    const sem::Program two[] = {one, one};
    const sem::Program program = sem::compose(two, 1, values);
    test::ExploredProgram run(program, values, level);
    REQUIRE(run.result().complete);
    CHECK(run.result().finals.size() == 4);
    const std::vector<check::Outcome> outcomes = run.outcomes();
    CHECK(outcomes.size() == 4);
    for (const check::Outcome& o : outcomes) CHECK_FALSE(o.stuck);
    if (level != Reduction::None) check_runs_of_finals(program, run);
  }
}
