#include "checker/api/distributed/distributed_run.h"

#include "checker/commutation.h"
#include "checker/distributed/distributed_explorer.h"
#include "semantics/model/graph_state_codec.h"

namespace tfmc::api {
namespace {

class DistributedRun : public ExplorationRun {
 public:
  DistributedRun(const dist::MpiRanks& ranks, TransitionSystem& explored,
                 const sem::Program& program, sem::ValueStore& values, const CheckOptions& options,
                 const std::string& label, dist::DistributedOptions distributed)
      : ranks_(ranks),
        limits_(options.limits),
        codec_(program, values, 2 * static_cast<std::size_t>(ranks.size())),
        explorer_(ranks, explored, codec_, options.limits, options.store, distributed) {
    if (options.progress) {
      explorer_.on_progress(
          [progress = options.progress, label](const check::Progress& p) { progress(p, label); });
    }
  }

  check::Exploration run() override { return explorer_.run(); }

  std::vector<check::Outcome> outcomes(check::Exploration& e) override {
    return explorer_.outcomes(e, limits_);
  }

  check::StopReason agreed(check::StopReason mine) override {
    return static_cast<check::StopReason>(
        ranks_.max(std::vector<std::uint64_t>{static_cast<std::uint64_t>(mine)})[0]);
  }

  std::vector<bool> noncommuting(sem::GraphModel& model,
                                 const std::vector<std::pair<TransitionId, TransitionId>>& pairs,
                                 const std::vector<bool>& compared) override {
    // Each rank over its own states; a pair fails to commute if it does on any rank.
    const std::vector<bool> mine = check::noncommuting(
        model, [this](check::StateIndex i) { return explorer_.state(i); }, explorer_.states(),
        pairs, compared, limits_);
    const std::vector<std::uint64_t> any =
        ranks_.max(std::vector<std::uint64_t>(mine.begin(), mine.end()));
    return {any.begin(), any.end()};
  }

  std::uint64_t orbit_states(const check::ReplicaSymmetry& symmetry) override {
    std::uint64_t mine = 0;
    for (std::size_t i = 0; i < explorer_.states(); ++i) {
      mine += symmetry.orbit_size(explorer_.state(static_cast<check::StateIndex>(i)).data());
    }
    return ranks_.sum(std::vector<std::uint64_t>{mine})[0];
  }

 private:
  const dist::MpiRanks& ranks_;
  check::Limits limits_;
  sem::GraphStateCodec codec_;
  dist::DistributedExplorer explorer_;
};

}  // namespace

Engine distributed_engine(const dist::MpiRanks& ranks, dist::DistributedOptions options) {
  return [&ranks, options](TransitionSystem& explored, const sem::Program& program,
                           sem::ValueStore& values, const CheckOptions& check,
                           const std::string& label) -> std::unique_ptr<ExplorationRun> {
    return std::make_unique<DistributedRun>(ranks, explored, program, values, check, label,
                                            options);
  };
}

}  // namespace tfmc::api
