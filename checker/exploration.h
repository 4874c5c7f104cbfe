// The engine's public vocabulary: what an exploration is asked (Limits, Parallelism, the
// StoreMode), what it reports while it runs (Progress) and what it returns (Exploration, with
// its StopReason and, distributed, each rank's RankShare). The API (checker/api/) and the
// reports see the engine through this header only; both explorers (explorer.h,
// distributed/distributed_explorer.h) fill an Exploration and end it with conclude().
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace tfmc::check {

// A stored state's number, in the order of discovery (breadth-first).
using StateIndex = std::uint32_t;
inline constexpr StateIndex kNoState = 0xffffffffu;

// How states are stored (state_store.h): exactly, compressed into a tree of shared parts, or
// by 64-bit fingerprints that may miss a state with a small probability.
enum class StoreMode : std::uint8_t { Compressed, Fingerprint };
// "compressed" or "fingerprint": the mode's name, as reports print it.
const char* store_mode_name(StoreMode mode);

// The state file (state_log.h) could not be made, written or read (a full disk, a directory
// that is not writable): the machine's problem, neither the input's nor a bug.
class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Limits {
  std::uint64_t max_states = 0;        // 0: none; else store at most this many states
  double max_seconds = 0;              // 0: none
  std::uint64_t max_memory_bytes = 0;  // 0: none; resident set size of the process
  // When max_seconds began to count: the command's start, so that every exploration of it
  // shares one deadline (limit_watch.h). The default: each exploration's own start.
  std::chrono::steady_clock::time_point since{};
};
// Resident set size of this process in bytes (0 where unknown), which max_memory_bytes bounds.
std::size_t resident_bytes();

struct Parallelism {
  unsigned threads = 1;  // 0: every core this process may run on (available_cores())
  // A level of fewer states is expanded by one thread, which is then faster than several.
  // Tests lower it to put small programs through the many-thread path.
  std::size_t min_parallel_level = 512;
  // States of a level that a thread claims at a time. Tests lower it to give small levels
  // many blocks.
  std::uint32_t block_states = 128;
};

struct Progress {
  std::uint64_t states;
  std::uint64_t transitions;
  std::uint64_t queued;
  double seconds;
};

// Why an exploration stopped before its end: the limit it reached. The explorers stop for the
// first three; a check whose runs reached a loop bound says MaxIterations (checker/api/check.h).
// Ordered so that the greatest of several ranks' reasons is the one a distributed exploration
// reports.
enum class StopReason : std::uint8_t { None, MaxStates, MaxSeconds, MaxMemory, MaxIterations };
// The option that stopped it, as reports name the reason: "max-states", "max-seconds",
// "max-memory", "max-iterations" ("" for None).
const char* stop_reason_name(StopReason reason);

// Where a limit stopped a command (JSON stats.stopped_in): in the eager firings from the
// initial state (no state stored), in the exploration of the levels, in the scan for final
// states among those a stop left unexpanded (some left unscanned), in race classification
// after a complete exploration, or in the replay of the final states' witnesses (some left
// unreplayed, their outcomes missing).
enum class StopPhase : std::uint8_t {
  None,
  InitialState,
  Exploration,
  Scan,
  RaceClassification,
  Replay
};
// "initial-state", "exploration", "final-state-scan", "race-classification", "witness-replay"
// ("" for None).
const char* stop_phase_name(StopPhase phase);

// One rank's share of a distributed exploration (checker/distributed/): what it stored and
// sent.
struct RankShare {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;  // of the states it expanded
  std::size_t store_bytes = 0;    // its store's memory, the parents' ranks and SentCache included
  std::size_t disk_bytes = 0;     // its state log
  std::uint64_t states_sent = 0;  // successors sent to their owners
  std::uint64_t messages_sent = 0;
  std::uint64_t bytes_sent = 0;
  double seconds = 0;
  // Of those, the seconds it waited at the ends of levels: for other ranks to end theirs, with
  // nothing arriving, and in the level's collective sums.
  double wait_seconds = 0;
};

struct Exploration {
  bool complete = true;
  StopReason stop_reason = StopReason::None;  // None exactly when complete
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint64_t extra_firings = 0;         // TransitionSystem::extra_firings during the kept levels
  std::vector<StateIndex> finals;          // distinct final states, in index (discovery) order
                                           // (a distributed exploration's: this rank's)
  std::uint64_t final_states = 0;          // distinct final states (of every rank)
  StopPhase stopped_in = StopPhase::None;  // where a limit stopped it (None: none did)
  // States a stop left unexpanded that the scan for final states did not reach before its
  // grace ran out (limit_watch.h, grace_seconds): any of them may be final.
  std::uint64_t unscanned = 0;
  // Final states whose witness was not replayed before --max-seconds or --max-memory stopped
  // the replay (outcomes.h), which replay_stop names: their outcomes are not known, so the
  // exploration counts as incomplete.
  std::uint64_t unreplayed = 0;
  StopReason replay_stop = StopReason::None;
  double seconds = 0;
  std::size_t store_bytes = 0;  // the store's memory (StateStore::bytes)
  std::size_t disk_bytes = 0;   // the state log's file
  StoreMode store = StoreMode::Compressed;
  double fingerprint_probability = 0;  // fingerprint_probability() in Fingerprint mode, else 0
  std::size_t raw_bytes = 0;           // stored states * slots * 4
  std::size_t slots = 0;               // slots per state
  unsigned threads = 1;                // threads the exploration ran on (each rank's)
  std::vector<RankShare> ranks;        // a distributed exploration's, by rank; else empty
};

// The end of an exploration whose states and transitions `r` holds: marks it stopped by `why`
// (None: complete), and sets the figures that follow from those counts and from how it ran
// (the store's mode, the fingerprint probability, the raw bytes, slots, threads).
void conclude(Exploration& r, StopReason why, StoreMode store, std::size_t slots, unsigned threads);

// The probability that a fingerprinted store missed some state because its fingerprint equalled
// a stored one's, after `transitions` lookups of which `states` found new states: TLC's
// estimate, states x (transitions - states) / 2^64.
double fingerprint_probability(std::uint64_t states, std::uint64_t transitions);

}  // namespace tfmc::check
