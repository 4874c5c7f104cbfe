// The tfmc subcommands, each a function from parsed options to an exit code (exit_codes.h):
// each makes the program (checker/api/session.h), calls the checking API and renders its
// result in the format asked for.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/printed_outcome.h"
#include "checker/api/session.h"
#include "checker/sampler.h"
#include "tools/app/distribution.h"
#include "tools/app/outcome_summary.h"

namespace tfmc::app {

// What check, races and compare print on stdout (`--format`; `--json` is `--format json`):
// the text report, the JSON document (FORMAT.md, "The JSON result"), a SARIF 2.1.0 log
// (sarif.h), or an HTML page (html_report.h). The exit code does not depend on it.
enum class OutputFormat { Text, Json, Sarif, Html };

// What every command that reports on a program takes: the files and how they make the program,
// and the format of the report. `tfmc races` takes no more.
struct ReportOptions {
  api::SessionOptions session;
  OutputFormat format = OutputFormat::Text;
};
// `tfmc races`: what every report takes, and the time and memory limits of its analysis.
struct RacesOptions : ReportOptions {
  check::Limits limits;  // max_seconds and max_memory_bytes; max_states is not used
};

// What the exploring commands, check and compare, take alike: how the report prints values,
// and the limits, parallelism, store, reduction and evaluation backend of every exploration.
struct ExplorationOptions : ReportOptions {
  api::ValueForm values = api::ValueForm::Summary;    // how the report prints values
  OutcomeListing outcomes = OutcomeListing::Summary;  // --outcomes: how the text lists them
  bool quiet = false;
  check::Limits limits;
  check::Parallelism parallel{0};                         // --threads; 0: every core
  check::StoreMode store = check::StoreMode::Compressed;  // --store
  check::Reduction reduction = check::Reduction::Stubborn;
  api::Symmetry symmetry = api::Symmetry::Auto;
  eval::EvalBackend eval = eval::EvalBackend::Auto;
  Distribution distribution;  // --distributed
};

struct CheckOptions : ExplorationOptions {
  // Classify the races of a nondeterministic result as observable or benign, with two more
  // explorations per race (checker/api/race_classification.h); --no-race-classification
  // turns it off.
  bool classify_races = true;
  // --likelihood: each outcome's exact probability under the uniform scheduler, over the
  // unreduced graph (checker/api/outcome_likelihood.h).
  bool likelihood = false;
};

// `tfmc sample` (checker/api/sample.h): random schedules, their scheduler and seed; threads,
// limits, backend and value form as check's. With compare_exhaustive, a check of the same
// program with the same limits, store and reduction, whose outcomes the report compares.
struct SampleOptions : ExplorationOptions {
  std::uint64_t schedules = 10000;
  check::Scheduler scheduler = check::Scheduler::Uniform;
  std::uint32_t depth = 3;
  std::uint64_t seed = 0;
  bool compare_exhaustive = false;
};

// `tfmc compare BEFORE AFTER` (checker/api/compare.h): session.files holds BEFORE and AFTER,
// and every other session option applies to each of them alone.
struct CompareOptions : ExplorationOptions {
  std::vector<std::string> maps;     // OLD=NEW
  std::vector<std::string> ignored;  // names
  bool require_equivalent = false;   // exit 0 only when equivalent
};

// `tfmc describe FILE`: what a TensorFlow graph file offers to check (describe_report.h).
struct DescribeOptions {
  std::string file;
  std::string tag;
};

struct DotOptions {
  api::SessionOptions session;
  std::string output;  // empty: stdout
};

// `tfmc import`: one graph file's session options (--feed and the graph options) only.
struct ImportOptions {
  api::SessionOptions session;
  std::string output;  // empty: stdout
};

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);
// `tfmc compare`: exit 0 when AFTER refines BEFORE (is equivalent, with require_equivalent),
// 1 when not, 2 on bad input or mismatched names, dtypes or shapes, 3 when a limit stopped
// either exploration.
int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err);
// `tfmc races`: the static race list, without exploring. Exit 0 without races, 1 with races,
// 2 on bad input, 3 when a limit stopped the analysis (the races found are listed).
int run_races(const RacesOptions& options, std::ostream& out, std::ostream& err);
// `tfmc sample`: exit codes as check's (sample_report.h sample_exit_code).
int run_sample(const SampleOptions& options, std::ostream& out, std::ostream& err);
int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err);
// `tfmc import`: the graph file as .tfg text; exit 0, or 2 on bad input.
int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err);
// `tfmc describe`: the file's signatures, functions, variables, queues and unmapped ops, with
// the command that checks each signature and function; exit 0, or 2 on bad input.
int run_describe(const DescribeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tfmc::app
