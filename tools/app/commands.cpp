#include "tools/app/commands.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
#include <functional>
#include <optional>

#include "checker/api/compare.h"
#include "checker/limit_watch.h"
#include "semantics/loading/graph_description.h"
#include "semantics/model/happens_before.h"
#include "semantics/program/dot_writer.h"
#include "tools/app/describe_report.h"
#include "tools/app/exit_codes.h"
#include "tools/app/html_report.h"
#include "tools/app/report.h"
#include "tools/app/sample_report.h"
#include "tools/app/sarif.h"

namespace tfmc::app {
namespace {

// Progress lines on `err` ("tfmc: 3 s: ...", "tfmc: before: 3 s: ..."), none when quiet.
api::ProgressSink progress_lines(bool quiet, std::ostream& err) {
  if (quiet) return {};
  return [&err](const check::Progress& p, const std::string& label) {
    const std::string prefix = label.empty() ? "tfmc: " : "tfmc: " + label + ": ";
    fmt::print(err, "{}{:.0f} s: {} states stored, {} transitions, {} states queued\n", prefix,
               p.seconds, p.states, p.transitions, p.queued);
  };
}

// Parses `--map OLD=NEW` texts; throws sem::InputError on a malformed one.
std::vector<std::pair<std::string, std::string>> parse_renames(
    const std::vector<std::string>& texts) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
      throw sem::InputError(fmt::format("tfmc: --map '{}': expected OLD=NEW\n", text));
    }
    out.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  return out;
}

// The session's program; its notes (graph files' warnings and notes) go to `err`, and what the
// report states to `facts` when given.
sem::Program load(const api::SessionOptions& options, sem::ValueStore& values, std::ostream& err,
                  api::SessionFacts* facts = nullptr) {
  std::vector<std::string> notes;
  sem::Program program = api::load_session(options, values, &notes, facts);
  for (const std::string& n : notes) err << n << '\n';
  return program;
}

// The session's program into `program`; false, with the input error on `err`, when the files
// do not make one.
bool load_or_report(const api::SessionOptions& options, sem::ValueStore& values,
                    sem::Program& program, std::ostream& err, api::SessionFacts* facts = nullptr) {
  try {
    program = load(options, values, err, facts);
  } catch (const sem::InputError& e) {
    err << e.what();
    return false;
  }
  return true;
}

// Writes the report of a command to `out` in the format asked for, of the three renderings it
// has; only that one is made.
void report(OutputFormat format, std::ostream& out, const std::function<void(std::ostream&)>& text,
            const std::function<void(std::ostream&)>& json,
            const std::function<std::string()>& sarif,
            const std::function<void(std::ostream&)>& html) {
  switch (format) {
    case OutputFormat::Html:
      return html(out);
    case OutputFormat::Json:
      return json(out);
    case OutputFormat::Sarif:
      out << sarif();
      return;
    case OutputFormat::Text:
      break;
  }
  text(out);
}

// The checking API's options for the explorations of check and compare, on `engine`.
api::CheckOptions exploration(const ExplorationOptions& options, const api::Engine& engine,
                              std::ostream& err) {
  api::CheckOptions check;
  check.limits = options.limits;
  check.parallel = options.parallel;
  check.store = options.store;
  check.reduction = options.reduction;
  check.symmetry = options.symmetry;
  check.eval = options.eval;
  check.progress = progress_lines(options.quiet, err);
  check.engine = engine;
  return check;
}

// Writes `text` to the file `output`, or to `out` when it is empty.
int write_output(const std::string& text, const std::string& output, std::ostream& out,
                 std::ostream& err) {
  if (output.empty()) {
    out << text;
    return kExitOk;
  }
  std::ofstream file(output, std::ios::binary);
  file << text;
  if (!file) {
    fmt::print(err, "tfmc: cannot write '{}'\n", output);
    return kExitBadInput;
  }
  return kExitOk;
}

