#include "checker/api/race.h"

namespace tfmc::api {

std::vector<Race> races_of(const sem::Program& program, const sem::Concurrency& concurrency) {
  std::vector<Race> out;
  for (const sem::Race& race : concurrency.races) {
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
    r.variable = program.variables[race.variable].name;
    r.kind = sem::race_kind_name(race.kind);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace tfmc::api
