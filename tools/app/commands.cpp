#include "tools/app/commands.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <fstream>
#include <optional>

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

// Explores `program` and renders the result; `err` receives progress lines unless null.
CheckResult explore(const sem::Program& program, sem::ValueStore& values,
                    const check::Limits& limits, check::Reduction reduction,
                    std::ostream* progress) {
  eval::CpuEvaluator evaluator;
  sem::GraphModel model(program, values, evaluator);
  std::optional<check::ReducedModel> reduced;
  if (reduction != check::Reduction::None) reduced.emplace(model, reduction);
  StateModel& explored = reduced ? static_cast<StateModel&>(*reduced) : model;
  check::Explorer explorer(explored, limits);
  if (progress != nullptr) {
    explorer.on_progress([progress](const check::Progress& p) {
      fmt::print(*progress, "tfmc: {:.0f} s: {} states stored, {} transitions, {} states queued\n",
                 p.seconds, p.states, p.transitions, p.queued);
    });
  }
  const check::Exploration e = explorer.run();
  CheckResult r = make_check_result(model, explored, values, explorer, e);
  r.reduction = reduction;
  r.eager_firings = reduced ? reduced->eager_firings() : 0;
  return r;
}

}  // namespace

CheckResult check_program_text(const std::string& name, const std::string& text,
                               const std::vector<std::string>& feeds, const check::Limits& limits,
                               check::Reduction reduction) {
  sem::ValueStore values;
  const sem::Program program = sem::load_program_text(name, text, parse_feeds(feeds), values);
  return explore(program, values, limits, reduction, nullptr);
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
      explore(program, values, options.limits, options.reduction, options.quiet ? nullptr : &err);
  out << (options.json ? render_json(result) : render_text(result));
  if (!result.exploration.complete) {
    fmt::print(err, "tfmc: exploration stopped by --{}: the outcomes are incomplete\n",
               result.exploration.stop_reason);
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
