#include "support/check_text.h"

#include "checker/api/session.h"
#include "tools/app/exit_codes.h"

namespace tfmc::support {

TextCheck printed_check(const api::CheckResult& r, const sem::ValueStore& values) {
  return {r.program,         r.exploration,          api::printed(r.outcomes, values),
          r.stuck_states,    r.evaluations,          r.races,
          r.deterministic(), app::check_exit_code(r)};
}

TextCheck explore_text(const sem::Program& program, sem::ValueStore& values,
                       const check::Limits& limits, check::Reduction reduction) {
  api::CheckOptions options;
  options.limits = limits;
  options.reduction = reduction;
  return printed_check(api::explore(program, values, options, ""), values);
}

TextCheck check_text(const std::string& name, const std::string& text,
                     const std::vector<std::string>& feeds, const check::Limits& limits,
                     check::Reduction reduction, bool classify) {
  sem::ValueStore values;
  api::CheckOptions options;
  options.limits = limits;
  options.reduction = reduction;
  options.classify_races = classify;
  const api::CheckResult r = api::check_text(name, text, api::parse_feeds(feeds), values, options);
  return printed_check(r, values);
}

}  // namespace tfmc::support
