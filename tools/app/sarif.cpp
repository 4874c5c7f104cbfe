#include "tools/app/sarif.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "checker/api/printed_outcome.h"
#include "tools/app/race_iterations.h"
#include "tools/app/sarif_log.h"

namespace tfmc::app {
namespace {

using namespace sarif;  // the log's parts and its rules

// "output r = A, variable x = B"; with `mark_stuck`, ", stuck" added for a stuck outcome; then
// its assumptions and the definitions of the names it uses first (", where %1 = ...; %2 = ...").
std::string summary(const api::PrintedOutcome& o, bool mark_stuck = true) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : o.outputs) {
    parts.push_back(fmt::format("output {} = {}", name, value));
  }
  for (const auto& [name, value] : o.variables) {
    parts.push_back(fmt::format("variable {} = {}", name, value));
  }
  if (o.stuck && mark_stuck) parts.push_back("stuck");
  std::string out =
      parts.empty() ? "no outputs or variables" : fmt::format("{}", fmt::join(parts, ", "));
  for (std::size_t i = 0; i < o.assumptions.size(); ++i) {
    std::vector<std::string> conditions;
    for (const api::PrintedAssumption& a : o.assumptions[i]) {
      conditions.push_back(api::assumption_text(a));
    }
    out += fmt::format("{} {}", i == 0 ? ", assuming" : ", or", fmt::join(conditions, " and "));
  }
  std::vector<std::string> definitions;
  for (const auto& [name, text] : o.terms) definitions.push_back(name + " = " + text);
  if (!definitions.empty()) out += fmt::format(", where {}", fmt::join(definitions, "; "));
  return out;
}

