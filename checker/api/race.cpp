#include "checker/api/race.h"

#include <map>
#include <tuple>

#include "checker/api/beyond_bound.h"
#include "semantics/build/loop_unrolling.h"

namespace tfmc::api {

std::vector<Race> races_of(const sem::Program& program, const sem::Concurrency& concurrency) {
  std::vector<Race> out;
  const std::vector<bool> beyond = beyond_iteration_bound(program);
  for (const sem::Race& race : concurrency.races) {
    if (beyond[race.first] || beyond[race.second]) continue;
    const sem::Node& a = program.nodes[race.first];
    const sem::Node& b = program.nodes[race.second];
    Race r;
    r.first_node = race.first;
    r.second_node = race.second;
    r.first = a.name;
    r.second = b.name;
    r.first_line = a.loc.line;
    r.second_line = b.loc.line;
    r.first_file = a.file;
    r.second_file = b.file;
    r.first_iterations = a.iterations;
    r.second_iterations = b.iterations;
    r.variable = program.variables[race.variable].name;
    r.kind = sem::race_kind_name(race.kind);
    out.push_back(std::move(r));
  }
  return out;
}

bool RaceGroup::in_loops() const {
  for (const Race& r : instances) {
    if (!r.first_iterations.empty() || !r.second_iterations.empty()) return true;
  }
  return false;
}

std::vector<RaceGroup> race_groups(const std::vector<Race>& races) {
  std::vector<RaceGroup> groups;
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::size_t> index;
  for (const Race& race : races) {
    const std::string first = sem::statement_name(race.first);
    const std::string second = sem::statement_name(race.second);
    const auto [it, added] =
        index.try_emplace({first, second, race.variable, race.kind}, groups.size());
    if (added) {
      RaceGroup g;
      g.pair = race;
      g.pair.first = first;
      g.pair.second = second;
      g.pair.first_iterations.clear();
      g.pair.second_iterations.clear();
      groups.push_back(std::move(g));
    }
    groups[it->second].instances.push_back(race);
  }
  for (RaceGroup& g : groups) {
    bool unknown = false;
    bool observable = false;
    std::string reason;
    for (const Race& r : g.instances) {
      observable = observable || r.observable.value_or(false);
      if (!r.observable && !unknown) {
        unknown = true;
        reason = r.unknown_reason;
      }
    }
    g.pair.observable.reset();
    g.pair.unknown_reason.clear();
    if (observable) {
      g.pair.observable = true;
    } else if (unknown) {
      g.pair.unknown_reason = reason;
    } else {
      g.pair.observable = false;
    }
  }
  return groups;
}

}  // namespace tfmc::api
