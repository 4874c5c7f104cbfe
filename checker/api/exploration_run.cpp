#include "checker/api/exploration_run.h"

#include "checker/commutation.h"
#include "checker/explorer.h"

namespace tfmc::api {
namespace {

class LocalRun : public ExplorationRun {
 public:
  LocalRun(TransitionSystem& explored, const CheckOptions& options, const std::string& label)
      : explored_(explored),
        limits_(options.limits),
        explorer_(explored, options.limits, options.parallel, options.store) {
    if (options.progress) {
      explorer_.on_progress(
          [progress = options.progress, label](const check::Progress& p) { progress(p, label); });
    }
  }

  check::Exploration run() override {
    check::Exploration e = explorer_.run();
    states_ = e.states;
    return e;
  }

  std::vector<check::Outcome> outcomes(check::Exploration& e) override {
    return check::collect_outcomes(explored_, explorer_, e, limits_);
  }

  check::StopReason agreed(check::StopReason mine) override { return mine; }

  std::vector<bool> noncommuting(sem::GraphModel& model,
                                 const std::vector<std::pair<TransitionId, TransitionId>>& pairs,
                                 const std::vector<bool>& compared) override {
    return check::noncommuting(
        model, [this](check::StateIndex i) { return explorer_.state(i); }, states_, pairs, compared,
        limits_);
  }

  std::uint64_t orbit_states(const check::ReplicaSymmetry& symmetry) override {
    std::uint64_t states = 0;
    for (std::size_t i = 0; i < states_; ++i) {
      states += symmetry.orbit_size(explorer_.state(static_cast<check::StateIndex>(i)).data());
    }
    return states;
  }

 private:
  TransitionSystem& explored_;
  check::Limits limits_;
  check::Explorer explorer_;
  std::size_t states_ = 0;  // stored by run()
};

}  // namespace

std::unique_ptr<ExplorationRun> local_run(TransitionSystem& explored, const sem::Program&,
                                          sem::ValueStore&, const CheckOptions& options,
                                          const std::string& label) {
  return std::make_unique<LocalRun>(explored, options, label);
}

}  // namespace tfmc::api