std::string plural(std::size_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// The names a result mentions: the first one with a statement becomes the result's location,
// each later one with a statement a related location that the message links to.
class Mentions {
 public:
  explicit Mentions(Result& result) : result_(result) {}

  // `about` is the related location's message.
  void add(const std::string& name, const std::optional<Place>& place, const std::string& about) {
    if (!place || !first_) {
      if (place) first_ = place;
      names_.push_back(text(name));
      return;
    }
    result_.related.push_back({*place, text(about)});
    names_.push_back(link(name, static_cast<int>(result_.related.size())));
  }
  bool empty() const { return names_.empty(); }
  // The names for the message, joined by ", "; also sets the result's location, `fallback`
  // when no name has a statement.
  std::string finish(const Place& fallback) {
    result_.place = first_.value_or(fallback);
    return fmt::format("{}", fmt::join(names_, ", "));
  }

 private:
  Result& result_;
  std::optional<Place> first_;
  std::vector<std::string> names_;
};

// One node pair's races: the first node is the result's location, the second its
// relatedLocation 1; in loops the message lists the iterations that race.
Result race_result(const Rule& rule, const api::RaceGroup& group, bool classified,
                   const std::string& why, const sem::Program& program, const Sources& sources) {
  const api::Race& race = group.pair;
  Result r;
  r.rule = &rule;
  const std::vector<std::string> iterations = race_iteration_lines(group, classified);
  const std::string where =
      iterations.empty() ? "" : text(fmt::format(" in iterations {}", fmt::join(iterations, "; ")));
  r.message = fmt::format("{} and {} race on {} ({}){}: {}.", text(race.first),
                          link(race.second, 1), text(race.variable), race.kind, where, text(why));
  r.place = sources.node(program, race.first_node).value_or(sources.whole());
  r.related.push_back(
      {sources.node(program, race.second_node).value_or(sources.whole()),
       text(fmt::format("{}, the other access to {}", race.second, race.variable))});
  r.key = fmt::format("{}\n{}\n{}\n{}", race.variable, race.first, race.second, race.kind);
  return r;
}

Result check_race_result(const api::RaceGroup& group, const sem::Program& program,
                         const Sources& sources) {
  const api::Race& race = group.pair;
  if (!race.observable) {
    return race_result(
        kRaceUnknown, group, true,
        "whether their order changes the outcomes is unknown: " + race.unknown_reason, program,
        sources);
  }
  if (*race.observable) {
    return race_result(kRaceObservable, group, true, "their order changes the outcomes", program,
                       sources);
  }
  return race_result(kRaceBenign, group, true, "their order does not change the outcomes", program,
                     sources);
}

using NodeIndex = std::unordered_map<std::string_view, std::size_t>;  // node name -> index

// A stuck outcome at its blocked nodes: the first one with a statement is the location, the
// others with one are related locations, linked from the message.
Result stuck_result(const api::PrintedOutcome& o, std::size_t number, std::size_t count,
                    const sem::Program& program, const NodeIndex& index, const Sources& sources) {
  Result r;
  r.rule = &kStuck;
  Mentions blocked(r);
  for (const std::string& name : o.blocked) {
    const auto it = index.find(name);
    blocked.add(name, it == index.end() ? std::nullopt : sources.node(program, it->second),
                name + " is blocked forever");
  }
  const std::string names = blocked.finish(sources.whole());
  r.message =
      fmt::format("Outcome {} of {} is stuck, blocked forever: {}. Values: {}. Witness: {}.",
                  number, count, names, text(summary(o, false)), text(api::witness_text(o)));
  r.key = fmt::format("{}", fmt::join(o.blocked, "\n"));
  return r;
}

// How one outcome differs from the nearest outcome of the other side of a comparison.
struct Difference {
  const api::PrintedOutcome* nearest = nullptr;  // null when the other side has no outcome
  std::vector<std::string> outputs;              // names whose values differ, in name order
  std::vector<std::string> variables;
};

std::vector<std::string> differing(const api::NamedValues& mine, const api::NamedValues& theirs) {
  std::vector<std::string> out;
  for (const auto& [name, value] : mine) {
    const auto it = std::find_if(theirs.begin(), theirs.end(),
                                 [&](const auto& nv) { return nv.first == name; });
    if (it == theirs.end() || it->second != value) out.push_back(name);
  }
  return out;
}

// The outcome of `others` that differs from `o` in the fewest names (the first such one).
Difference nearest(const api::PrintedOutcome& o, const std::vector<api::PrintedOutcome>& others) {
  Difference best;
  for (const api::PrintedOutcome& other : others) {
    Difference d{&other, differing(o.outputs, other.outputs),
                 differing(o.variables, other.variables)};
    if (best.nearest == nullptr ||
        d.outputs.size() + d.variables.size() < best.outputs.size() + best.variables.size()) {
      best = std::move(d);
    }
  }
  return best;
}

// The statement that gives output `name` its value in `program`: the node that produces it.
std::optional<Place> output_place(const sem::Program& program, const Sources& sources,
                                  const std::string& name) {
  for (const sem::NamedOutput& output : program.outputs) {
    if (output.name != name) continue;
    const std::int32_t src = program.edges.at(output.edge).src;
    if (src == sem::kNone) return std::nullopt;  // an input, output as it is
    return sources.node(program, static_cast<std::size_t>(src));
  }
  return std::nullopt;
}

// The declaration of variable `name` (compare's sides are one FILE each).
std::optional<Place> variable_place(const sem::Program& program, const std::string& name) {
  for (const sem::Variable& v : program.variables) {
    if (v.name == name && v.loc.line >= 1) return Place{v.file, v.loc.line};
  }
  return std::nullopt;
}

// An added or lost outcome of a comparison, at AFTER's statements of the outputs and
// variables whose values differ from the nearest outcome of the other side.
Result compare_result(const Rule& rule, const api::PrintedOutcome& o,
                      const std::vector<api::PrintedOutcome>& others, const std::string& lead,
                      const std::string& other_side, const std::string& witness_side,
                      const sem::Program& after, const Sources& sources) {
  Result r;
  r.rule = &rule;
  const Difference d = nearest(o, others);
  Mentions differing_names(r);
  for (const std::string& name : d.outputs) {
    differing_names.add(name, output_place(after, sources, name), "output " + name);
  }
  for (const std::string& name : d.variables) {
    differing_names.add(name, variable_place(after, name), "variable " + name);
  }
  const bool none_differ = differing_names.empty();
  const std::string names = differing_names.finish(sources.whole());
  std::string nearest_text;
  if (d.nearest != nullptr) {
    nearest_text =
        none_differ ? fmt::format(" The nearest outcome of {} has the same values but is {}stuck.",
                                  other_side, d.nearest->stuck ? "" : "not ")
                    : fmt::format(" The nearest outcome of {} differs in {}: {}.", other_side,
                                  names, text(summary(*d.nearest)));
  }
  r.message = fmt::format("{}: {}.{} Witness in {}: {}.", text(lead), text(summary(o)),
                          nearest_text, witness_side, text(api::witness_text(o)));
  r.key = summary(o);
  return r;
}

}  // namespace

