// Distributed checks (checker/api/distributed/distributed_run.h) against one process, run
// under mpirun with 2 and 3 ranks (tests/CMakeLists.txt): on the random differential corpora
// (small, large, resource programs, loops and conditionals), at every reduction level, with
// race classification, every rank must report what one process reports: the same states,
// transitions, final and stuck states, eager firings, outcomes and races, and witnesses of
// the same length that fire the same nodes (which parent a state keeps may differ, so the
// order may too). A --max-states stop stores at most that many states over all ranks and
// says so, and the chase and replay of the witnesses stop past the --max-seconds deadline or
// at --max-memory on every rank and count the final states they left.
//
// The main is mpi_test_main.cpp's.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/distributed/distributed_run.h"
#include "checker/api/printed_outcome.h"
#include "checker/distributed/distributed_explorer.h"
#include "differential/random_loop_program.h"
#include "differential/random_program.h"
#include "gpu_eval/cpu_evaluator.h"
#include "mpi/mpi_world.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"
#include "semantics/model/graph_state_codec.h"

namespace {

using tfmc::check::Reduction;
using tfmc::testing::world;

constexpr Reduction kLevels[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};

struct Run {
  tfmc::api::CheckResult result;
  std::vector<tfmc::api::PrintedOutcome> outcomes;
};

Run check(const std::string& text, Reduction level, bool distributed,
          std::uint64_t max_states = 0) {
  tfmc::sem::ValueStore values;
  tfmc::api::CheckOptions options;
  options.reduction = level;
  options.limits.max_states = max_states;
  options.parallel = {1};
  options.classify_races = true;
  if (distributed) options.engine = tfmc::api::distributed_engine(world(), {60, 256});
  Run r{tfmc::api::check_text("random.tfg", text, {}, values, options), {}};
  r.outcomes = tfmc::api::printed(r.result.outcomes, values);
  return r;
}

std::string describe(const tfmc::api::PrintedOutcome& o, bool ordered_witness) {
  std::ostringstream out;
  for (const auto& [name, value] : o.outputs) out << " " << name << "=" << value;
  for (const auto& [name, value] : o.variables) out << " " << name << "=" << value;
  out << (o.stuck ? " stuck" : "") << " blocked:";
  for (const std::string& n : o.blocked) out << " " << n;
  std::vector<std::string> witness = o.witness;
  if (!ordered_witness) std::sort(witness.begin(), witness.end());
  out << " fires:";
  for (const std::string& n : witness) out << " " << n;
  return out.str();
}

// Empty when the distributed run `got` reports what one process (`one`) reports.
std::string difference(const Run& one, const Run& got) {
  std::ostringstream out;
  const tfmc::check::Exploration& a = one.result.exploration;
  const tfmc::check::Exploration& b = got.result.exploration;
  if (b.ranks.size() != static_cast<std::size_t>(world().size())) out << "ranks missing\n";
  if (a.complete != b.complete || a.stop_reason != b.stop_reason) {
    out << "stop: '" << stop_reason_name(a.stop_reason) << "' against '"
        << stop_reason_name(b.stop_reason) << "'\n";
  }
  if (a.states != b.states || a.transitions != b.transitions || a.final_states != b.final_states ||
      a.extra_firings != b.extra_firings || one.result.stuck_states != got.result.stuck_states) {
    out << "counts: " << a.states << " states, " << a.transitions << " transitions, "
        << a.final_states << " final, " << a.extra_firings << " eager against " << b.states << ", "
        << b.transitions << ", " << b.final_states << ", " << b.extra_firings << "\n";
  }
  std::uint64_t rank_states = 0;
  for (const tfmc::check::RankShare& r : b.ranks) rank_states += r.states;
  if (rank_states != b.states) out << "the ranks' states do not add up\n";
  std::vector<std::string> want, have;
  for (const auto& o : one.outcomes) want.push_back(describe(o, false));
  for (const auto& o : got.outcomes) have.push_back(describe(o, false));
  if (want != have) {
    out << "outcomes differ; one process:\n";
    for (const std::string& o : want) out << " " << o << "\n";
    out << world().size() << " ranks:\n";
    for (const std::string& o : have) out << " " << o << "\n";
  }
  if (one.result.races.size() != got.result.races.size()) out << "race counts differ\n";
  for (std::size_t k = 0; k < std::min(one.result.races.size(), got.result.races.size()); ++k) {
    const tfmc::api::Race& x = one.result.races[k];
    const tfmc::api::Race& y = got.result.races[k];
    if (x.first != y.first || x.second != y.second || x.observable != y.observable ||
        x.unknown_reason != y.unknown_reason) {
      out << "race " << x.first << "/" << x.second << " classified differently\n";
    }
  }
  return out.str();
}

// Programs whose exploration passes this many states at some level are left out there (a
// loop program without reduction can have millions): what a limit stops is compared apart.
constexpr std::uint64_t kCap = 20000;

// Checks `text` at every level; returns at how many levels it was compared.
int agree(const std::string& label, const std::string& text) {
  int compared = 0;
  for (const Reduction level : kLevels) {
    const Run one = check(text, level, false, kCap);
    if (!one.result.exploration.complete) continue;
    ++compared;
    const std::string problem = difference(one, check(text, level, true));
    INFO(label << " at " << reduction_name(level) << " on " << world().size() << " ranks\n"
               << text);
    REQUIRE(problem == "");
  }
  return compared;
}

}  // namespace

