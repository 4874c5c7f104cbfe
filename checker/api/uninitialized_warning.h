// The warning of a check whose outcomes hold what a variable never given a value left there
// (FORMAT.md, "The JSON result": warnings): every outcome holds Error(uninitialized) in an
// output or a variable, or every variable is an error in every outcome. Such a result says
// more about the missing values than about the graph, so the warning names the variables
// that start uninitialized and says how to give them values.
#pragma once

#include <string>
#include <vector>

#include "checker/api/outcome.h"
#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

// The warnings (zero or one) about uninitialized variables for `outcomes` of `program`.
std::vector<std::string> uninitialized_warnings(const sem::Program& program,
                                                const std::vector<Outcome>& outcomes,
                                                const sem::ValueStore& values);

}  // namespace tfmc::api
