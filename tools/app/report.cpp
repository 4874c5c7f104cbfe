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
  if (stuck > 0) return fmt::format("{} outcomes, {} of them stuck", n, stuck);
  return fmt::format("nondeterministic: {} outcomes", n);
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
  out += "  \"outcomes\": [";
  for (std::size_t i = 0; i < r.outcomes.size(); ++i) {
    const PrintedOutcome& o = r.outcomes[i];
    out += i > 0 ? ",\n    " : "\n    ";
    out +=
        fmt::format("{{\"outputs\": {}, \"variables\": {}, \"stuck\": {}, ", json_object(o.outputs),
                    json_object(o.variables), o.stuck ? "true" : "false");
    if (o.stuck) out += fmt::format("\"blocked\": {}, ", json_list(o.blocked));
    out += fmt::format("\"witness\": {}}}", json_list(o.witness));
  }
  out += r.outcomes.empty() ? "]\n}\n" : "\n  ]\n}\n";
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
  for (std::size_t i = 0; i < r.outcomes.size(); ++i) {
    const PrintedOutcome& o = r.outcomes[i];
    out +=
        fmt::format("\noutcome {} of {}{}:\n", i + 1, r.outcomes.size(), o.stuck ? " (stuck)" : "");
    for (const auto& [name, value] : o.outputs)
      out += fmt::format("  output {} = {}\n", name, value);
    for (const auto& [name, value] : o.variables) {
      out += fmt::format("  variable {} = {}\n", name, value);
    }
    if (o.stuck) out += fmt::format("  blocked: {}\n", fmt::join(o.blocked, ", "));
    out += fmt::format("  witness: {}\n", o.witness.empty()
                                              ? "(no firing)"
                                              : fmt::format("{}", fmt::join(o.witness, " ")));
  }
  return out;
}

}  // namespace tfmc::app