TEST_CASE("distributed checks agree with one process on random programs", "[mpi]") {
  int compared = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    compared += agree("small " + std::to_string(seed),
                      tfmc::difftest::to_tfg(tfmc::difftest::generate_program(seed)));
    compared += agree("large " + std::to_string(seed),
                      tfmc::difftest::to_tfg(tfmc::difftest::generate_large_program(seed)));
    compared += agree("resource " + std::to_string(seed),
                      tfmc::difftest::to_tfg(tfmc::difftest::generate_resource_program(seed)));
    compared +=
        agree("loop " + std::to_string(seed), tfmc::difftest::generate_loop_program(seed).text);
  }
  // Most of the 144 (program, level) pairs fit the cap; the comparison is not vacuous.
  CHECK(compared >= 100);
}

TEST_CASE("a distributed --max-states stop stores at most that many states", "[mpi]") {
  const std::string text = tfmc::difftest::to_tfg(tfmc::difftest::generate_large_program(5));
  const Run full = check(text, Reduction::None, false);
  REQUIRE(full.result.exploration.states > 100);
  const Run stopped = check(text, Reduction::None, true, 100);
  CHECK_FALSE(stopped.result.exploration.complete);
  CHECK(stopped.result.exploration.stop_reason == tfmc::check::StopReason::MaxStates);
  CHECK(stopped.result.exploration.states <= 100);
  // A rank whose share of the level's budget is used up stops it, so fewer may be stored,
  // but the search went past its first levels.
  CHECK(stopped.result.exploration.states > 10);
  // Whatever it found is among the complete run's outcomes.
  std::vector<std::string> all;
  for (const auto& o : full.outcomes) all.push_back(describe(o, false));
  for (const auto& o : stopped.outcomes) {
    CHECK(std::find(all.begin(), all.end(), describe(o, false)) != all.end());
  }
}

TEST_CASE("a distributed replay of witnesses stops at a limit and counts what it left", "[mpi]") {
  // Four independent write-read races: 16 final states, spread over the ranks.
  const char* text =
      "one = Const {value=i32{1}}\n"
      "var a = i32{0}\nwa = Write(&a, one)\nra = Read(&a)\noutput ra\n"
      "var b = i32{0}\nwb = Write(&b, one)\nrb = Read(&b)\noutput rb\n"
      "var c = i32{0}\nwc = Write(&c, one)\nrc = Read(&c)\noutput rc\n"
      "var d = i32{0}\nwd = Write(&d, one)\nrd = Read(&d)\noutput rd\n";
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("four.tfg", text, {}, values);
  tfmc::eval::CpuEvaluator evaluator;
  tfmc::sem::GraphModel model(program, values, evaluator);
  tfmc::sem::GraphStateCodec codec(program, values, 2 * static_cast<std::size_t>(world().size()));
  tfmc::dist::DistributedExplorer explorer(world(), model, codec, {},
                                           tfmc::check::StoreMode::Compressed, {60, 256});
  const tfmc::check::Exploration explored = explorer.run();
  REQUIRE(explored.complete);
  REQUIRE(explored.final_states == 16);

  // --max-seconds 1 counted from 10 s ago: past its grace already, on every rank; the chase
  // stops after its first round, so no witness is whole.
  tfmc::check::Limits expired;
  expired.max_seconds = 1;
  expired.since = std::chrono::steady_clock::now() - std::chrono::seconds(10);
  tfmc::check::Exploration late = explored;
  CHECK(explorer.outcomes(late, expired).empty());
  CHECK(late.unreplayed == 16);
  CHECK_FALSE(late.complete);
  CHECK(late.stop_reason == tfmc::check::StopReason::MaxSeconds);
  CHECK(late.stopped_in == tfmc::check::StopPhase::Replay);

  // --max-memory 1 byte: every rank is over it, so the chase stops as the deadline stops it.
  tfmc::check::Limits no_memory;
  no_memory.max_memory_bytes = 1;
  tfmc::check::Exploration full = explored;
  CHECK(explorer.outcomes(full, no_memory).empty());
  CHECK(full.unreplayed == 16);
  CHECK(full.stop_reason == tfmc::check::StopReason::MaxMemory);
  CHECK(full.replay_stop == tfmc::check::StopReason::MaxMemory);

  // With time left, every witness is chased and replayed, and the exploration stays complete.
  tfmc::check::Limits ample;
  ample.max_seconds = 3600;
  ample.since = std::chrono::steady_clock::now();
  tfmc::check::Exploration whole = explored;
  const std::vector<tfmc::check::Outcome> all = explorer.outcomes(whole, ample);
  CHECK(all.size() == 16);
  std::uint64_t counted = 0;
  for (const tfmc::check::Outcome& o : all) counted += o.final_states;
  CHECK(counted == 16);
  CHECK(whole.unreplayed == 0);
  CHECK(whole.complete);
  CHECK(whole.stopped_in == tfmc::check::StopPhase::None);

  // After an earlier stop, the replay's stop keeps the reason and the phase of the first.
  tfmc::check::Exploration stopped = explored;
  stopped.complete = false;
  stopped.stop_reason = tfmc::check::StopReason::MaxStates;
  stopped.stopped_in = tfmc::check::StopPhase::Exploration;
  explorer.outcomes(stopped, expired);
  CHECK(stopped.unreplayed == 16);
  CHECK(stopped.stop_reason == tfmc::check::StopReason::MaxStates);
  CHECK(stopped.stopped_in == tfmc::check::StopPhase::Exploration);
}
