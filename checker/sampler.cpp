#include "checker/sampler.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <tuple>

#include "checker/limit_watch.h"
#include "checker/worker_pool.h"

namespace tfmc::check {
namespace {

// Schedules a thread claims at a time: enough to make the claims cheap, few enough that the
// threads end together.
constexpr std::uint64_t kBlock = 64;
// Steps of one schedule between two looks at the limits (a look costs a clock read).
constexpr std::size_t kStepsPerLook = 256;

// SplitMix64 (Steele, Lea and Flood): one generator per schedule, seeded from (seed, schedule)
// alone, and the same numbers on every platform (the standard distributions are not).
class ScheduleRandom {
 public:
  ScheduleRandom(std::uint64_t seed, std::uint64_t schedule) : state_(seed) {
    state_ = next() ^ (schedule * 0xD1B54A32D192ED03ull);
  }
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0, without bias: numbers below 2^64 mod n are drawn again, so
  // that every remainder has as many numbers left.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t reject_below = (0 - n) % n;
    std::uint64_t x = next();
    while (x < reject_below) x = next();
    return x % n;
  }

 private:
  std::uint64_t state_;
};

// What one thread found: outcomes by their values and blocked transitions.
using OutcomeKey = std::tuple<std::vector<Slot>, std::vector<TransitionId>>;
struct Tally {
  std::map<OutcomeKey, SampledOutcome> outcomes;
  std::uint64_t schedules = 0;
  std::uint64_t steps = 0;
};

// One thread's schedules on its own model.
class Walker {
 public:
  Walker(TransitionSystem& model, const SamplingOptions& options)
      : model_(model), options_(options), watch_(options.limits), state_(model.slot_count()) {}

  // Runs schedule `i` into `tally`; false when a limit stopped it (nothing counted).
  bool run(std::uint64_t i, Tally& tally) {
    ScheduleRandom random(options_.seed, i);
    if (options_.scheduler == Scheduler::Pct) start_pct(random);
    model_.initial_state(state_.data());
    run_.clear();
    for (;;) {
      enabled_.clear();
      model_.enabled(state_.data(), enabled_);
      if (enabled_.empty()) break;
      const TransitionId t = options_.scheduler == Scheduler::Uniform
                                 ? enabled_[random.below(enabled_.size())]
                                 : pct_choice(run_.size() + 1);
      model_.fire(state_.data(), t, state_.data());
      run_.push_back(t);
      if (run_.size() % kStepsPerLook == 0 && stopped()) return false;
    }
    count(i, tally);
    return true;
  }

  bool stopped() { return (reason_ = watch_.reached()) != StopReason::None; }
  StopReason reason() const { return reason_; }

 private:
  // PCT's draw: distinct priorities depth .. depth + T - 1 in random order, and depth - 1
  // change points among steps 1 .. T.
  void start_pct(ScheduleRandom& random) {
    const std::size_t n = model_.transition_count();
    priority_.resize(n);
    std::iota(priority_.begin(), priority_.end(), options_.depth);
    for (std::size_t k = n; k > 1; --k) std::swap(priority_[k - 1], priority_[random.below(k)]);
    change_points_.clear();
    for (std::uint32_t j = 1; j < options_.depth; ++j) {
      change_points_.push_back(1 + random.below(std::max<std::size_t>(n, 1)));
    }
  }

  TransitionId highest() const {
    return *std::max_element(enabled_.begin(), enabled_.end(), [&](TransitionId a, TransitionId b) {
      return priority_[a] < priority_[b];
    });
  }

  // The transition PCT fires at `step` (counted from 1): at change point j the highest
  // enabled one drops to priority j first.
  TransitionId pct_choice(std::uint64_t step) {
    for (std::size_t j = 0; j < change_points_.size(); ++j) {
      if (change_points_[j] == step) priority_[highest()] = static_cast<std::uint32_t>(j + 1);
    }
    return highest();
  }

