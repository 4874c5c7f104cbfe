// Soundness of the partial-order reduction on loops and conditionals: for every seed of a
// fixed corpus of random loop programs (random_loop_program.h), unrolled with
// --max-iterations 2, the runs with --reduction none, eager and stubborn must find exactly
// the same outcomes (outputs, variables, stuck flag and the loop bounds reached) and the same
// number of distinct final states, and the outcomes must be those of the naive frame reference
// (frame_reference.h), which runs the loops with frames, not unrolled. The reduction fires a node
// with a DEAD input at once and an alternative whose siblings are disabled (a Switch's untaken way,
// a Merge's DEAD input), conditions that dependency_model.h states and this corpus exercises: every
// program has DEAD instances (the iterations past its trip count), and the corpus checks that some
// programs race across iterations, some reach the iteration bound and some have several outcomes.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "differential/frame_reference.h"
#include "differential/random_loop_program.h"
#include "semantics/build/program_builder.h"
#include "support/check_text.h"

namespace {

using tfmc::check::Reduction;

constexpr std::uint32_t kFirstSeed = 1;
constexpr std::uint32_t kSeedCount = 300;
constexpr std::uint32_t kIterations = 2;
// A full exploration above this many states is stopped; its program is skipped and counted.
constexpr std::uint64_t kMaxFullStates = 1000000;

using Key =
    std::tuple<std::vector<std::pair<std::string, std::string>>,
               std::vector<std::pair<std::string, std::string>>, bool, std::vector<std::string>>;

std::set<Key> outcome_set(const tfmc::support::TextCheck& r) {
  std::set<Key> out;
  for (const auto& o : r.outcomes) {
    std::vector<std::string> bounds;
    for (const auto& b : o.bounds) bounds.push_back(b.node);
    out.insert({o.outputs, o.variables, o.stuck, bounds});
  }
  return out;
}

}  // namespace

TEST_CASE("loop differential: reduction levels agree on random loops and conditionals",
          "[differential][loops]") {
  int skipped = 0, several = 0, bounded = 0, racy = 0;
  std::uint64_t full_states = 0, stubborn_states = 0;
  for (std::uint32_t seed = kFirstSeed; seed < kFirstSeed + kSeedCount; ++seed) {
    const tfmc::difftest::RandomLoopProgram program = tfmc::difftest::generate_loop_program(seed);
    INFO("seed " << seed << "\n" << program.text);
    std::vector<tfmc::support::TextCheck> runs;
    for (const Reduction level : {Reduction::None, Reduction::Eager, Reduction::Stubborn}) {
      tfmc::sem::ValueStore values;
      const tfmc::sem::Program p =
          tfmc::sem::load_program_text("loop.tfg", program.text, {}, values, kIterations);
      tfmc::check::Limits limits;
      if (level == Reduction::None) limits.max_states = kMaxFullStates;
      runs.push_back(tfmc::support::explore_text(p, values, limits, level));
    }
    if (runs[0].exploration.stop_reason == tfmc::check::StopReason::MaxStates) {
      ++skipped;
      continue;
    }
    // The frame reference runs the program as written, loops and all (it explores as the full
    // run does, so the programs too big for that are left out of both).
    std::set<tfmc::difftest::FrameOutcome> reduced;
    for (const auto& o : runs[2].outcomes) {
      CHECK_FALSE(o.stuck);
      std::vector<std::string> bounds;
      for (const auto& b : o.bounds) bounds.push_back(b.node);
      reduced.insert({o.outputs, o.variables, bounds});
    }
    CHECK(reduced == tfmc::difftest::frame_reference_outcomes(program.text, kIterations));
    const std::set<Key> full = outcome_set(runs[0]);
    for (std::size_t level = 1; level < runs.size(); ++level) {
      INFO("level " << level);
      CHECK(outcome_set(runs[level]) == full);
      CHECK(runs[level].exploration.finals.size() == runs[0].exploration.finals.size());
      CHECK(runs[level].exploration.states <= runs[0].exploration.states);
    }
    full_states += runs[0].exploration.states;
    stubborn_states += runs[2].exploration.states;
    several += full.size() > 1 ? 1 : 0;
    racy += runs[0].races.empty() ? 0 : 1;
    for (const Key& k : full) bounded += std::get<3>(k).empty() ? 0 : 1;
  }
  WARN("loop corpus: " << kSeedCount << " programs, " << skipped << " skipped, " << several
                       << " with several outcomes, " << racy << " with races, " << bounded
                       << " bound-reaching outcomes; states none " << full_states << ", stubborn "
                       << stubborn_states);
  CHECK(skipped * 8 < static_cast<int>(kSeedCount));
  CHECK(several * 5 > static_cast<int>(kSeedCount));
  CHECK(racy * 3 > static_cast<int>(kSeedCount));
  CHECK(bounded > 10);
  CHECK(stubborn_states < full_states);
}
