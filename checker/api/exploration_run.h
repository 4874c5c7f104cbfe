// One exploration of a model, as a check needs it (check.h): run in this process over
// check::Explorer (local_run), or over the ranks of an MPI run (distributed/distributed_run.h).
// Either way the figures, the outcomes and the commutation test of race classification are
// the same for the same program: a check does not know where its explorations run.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "checker/api/check.h"
#include "checker/exploration.h"
#include "checker/outcomes.h"
#include "checker/symmetry/replica_symmetry.h"
#include "semantics/model/graph_model.h"

namespace tfmc::api {

class ExplorationRun {
 public:
  virtual ~ExplorationRun() = default;
  // Explores (once).
  virtual check::Exploration run() = 0;
  // After run(), which gave `e`: the distinct outcomes of its final states (outcomes.h), with
  // values as ids of the check's value store; a replay that --max-seconds stops marks `e`.
  virtual std::vector<check::Outcome> outcomes(check::Exploration& e) = 0;
  // The stop reason every process of the run takes when this one's is `mine`: `mine` in one
  // process, the greatest of the ranks' in a distributed run (so that all go on alike).
  virtual check::StopReason agreed(check::StopReason mine) = 0;
  // After run(): check::noncommuting over every state it stored; `model` is the graph model
  // whose states (or whose reduction's) were explored.
  virtual std::vector<bool> noncommuting(
      sem::GraphModel& model, const std::vector<std::pair<TransitionId, TransitionId>>& pairs,
      const std::vector<bool>& compared) = 0;
  // After run(): the states of the orbits of every stored state under `symmetry`, the
  // symmetry the explored model was reduced by (checker/symmetry/).
  virtual std::uint64_t orbit_states(const check::ReplicaSymmetry& symmetry) = 0;
};

// The run in this process, on options.parallel's threads.
std::unique_ptr<ExplorationRun> local_run(TransitionSystem& explored, const sem::Program& program,
                                          sem::ValueStore& values, const CheckOptions& options,
                                          const std::string& label);

}  // namespace tfmc::api
