#include "tools/app/commands.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
#include <optional>

#include "checker/commutation.h"
#include "checker/outcomes.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/language/parser.h"
#include "semantics/model/graph_model.h"
#include "semantics/model/happens_before.h"
#include "semantics/model/relevant_slots.h"
#include "semantics/program/dot_writer.h"
#include "tools/app/check_result.h"
#include "tools/app/compare.h"
#include "tools/app/compare_report.h"
#include "tools/app/exit_codes.h"
#include "tools/app/race_report.h"
#include "tools/app/report.h"
#include "tools/app/sarif.h"

namespace tfmc::app {
namespace {

// Marks observable the races of a complete, nondeterministic result whose two accesses fail
// to commute in some stored state (checker/commutation.h): the order of that pair is visible
// in the runs through that state.
void mark_visible_races(sem::GraphModel& model, const check::Explorer& explorer, CheckResult& r) {
  if (!r.exploration.complete || r.deterministic() || r.races.empty()) return;
  std::vector<std::pair<TransitionId, TransitionId>> pairs;
  for (const PrintedRace& race : r.races) pairs.emplace_back(race.first_node, race.second_node);
  const std::vector<bool> visible = check::noncommuting(
      model, explorer, r.exploration.states, pairs, sem::outcome_relevant_slots(model.program()));
  for (std::size_t k = 0; k < r.races.size(); ++k) {
    if (visible[k]) r.races[k].observable = true;
  }
}

// Explores `program`, then classifies its races when asked, every run along the same path.
CheckResult check_and_classify(const sem::Program& program, sem::ValueStore& values,
                               const check::Limits& limits, check::Reduction reduction,
                               bool classify, std::ostream* progress) {
  CheckResult result = explore_program(program, values, limits, reduction, progress, "", classify);
  if (classify) {
    classify_races(program, result, [&](const sem::Program& ordered, const std::string& label) {
      return explore_program(ordered, values, limits, reduction, progress, label);
    });
  }
  return result;
}

}  // namespace

CheckResult explore_program(const sem::Program& program, sem::ValueStore& values,
                            const check::Limits& limits, check::Reduction reduction,
                            std::ostream* progress, const std::string& label, bool mark_visible) {
  eval::CpuEvaluator evaluator;
  sem::GraphModel model(program, values, evaluator);
  std::optional<check::ReducedModel> reduced;
  if (reduction != check::Reduction::None) reduced.emplace(model, reduction);
  TransitionSystem& explored = reduced ? static_cast<TransitionSystem&>(*reduced) : model;
  check::Explorer explorer(explored, limits);
  if (progress != nullptr) {
    const std::string prefix = label.empty() ? "tfmc: " : "tfmc: " + label + ": ";
    explorer.on_progress([progress, prefix](const check::Progress& p) {
      fmt::print(*progress, "{}{:.0f} s: {} states stored, {} transitions, {} states queued\n",
                 prefix, p.seconds, p.states, p.transitions, p.queued);
    });
  }
  const check::Exploration e = explorer.run();
  CheckResult r = make_check_result(model, explored, values, explorer, e);
  r.reduction = reduction;
  r.eager_firings = reduced ? reduced->eager_firings() : 0;
  if (mark_visible) mark_visible_races(model, explorer, r);
  return r;
}

CheckResult check_program_text(const std::string& name, const std::string& text,
                               const std::vector<std::string>& feeds, const check::Limits& limits,
                               check::Reduction reduction, bool classify) {
  sem::ValueStore values;
  const sem::Program program = sem::load_program_text(name, text, parse_feeds(feeds), values);
  return check_and_classify(program, values, limits, reduction, classify, nullptr);
}

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  try {
    program = load_session(options.session, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const CheckResult result =
      check_and_classify(program, values, options.limits, options.reduction, options.classify_races,
                         options.quiet ? nullptr : &err);
  switch (options.format) {
    case OutputFormat::Text:
      out << render_text(result);
      break;
    case OutputFormat::Json:
      out << render_json(result);
      break;
    case OutputFormat::Sarif:
      out << render_check_sarif(result, program, options.session);
      break;
  }
  if (!result.exploration.complete) {
    fmt::print(err, "tfmc: exploration stopped by --{}: the outcomes are incomplete\n",
               result.exploration.stop_reason);
  }
  return result.exit_code();
}

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  // Each side has its own values: outcomes are compared in their printed form.
  sem::ValueStore before_values, after_values;
  sem::Program before, after;
  NameMapping mapping;
  try {
    SessionOptions side = options.session;
    side.files = {options.session.files.at(0)};
    before = load_session(side, before_values);
    side.files = {options.session.files.at(1)};
    after = load_session(side, after_values);
    mapping.renames = parse_renames(options.maps);
    mapping.ignored = options.ignored;
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  std::ostream* progress = options.quiet ? nullptr : &err;
  // BEFORE first, so that its progress lines come first.
  CheckResult before_result =
      explore_program(before, before_values, options.limits, options.reduction, progress, "before");
  CheckResult after_result =
      explore_program(after, after_values, options.limits, options.reduction, progress, "after");
  CompareResult result;
  try {
    result = compare_results(std::move(before_result), std::move(after_result), mapping);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  switch (options.format) {
    case OutputFormat::Text:
      out << render_compare_text(result);
      break;
    case OutputFormat::Json:
      out << render_compare_json(result);
      break;
    case OutputFormat::Sarif:
      out << render_compare_sarif(result, after, options.session);
      break;
  }
  if (!result.complete) {
    fmt::print(err, "tfmc: a limit stopped an exploration: the verdict is unknown\n");
  }
  return result.exit_code(options.require_equivalent);
}

int run_races(const RacesOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  try {
    program = load_session(options.session, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const std::vector<PrintedRace> races = printed_races(program, sem::analyze_concurrency(program));
  switch (options.format) {
    case OutputFormat::Text:
      out << render_races_text(races);
      break;
    case OutputFormat::Json:
      out << render_races_json(program.file, races);
      break;
    case OutputFormat::Sarif:
      out << render_races_sarif(races, program, options.session);
      break;
  }
  // A race is nondeterminism the graph allows, whether or not it shows: exit 1, as check's.
  return races.empty() ? kExitOk : kExitNondeterministic;
}

int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  try {
    program = load_session(options.session, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const std::string text = sem::write_dot(program, values);
  if (options.output.empty()) {
    out << text;
    return kExitOk;
  }
  std::ofstream file(options.output, std::ios::binary);
  file << text;
  if (!file) {
    fmt::print(err, "tfmc: cannot write '{}'\n", options.output);
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace tfmc::app