  void count(std::uint64_t i, Tally& tally) {
    ++tally.schedules;
    tally.steps += run_.size();
    std::vector<Slot> values;
    for (std::uint32_t slot : model_.outcome_slots()) values.push_back(state_[slot]);
    std::vector<TransitionId> blocked = model_.unfired(run_);
    auto [it, fresh] = tally.outcomes.try_emplace(OutcomeKey{std::move(values), blocked});
    SampledOutcome& s = it->second;
    if (fresh) {
      s.outcome.values = std::get<0>(it->first);
      s.outcome.blocked = std::move(blocked);
      s.outcome.stuck = !s.outcome.blocked.empty();
      s.outcome.witness = run_;
      s.first_schedule = i;
    }
    ++s.outcome.final_states;
  }

  TransitionSystem& model_;
  const SamplingOptions& options_;
  LimitWatch watch_;
  StopReason reason_ = StopReason::None;
  std::vector<Slot> state_;
  std::vector<TransitionId> enabled_;
  std::vector<TransitionId> run_;
  std::vector<std::uint32_t> priority_;
  std::vector<std::uint64_t> change_points_;
};

// Adds `from` to `into`: counts add up, the witness of the lower schedule number stays.
void merge(Tally& into, Tally& from) {
  into.schedules += from.schedules;
  into.steps += from.steps;
  for (auto& [key, s] : from.outcomes) {
    auto [it, fresh] = into.outcomes.try_emplace(key, s);
    if (fresh) continue;
    SampledOutcome& kept = it->second;
    const std::uint64_t total = kept.outcome.final_states + s.outcome.final_states;
    if (s.first_schedule < kept.first_schedule) kept = std::move(s);
    kept.outcome.final_states = total;
  }
}

}  // namespace

const char* scheduler_name(Scheduler s) { return s == Scheduler::Uniform ? "uniform" : "pct"; }

Sampling sample(TransitionSystem& model, const SamplingOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<TransitionSystem>> forks;
  const unsigned wanted = options.threads == 0 ? available_cores() : options.threads;
  const std::uint64_t blocks = (options.schedules + kBlock - 1) / kBlock;
  const unsigned threads =
      static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(wanted, blocks)));
  for (unsigned w = 1; w < threads; ++w) {
    std::unique_ptr<TransitionSystem> fork = model.fork();
    if (!fork) break;
    forks.push_back(std::move(fork));
  }
  const unsigned workers = static_cast<unsigned>(forks.size()) + 1;
  std::vector<Tally> tallies(workers);
  std::vector<StopReason> reasons(workers, StopReason::None);
  std::atomic<std::uint64_t> next_block{0};
  std::atomic<bool> stop{false};
  const auto job = [&](unsigned w) {
    Walker walker(w == 0 ? model : *forks[w - 1], options);
    for (std::uint64_t b; !stop.load(std::memory_order_relaxed) && (b = next_block++) < blocks;) {
      const std::uint64_t end = std::min(options.schedules, (b + 1) * kBlock);
      for (std::uint64_t i = b * kBlock; i < end; ++i) {
        if (walker.stopped() || !walker.run(i, tallies[w])) {
          reasons[w] = walker.reason();
          stop = true;
          return;
        }
      }
    }
  };
  if (workers == 1) {
    job(0);
  } else {
    WorkerPool pool(workers);
    pool.run(workers, job);
  }
  Sampling out;
  Tally all;
  for (Tally& t : tallies) merge(all, t);
  for (StopReason r : reasons) {
    if (out.stop_reason == StopReason::None) out.stop_reason = r;
  }
  out.schedules = all.schedules;
  out.steps = all.steps;
  out.complete = out.stop_reason == StopReason::None;
  out.threads = workers;
  for (auto& [key, s] : all.outcomes) out.outcomes.push_back(std::move(s));
  std::sort(out.outcomes.begin(), out.outcomes.end(),
            [](const SampledOutcome& a, const SampledOutcome& b) {
              return a.first_schedule < b.first_schedule;
            });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace tfmc::check
