#include "checker/api/session.h"

#include <fmt/format.h>

#include "semantics/build/program_builder.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/parser.h"
#include "semantics/program/compose.h"
#include "semantics/program/prune.h"

namespace tfmc::api {

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

sem::Program load_session(const SessionOptions& options, sem::ValueStore& values) {
  std::vector<sem::Program> programs =
      sem::load_programs(options.files, parse_feeds(options.feeds), values);
  for (sem::Program& p : programs) {
    if (options.model == sem::UpdateModel::Rfc) p = sem::split_updates(p);
    if (options.prune) p = sem::prune(p);
  }
  if (programs.size() == 1 && options.concurrent == 1 && options.runs == 1) {
    return std::move(programs[0]);
  }
  std::vector<sem::Program> executions;
  for (const sem::Program& p : programs) {
    for (std::uint32_t k = 0; k < options.concurrent; ++k) executions.push_back(p);
  }
  return sem::compose(executions, options.runs, values);
}

}  // namespace tfmc::api