// run_check with the explorations on `engine`.
int check_on(const CheckOptions& options, const api::Engine& engine, std::ostream& out,
             std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  api::SessionFacts facts;
  if (!load_or_report(options.session, values, program, err, &facts)) return kExitBadInput;
  api::CheckOptions check = exploration(options, engine, err);
  check.classify_races = options.classify_races;
  api::CheckResult result;
  try {
    result = api::check(program, values, check);  // --symmetry replicas may reject the program
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  result.refs = facts.refs;
  // --likelihood: the probabilities over the unreduced graph, with the same limits, in the
  // text or JSON report (finish_likelihood refuses SARIF).
  std::optional<api::LikelihoodResult> likelihood;
  if (options.likelihood) {
    likelihood = api::outcome_likelihood(program, values, options.limits, options.eval);
  }
  report(
      options.format, out,
      [&](std::ostream& o) {
        if (likelihood) {
          write_likelihood_text(o, result, *likelihood, values, options.values, options.outcomes);
        } else {
          write_text(o, result, values, options.values, options.outcomes);
        }
      },
      [&](std::ostream& o) {
        if (likelihood) {
          write_likelihood_json(o, result, *likelihood, values, options.values);
        } else {
          write_json(o, result, values, options.values);
        }
      },
      [&] { return render_check_sarif(result, values, program, options.session, options.values); },
      [&](std::ostream& o) {
        write_check_html(o, result, program, values, options.values, options.outcomes);
      });
  for (const std::string& w : result.warnings) fmt::print(err, "tfmc: warning: {}\n", w);
  if (result.exploration.stop_reason == check::StopReason::MaxIterations) {
    fmt::print(err,
               "tfmc: a loop reached the iteration bound (--max-iterations {}): the outcomes of "
               "longer runs are missing\n",
               options.session.max_iterations);
  } else if (!result.exploration.complete) {
    fmt::print(err, "tfmc: exploration stopped by --{}: the outcomes are incomplete\n",
               result.exploration.stop_reason);
  }
  if (likelihood && !likelihood->figures.complete) {
    fmt::print(err, "tfmc: the likelihood was stopped by --{}: the probabilities are unknown\n",
               likelihood->figures.stop_reason);
    return kExitIncomplete;
  }
  return check_exit_code(result);
}

// run_compare with the explorations on `engine`.
int compare_on(const CompareOptions& options, const api::Engine& engine, std::ostream& out,
               std::ostream& err) {
  // One value store for both sides, so that equal values have equal ids.
  sem::ValueStore values;
  sem::Program before, after;
  api::NameMapping mapping;
  try {
    api::SessionOptions side = options.session;
    side.files = {options.session.files.at(0)};
    before = load(side, values, err);
    side.files = {options.session.files.at(1)};
    after = load(side, values, err);
    mapping.renames = parse_renames(options.maps);
    mapping.ignored = options.ignored;
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  const api::CheckOptions check = exploration(options, engine, err);
  api::CompareResult result;
  try {
    // BEFORE first, so that its progress lines come first; --symmetry replicas may reject
    // either side.
    api::CheckResult before_result = api::explore(before, values, check, "before");
    api::CheckResult after_result = api::explore(after, values, check, "after");
    result = api::compare(std::move(before_result), std::move(after_result), mapping, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  report(
      options.format, out,
      [&](std::ostream& o) {
        write_compare_text(o, result, values, options.values, options.outcomes);
      },
      [&](std::ostream& o) { write_compare_json(o, result, values, options.values); },
      [&] { return render_compare_sarif(result, values, after, options.session, options.values); },
      [&](std::ostream& o) {
        write_compare_html(o, result, values, options.values, options.outcomes);
      });
  if (!result.complete) {
    fmt::print(err, "tfmc: a limit stopped an exploration: the verdict is unknown\n");
  }
  return compare_exit_code(result, options.require_equivalent);
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  return run_distributed(options.distribution, out, err,
                         [&](const api::Engine& engine, std::ostream& o, std::ostream& e) {
                           return check_on(options, engine, o, e);
                         });
}

int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  return run_distributed(options.distribution, out, err,
                         [&](const api::Engine& engine, std::ostream& o, std::ostream& e) {
                           return compare_on(options, engine, o, e);
                         });
}

int run_races(const RacesOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  if (!load_or_report(options.session, values, program, err)) return kExitBadInput;
  check::LimitWatch watch(options.limits);
  const sem::Concurrency concurrency = sem::analyze_concurrency(
      program, [&watch] { return watch.reached() != check::StopReason::None; });
  const std::vector<api::Race> races = api::races_of(program, concurrency);
  report(
      options.format, out, [&](std::ostream& o) { o << render_races_text(races); },
      [&](std::ostream& o) { o << render_races_json(program.file, races); },
      [&] { return render_races_sarif(races, program, options.session); },
      [&](std::ostream& o) { write_races_html(o, program, races); });
  if (concurrency.stopped) {
    fmt::print(err,
               "tfmc: the race analysis was stopped by --{}: the races listed may not be all\n",
               check::stop_reason_name(watch.reached()));
    return kExitIncomplete;
  }
  // A race is nondeterminism the graph allows, whether or not it shows: exit 1, as check's.
  return races.empty() ? kExitOk : kExitNondeterministic;
}

int run_sample(const SampleOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  if (!load_or_report(options.session, values, program, err)) return kExitBadInput;
  api::SampleOptions sampling;
  sampling.sampling = {options.schedules, options.scheduler,        options.depth,
                       options.seed,      options.parallel.threads, options.limits};
  sampling.eval = options.eval;
  const api::SampleResult result = api::sample(program, values, sampling);
  std::optional<SampleComparison> comparison;
  if (options.compare_exhaustive) {
    const api::CheckOptions check = exploration(options, {}, err);
    comparison = compare_with(result, api::explore(program, values, check, "exhaustive"));
  }
  const SampleComparison* c = comparison ? &*comparison : nullptr;
  if (options.format == OutputFormat::Json) {
    write_sample_json(out, result, c, values, options.values);
  } else {
    write_sample_text(out, result, c, values, options.values);
  }
  if (!result.sampling.complete) {
    fmt::print(err, "tfmc: sampling stopped by --{} after {} of {} schedules\n",
               result.sampling.stop_reason, result.sampling.schedules, options.schedules);
  }
  return sample_exit_code(result, c);
}

int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  sem::Program program;
  if (!load_or_report(options.session, values, program, err)) return kExitBadInput;
  return write_output(sem::write_dot(program, values), options.output, out, err);
}

int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err) {
  sem::ValueStore values;
  std::string text;
  try {
    text = api::import_tfg(options.session, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  return write_output(text, options.output, out, err);
}

int run_describe(const DescribeOptions& options, std::ostream& out, std::ostream& err) {
  try {
    out << describe_text(options.file, sem::describe_graph_file(options.file, options.tag));
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace tfmc::app
