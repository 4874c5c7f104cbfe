// Multi-core exploration (checker/explorer.h) and the fingerprint store (state_store.h)
// against one thread with the exact compressed store, on the random differential corpora
// (random_program.h: small, large and resource programs; random_loop_program.h: loops and
// conditionals): at every reduction level, with and without a --max-states stop, 2, 3 and 5
// threads (3 also with blocks of 3 states, so that levels stopped early keep many finished
// blocks), and the fingerprint store on 1 and 3, must give exactly what one thread gives. The
// explorer promises more than the same outcome sets: the same numbering of states, so the
// same state and transition counts, the same final states, the same witnesses, the same
// stop, the same eager firings, and for a complete run the same evaluations. (Fingerprints could
// merge two states, with a probability under 10^-12 on these programs; none does.) Every level of
// these small programs is forced through the many-thread path (min_parallel_level 1).
//
// A --max-seconds stop cannot be compared (where it stops depends on the machine); it is
// tested for stopping every thread cleanly and soon.
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/session.h"
#include "differential/random_loop_program.h"
#include "differential/random_program.h"
#include "support/check_text.h"

namespace {

using tfmc::check::Reduction;
using tfmc::check::StoreMode;

constexpr Reduction kLevels[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};
// The runs compared with one thread and the compressed store.
struct Variant {
  unsigned threads;
  StoreMode store;
  std::uint32_t block_states = 128;
};
constexpr Variant kVariants[] = {{2, StoreMode::Compressed},    {3, StoreMode::Compressed},
                                 {3, StoreMode::Compressed, 3}, {5, StoreMode::Compressed},
                                 {1, StoreMode::Fingerprint},   {3, StoreMode::Fingerprint}};

tfmc::support::TextCheck run(const std::string& text, Reduction level, unsigned threads,
                             std::uint64_t max_states, double max_seconds = 0,
                             StoreMode store = StoreMode::Compressed,
                             std::uint32_t block_states = 128) {
  tfmc::sem::ValueStore values;
  tfmc::api::CheckOptions options;
  options.reduction = level;
  options.limits.max_states = max_states;
  options.limits.max_seconds = max_seconds;
  options.parallel = {threads, 1, block_states};
  options.store = store;
  const tfmc::api::CheckResult r = tfmc::api::check_text("random.tfg", text, {}, values, options);
  return tfmc::support::printed_check(r, values);
}

std::string describe(const tfmc::api::PrintedOutcome& o) {
  std::ostringstream out;
  for (const auto& [name, value] : o.outputs) out << " " << name << "=" << value;
  for (const auto& [name, value] : o.variables) out << " " << name << "=" << value;
  out << (o.stuck ? " stuck" : "") << " witness:";
  for (const std::string& n : o.witness) out << " " << n;
  return out.str();
}

// Empty when `got` (on `threads` threads) is what `one` (one thread) is, else the differences.
std::string difference(const tfmc::support::TextCheck& one, const tfmc::support::TextCheck& got,
                       unsigned threads) {
  std::ostringstream out;
  const tfmc::check::Exploration& a = one.exploration;
  const tfmc::check::Exploration& b = got.exploration;
  if (b.threads != threads) out << "ran on " << b.threads << " threads\n";
  if (a.complete != b.complete || a.stop_reason != b.stop_reason) {
    out << "stop: '" << stop_reason_name(a.stop_reason) << "' against '"
        << stop_reason_name(b.stop_reason) << "'\n";
  }
  if (a.states != b.states || a.transitions != b.transitions) {
    out << "counts: " << a.states << " states, " << a.transitions << " transitions against "
        << b.states << ", " << b.transitions << "\n";
  }
  if (a.finals != b.finals) out << "final states differ\n";
  if (a.extra_firings != b.extra_firings) {
    out << "eager firings: " << a.extra_firings << " against " << b.extra_firings << "\n";
  }
  // Evaluations count work: a --max-states stop also counts the successors that other threads
  // made past the stop before they saw it, as many as their timing allowed.
  if (a.complete && one.evaluations != got.evaluations) out << "evaluations differ\n";
  std::vector<std::string> want, have;
  for (const auto& o : one.outcomes) want.push_back(describe(o));
  for (const auto& o : got.outcomes) have.push_back(describe(o));
  if (want != have) {
    out << "outcomes differ; one thread:\n";
    for (const std::string& o : want) out << " " << o << "\n";
    out << threads << " threads:\n";
    for (const std::string& o : have) out << " " << o << "\n";
  }
  return out.str();
}

// Checks `text` at every level, without a limit (but a cap) and with a small --max-states.
void agree(const std::string& label, const std::string& text) {
  for (const Reduction level : kLevels) {
    for (const std::uint64_t max_states : {std::uint64_t{20000}, std::uint64_t{37}}) {
      // A --max-states stop also counts the eager firings of successors that the group it
      // stops in made ahead of the stop, and groups end where blocks do: one thread on blocks
      // of the same size is the reference.
      std::map<std::uint32_t, tfmc::support::TextCheck> one;
      for (const Variant v : kVariants) {
        if (!one.contains(v.block_states)) {
          one.emplace(v.block_states,
                      run(text, level, 1, max_states, 0, StoreMode::Compressed, v.block_states));
        }
        const std::string problem = difference(
            one.at(v.block_states),
            run(text, level, v.threads, max_states, 0, v.store, v.block_states), v.threads);
        INFO(label << " at " << reduction_name(level) << ", --max-states " << max_states << ", "
                   << v.threads << " threads, blocks of " << v.block_states << " states, --store "
                   << store_mode_name(v.store) << "\n"
                   << text);
        REQUIRE(problem == "");
      }
    }
  }
}

}  // namespace

