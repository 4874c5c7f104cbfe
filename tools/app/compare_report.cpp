#include "tools/app/compare_report.h"

#include <fmt/format.h>

#include "tools/app/json.h"
#include "tools/app/report.h"

namespace tfmc::app {
namespace {

std::string optional_bool(const std::optional<bool>& b) {
  return b ? (*b ? "true" : "false") : "null";
}

// A check document without its closing brace, indented by `indent` more spaces.
std::string open_document(const CheckResult& r, const std::string& indent) {
  std::string doc = render_json(r);
  doc.erase(doc.rfind('}'));  // the closing brace and newline
  while (!doc.empty() && (doc.back() == '\n' || doc.back() == ' ')) doc.pop_back();
  std::string out;
  for (char c : doc) {
    out += c;
    if (c == '\n') out += indent;
  }
  return out;
}

std::string verdict(const CompareResult& r) {
  if (!r.complete) {
    const bool before = !r.before.exploration.complete, after = !r.after.exploration.complete;
    const char* stopped = before && after ? "BEFORE and AFTER" : before ? "BEFORE" : "AFTER";
    return fmt::format("UNKNOWN: a limit stopped the exploration of {}", stopped);
  }
  if (*r.equivalent) return "AFTER is equivalent to BEFORE: the same outcomes";
  if (*r.refines) {
    return fmt::format("AFTER refines BEFORE: no new outcome, {} outcome{} lost", r.lost.size(),
                       r.lost.size() == 1 ? "" : "s");
  }
  return fmt::format("AFTER does NOT refine BEFORE: {} outcome{} that BEFORE cannot reach",
                     r.added.size(), r.added.size() == 1 ? "" : "s");
}

}  // namespace

std::string render_compare_text(const CompareResult& r) {
  std::string out = fmt::format("tfmc compare {} {}\n", r.before.program, r.after.program);
  out += fmt::format("verdict: {}\n", verdict(r));
  for (const auto* side : {&r.before, &r.after}) {
    const check::Exploration& e = side->exploration;
    out += fmt::format("{}: {} outcome{}, {} states, {} transitions in {:.3f} s{}\n",
                       side == &r.before ? "before" : "after", side->outcomes.size(),
                       side->outcomes.size() == 1 ? "" : "s", e.states, e.transitions, e.seconds,
                       e.complete ? "" : fmt::format(" (stopped by --{})", e.stop_reason));
  }
  // An outcome one side has not reached is only a candidate while that side is incomplete.
  const char* added_how =
      r.before.exploration.complete ? "reached by AFTER only" : "not reached by BEFORE so far";
  const char* lost_how =
      r.after.exploration.complete ? "reached by BEFORE only" : "not reached by AFTER so far";
  for (std::size_t i = 0; i < r.added.size(); ++i) {
    out += outcome_text(r.added[i], fmt::format("added outcome {} of {} ({}; witness in AFTER)",
                                                i + 1, r.added.size(), added_how));
  }
  for (std::size_t i = 0; i < r.lost.size(); ++i) {
    out += outcome_text(r.lost[i], fmt::format("lost outcome {} of {} ({}; witness in BEFORE)",
                                               i + 1, r.lost.size(), lost_how));
  }
  return out;
}

std::string render_compare_json(const CompareResult& r) {
  std::string out = open_document(r.after, "");
  out += fmt::format(",\n  \"before\": {}\n  }}", open_document(r.before, "  "));
  out += fmt::format(",\n  \"refines\": {},\n  \"equivalent\": {}", optional_bool(r.refines),
                     optional_bool(r.equivalent));
  out += fmt::format(",\n  \"added\": {},\n  \"lost\": {}\n}}\n", outcomes_json(r.added),
                     outcomes_json(r.lost));
  return out;
}

}  // namespace tfmc::app
