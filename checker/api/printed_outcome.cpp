#include "checker/api/printed_outcome.h"

namespace tfmc::api {
namespace {

NamedValues printed(const std::vector<NamedValue>& named, const sem::ValueStore& values) {
  NamedValues out;
  for (const NamedValue& v : named) out.emplace_back(v.name, values.print(v.value));
  return out;
}

}  // namespace

PrintedOutcome printed(const Outcome& o, const sem::ValueStore& values) {
  return {printed(o.outputs, values),
          printed(o.variables, values),
          o.stuck,
          o.blocked,
          o.bounds,
          o.witness};
}

std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values) {
  std::vector<PrintedOutcome> out;
  for (const Outcome& o : outcomes) out.push_back(printed(o, values));
  return out;
}

}  // namespace tfmc::api
