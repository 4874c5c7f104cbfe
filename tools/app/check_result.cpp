#include "tools/app/check_result.h"

#include <fmt/format.h>

#include <algorithm>

#include "tools/app/exit_codes.h"

namespace tfmc::app {

int CheckResult::exit_code() const {
  if (!exploration.complete) return kExitIncomplete;
  return deterministic() ? kExitOk : kExitNondeterministic;
}

std::vector<PrintedRace> printed_races(const sem::Program& program,
                                       const sem::Concurrency& concurrency) {
  std::vector<PrintedRace> out;
  for (const sem::Race& race : concurrency.races) {
    const sem::Node& a = program.nodes[race.first];
    const sem::Node& b = program.nodes[race.second];
    PrintedRace r;
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

CheckResult make_check_result(const sem::GraphModel& model, const TransitionSystem& explored,
                              const sem::ValueStore& values, const check::Explorer& explorer,
                              const check::Exploration& e) {
  const sem::Program& p = model.program();
  CheckResult r;
  r.program = p.file;
  r.exploration = e;
  r.evaluations = model.applier().evaluations();
  r.values = values.size();
  const auto names = [&](const std::vector<TransitionId>& ts) {
    std::vector<std::string> out;
    for (TransitionId t : ts) out.push_back(model.transition_name(t));
    return out;
  };
  for (const check::Outcome& o : check::collect_outcomes(explored, explorer, e)) {
    PrintedOutcome po;
    const std::size_t n_outputs = p.outputs.size();
    for (std::size_t i = 0; i < o.values.size(); ++i) {
      const std::string value = values.print(o.values[i]);
      if (i < n_outputs) {
        po.outputs.emplace_back(p.outputs[i].name, value);
      } else {
        po.variables.emplace_back(p.variables[i - n_outputs].name, value);
      }
    }
    std::sort(po.outputs.begin(), po.outputs.end());
    std::sort(po.variables.begin(), po.variables.end());
    po.stuck = o.stuck;
    if (o.stuck) r.stuck_states += o.final_states;
    po.blocked = names(o.blocked);
    po.witness = names(o.witness);
    r.outcomes.push_back(std::move(po));
  }
  std::sort(r.outcomes.begin(), r.outcomes.end(),
            [](const PrintedOutcome& a, const PrintedOutcome& b) {
              return std::tie(a.outputs, a.variables, a.stuck, a.blocked) <
                     std::tie(b.outputs, b.variables, b.stuck, b.blocked);
            });
  // A deterministic result reaches one outcome in every order, so no race can change it.
  r.races = printed_races(p, model.concurrency());
  for (PrintedRace& race : r.races) {
    if (r.deterministic()) {
      race.observable = false;
    } else if (!e.complete) {
      race.unknown_reason = fmt::format("the exploration was stopped by --{}", e.stop_reason);
    } else {
      race.unknown_reason = "not classified";
    }
  }
  return r;
}

}  // namespace tfmc::app
