#include "tools/app/sample_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <map>

#include "tools/app/exit_codes.h"
#include "tools/app/json_stream.h"
#include "tools/app/report.h"

namespace tfmc::app {
namespace {

// `block` (an outcome_text: a blank line, its title line, its lines) with `line` put right
// under the title.
std::string with_line_under_title(const std::string& block, const std::string& line) {
  const std::size_t title_end = block.find('\n', 1) + 1;
  return block.substr(0, title_end) + line + block.substr(title_end);
}

std::string scheduler_text(const check::SamplingOptions& o) {
  if (o.scheduler == check::Scheduler::Uniform) {
    return fmt::format(
        "scheduler: uniform (each step fires one of the enabled transitions, all as likely), "
        "seed {}",
        o.seed);
  }
  return fmt::format(
      "scheduler: pct (depth {}: random priorities, {} priority change point{}), seed {}", o.depth,
      o.depth - 1, o.depth == 2 ? "" : "s", o.seed);
}

std::string schedules_text(const api::SampleResult& r) {
  const check::Sampling& s = r.sampling;
  const std::string stopped =
      s.complete ? "" : fmt::format(" (stopped by --{})", check::stop_reason_name(s.stop_reason));
  const double rate = s.seconds > 0 ? static_cast<double>(s.schedules) / s.seconds : 0;
  return fmt::format(
      "schedules: {} of {}{} in {:.3f} s on {} thread{} ({:.0f} a second), {} transitions "
      "fired\n",
      s.schedules, r.options.schedules, stopped, s.seconds, s.threads, s.threads == 1 ? "" : "s",
      rate, s.steps);
}

std::string frequency_text(std::uint64_t hits, std::uint64_t trials) {
  const auto [low, high] = wilson_interval(hits, trials, kZ95);
  return fmt::format("  schedules: {} of {} = {:.4g} (95% interval {:.4g} to {:.4g})\n", hits,
                     trials, static_cast<double>(hits) / trials, low, high);
}

std::string exhaustive_text(const SampleComparison& c) {
  const check::Exploration& e = c.exhaustive.exploration;
  const std::size_t n = c.exhaustive.outcomes.size();
  const std::string outcomes = fmt::format("{} outcome{}", n, n == 1 ? "" : "s");
  std::string out =
      e.complete ? fmt::format("exhaustive run: complete, {} in {} states\n", outcomes, e.states)
                 : fmt::format("exhaustive run: INCOMPLETE (stopped by --{}), {} in {} states\n",
                               e.stop_reason, outcomes, e.states);
  std::vector<std::size_t> numbers;
  for (std::size_t i : c.not_reached) numbers.push_back(i + 1);
  out += numbers.empty() ? "not reached by the exhaustive run: none\n"
                         : fmt::format("not reached by the exhaustive run: outcome{} {}\n",
                                       numbers.size() == 1 ? "" : "s", fmt::join(numbers, ", "));
  out += fmt::format("not found by sampling: {}\n",
                     c.not_sampled.empty()
                         ? std::string("none")
                         : fmt::format("{} outcome{} of the exhaustive run (listed last)",
                                       c.not_sampled.size(), c.not_sampled.size() == 1 ? "" : "s"));
  return out;
}

Json interval_json(std::uint64_t hits, std::uint64_t trials) {
  const auto [low, high] = wilson_interval(hits, trials, kZ95);
  return Json::object()
      .set("schedules", hits)
      .set("frequency", static_cast<double>(hits) / trials)
      .set("interval", Json::array().push(low).push(high));
}

// The member "exhaustive" of sample's JSON document: the check's figures and the two lists.
void write_exhaustive(JsonStream& doc, const SampleComparison& c, const sem::ValueStore& values,
                      api::ValueForm form) {
  const check::Exploration& e = c.exhaustive.exploration;
  doc.open_object("exhaustive");
  doc.member("complete", e.complete);
  if (!e.complete) doc.member("stop_reason", check::stop_reason_name(e.stop_reason));
  doc.member("states", static_cast<std::uint64_t>(e.states));
  doc.member("outcomes", static_cast<std::uint64_t>(c.exhaustive.outcomes.size()));
  Json not_reached = Json::array();
  for (std::size_t i : c.not_reached) not_reached.push(static_cast<std::uint64_t>(i));
  doc.member("not_reached", not_reached);
  write_outcomes_member(doc, "not_sampled", c.not_sampled, values, form);
  doc.close();
}

std::string probability_text(const check::Probability& p) {
  return fmt::format("{} = {:.6g}", p.str(), p.convert_to<double>());
}

}  // namespace

std::pair<double, double> wilson_interval(std::uint64_t hits, std::uint64_t trials, double z) {
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(hits) / n;
  const double z2 = z * z;
  const double denominator = 1 + z2 / n;
  const double center = (p + z2 / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  // At 0 and `trials` hits the bound is exactly 0 or 1, which rounding would miss.
  return {hits == 0 ? 0.0 : center - half, hits == trials ? 1.0 : center + half};
}

SampleComparison compare_with(const api::SampleResult& sampled, api::CheckResult exhaustive) {
  SampleComparison c;
  c.exhaustive = std::move(exhaustive);
  std::map<api::OutcomeKey, bool> reached;
  for (const api::Outcome& o : c.exhaustive.outcomes) {
    reached.emplace(api::identity(o, api::Matching::WithinProgram), true);
  }
  for (std::size_t i = 0; i < sampled.outcomes.size(); ++i) {
    if (!reached.count(api::identity(sampled.outcomes[i], api::Matching::WithinProgram))) {
      c.not_reached.push_back(i);
    }
  }
  c.not_sampled =
      api::difference(c.exhaustive.outcomes, sampled.outcomes, api::Matching::WithinProgram);
  return c;
}

void write_sample_text(std::ostream& out, const api::SampleResult& r,
                       const SampleComparison* comparison, const sem::ValueStore& values,
                       api::ValueForm form) {
  out << fmt::format("tfmc sample {}\n{}\n", r.program, scheduler_text(r.options));
  out << schedules_text(r);
  out << fmt::format("outcomes found: {}\n", r.outcomes.size());
  if (comparison) out << exhaustive_text(*comparison);
  api::OutcomePrinter printer(values, form);
  const std::size_t n = r.outcomes.size();
  for (std::size_t i = 0; i < n; ++i) {
    out << with_line_under_title(outcome_text(printer.outcome(r.outcomes[i], r.outcomes.front()),
                                              fmt::format("outcome {} of {}", i + 1, n)),
                                 frequency_text(r.schedules[i], r.sampling.schedules));
  }
  if (!comparison) return;
  const std::vector<api::Outcome>& missed = comparison->not_sampled;
  api::OutcomePrinter missed_printer(values, form);
  for (std::size_t i = 0; i < missed.size(); ++i) {
    out << outcome_text(
        missed_printer.outcome(missed[i], missed.front()),
        fmt::format("exhaustive outcome {} of {} not found by sampling", i + 1, missed.size()));
  }
}

void write_sample_json(std::ostream& out, const api::SampleResult& r,
                       const SampleComparison* comparison, const sem::ValueStore& values,
                       api::ValueForm form) {
  const check::Sampling& s = r.sampling;
  JsonStream doc(out);
  doc.open_object();
  doc.member("program", r.program);
  doc.member("scheduler", check::scheduler_name(r.options.scheduler));
  if (r.options.scheduler == check::Scheduler::Pct) {
    doc.member("depth", static_cast<std::uint64_t>(r.options.depth));
  }
  doc.member("seed", r.options.seed);
  doc.member("schedules", r.options.schedules);
  doc.member("complete", s.complete);
  if (!s.complete) doc.member("stop_reason", check::stop_reason_name(s.stop_reason));
  doc.member("stats", Json::object()
                          .set("schedules", s.schedules)
                          .set("steps", s.steps)
                          .set("seconds", s.seconds)
                          .set("threads", static_cast<std::uint64_t>(s.threads)));
  write_outcomes_member(doc, "outcomes", r.outcomes, values, form);
  doc.open_array("frequencies");
  for (std::uint64_t hits : r.schedules) doc.element(interval_json(hits, s.schedules));
  doc.close();
  if (comparison) write_exhaustive(doc, *comparison, values, form);
  doc.close();
  out << '\n';
}

int sample_exit_code(const api::SampleResult& r, const SampleComparison* comparison) {
  api::CheckResult as_check;
  as_check.outcomes = r.outcomes;
  if (comparison) {
    as_check.outcomes.insert(as_check.outcomes.end(), comparison->not_sampled.begin(),
                             comparison->not_sampled.end());
  }
  as_check.exploration.complete = r.sampling.complete;
  as_check.exploration.stop_reason = r.sampling.stop_reason;
  const bool bounded = std::any_of(as_check.outcomes.begin(), as_check.outcomes.end(),
                                   [](const api::Outcome& o) { return !o.bounds.empty(); });
  if (bounded && r.sampling.complete) {
    as_check.exploration.complete = false;
    as_check.exploration.stop_reason = check::StopReason::MaxIterations;
  }
  return check_exit_code(as_check);
}

void write_likelihood_text(std::ostream& out, const api::CheckResult& r,
                           const api::LikelihoodResult& l, const sem::ValueStore& values,
                           api::ValueForm form, OutcomeListing listing) {
  write_text(out, r, values, form, listing);
  const check::Likelihood& f = l.figures;
  if (!f.complete) {
    out << fmt::format(
        "\nlikelihood under the uniform scheduler: INCOMPLETE, stopped by --{} after {} states: "
        "the probabilities are unknown\n",
        f.stop_reason, f.states);
    return;
  }
  out << fmt::format(
      "\nlikelihood under the uniform scheduler (exact, over {} states of the unreduced graph "
      "in {:.3f} s):\n",
      f.states, f.seconds);
  const std::vector<check::Probability> p = api::probabilities_of(l, r.outcomes);
  for (std::size_t i = 0; i < p.size(); ++i) {
    out << fmt::format("  outcome {} of {}: {}\n", i + 1, p.size(), probability_text(p[i]));
  }
}

void write_likelihood_json(std::ostream& out, const api::CheckResult& r,
                           const api::LikelihoodResult& l, const sem::ValueStore& values,
                           api::ValueForm form) {
  JsonStream doc(out);
  doc.open_object();
  write_check_members(doc, r, values, form);
  const check::Likelihood& f = l.figures;
  Json likelihood = Json::object(Json::Layout::Lines);
  likelihood.set("complete", f.complete);
  if (!f.complete) likelihood.set("stop_reason", check::stop_reason_name(f.stop_reason));
  likelihood.set("states", f.states).set("transitions", f.transitions).set("seconds", f.seconds);
  if (f.complete) {
    Json probabilities = Json::array(Json::Layout::Lines);
    for (const check::Probability& p : api::probabilities_of(l, r.outcomes)) {
      probabilities.push(Json::object().set("exact", p.str()).set("value", p.convert_to<double>()));
    }
    likelihood.set("probabilities", std::move(probabilities));
  }
  doc.member("likelihood", likelihood);
  doc.close();
  out << '\n';
}

}  // namespace tfmc::app
