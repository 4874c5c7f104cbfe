// An outcome with its values printed canonically (FORMAT.md section 3), as every report shows
// it: the form renderers and bindings work with once a check is done.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checker/api/outcome.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

using NamedValues = std::vector<std::pair<std::string, std::string>>;  // sorted by name

struct PrintedOutcome {
  NamedValues outputs;
  NamedValues variables;
  bool stuck = false;
  std::vector<std::string> blocked;
  std::vector<BoundReached> bounds;
  std::vector<std::string> witness;
};

PrintedOutcome printed(const Outcome& o, const sem::ValueStore& values);
std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values);

}  // namespace tfmc::api
