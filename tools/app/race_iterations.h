// The iterations of a race group (checker/api/race.h) as the text report and SARIF print them.
//
// Each race of the group is two iteration lists (outermost frame first, empty outside loops).
// Races whose lists differ by the same shift are one pattern: with k the smallest iteration
// of a race, `rd[1]` against `wr[2]` is the pattern "k of rd and k+1 of wr" at k = 1. A
// pattern reads as one line with its verdicts and the values of k in runs:
//     k of rd and k+1 of wr: observable for k = 0; benign for k = 1..14
// and a pattern met at one k only reads with its numbers: "0 of rd and 1 of wr: observable".
// Nested frames shift every level by k: `[k+1,k] of add`. With `classified` false (tfmc
// races) the verdicts are left out.
#pragma once

#include <string>
#include <vector>

#include "checker/api/race.h"

namespace tfmc::app {

// One line per pattern, in the order of the group's races; empty unless group.in_loops().
std::vector<std::string> race_iteration_lines(const api::RaceGroup& group, bool classified);

}  // namespace tfmc::app
