#include "tools/app/report.h"

#include <fmt/format.h>

#include "tools/app/json.h"

namespace tfmc::app {
namespace {

std::string json_object(const NamedValues& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ", ";
    out += json_string(values[i].first) + ": " + json_string(values[i].second);
  }
  return out + "}";
}

std::string json_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += json_string(items[i]);
  }
  return out + "]";
}

std::string verdict(const CheckResult& r) {
  const std::size_t n = r.outcomes.size();
  std::size_t stuck = 0;
  for (const auto& o : r.outcomes) stuck += o.stuck ? 1 : 0;
  if (!r.exploration.complete) {
    return fmt::format("INCOMPLETE: stopped by --{} after {} outcome{} found",
                       r.exploration.stop_reason, n, n == 1 ? "" : "s");
  }
  if (r.deterministic()) return "deterministic: exactly one outcome";
  if (n == 1) return "one outcome, stuck";
  if (stuck > 0) return fmt::format("{} outcomes, {} of them stuck", n, stuck);
  return fmt::format("nondeterministic: {} outcomes", n);
}

// {"first": {...}, "second": {...}, "variable": ..., "kind": ...} and, for check, the
// classification: "observable" (true, false or null) and, when null, "unknown_reason".
std::string race_json(const PrintedRace& race, bool classified) {
  std::string out = fmt::format(
      "{{\"first\": {{\"node\": {}, \"line\": {}}}, \"second\": {{\"node\": {}, \"line\": {}}}, "
      "\"variable\": {}, \"kind\": {}",
      json_string(race.first), race.first_line, json_string(race.second), race.second_line,
      json_string(race.variable), json_string(race.kind));
  if (classified) {
    if (race.observable) {
      out += fmt::format(", \"observable\": {}", *race.observable ? "true" : "false");
    } else {
      out += fmt::format(", \"observable\": null, \"unknown_reason\": {}",
                         json_string(race.unknown_reason));
    }
  }
  return out + "}";
}

std::string races_json(const std::vector<PrintedRace>& races, bool classified) {
  std::string out = "[";
  for (std::size_t i = 0; i < races.size(); ++i) {
    out += i > 0 ? ",\n    " : "\n    ";
    out += race_json(races[i], classified);
  }
  return out + (races.empty() ? "]" : "\n  ]");
}

std::string race_line(const PrintedRace& race) {
  return fmt::format("{} ({}:{}) and {} ({}:{}) on {}: {}", race.first, race.first_file,
                     race.first_line, race.second, race.second_file, race.second_line,
                     race.variable, race.kind);
}

// The races section of the text report: the observable races first, then the benign ones,
// then those left unknown with the reason; each group in the order of the analysis.
std::string races_text(const CheckResult& r) {
  if (r.races.empty()) return "races: none\n";
  std::vector<const PrintedRace*> observable, benign, unknown;
  for (const PrintedRace& race : r.races) {
    if (!race.observable) {
      unknown.push_back(&race);
    } else {
      (*race.observable ? observable : benign).push_back(&race);
    }
  }
  std::vector<std::string> counts;
  if (!observable.empty()) counts.push_back(fmt::format("{} observable", observable.size()));
  if (!benign.empty()) counts.push_back(fmt::format("{} benign", benign.size()));
  if (!unknown.empty()) counts.push_back(fmt::format("{} unknown", unknown.size()));
  std::string out = fmt::format("races: {} ({})\n", r.races.size(), fmt::join(counts, ", "));
  for (const PrintedRace* race : observable) {
    out += fmt::format("  observable: {}\n", race_line(*race));
  }
  for (const PrintedRace* race : benign) {
    out += fmt::format("  benign: {}\n", race_line(*race));
  }
  for (const PrintedRace* race : unknown) {
    out += fmt::format("  unknown: {} ({})\n", race_line(*race), race->unknown_reason);
  }
  return out;
}

}  // namespace

