#include "checker/api/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>

#include "checker/api/exploration_run.h"
#include "checker/api/program_replicas.h"
#include "checker/api/program_towers.h"
#include "checker/api/race_classification.h"
#include "checker/api/uninitialized_warning.h"
#include "checker/exploration.h"
#include "checker/limit_watch.h"
#include "checker/symmetry/outcome_orbits.h"
#include "checker/symmetry/symmetric_model.h"
#include "gpu_eval/evaluator_choice.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/model/graph_model.h"

namespace tfmc::api {
namespace {

// The assumptions of the run `witness` (transitions of `model`), named after its Switch
// instances; none where the outcome's assumption set, `set`, is empty.
Assumptions assumptions_of(sem::GraphModel& model, std::span<const TransitionId> witness,
                           sem::ValueId set) {
  Assumptions out;
  if (model.assumption_sets().list(set).empty()) return out;
  for (const sem::GraphModel::Decision& d : model.decisions(witness)) {
    out.push_back({model.transition_name(d.transition), d.condition, d.truth});
  }
  return out;
}

}  // namespace

std::vector<Outcome> named_outcomes(const sem::Program& program, sem::GraphModel& model,
                                    const TransitionSystem& explored,
                                    const std::vector<check::Outcome>& found,
                                    const sem::ValueStore& values, std::uint64_t& stuck_states,
                                    std::vector<std::size_t>* origin, NamingLimit* limit,
                                    const check::ReplicaSymmetry* symmetry) {
  const auto names = [&](const std::vector<TransitionId>& ts) {
    std::vector<std::string> out;
    for (TransitionId t : ts) out.push_back(explored.transition_name(t));
    return out;
  };
  // The stuck final states stored, counted before the orbits multiply the outcomes.
  for (const check::Outcome& f : found) {
    if (f.stuck) stuck_states += f.final_states;
  }
  const std::vector<check::Outcome> orbits = symmetry != nullptr
                                                 ? check::outcome_orbits(found, *symmetry, explored)
                                                 : std::vector<check::Outcome>{};
  const std::vector<check::Outcome>& found_outcomes = symmetry != nullptr ? orbits : found;
  std::vector<std::size_t> merged_into;  // found outcome -> outcome before sorting
  std::vector<Outcome> outcomes;
  // Reserved, so that the keys, which refer to the outcomes, stay valid.
  outcomes.reserve(found_outcomes.size());
  std::map<OutcomeKey, std::size_t> index;
  const check::Limits no_limits;
  check::LimitWatch watch(limit != nullptr ? limit->limits : no_limits);
  const double grace = check::grace_seconds(limit != nullptr ? limit->limits.max_seconds : 0);
  for (const check::Outcome& found : found_outcomes) {
    if (limit != nullptr && limit->stop == check::StopReason::None) {
      limit->stop = watch.reached_past(grace);
    }
    if (limit != nullptr && limit->stop != check::StopReason::None) {
      limit->unnamed_final_states += found.final_states;
      merged_into.push_back(kUnnamed);
      continue;
    }
    Outcome o;
    // The outcome slots are the named outputs, the variables, the loop bounds, live when the
    // run reached them, then the assumption set where the program has one (graph_model.h).
    const std::size_t n_outputs = program.outputs.size();
    const std::size_t n_values = n_outputs + program.variables.size();
    const std::size_t n_bounds = n_values + program.bounds.size();
    for (std::size_t i = 0; i < n_bounds; ++i) {
      if (i < n_outputs) {
        o.outputs.push_back({program.outputs[i].name, found.values[i]});
      } else if (i < n_values) {
        o.variables.push_back({program.variables[i - n_outputs].name, found.values[i]});
      } else if (found.values[i] != sem::kDead && found.values[i] != sem::kEmpty) {
        const sem::LoopBound& b = program.bounds[i - n_values];
        o.bounds.push_back({b.node, b.frame});
      }
    }
    std::sort(o.outputs.begin(), o.outputs.end());
    std::sort(o.variables.begin(), o.variables.end());
    o.stuck = found.stuck;
    o.blocked = names(found.blocked);
    o.witness = names(found.witness);
    Assumptions made;
    if (model.has_assumptions()) {
      made = assumptions_of(model, found.witness, found.values[n_bounds]);
    }
    outcomes.push_back(std::move(o));
    const auto [it, fresh] =
        index.emplace(identity(outcomes.back(), Matching::WithinProgram), outcomes.size() - 1);
    if (!fresh) outcomes.pop_back();
    add_assumptions(outcomes[it->second], std::move(made), fresh);
    merged_into.push_back(it->second);
  }
  // An outcome's sets in the order of their printed conditions, which no exploration order
  // changes (a distributed run finds the runs in another order).
  for (Outcome& o : outcomes) {
    const auto key = [&](const Assumptions& set) {
      std::vector<std::pair<std::string, bool>> k;
      for (const Assumption& a : set) k.emplace_back(values.print(a.condition), a.truth);
      std::sort(k.begin(), k.end());
      return k;
    };
    std::sort(o.assumptions.begin(), o.assumptions.end(),
              [&](const Assumptions& a, const Assumptions& b) { return key(a) < key(b); });
  }
  std::vector<std::size_t> moved_from;
  sort_outcomes(outcomes, values, &moved_from);
  if (origin) {
    std::vector<std::size_t> place(moved_from.size());
    for (std::size_t i = 0; i < moved_from.size(); ++i) place[moved_from[i]] = i;
    origin->clear();
    for (std::size_t m : merged_into) origin->push_back(m == kUnnamed ? kUnnamed : place[m]);
  }
  return outcomes;
}

namespace {

// The races of `model`'s program, marked as far as the exploration alone decides them: a
// deterministic result reaches one outcome in every order, so no race can change it.
std::vector<Race> initial_races(const sem::GraphModel& model, const CheckResult& r) {
  std::vector<Race> races = races_of(model.program(), model.concurrency());
  for (Race& race : races) {
    if (r.deterministic()) {
      race.observable = false;
    } else if (!r.exploration.complete) {
      race.unknown_reason =
          fmt::format("the exploration was stopped by --{}", r.exploration.stop_reason);
    } else {
      race.unknown_reason = "not classified";
    }
  }
  return races;
}

// The symmetry `options` ask for in `program`, whose model (or its reduction) is `explored`:
// a null symmetry for none, with which kind was used and, for Graph, the generators' counts.
struct ChosenSymmetry {
  std::unique_ptr<check::ReplicaSymmetry> symmetry;
  Symmetry kind = Symmetry::None;
  std::size_t generators = 0, ignored_generators = 0;
};

ChosenSymmetry symmetry_of(const sem::Program& program, const TransitionSystem& explored,
                           const CheckOptions& options) {
  ChosenSymmetry chosen;
  if (options.symmetry == Symmetry::None) return chosen;
  std::string why_not;
  if (options.symmetry != Symmetry::Graph) {
    chosen.symmetry = program_replicas(program, explored, why_not);
    chosen.kind = Symmetry::Replicas;
  }
  if (chosen.symmetry == nullptr && options.symmetry != Symmetry::Replicas) {
    const std::size_t bound =
        options.symmetry == Symmetry::Auto ? kMaxAutoTowerSearchVertices : kMaxTowerSearchVertices;
    // The search's memory counts against --max-memory, beside what the process holds already.
    const std::uint64_t limit = options.limits.max_memory_bytes, held = check::resident_bytes();
    const std::size_t budget = limit == 0     ? SIZE_MAX
                               : held < limit ? static_cast<std::size_t>(limit - held)
                                              : 0;
    ProgramTowers towers = program_towers(program, explored, bound, budget, why_not);
    chosen.symmetry = std::move(towers.symmetry);
    chosen.kind = Symmetry::Graph;
    chosen.generators = towers.generators;
    chosen.ignored_generators = towers.ignored_generators;
  }
  if (chosen.symmetry == nullptr && options.symmetry != Symmetry::Auto) {
    throw sem::InputError(
        fmt::format("tfmc: --symmetry {}: {} (--symmetry auto explores such a program without)\n",
                    options.symmetry == Symmetry::Replicas ? "replicas" : "graph", why_not));
  }
  if (chosen.symmetry == nullptr) chosen.kind = Symmetry::None;
  return chosen;
}

// A race that the stored states show observable shows its images under the symmetry so: the
// symmetry-reduced exploration stored one state of each orbit, in which an image of the pair
// may be the one that was tested.
void close_under_symmetry(std::vector<Race>& races, const check::ReplicaSymmetry& symmetry) {
  std::set<std::pair<TransitionId, TransitionId>> observable;
  for (const Race& race : races) {
    if (race.observable.value_or(false)) observable.emplace(race.first_node, race.second_node);
  }
  if (observable.empty()) return;
  // The images of a pair alone: every replica but those of its two nodes is alike.
  const std::vector<Slot> alike(symmetry.slot_count(), 0);
  for (Race& race : races) {
    if (race.observable.value_or(false)) continue;
    const TransitionId pair[] = {race.first_node, race.second_node};
    symmetry.for_each_image(alike.data(), pair, [&](const check::ReplicaPermutation& image) {
      const TransitionId a = symmetry.permute(race.first_node, image);
      const TransitionId b = symmetry.permute(race.second_node, image);
      if (observable.contains({a, b}) || observable.contains({b, a})) race.observable = true;
    });
  }
}

}  // namespace

CheckResult explore(const sem::Program& program, sem::ValueStore& values,
                    const CheckOptions& options, const std::string& label, bool mark_noncommuting) {
  const std::unique_ptr<eval::Evaluator> evaluator = eval::make_evaluator(options.eval);
  sem::GraphModel model(program, values, *evaluator);
  std::optional<check::ReducedModel> reduced;
  if (options.reduction != check::Reduction::None) reduced.emplace(model, options.reduction);
  TransitionSystem& explored = reduced ? static_cast<TransitionSystem&>(*reduced) : model;
  const ChosenSymmetry chosen = symmetry_of(program, explored, options);
  const std::unique_ptr<check::ReplicaSymmetry>& symmetry = chosen.symmetry;
  std::optional<check::SymmetricModel> symmetric;
  if (symmetry) symmetric.emplace(explored, *symmetry);
  TransitionSystem& searched = symmetric ? static_cast<TransitionSystem&>(*symmetric) : explored;
  const std::unique_ptr<ExplorationRun> run =
      options.engine ? options.engine(searched, program, values, options, label)
                     : local_run(searched, program, values, options, label);
  CheckResult r;
  r.program = program.file;
  r.exploration = run->run();
  // Named outcomes take far more memory than the replay's (a witness's node names), so the
  // naming keeps the replay's limits (check::stop_replay), and the processes of a run agree.
  NamingLimit naming{options.limits};
  r.outcomes = named_outcomes(program, model, explored, run->outcomes(r.exploration), values,
                              r.stuck_states, nullptr, &naming, symmetry.get());
  if (const check::StopReason why = run->agreed(naming.stop); why != check::StopReason::None) {
    check::stop_replay(r.exploration, r.exploration.unreplayed + naming.unnamed_final_states, why);
  }
  // A run cut short by a loop bound leaves the outcomes incomplete as a limit does.
  const bool bounded = std::any_of(r.outcomes.begin(), r.outcomes.end(),
                                   [](const Outcome& o) { return !o.bounds.empty(); });
  if (bounded && r.exploration.complete) {
    r.exploration.complete = false;
    r.exploration.stop_reason = check::StopReason::MaxIterations;
  }
  r.evaluations = model.applier().evaluations();
  r.values = values.size();
  r.reduction = options.reduction;
  r.eager_firings = r.exploration.extra_firings;
  if (symmetry) {
    r.symmetry = chosen.kind;
    r.replica_classes = symmetry->class_sizes();
    r.automorphism_generators = chosen.generators;
    r.ignored_generators = chosen.ignored_generators;
    r.orbit_states = run->orbit_states(*symmetry);
  }
  r.races = initial_races(model, r);
  if (mark_noncommuting) {
    mark_noncommuting_races(model, *run, r);
    if (symmetry) close_under_symmetry(r.races, *symmetry);
  }
  return r;
}

CheckResult check(const sem::Program& program, sem::ValueStore& values,
                  const CheckOptions& options) {
  CheckResult result = explore(program, values, options, "", options.classify_races);
  result.warnings = uninitialized_warnings(program, result.outcomes, values);
  if (options.classify_races) {
    // Ordering two nodes of different replicas breaks their symmetry: the ordered programs
    // are explored without.
    CheckOptions ordered_options = options;
    ordered_options.symmetry = Symmetry::None;
    classify_races(program, result, [&](const sem::Program& ordered, const std::string& label) {
      return explore(ordered, values, ordered_options, label);
    });
  }
  return result;
}

CheckResult check_text(const std::string& name, const std::string& text,
                       const std::vector<sem::Feed>& feeds, sem::ValueStore& values,
                       const CheckOptions& options) {
  const sem::Program program = sem::load_program_text(name, text, feeds, values);
  return check(program, values, options);
}

}  // namespace tfmc::api
