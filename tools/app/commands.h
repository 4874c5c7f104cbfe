// The tfmc subcommands, each a function from parsed options to an exit code (exit_codes.h).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/explorer.h"
#include "checker/reduced_model.h"
#include "tools/app/check_result.h"
#include "tools/app/session.h"

namespace tfmc::app {

// What check, races and compare print on stdout (`--format`; `--json` is `--format json`):
// the text report, the JSON document (FORMAT.md section 9), or a SARIF 2.1.0 log (sarif.h).
// The exit code does not depend on it.
enum class OutputFormat { Text, Json, Sarif };

struct CheckOptions {
  SessionOptions session;
  OutputFormat format = OutputFormat::Text;
  bool quiet = false;
  check::Limits limits;
  check::Reduction reduction = check::Reduction::Stubborn;
  // Classify the races of a nondeterministic result as observable or benign, with two more
  // explorations per race (race_report.h); --no-race-classification turns it off.
  bool classify_races = true;
};

// `tfmc compare BEFORE AFTER` (compare.h): session.files holds BEFORE and AFTER, and every
// other session option applies to each of them alone.
struct CompareOptions {
  SessionOptions session;
  OutputFormat format = OutputFormat::Text;
  bool quiet = false;
  check::Limits limits;
  check::Reduction reduction = check::Reduction::Stubborn;
  std::vector<std::string> maps;     // OLD=NEW
  std::vector<std::string> ignored;  // names
  bool require_equivalent = false;   // exit 0 only when equivalent
};

struct RacesOptions {
  SessionOptions session;
  OutputFormat format = OutputFormat::Text;
};

struct DotOptions {
  SessionOptions session;
  std::string output;  // empty: stdout
};

// Explores a built program (its values in `values`) and renders the result, races listed but
// not classified; `progress` receives a progress line about every second unless null, naming
// the run by `label` unless it is empty. The one exploration path of check, of its race
// classification (race_report.h) and of check_program_text.
// With `mark_visible`, races whose accesses fail to commute in a stored state are marked
// observable (the first step of tools/app/race_report.h's classification).
CheckResult explore_program(const sem::Program& program, sem::ValueStore& values,
                            const check::Limits& limits, check::Reduction reduction,
                            std::ostream* progress, const std::string& label,
                            bool mark_visible = false);

// Checks program text (name used in messages and "program"); throws sem::InputError on bad
// input or a bad feed. The library form of `tfmc check`, for tests and other tools. The races
// are listed; they are classified only when `classify` is set (tfmc check sets it by
// default), since that costs two explorations per race.
CheckResult check_program_text(const std::string& name, const std::string& text,
                               const std::vector<std::string>& feeds, const check::Limits& limits,
                               check::Reduction reduction = check::Reduction::Stubborn,
                               bool classify = false);

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);
// `tfmc compare`: exit 0 when AFTER refines BEFORE (is equivalent, with require_equivalent),
// 1 when not, 2 on bad input or mismatched names, dtypes or shapes, 3 when a limit stopped
// either exploration.
int run_compare(const CompareOptions& options, std::ostream& out, std::ostream& err);
// `tfmc races`: the static race list, without exploring. Exit 0 without races, 1 with races,
// 2 on bad input.
int run_races(const RacesOptions& options, std::ostream& out, std::ostream& err);
int run_dot(const DotOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tfmc::app
