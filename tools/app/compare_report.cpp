// The renderings of `tfmc compare` that tools/app/report.h declares.
#include <fmt/format.h>

#include "tools/app/report.h"

namespace tfmc::app {
namespace {

Json optional_bool(const std::optional<bool>& b) { return b ? Json(*b) : Json(); }

// How the other side reaches (or not) outcome i of a list: `how` for one it never reaches.
std::string reached(const char* how, const std::vector<api::Shortfall>& why, std::size_t i,
                    const char* other) {
  switch (why[i]) {
    case api::Shortfall::Contradicted:
      return fmt::format("reached by {} only under contradicting assumptions", other);
    case api::Shortfall::Uncovered:
      return fmt::format("reached by {} under assumptions that may not cover these", other);
    case api::Shortfall::Absent:
      break;
  }
  return how;
}

// "absent", "contradicted" or "uncovered" per outcome (FORMAT.md, "The report").
Json shortfalls_json(const std::vector<api::Shortfall>& why) {
  Json out = Json::array();
  for (api::Shortfall s : why) {
    out.push(s == api::Shortfall::Absent         ? "absent"
             : s == api::Shortfall::Contradicted ? "contradicted"
                                                 : "uncovered");
  }
  return out;
}

}  // namespace

std::string compare_verdict(const api::CompareResult& r) {
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
  if (r.inconclusive(false)) {
    return fmt::format(
        "inconclusive: {} outcome{} of AFTER that BEFORE reaches under assumptions about "
        "uninterpreted values that may not cover AFTER's",
        r.added.size(), r.added.size() == 1 ? "" : "s");
  }
  return fmt::format("AFTER does NOT refine BEFORE: {} outcome{} that BEFORE cannot reach",
                     r.added.size(), r.added.size() == 1 ? "" : "s");
}

// An outcome one side has not reached is only a candidate while that side is incomplete.
OutcomeList added_list(const api::CompareResult& r) {
  const char* how =
      r.before.exploration.complete ? "reached by AFTER only" : "not reached by BEFORE so far";
  return {r.added, "added outcome", [&r, how](std::size_t i) {
            return fmt::format("added outcome {} of {} ({}; witness in AFTER)", i + 1,
                               r.added.size(), reached(how, r.added_why, i, "BEFORE"));
          }};
}

OutcomeList lost_list(const api::CompareResult& r) {
  const char* how =
      r.after.exploration.complete ? "reached by BEFORE only" : "not reached by AFTER so far";
  return {r.lost, "lost outcome", [&r, how](std::size_t i) {
            return fmt::format("lost outcome {} of {} ({}; witness in BEFORE)", i + 1,
                               r.lost.size(), reached(how, r.lost_why, i, "AFTER"));
          }};
}

void write_compare_text(std::ostream& stream, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form,
                        OutcomeListing listing) {
  std::string out = fmt::format("tfmc compare {} {}\n", r.before.program, r.after.program);
  out += fmt::format("verdict: {}\n", compare_verdict(r));
  for (const auto* side : {&r.before, &r.after}) {
    const check::Exploration& e = side->exploration;
    out += fmt::format("{}: {} outcome{}, {} states, {} transitions in {:.3f} s{}\n",
                       side == &r.before ? "before" : "after", side->outcomes.size(),
                       side->outcomes.size() == 1 ? "" : "s", e.states, e.transitions, e.seconds,
                       e.complete ? "" : fmt::format(" (stopped by --{})", e.stop_reason));
    out += store_text(e);
    out += ranks_text(e);
  }
  stream << out;
  write_outcome_list(stream, added_list(r), values, form, listing);
  write_outcome_list(stream, lost_list(r), values, form, listing);
}

void write_compare_json(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form) {
  JsonStream doc(out);
  doc.open_object();
  write_check_members(doc, r.after, values, form);
  doc.open_object("before");
  write_check_members(doc, r.before, values, form);
  doc.close();
  doc.member("refines", optional_bool(r.refines));
  doc.member("equivalent", optional_bool(r.equivalent));
  write_outcomes_member(doc, "added", r.added, values, form);
  write_outcomes_member(doc, "lost", r.lost, values, form);
  doc.member("added_why", shortfalls_json(r.added_why));
  doc.member("lost_why", shortfalls_json(r.lost_why));
  doc.close();
  out << '\n';
}

}  // namespace tfmc::app
