#include "tools/app/commands.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
#include <optional>

#include "checker/commutation.h"
#include "checker/outcomes.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/dot_writer.h"
#include "semantics/graph_model.h"
#include "semantics/happens_before.h"
#include "semantics/parser.h"
#include "semantics/program_builder.h"
#include "tools/app/check_result.h"
#include "tools/app/exit_codes.h"
#include "tools/app/race_report.h"
#include "tools/app/report.h"

namespace tfmc::app {
namespace {

// Parses NAME=VALUE options; throws sem::InputError on the first bad one.
std::vector<sem::Feed> parse_feeds(const std::vector<std::string>& texts) {
  std::vector<sem::Feed> feeds;
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw sem::InputError(fmt::format("tfmc: --feed '{}': expected NAME=VALUE\n", text));
    }
    std::string error;
    auto value = sem::parse_init_value(text.substr(eq + 1), error);
    if (!value) {
      throw sem::InputError(fmt::format(
          "tfmc: --feed '{}': the value is not a literal or a symbol name: {}\n", text, error));
    }
    feeds.push_back({text.substr(0, eq), std::move(*value)});
  }
  return feeds;
}

// Marks observable the races of a complete, nondeterministic result whose two accesses fail
// to commute in some stored state (checker/commutation.h): the order of that pair is visible
// in the runs through that state.
void mark_visible_races(sem::GraphModel& model, const check::Explorer& explorer, CheckResult& r) {
  if (!r.exploration.complete || r.deterministic() || r.races.empty()) return;
  std::vector<std::pair<TransitionId, TransitionId>> pairs;
  for (const PrintedRace& race : r.races) pairs.emplace_back(race.first_node, race.second_node);
  const std::vector<bool> visible =
      check::noncommuting(model, explorer, r.exploration.states, pairs);
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
  StateModel& explored = reduced ? static_cast<StateModel&>(*reduced) : model;
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
    program = sem::load_program(options.file, parse_feeds(options.feeds), values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const CheckResult result =
      check_and_classify(program, values, options.limits, options.reduction, options.classify_races,
                         options.quiet ? nullptr : &err);
  out << (options.json ? render_json(result) : render_text(result));
  if (!result.exploration.complete) {
    fmt::print(err, "tfmc: exploration stopped by --{}: the outcomes are incomplete\n",
               result.exploration.stop_reason);
  }
  return result.exit_code();
}

int run_races(const RacesOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  try {
    program = sem::load_program(options.file, parse_feeds(options.feeds), values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const std::vector<PrintedRace> races = printed_races(program, sem::analyze_concurrency(program));
  out << (options.json ? render_races_json(program.file, races)
                       : render_races_text(program.file, races));
  // A race is nondeterminism the graph allows, whether or not it shows: exit 1, as check's.
  return races.empty() ? kExitOk : kExitNondeterministic;
}

int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  try {
    program = sem::load_program(options.file, {}, values);
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