TEST_CASE("thread counts and stores agree on small and large random programs",
          "[differential][threads]") {
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    agree("small " + std::to_string(seed),
          tfmc::difftest::to_tfg(tfmc::difftest::generate_program(seed)));
    agree("large " + std::to_string(seed),
          tfmc::difftest::to_tfg(tfmc::difftest::generate_large_program(seed)));
  }
}

TEST_CASE("thread counts and stores agree on random programs with queues, mutexes and sections",
          "[differential][threads]") {
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    agree("resource " + std::to_string(seed),
          tfmc::difftest::to_tfg(tfmc::difftest::generate_resource_program(seed)));
  }
}

TEST_CASE("thread counts and stores agree on random loops and conditionals",
          "[differential][threads]") {
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    agree("loop " + std::to_string(seed), tfmc::difftest::generate_loop_program(seed).text);
  }
}

TEST_CASE("a --max-seconds stop ends every thread soon and cleanly", "[differential][threads]") {
  // lost_update with 5 workers: about 10^6 states without reduction, far more than 0.05 s.
  std::string text = "var x = i32{0}\n";
  for (int w = 0; w < 5; ++w) {
    const std::string n = std::to_string(w);
    text += "r" + n + " = Read(&x)\nc" + n + " = Const {value=i32{1}}\ns" + n + " = Add(r" + n +
            ", c" + n + ")\nw" + n + " = Write(&x, s" + n + ")\n";
  }
  const tfmc::support::TextCheck stopped = run(text, Reduction::None, 3, 0, 0.05);
  CHECK_FALSE(stopped.exploration.complete);
  CHECK(stopped.exploration.stop_reason == tfmc::check::StopReason::MaxSeconds);
  CHECK(stopped.exploration.threads == 3);
  // The threads stop at their next group of states: far sooner than the run would end.
  CHECK(stopped.exploration.seconds < 5);
  CHECK(stopped.exploration.states < 1000000);
}

TEST_CASE("no thread starts whose model would not fit in half of --max-memory",
          "[differential][threads]") {
  const std::string text = tfmc::difftest::to_tfg(tfmc::difftest::generate_large_program(3));
  tfmc::sem::ValueStore values;
  tfmc::api::CheckOptions options;
  options.reduction = Reduction::None;
  options.parallel = {4, 1};
  options.limits.max_memory_bytes = 1 << 20;  // far less than the process holds already
  const tfmc::api::CheckResult r = tfmc::api::check_text("random.tfg", text, {}, values, options);
  CHECK(r.exploration.threads == 1);
  CHECK_FALSE(r.exploration.complete);
  CHECK(r.exploration.stop_reason == tfmc::check::StopReason::MaxMemory);
  options.limits.max_memory_bytes = 0;
  CHECK(tfmc::api::check_text("random.tfg", text, {}, values, options).exploration.threads == 4);
}
