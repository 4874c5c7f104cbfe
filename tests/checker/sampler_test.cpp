// tfmc sample's schedules (checker/sampler.h, checker/api/sample.h): on random programs the
// uniform scheduler's frequencies have Wilson intervals that hold the exact probabilities
// (checker/likelihood.h) and find every outcome that is not rare; a seed gives the same counts
// and witnesses on every thread count; PCT finds a lost update; a limit stops the schedules.
#include "checker/sampler.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/outcome_likelihood.h"
#include "checker/api/sample.h"
#include "differential/random_program.h"
#include "semantics/build/program_builder.h"
#include "tools/app/sample_report.h"

namespace {

using tfmc::api::Matching;
using tfmc::api::Outcome;

tfmc::api::SampleResult sample_of(const tfmc::sem::Program& program, tfmc::sem::ValueStore& values,
                                  std::uint64_t schedules, std::uint64_t seed, unsigned threads,
                                  tfmc::check::Scheduler scheduler) {
  tfmc::api::SampleOptions options;
  options.sampling.schedules = schedules;
  options.sampling.seed = seed;
  options.sampling.threads = threads;
  options.sampling.scheduler = scheduler;
  options.eval = tfmc::eval::EvalBackend::Cpu;
  return tfmc::api::sample(program, values, options);
}

// The sampled count of each of `outcomes` (0 for one no schedule reached).
std::vector<std::uint64_t> counts_of(const tfmc::api::SampleResult& s,
                                     const std::vector<Outcome>& outcomes) {
  std::map<tfmc::api::OutcomeKey, std::uint64_t> by;
  for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
    by.emplace(identity(s.outcomes[i], Matching::WithinProgram), s.schedules[i]);
  }
  std::vector<std::uint64_t> out;
  for (const Outcome& o : outcomes) {
    const auto it = by.find(identity(o, Matching::WithinProgram));
    out.push_back(it == by.end() ? 0 : it->second);
  }
  return out;
}

std::string random_text(std::uint32_t seed) {
  return seed % 3 == 0 ? tfmc::difftest::to_tfg(tfmc::difftest::generate_resource_program(seed))
                       : tfmc::difftest::to_tfg(tfmc::difftest::generate_program(seed));
}

// Two replicas of read, add one, write: x = 1 (both read 0) or 2.
constexpr const char* kLostUpdate =
    "var x = i32{0}\n"
    "c1 = Const {value=i32{1}}\n"
    "c2 = Const {value=i32{1}}\n"
    "r1 = Read(&x)\n"
    "s1 = Add(r1, c1)\n"
    "w1 = Write(&x, s1)\n"
    "r2 = Read(&x)\n"
    "s2 = Add(r2, c2)\n"
    "w2 = Write(&x, s2)\n";

}  // namespace

// 60 programs, 4000 schedules each. At z = 5 an interval misses with chance 6e-7, so every
// one must hold its probability; at 95% about one in twenty may miss, and at least 90% hold.
// An outcome of probability p is missed by all schedules with chance (1 - p)^4000: below 2e-9
// for p >= 0.005, so every such outcome must be found.
TEST_CASE("sample: intervals hold the exact probabilities of random programs", "[sample]") {
  std::size_t intervals = 0, held95 = 0;
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    CAPTURE(seed);
    tfmc::sem::ValueStore values;
    const tfmc::sem::Program program =
        tfmc::sem::load_program_text("t.tfg", random_text(seed), {}, values);
    const tfmc::api::LikelihoodResult exact =
        tfmc::api::outcome_likelihood(program, values, {}, tfmc::eval::EvalBackend::Cpu);
    REQUIRE(exact.figures.complete);
    const tfmc::api::SampleResult s =
        sample_of(program, values, 4000, seed, 2, tfmc::check::Scheduler::Uniform);
    REQUIRE(s.sampling.complete);
    REQUIRE(s.sampling.schedules == 4000);
    // Sampling reaches no outcome the exact computation gives chance 0.
    CHECK(tfmc::api::difference(s.outcomes, exact.outcomes, Matching::WithinProgram).empty());
    const std::vector<std::uint64_t> counts = counts_of(s, exact.outcomes);
    for (std::size_t i = 0; i < counts.size(); ++i) {
      const double p = exact.probabilities[i].convert_to<double>();
      CAPTURE(i, p, counts[i]);
      const auto [low, high] = tfmc::app::wilson_interval(counts[i], 4000, 5.0);
      CHECK(low <= p);
      CHECK(p <= high);
      const auto [low95, high95] = tfmc::app::wilson_interval(counts[i], 4000, tfmc::app::kZ95);
      ++intervals;
      held95 += low95 <= p && p <= high95 ? 1 : 0;
      if (p >= 0.005) CHECK(counts[i] > 0);
    }
  }
  CAPTURE(intervals, held95);
  CHECK(intervals > 100);
  CHECK(held95 >= intervals * 9 / 10);
}

