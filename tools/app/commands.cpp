#include "tools/app/commands.h"

#include <fstream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "checker/outcomes.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/dot_writer.h"
#include "semantics/graph_model.h"
#include "semantics/parser.h"
#include "semantics/program_builder.h"
#include "tools/app/check_result.h"
#include "tools/app/exit_codes.h"
#include "tools/app/report.h"

namespace tfmc::app {
namespace {

// Parses NAME=VALUE options; reports to `err` and returns false on the first bad one.
bool parse_feeds(const std::vector<std::string>& texts, std::vector<sem::Feed>& feeds,
                 std::ostream& err) {
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
      fmt::print(err, "tfmc: --feed '{}': expected NAME=VALUE\n", text);
      return false;
    }
    std::string error;
    auto value = sem::parse_init_value(text.substr(eq + 1), error);
    if (!value) {
      fmt::print(err, "tfmc: --feed '{}': the value is not a literal or a symbol name: {}\n",
                 text, error);
      return false;
    }
    feeds.push_back({text.substr(0, eq), std::move(*value)});
  }
  return true;
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<sem::Feed> feeds;
  if (!parse_feeds(options.feeds, feeds, err)) return kExitBadInput;
  sem::ValueStore values;
  sem::Program program;
  try {
    program = sem::load_program(options.file, feeds, values);
  } catch (const sem::InputError& e) {
    err << e.what();
    return kExitBadInput;
  }
  eval::CpuEvaluator evaluator;
  sem::GraphModel model(program, values, evaluator);
  check::Explorer explorer(model, options.limits);
  if (!options.quiet) {
    explorer.on_progress([&err](const check::Progress& p) {
      fmt::print(err, "tfmc: {:.0f} s: {} states stored, {} transitions, {} states queued\n",
                 p.seconds, p.states, p.transitions, p.queued);
    });
  }
  const check::Exploration e = explorer.run();
  const CheckResult result = make_check_result(model, values, explorer, e);
  out << (options.json ? render_json(result) : render_text(result));
  if (!e.complete) {
    fmt::print(err, "tfmc: exploration stopped by --{}: the outcomes are incomplete\n",
               e.stop_reason);
  }
  return result.exit_code();
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