std::string render_json(const CheckResult& r) {
  const check::Exploration& e = r.exploration;
  std::string out = "{\n";
  out += fmt::format("  \"program\": {},\n", json_string(r.program));
  out += fmt::format("  \"complete\": {},\n", e.complete ? "true" : "false");
  if (!e.complete) out += fmt::format("  \"stop_reason\": {},\n", json_string(e.stop_reason));
  out += fmt::format("  \"deterministic\": {},\n", r.deterministic() ? "true" : "false");
  out += fmt::format("  \"reduction\": {},\n", json_string(check::reduction_name(r.reduction)));
  out += fmt::format(
      "  \"stats\": {{\"states\": {}, \"transitions\": {}, \"final_states\": {}, \"stuck_states\": "
      "{}, \"seconds\": {}, \"state_slots\": {}, \"store_bytes\": {}, \"values\": {}, "
      "\"evaluations\": {}, \"eager_firings\": {}}},\n",
      e.states, e.transitions, e.finals.size(), r.stuck_states, json_number(e.seconds), e.slots,
      e.store_bytes, r.values, r.evaluations, r.eager_firings);
  out += fmt::format("  \"outcomes\": {},\n", outcomes_json(r.outcomes));
  out += fmt::format("  \"races\": {}\n}}\n", races_json(r.races, true));
  return out;
}

std::string outcomes_json(const std::vector<PrintedOutcome>& outcomes) {
  std::string out = "[";
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const PrintedOutcome& o = outcomes[i];
    out += i > 0 ? ",\n    " : "\n    ";
    out +=
        fmt::format("{{\"outputs\": {}, \"variables\": {}, \"stuck\": {}, ", json_object(o.outputs),
                    json_object(o.variables), o.stuck ? "true" : "false");
    if (o.stuck) out += fmt::format("\"blocked\": {}, ", json_list(o.blocked));
    out += fmt::format("\"witness\": {}}}", json_list(o.witness));
  }
  return out + (outcomes.empty() ? "]" : "\n  ]");
}

std::string outcome_text(const PrintedOutcome& o, const std::string& title) {
  std::string out = fmt::format("\n{}{}:\n", title, o.stuck ? " (stuck)" : "");
  for (const auto& [name, value] : o.outputs) out += fmt::format("  output {} = {}\n", name, value);
  for (const auto& [name, value] : o.variables) {
    out += fmt::format("  variable {} = {}\n", name, value);
  }
  if (o.stuck) out += fmt::format("  blocked: {}\n", fmt::join(o.blocked, ", "));
  out +=
      fmt::format("  witness: {}\n",
                  o.witness.empty() ? "(no firing)" : fmt::format("{}", fmt::join(o.witness, " ")));
  return out;
}

std::string render_text(const CheckResult& r) {
  const check::Exploration& e = r.exploration;
  std::string out = fmt::format("tfmc check {}\n", r.program);
  out += fmt::format("verdict: {}\n", verdict(r));
  out +=
      fmt::format("explored: {} states, {} transitions, {} final states ({} stuck) in {:.3f} s{}\n",
                  e.states, e.transitions, e.finals.size(), r.stuck_states, e.seconds,
                  e.complete ? "" : " (incomplete: more states remain)");
  out += fmt::format("reduction: {}", check::reduction_name(r.reduction));
  out +=
      r.reduction == check::Reduction::None
          ? "\n"
          : fmt::format(" ({} transitions fired eagerly between stored states)\n", r.eager_firings);
  out += '\n';
  out += races_text(r);
  for (std::size_t i = 0; i < r.outcomes.size(); ++i) {
    out += outcome_text(r.outcomes[i], fmt::format("outcome {} of {}", i + 1, r.outcomes.size()));
  }
  return out;
}

std::string render_races_text(const std::vector<PrintedRace>& races) {
  std::string out;
  for (const PrintedRace& race : races) out += race_line(race) + "\n";
  if (races.empty()) return "no races\n";
  return out + fmt::format("{} race{}\n", races.size(), races.size() == 1 ? "" : "s");
}

std::string render_races_json(const std::string& program, const std::vector<PrintedRace>& races) {
  return fmt::format("{{\n  \"program\": {},\n  \"races\": {}\n}}\n", json_string(program),
                     races_json(races, false));
}

}  // namespace tfmc::app