TEST_CASE("sample: every outcome of small programs is found", "[sample]") {
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    tfmc::sem::ValueStore values;
    const tfmc::sem::Program program =
        tfmc::sem::load_program_text("t.tfg", random_text(seed), {}, values);
    tfmc::api::CheckOptions options;
    options.eval = tfmc::eval::EvalBackend::Cpu;
    const tfmc::api::CheckResult checked = tfmc::api::check(program, values, options);
    REQUIRE(checked.exploration.complete);
    const tfmc::api::SampleResult s =
        sample_of(program, values, 20000, 7, 2, tfmc::check::Scheduler::Uniform);
    CHECK(tfmc::api::same_outcomes(s.outcomes, checked.outcomes));
  }
}

TEST_CASE("sample: a seed gives the same counts and witnesses on every thread count", "[sample]") {
  for (std::uint32_t seed : {3u, 5u, 12u}) {
    for (tfmc::check::Scheduler scheduler :
         {tfmc::check::Scheduler::Uniform, tfmc::check::Scheduler::Pct}) {
      CAPTURE(seed);
      tfmc::sem::ValueStore values;
      const tfmc::sem::Program program =
          tfmc::sem::load_program_text("t.tfg", random_text(seed), {}, values);
      const tfmc::api::SampleResult one = sample_of(program, values, 3000, 11, 1, scheduler);
      const tfmc::api::SampleResult three = sample_of(program, values, 3000, 11, 3, scheduler);
      CHECK(one.sampling.threads == 1);
      CHECK(three.sampling.threads == 3);
      REQUIRE(tfmc::api::same_outcomes(one.outcomes, three.outcomes));
      CHECK(one.schedules == three.schedules);
      CHECK(one.sampling.steps == three.sampling.steps);
      for (std::size_t i = 0; i < one.outcomes.size(); ++i) {
        CHECK(one.outcomes[i].witness == three.outcomes[i].witness);
      }
    }
  }
}

TEST_CASE("sample: another seed gives other schedules", "[sample]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("t.tfg", kLostUpdate, {}, values);
  const tfmc::api::SampleResult a =
      sample_of(program, values, 2000, 1, 1, tfmc::check::Scheduler::Uniform);
  const tfmc::api::SampleResult b =
      sample_of(program, values, 2000, 2, 1, tfmc::check::Scheduler::Uniform);
  REQUIRE(a.outcomes.size() == 2);
  CHECK(a.schedules != b.schedules);
}

TEST_CASE("sample: PCT finds both outcomes of a lost update", "[sample]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("t.tfg", kLostUpdate, {}, values);
  for (std::uint32_t depth : {1u, 2u, 3u}) {
    tfmc::api::SampleOptions options;
    options.sampling.schedules = 1000;
    options.sampling.scheduler = tfmc::check::Scheduler::Pct;
    options.sampling.depth = depth;
    options.eval = tfmc::eval::EvalBackend::Cpu;
    const tfmc::api::SampleResult s = tfmc::api::sample(program, values, options);
    CAPTURE(depth);
    CHECK(s.outcomes.size() == 2);
  }
}

TEST_CASE("sample: --max-seconds stops the schedules", "[sample]") {
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::sem::load_program_text("t.tfg", kLostUpdate, {}, values);
  tfmc::api::SampleOptions options;
  options.sampling.schedules = std::uint64_t{1} << 40;
  options.sampling.threads = 2;
  options.sampling.limits.max_seconds = 0.2;
  options.eval = tfmc::eval::EvalBackend::Cpu;
  const tfmc::api::SampleResult s = tfmc::api::sample(program, values, options);
  CHECK_FALSE(s.sampling.complete);
  CHECK(s.sampling.stop_reason == tfmc::check::StopReason::MaxSeconds);
  CHECK(s.sampling.schedules > 0);
  CHECK(s.sampling.seconds < 1.5);
  std::uint64_t sum = 0;
  for (std::uint64_t n : s.schedules) sum += n;
  CHECK(sum == s.sampling.schedules);
}

TEST_CASE("sample: Wilson intervals", "[sample]") {
  // Worked values: 0 of 10 gives [0, 0.2775]; 5 of 10 gives [0.2366, 0.7634].
  const auto [low0, high0] = tfmc::app::wilson_interval(0, 10, tfmc::app::kZ95);
  CHECK(low0 == 0);
  CHECK(high0 == Approx(0.27753).epsilon(1e-4));
  const auto [low5, high5] = tfmc::app::wilson_interval(5, 10, tfmc::app::kZ95);
  CHECK(low5 == Approx(0.23659).epsilon(1e-4));
  CHECK(high5 == Approx(0.76341).epsilon(1e-4));
}