std::string render_check_sarif(const api::CheckResult& r, const sem::ValueStore& values,
                               const sem::Program& program, const api::SessionOptions& session,
                               api::ValueForm form) {
  const std::vector<api::PrintedOutcome> outcomes = api::printed(r.outcomes, values, form);
  const Sources sources = sources_of(session);
  const check::Exploration& e = r.exploration;
  const std::size_t n = r.outcomes.size();
  std::vector<Result> results;
  if (!e.complete) {
    results.push_back(
        {&kIncomplete,
         text(fmt::format("The exploration of {} was stopped by --{} after {} stored: the {} "
                          "found may not be all, and the verdict is unknown.",
                          r.program, e.stop_reason, plural(e.states, "state"),
                          plural(n, "outcome"))),
         sources.whole(),
         {},
         r.program});
  }
  if (n >= 2) {
    std::string listed;
    for (std::size_t i = 0; i < 2; ++i) {
      listed += fmt::format(" Outcome {}: {}.", i + 1, summary(outcomes[i]));
    }
    if (n > 2) listed += fmt::format(" And {} more {}.", n - 2, n == 3 ? "outcome" : "outcomes");
    if (r.inconclusive()) {
      // At the Switch of outcome 1's first assumption.
      const std::string& node = outcomes[0].assumptions.at(0).at(0).node;
      std::optional<Place> place;
      for (std::size_t k = 0; k < program.nodes.size() && !place; ++k) {
        if (program.nodes[k].name == node) place = sources.node(program, k);
      }
      results.push_back(
          {&kInconclusive,
           text(fmt::format("{} is inconclusive: {} depend on uninterpreted values.{}", r.program,
                            plural(n, "outcome"), listed)),
           place.value_or(sources.whole()),
           {},
           r.program});
    } else {
      results.push_back(
          {&kNondeterministic,
           text(fmt::format("{} is nondeterministic: {}{}.{}", r.program,
                            e.complete ? "" : "at least ", plural(n, "outcome"), listed)),
           sources.whole(),
           {},
           r.program});
    }
  }
  NodeIndex index;
  for (std::size_t i = 0; i < n; ++i) {
    if (!outcomes[i].stuck) continue;
    if (index.empty()) {
      for (std::size_t k = 0; k < program.nodes.size(); ++k)
        index.emplace(program.nodes[k].name, k);
    }
    results.push_back(stuck_result(outcomes[i], i + 1, n, program, index, sources));
  }
  for (const api::RaceGroup& group : api::race_groups(r.races)) {
    results.push_back(check_race_result(group, program, sources));
  }
  return render_log(kCheckRules, results);
}

std::string render_races_sarif(const std::vector<api::Race>& races, const sem::Program& program,
                               const api::SessionOptions& session) {
  const Sources sources = sources_of(session);
  std::vector<Result> results;
  for (const api::RaceGroup& group : api::race_groups(races)) {
    results.push_back(
        race_result(kRace, group, false, "no path of edges orders them", program, sources));
  }
  return render_log(kRacesRules, results);
}

std::string render_compare_sarif(const api::CompareResult& r, const sem::ValueStore& values,
                                 const sem::Program& after, const api::SessionOptions& session,
                                 api::ValueForm form) {
  const Sources before_sources{{session.files.at(0)}, session.concurrent};
  const Sources after_sources{{session.files.at(1)}, session.concurrent};
  std::vector<Result> results;
  if (!r.complete) {
    for (const api::CheckResult* side : {&r.before, &r.after}) {
      if (side->exploration.complete) continue;
      const bool before = side == &r.before;
      results.push_back(
          {&kIncomplete,
           text(fmt::format("The exploration of {} ({}) was stopped by --{}: whether AFTER "
                            "refines BEFORE is unknown ({} of AFTER not reached by BEFORE and "
                            "{} of BEFORE not reached by AFTER so far).",
                            before ? "BEFORE" : "AFTER", side->program,
                            side->exploration.stop_reason, plural(r.added.size(), "outcome"),
                            plural(r.lost.size(), "outcome"))),
           (before ? before_sources : after_sources).whole(),
           {},
           fmt::format("{}\n{}", before ? "before" : "after", side->program)});
    }
    return render_log(kCompareRules, results);
  }
  const std::vector<api::PrintedOutcome> before = api::printed(r.before.outcomes, values, form);
  const std::vector<api::PrintedOutcome> after_outcomes =
      api::printed(r.after.outcomes, values, form);
  for (const api::PrintedOutcome& o : api::printed(r.added, values, form)) {
    results.push_back(compare_result(kRefinementFailure, o, before,
                                     "AFTER reaches an outcome that BEFORE cannot", "BEFORE",
                                     "AFTER", after, after_sources));
  }
  for (const api::PrintedOutcome& o : api::printed(r.lost, values, form)) {
    results.push_back(compare_result(kLostOutcome, o, after_outcomes,
                                     "AFTER no longer reaches an outcome of BEFORE", "AFTER",
                                     "BEFORE", after, after_sources));
  }
  return render_log(kCompareRules, results);
}

}  // namespace tfmc::app
