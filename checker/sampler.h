// Random schedules of a model without storing states (FORMAT.md, "tfmc sample"): each schedule
// walks from the initial state, firing one enabled transition at a time as its scheduler
// chooses, to a final state, and counts the outcome it reaches there.
//
// Two schedulers:
//   - Uniform: each step fires one of the enabled transitions, each with the same chance. It
//     is the chance that checker/likelihood.h computes exactly, so a sample's frequencies
//     estimate those probabilities.
//   - Pct: the probabilistic concurrency testing scheduler of Burckhardt, Kothari, Musuvathi
//     and Nagarakatte (ASPLOS 2010), with transitions in the role of threads: every transition
//     gets a random distinct priority of at least `depth`; depth - 1 change points are drawn
//     among steps 1 to transition_count(); each step fires the enabled transition of highest
//     priority, except that at change point j that transition's priority first drops to j
//     (below every first priority), so that the next highest fires instead. A schedule that
//     needs d - 1 such postponements is found with probability at least 1 / (n k^(d-1)).
//
// Schedule i draws its choices from its own generator, seeded from (seed, i) alone, so a seed
// gives the same schedules, counts and witnesses on every thread count; only a stop by a limit
// depends on the machine. The model is used as it is: a reduction would change the chances, so
// callers pass the unreduced model.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/exploration.h"
#include "checker/outcomes.h"
#include "semantics/model/transition_system.h"

namespace tfmc::check {

enum class Scheduler : std::uint8_t { Uniform, Pct };
// "uniform" or "pct", as the reports name the scheduler.
const char* scheduler_name(Scheduler s);

struct SamplingOptions {
  std::uint64_t schedules = 1000;
  Scheduler scheduler = Scheduler::Uniform;
  std::uint32_t depth = 3;  // PCT's bug depth d: d - 1 change points
  std::uint64_t seed = 0;
  unsigned threads = 1;  // 0: every core this process may run on
  Limits limits;         // max_seconds and max_memory_bytes; max_states is not used
};

// An outcome the schedules reached: Outcome::final_states counts the schedules that reached
// it, and its witness is the run of the first of them (the lowest schedule number).
struct SampledOutcome {
  Outcome outcome;
  std::uint64_t first_schedule = 0;
};

struct Sampling {
  std::uint64_t schedules = 0;  // schedules run to a final state
  std::uint64_t steps = 0;      // transitions fired by those schedules
  bool complete = false;        // all the schedules asked for ran
  StopReason stop_reason = StopReason::None;
  unsigned threads = 1;  // threads that ran schedules
  double seconds = 0;
  std::vector<SampledOutcome> outcomes;  // by first schedule
};

// Runs options.schedules schedules of `model` (its forks on the other threads).
Sampling sample(TransitionSystem& model, const SamplingOptions& options);

}  // namespace tfmc::check
